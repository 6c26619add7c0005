"""An app of its own with the quotas counting."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion import create_app


def quota_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, **quotas: int):  # type: ignore[no-untyped-def]
    """An app on its own SQLite file with the quotas counting and ``quotas`` set low."""
    monkeypatch.setenv("COMPANION_INSTANCE_PATH", str(tmp_path / "instance"))
    return create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                       "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'q.sqlite'}",
                       **quotas})
