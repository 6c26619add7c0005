"""Static files: compressed for phones, and never leaving a file open behind."""

from __future__ import annotations

import gc
import warnings
from pathlib import Path

import pytest

from companion import create_app


@pytest.mark.parametrize("asset", ["app.css", "checker.js"])
def test_compressed_static_files_are_closed(asset: str, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_INSTANCE_PATH", str(tmp_path / "instance"))
    app = create_app({"TESTING": True, "SECRET_KEY": "static",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'static.sqlite'}"})
    client = app.test_client()
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always", ResourceWarning)
        response = client.get(f"/static/{asset}", headers={"Accept-Encoding": "br, gzip"})
        assert response.status_code == 200
        assert response.headers.get("Content-Encoding") == "br"
        response.get_data()
        response.close()
        del response
        gc.collect()
    leaks = [str(warning.message) for warning in seen
             if issubclass(warning.category, ResourceWarning)]
    assert leaks == []
