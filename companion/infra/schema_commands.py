"""``flask db …`` (Flask-Migrate) with alembic imported only when a migration runs.

Importing Flask-Migrate imports alembic, which cost about a third of the app's start-up in
every process, gunicorn workers included, and no request needs it. The ``db`` command group
stands in for Flask-Migrate's own until one of its commands is looked up; migrating on start
asks for the real one through :func:`ensure`."""

from __future__ import annotations

from typing import Any

import click
from flask import Flask

from companion.infra.extensions import db


def ensure(app: Flask, directory: str) -> None:
    """Flask-Migrate bound to ``app`` (its ``db`` commands and ``app.extensions["migrate"]``,
    which ``flask_migrate.upgrade`` and migrations/env.py read)."""
    if "migrate" not in app.extensions:
        from flask_migrate import Migrate

        Migrate(directory=directory, render_as_batch=True, compare_type=True).init_app(app, db)


class Commands(click.Group):
    """``flask db``: Flask-Migrate's commands, loaded when one is asked for."""

    def __init__(self, app: Flask, directory: str) -> None:
        super().__init__("db", help="Perform database migrations (Flask-Migrate).")
        self._app, self._directory = app, directory

    def _real(self) -> click.Group:
        ensure(self._app, self._directory)  # puts Flask-Migrate's own group in app.cli
        group = self._app.cli.commands["db"]
        assert isinstance(group, click.Group) and group is not self
        return group

    def make_context(self, info_name: str | None, args: list[str],
                     parent: click.Context | None = None, **extra: Any) -> click.Context:
        # The context is the real group's, so click runs it (its options, its callback that
        # sets the directory, its commands and their help).
        return self._real().make_context(info_name, args, parent=parent, **extra)


def init_app(app: Flask, directory: str) -> None:
    app.cli.add_command(Commands(app, directory))
