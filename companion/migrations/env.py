"""Alembic's entry point: migrate the app's database (Flask-Migrate passes the app in)."""

from __future__ import annotations

from alembic import context
from flask import current_app

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
        context.configure(connection=connection, target_metadata=metadata,
                          **extension.configure_args)
        with context.begin_transaction():
            context.run_migrations()


if context.is_offline_mode():
    run_offline()
else:
    run_online()
