"""Render one block of a page template, for scripts that swap part of a page."""

from __future__ import annotations

from typing import Any

from flask import current_app


def render_block(name: str, block: str, context: dict[str, Any]) -> str:
    """Block ``block`` of template ``name`` with the context Flask gives a whole page."""
    app = current_app
    template = app.jinja_env.get_template(name)
    app.update_template_context(context)
    return "".join(template.blocks[block](template.new_context(context)))
