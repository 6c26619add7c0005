"""Many plain rows written at once, run by the driver itself: what an import writes (its
games' players, rounds' results, its group's rating steps) without building a mapping for
each row."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.infra.extensions import db

#: Rows in one statement on PostgreSQL: each a short wait for the server, whose answers the
#: worker waits for cooperatively (and at most DATABASE_ANSWER_SECONDS each).
_ROWS_A_STATEMENT = 1000


def insert_rows(table: Any, columns: Sequence[str], rows: list[tuple[Any, ...]]) -> None:
    """Many plain rows (text, numbers, booleans) into ``table``, run by the driver itself: a
    hundred thousand results without building a mapping for each. SQLite takes them in one
    call; PostgreSQL a statement of many rows at a time."""
    if not rows:
        return
    connection = db.session.connection()
    listed = ", ".join(columns)
    if connection.dialect.paramstyle == "qmark":
        connection.exec_driver_sql(
            f"INSERT INTO {table.name} ({listed}) VALUES ({', '.join('?' * len(columns))})",
            rows)
        return
    one = "(" + ", ".join(["%s"] * len(columns)) + ")"
    for start in range(0, len(rows), _ROWS_A_STATEMENT):
        part = rows[start:start + _ROWS_A_STATEMENT]
        connection.exec_driver_sql(
            f"INSERT INTO {table.name} ({listed}) VALUES {', '.join([one] * len(part))}",
            tuple(value for row in part for value in row))
