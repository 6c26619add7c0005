"""Browser fixtures: the app served on 127.0.0.1 from a thread, and Debian's Chromium
driven through Playwright (never a downloaded browser)."""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from companion import create_app

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
PHONE = {"width": 390, "height": 844}
SCREENSHOTS = Path(os.environ.get("SCREENSHOT_DIR", Path(__file__).parents[2] / "screenshots"))

pytestmark = pytest.mark.browser


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real app (CSRF on) on a free port of 127.0.0.1; yields its base URL."""
    base = tmp_path_factory.mktemp("live")
    os.environ["COMPANION_INSTANCE_PATH"] = str(base / "instance")
    app = create_app({"SECRET_KEY": "browser-tests",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{base / 'live.sqlite'}"})
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}"
    httpd.shutdown()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not shutil.which(CHROMIUM) and not Path(CHROMIUM).exists():
        pytest.skip(f"Chromium is not installed at {CHROMIUM} (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                             args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def phone(browser):  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                                  has_touch=True, locale="en-GB")
    page = context.new_page()
    yield page
    context.close()


def shot(page, name: str) -> None:  # type: ignore[no-untyped-def]
    """Keep a full-page screenshot for people to look at (screenshots/ is git-ignored)."""
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
