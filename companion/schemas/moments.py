"""Moments in requests and files: a date and time in ISO 8601, kept as naive UTC."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Annotated

from pydantic import BaseModel, PlainSerializer, PlainValidator, ValidationInfo, WithJsonSchema

from companion.refusals import InputError

FIRST_PUBLISHED = datetime(1982, 1, 1)
"""Nothing of Phase 10 was played before the card game first came out (1982)."""


def moment_given(model: BaseModel) -> None:
    """A ``created_at`` given as null is refused like any other that is not a moment."""
    if "created_at" in model.model_fields_set and getattr(model, "created_at", None) is None:
        _read_moment(None, "created_at")


def _moment(value: object, info: ValidationInfo) -> datetime:
    return _read_moment(value, info.field_name or "created_at")


def _read_moment(value: object, field: str) -> datetime:
    """A date and time in ISO 8601, as naive UTC (how the database keeps it), that can be
    true: from 1982, when the game came out, to tomorrow (a phone's clock may be ahead). A
    zone offset that carries a moment past the calendar (year 1 at +14:00) is refused too."""
    try:
        if not isinstance(value, str):
            raise ValueError(value)
        moment = datetime.fromisoformat(value)
        if moment.tzinfo is not None:
            moment = moment.astimezone(UTC).replace(tzinfo=None)
    except (ValueError, OverflowError):
        raise InputError("“%(field)s” must be a date and time like 2026-11-20T19:30:00",
                         field=field) from None
    latest = datetime.now(UTC).replace(tzinfo=None) + timedelta(days=1)
    if not FIRST_PUBLISHED <= moment <= latest:
        raise InputError("“%(field)s” must be a time from 1982, when Phase 10 came out, to "
                         "today, not %(value)s", field=field,
                         value=moment.isoformat(timespec="seconds"))
    return moment


Moment = Annotated[datetime, PlainValidator(_moment),
                   PlainSerializer(lambda moment: moment.isoformat(timespec="seconds"),
                                   return_type=str),
                   WithJsonSchema({"type": "string", "examples": ["2026-11-20T19:30:00"],
                                   "description": "a date and time (ISO 8601)"})]
