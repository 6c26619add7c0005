"""A root model (a list, a union, a typed dict) whose validator is built when first used."""

from __future__ import annotations

from typing import Generic, TypeVar

from pydantic import ConfigDict, RootModel

Shape = TypeVar("Shape")


class Root(RootModel[Shape], Generic[Shape]):
    """``Root[GameJson]`` builds its validator and schema on first use (defer_build), where
    ``RootModel[GameJson]`` builds them as its module is imported: a process that never
    validates or documents it never pays for it."""

    model_config = ConfigDict(defer_build=True)
