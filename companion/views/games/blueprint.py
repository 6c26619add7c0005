"""The ``games`` blueprint, on which the sheet, round, player and undo pages add routes."""

from __future__ import annotations

from flask import Blueprint

from companion.display import length, naming

bp = Blueprint("games", __name__, url_prefix="/games")
bp.add_app_template_filter(naming.and_list, "and_list")
bp.add_app_template_filter(length.duration, "duration")
