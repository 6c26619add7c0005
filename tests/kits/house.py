"""House editions through the API and the editor's form, and what they store."""

from __future__ import annotations

import subprocess
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from companion import models
from companion.infra.extensions import db

SIX = [[{"kind": "set", "size": 3}, {"kind": "run", "size": 3}], [{"kind": "set", "size": 4}],
       [{"kind": "run", "size": 5}], [{"kind": "colour", "size": 5}],
       [{"kind": "set", "size": 2}, {"kind": "set", "size": 2}, {"kind": "set", "size": 2}],
       [{"kind": "colour run", "size": 4}]]


FAMILY = {"name": "Family rules", "phases": SIX, "values": {"wild": 25}}


def stored(app: Flask) -> tuple[int, int]:
    with app.app_context():
        count = db.session.execute(db.select(db.func.count(models.HouseEdition.id))).scalar_one()
        revisions = db.session.execute(
            db.select(db.func.count(models.HouseRevision.id))).scalar_one()
        return count, revisions


def make(client: FlaskClient, body: dict[str, Any] | None = None) -> dict[str, Any]:
    response = client.post("/api/editions", json=body or FAMILY)
    assert response.status_code == 201, response.get_json()
    return dict(response.get_json())


def game_with(client: FlaskClient, edition: str, **options: Any) -> dict[str, Any]:
    response = client.post("/api/games", json={"edition": edition, "players": ["Ann", "Ben"],
                                               **options})
    assert response.status_code == 201, response.get_json()
    return dict(response.get_json())


def round_of(client: FlaskClient, game: dict[str, Any], ben: int, **extra: Any) -> Any:
    return client.post(f"/api/games/{game['id']}/rounds", json={"results": [
        {"player": "Ann", "phase": True, "points": 0},
        {"player": "Ben", "phase": False, "points": ben}], **extra})


def pdf_text(data: bytes) -> str:
    return subprocess.run(["pdftotext", "-", "-"], input=data, capture_output=True,
                          check=True).stdout.decode()


def editor_post(**fields: str) -> dict[str, str]:
    rows = {"name": "Family rules", "values-low": "5", "values-high": "10",
            "values-skip": "15", "values-wild": "25", "phase-1-kind-1": "set",
            "phase-1-size-1": "3", "phase-1-kind-2": "run", "phase-1-size-2": "3",
            "phase-2-kind-1": "colour run", "phase-2-size-1": "4"}
    return {**rows, **fields}
