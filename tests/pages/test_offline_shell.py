"""The offline shell: the service worker at the site root, an explicit precache list whose
every URL answers 200, a cache version that follows the files, and what installing needs."""

from __future__ import annotations

import json
import re
import struct
from pathlib import Path
from urllib.parse import urljoin

import pytest
from flask.testing import FlaskClient

from companion.infra import security
from companion.views import offline

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ["Anna", "Ben", "Cem"]


def test_every_precached_url_answers_200(client: FlaskClient) -> None:
    for url in offline.precache_urls():
        with client.get(url) as response:
            assert response.status_code == 200, url


def test_the_worker_is_served_from_the_root_for_the_whole_site(client: FlaskClient) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Service-Worker-Allowed"] == "/"
    assert response.cache_control.no_cache and not response.cache_control.public
    first, _rest = response.get_data(as_text=True).split("\n", 1)
    config = json.loads(first.removeprefix("const OFFLINE = ").removesuffix(";"))
    assert config["precache"] == offline.precache_urls()
    assert re.fullmatch(r"[0-9a-f]{16}", config["version"])


def _assets(html: str) -> set[str]:
    return set(re.findall(r'(?:src|href)="(/static/[^"?#]+\.(?:js|css|webmanifest))"', html))


def test_every_script_and_style_of_the_shell_and_game_pages_is_precached(
        client: FlaskClient) -> None:
    game = client.post("/api/games", json={"players": PLAYERS}).get_json()
    pages = [*offline.SHELL_PAGES, f"/games/{game['id']}", f"/games/{game['id']}/round",
             f"/games/{game['view_id']}"]
    used = set().union(*(_assets(client.get(page).get_data(as_text=True)) for page in pages))
    assert used, "the pages reference no static files: the pattern above is out of date"
    missing = used - set(offline.precache_urls())
    assert not missing, (f"add {sorted(missing)} to SHELL_FILES in companion/views/offline.py, "
                         "or these pages break without a connection")
    loaded_by_script = "/static/offline.css"  # offline-sheet.js adds it beside the page
    assert loaded_by_script in offline.precache_urls()


#: Where each script the browser loads lives, by its address: the worker is served at the root.
WORKER = "/sw.js"


def _file(url: str) -> Path:
    return ROOT / ("static/sw.js" if url == WORKER else url.lstrip("/"))


def _imports(url: str) -> set[str]:
    """The addresses of the modules a script imports (static imports, resolved as a browser
    resolves them against the address it loads the script from)."""
    source = _file(url).read_text("utf-8")
    found = re.findall(r'^\s*import\s[^;]*?\bfrom\s+"([^"]+)"|^\s*import\s+"([^"]+)"', source,
                       re.MULTILINE)
    return {urljoin(url, named or bare) for named, bare in found}


def test_every_module_a_precached_script_imports_is_precached() -> None:
    precached = set(offline.precache_urls())
    scripts = {url for url in precached if url.endswith(".js")} | {WORKER}
    imported = set().union(*(_imports(url) for url in scripts))
    assert "/static/offline-queue.js" in imported, "the import pattern above is out of date"
    missing = imported - precached
    assert not missing, (f"add {sorted(missing)} to SHELL_FILES in companion/views/offline.py, "
                         "or the scripts that import them fail without a connection")


def test_the_version_changes_with_any_static_file(tmp_path: Path) -> None:
    folders = (tmp_path / "static", tmp_path / "templates")
    for folder in folders:
        folder.mkdir()
    asset = tmp_path / "static" / "app.css"
    asset.write_text("body { color: black; }")
    before = offline._version(folders, offline._signature(folders))
    asset.write_text("body { color: navy; }")
    assert offline._version(folders, offline._signature(folders)) != before


def test_the_version_is_the_same_wherever_the_files_are(tmp_path: Path) -> None:
    versions = set()
    for place in ("checkout", "site-packages/companion"):
        folders = (tmp_path / place / "static", tmp_path / place / "templates")
        for folder in folders:
            folder.mkdir(parents=True)
        (folders[0] / "app.css").write_text("body { color: black; }")
        versions.add(offline._version(folders, offline._signature(folders)))
    assert len(versions) == 1


def _png_size(path: Path) -> tuple[int, int]:
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n", path
    width, height = struct.unpack(">II", header[16:24])
    return width, height


def test_the_manifest_installs_standalone_with_its_icons() -> None:
    manifest = json.loads((ROOT / "static" / "manifest.webmanifest").read_text())
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "/" and manifest["scope"] == "/"
    assert manifest["name"] and manifest["short_name"]
    base = (ROOT / "templates" / "base.html").read_text()
    assert f'<meta name="theme-color" content="{manifest["theme_color"]}">' in base
    sizes = {}
    for icon in manifest["icons"]:
        if icon["type"] == "image/png":
            path = ROOT / icon["src"].lstrip("/")
            width, height = _png_size(path)
            assert icon["sizes"] == f"{width}x{height}"
            sizes[icon.get("purpose", "any")] = width
    assert sizes["any"] >= 192 and sizes["maskable"] >= 512


@pytest.mark.parametrize("tag", [
    '<link rel="apple-touch-icon" href="/static/icons/apple-touch-icon.png">',
    '<meta name="apple-mobile-web-app-capable" content="yes">',
    '<meta name="apple-mobile-web-app-title" content="Phase 10">',
])
def test_ios_gets_its_icon_and_home_screen_tags(client: FlaskClient, tag: str) -> None:
    assert tag in client.get("/").get_data(as_text=True)


def test_the_apple_touch_icon_is_180_px_and_opaque() -> None:
    path = ROOT / "static" / "icons" / "apple-touch-icon.png"
    assert _png_size(path) == (180, 180)
    colour_type = path.read_bytes()[25]
    assert colour_type == 2  # RGB without alpha: iOS paints transparent corners black


def test_the_policy_stays_strict_for_the_worker() -> None:
    policy = security.HEADERS["Content-Security-Policy"]
    assert "script-src 'self';" in policy and "unsafe-eval" not in policy
    assert "default-src 'self'" in policy  # covers worker-src and manifest-src


def test_a_page_never_opened_offline_says_what_works_without_a_connection(
        client: FlaskClient) -> None:
    html = client.get("/offline").get_data(as_text=True)
    assert "No connection" in html and 'href="/checker"' in html and 'href="/print"' in html
