"""The built wheel on its own: installed into a fresh environment without the checkout on the
path, started from an empty temporary folder, it serves every kind of page and file."""

from __future__ import annotations

import json
import os
import shutil
import site
import subprocess
import sys
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.kits.server import ROOT, Server, control_socket_options, free_port

pytestmark = pytest.mark.slow

#: What a wheel is built from; everything else of the checkout stays out of the copy.
SOURCES = ("companion", "templates", "static", "setup.py", "pyproject.toml", "README.md")


def _build_wheel(folder: Path) -> Path:
    """``pip wheel`` on a copy of the sources (the build writes build/ and egg-info beside
    them), with this environment's setuptools: no network."""
    source = folder / "source"
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(ROOT / name, source / name)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "--no-index", "-q", "-w", str(folder / "dist"), str(source)],
                   check=True, capture_output=True, timeout=300)
    (wheel,) = (folder / "dist").glob("phase10_companion-*.whl")
    return wheel


def _fresh_environment(folder: Path, wheel: Path) -> Path:
    """A new virtualenv with the wheel installed by pip; its dependencies come from this
    environment's site-packages through a path file (which runs none of that folder's own
    path files, so the editable install's finder, and with it the checkout, stays out)."""
    environment = folder / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(environment)],
                   check=True, timeout=120)
    python = environment / "bin" / "python"
    own = subprocess.run([str(python), "-c", "import site; print(site.getsitepackages()[0])"],
                         check=True, capture_output=True, text=True).stdout.strip()
    Path(own, "dependencies.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    subprocess.run([str(python), "-m", "pip", "install", "--no-deps", "--no-index",
                    "--ignore-installed", "-q", str(wheel)],
                   check=True, capture_output=True, timeout=300, cwd=folder)
    return python


def _clean_environment(home: Path) -> dict[str, str]:
    """No setting of the test run leaks in: the app finds its own defaults."""
    keep = ("PATH", "LANG", "LC_ALL", "TMPDIR")
    return {**{name: os.environ[name] for name in keep if name in os.environ},
            "HOME": str(home)}


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    folder = tmp_path_factory.mktemp("wheel")
    wheel = _build_wheel(folder)
    return wheel, _fresh_environment(folder, wheel), folder


@pytest.fixture(scope="module")
def served(installed: tuple[Path, Path, Path]) -> Iterator[str]:
    """gunicorn of the fresh environment, started in an empty folder with no settings at all:
    the instance folder, its SQLite file and its secret key go where an installed copy puts
    them."""
    _wheel, python, folder = installed
    elsewhere = folder / "elsewhere"
    elsewhere.mkdir()
    port = free_port()
    command = [str(python), "-m", "gunicorn", "-b", f"127.0.0.1:{port}", "-w", "1",
               "--threads", "4", *control_socket_options(), "companion:create_app()"]
    process = subprocess.Popen(command, cwd=elsewhere, env=_clean_environment(folder),
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               start_new_session=True)
    server = Server("", folder, port=port, process=process)
    try:
        server.wait_ready(60)
        yield server.url
    finally:
        server.stop()


def _get(url: str, **headers: str) -> tuple[int, str, bytes]:
    request = urllib.request.Request(url, headers=headers)
    with urllib.request.urlopen(request, timeout=60) as response:
        return response.status, response.headers.get_content_type(), response.read()


def test_the_wheel_carries_the_templates_static_files_and_translations(
        installed: tuple[Path, Path, Path]) -> None:
    names = zipfile.ZipFile(installed[0]).namelist()
    for folder in ("templates", "static"):
        expected = {f"companion/{folder}/{path.relative_to(ROOT / folder).as_posix()}"
                    for path in (ROOT / folder).rglob("*")
                    if path.is_file() and path.name != "package.json"}
        assert expected, folder
        assert expected <= set(names), sorted(expected - set(names))
    catalogs = [name for name in names if name.endswith("LC_MESSAGES/messages.mo")]
    assert len(catalogs) == 4, catalogs


def test_the_installed_copy_is_not_the_checkout(installed: tuple[Path, Path, Path]) -> None:
    _wheel, python, folder = installed
    found = subprocess.run([str(python), "-c", "import companion; print(companion.__file__)"],
                           check=True, capture_output=True, text=True, cwd=folder,
                           env=_clean_environment(folder)).stdout.strip()
    assert Path(found).is_relative_to(python.parent.parent), found
    assert not Path(found).is_relative_to(ROOT), found


def test_every_kind_of_page_and_file_is_served_from_anywhere(served: str) -> None:
    status, kind, body = _get(served + "/", **{"Accept-Language": "de"})
    assert (status, kind) == (200, "text/html")
    assert "Phase 10 am Spieltisch" in body.decode()  # the German catalog came along
    for path, title in (("/checker", "Rules checker"), ("/print", "Print a sheet")):
        status, kind, body = _get(served + path)
        assert (status, kind) == (200, "text/html") and title in body.decode(), path
    status, kind, body = _get(served + "/static/app.css")
    assert (status, kind) == (200, "text/css") and body == (ROOT / "static/app.css").read_bytes()
    status, kind, body = _get(served + "/sw.js")
    assert (status, kind) == (200, "text/javascript")
    assert body.decode().endswith((ROOT / "static/sw.js").read_text("utf-8"))
    status, kind, body = _get(served + "/print/blank.pdf")
    assert (status, kind) == (200, "application/pdf") and body.startswith(b"%PDF")


def test_a_game_is_played_on_the_installed_copy(served: str) -> None:
    request = urllib.request.Request(
        served + "/api/games", data=json.dumps({"players": ["Ann", "Bo"]}).encode(),
        headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=60) as response:
        assert response.status == 201
        game = json.loads(response.read())
    status, kind, body = _get(f"{served}/games/{game['id']}")
    assert (status, kind) == (200, "text/html") and "Ann, Bo" in body.decode()
    status, kind, body = _get(f"{served}/games/{game['id']}/sheet.pdf")
    assert (status, kind) == (200, "application/pdf") and body.startswith(b"%PDF")


def test_the_installed_copy_keeps_its_files_in_its_environment(
        installed: tuple[Path, Path, Path], served: str) -> None:
    """Started with no settings, the instance folder is <prefix>/var/…, never site-packages
    nor the folder it was started from."""
    _wheel, python, folder = installed
    _get(served + "/")
    instance = python.parent.parent / "var" / "companion.app-instance"
    assert (instance / "secret_key").is_file()
    assert list(instance.glob("*.sqlite"))
    assert not list((folder / "elsewhere").iterdir())
