"""Alembic's entry point: migrate the app's database (Flask-Migrate passes the app in)."""

from __future__ import annotations

from alembic import context
from flask import current_app
from sqlalchemy import Connection

extension = current_app.extensions["migrate"]
metadata = extension.db.metadata


def run_offline() -> None:
    """Print the SQL instead of running it (``flask db upgrade --sql``)."""
    context.configure(url=extension.db.engine.url.render_as_string(hide_password=False),
                      target_metadata=metadata, literal_binds=True, **extension.configure_args)
    with context.begin_transaction():
        context.run_migrations()


def run_online() -> None:
    with extension.db.engine.connect() as connection:
        sqlite = connection.dialect.name == "sqlite"
        if sqlite:
            # SQLite alters a table by copying it and dropping the old one; with foreign keys
            # on, dropping a game would delete its players and rounds by cascade. Off for the
            # migration (on the raw connection: a PRAGMA inside a transaction does nothing).
            _pragma(connection, "foreign_keys = OFF")
        try:
            context.configure(connection=connection, target_metadata=metadata,
                              **extension.configure_args)
            with context.begin_transaction():
                context.run_migrations()
            if sqlite and connection.exec_driver_sql("PRAGMA foreign_key_check").first():
                raise RuntimeError("the migration left rows whose parent row is missing")
        finally:
            if sqlite:
                connection.rollback()
                _pragma(connection, "foreign_keys = ON")


def _pragma(connection: Connection, setting: str) -> None:
    connection.connection.driver_connection.execute(f"PRAGMA {setting}")  # type: ignore[union-attr]


if context.is_offline_mode():
    run_offline()
else:
    run_online()
