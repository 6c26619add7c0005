"""Browser fixtures: the app served on 127.0.0.1 from a thread, and Debian's Chromium
driven through Playwright (never a downloaded browser)."""

from __future__ import annotations

import gc
import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from companion import create_app
from companion.infra import live
from companion.infra.extensions import db
from tests.kits.browser import PHONE, ScriptErrors, service_workers
from tests.kits.offline import PHONE_OPTIONS, watch
from tests.kits.thread_server import serve_in_thread

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]

pytestmark = pytest.mark.browser

@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real app (CSRF on) on a free port of 127.0.0.1; yields its base URL. One per
    module, so it stops (and its leftovers are collected) while browser tests still run."""
    base = tmp_path_factory.mktemp("live")
    os.environ["COMPANION_INSTANCE_PATH"] = str(base / "instance")
    app = create_app({"SECRET_KEY": "browser-tests",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{base / 'live.sqlite'}",
                      # Every page of a module comes from one address, and this thread server
                      # notices a stream left by a navigation only at its next keep-alive:
                      # the cap per address is tested on a real gunicorn (test_stream_cap).
                      "STREAMS_PER_ADDRESS": 0})
    httpd, url = serve_in_thread(app)
    yield url
    httpd.shutdown()
    httpd.server_close()
    with app.app_context():
        live.stop_watching(db.engine)
        db.engine.dispose()
    gc.collect()  # whatever the server leaked is reported here, under the marks above


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
def script_errors() -> ScriptErrors:
    return ScriptErrors()


def open_page(browser, errors: ScriptErrors, *, phone: bool = True,  # type: ignore[no-untyped-def]
              width: int = 1280, workers: str = "block"):
    """A page in a fresh context (its own cookies and storage): a touch phone 390 px wide,
    or a desktop window ``width`` px wide. Its script errors go to ``errors``; ``workers``
    is Playwright's service-worker setting (``tests.kits.browser.service_workers``)."""
    options: dict[str, Any] = {"locale": "en-GB", "service_workers": workers}
    if phone:
        options |= {"viewport": PHONE, "device_scale_factor": 2, "is_mobile": True,
                    "has_touch": True}
    else:
        options |= {"viewport": {"width": width, "height": 900}}
    page = browser.new_context(**options).new_page()
    errors.watch(page)
    return page


@pytest.fixture
def pages(browser, script_errors, request):  # type: ignore[no-untyped-def]
    """Opens pages (phones, desktops) and closes them after the test, which fails when one
    of them logged a script error (unless the test is an expected failure already: a known
    server error shows in the console too)."""
    opened = []

    def make(**options: Any):  # type: ignore[no-untyped-def]
        page = open_page(browser, script_errors, workers=service_workers(request), **options)
        opened.append(page)
        return page

    yield make
    for page in opened:
        page.context.close()
    if request.node.get_closest_marker("xfail") is None:
        assert not script_errors, "script errors:\n" + "\n".join(script_errors)


@pytest.fixture
def phone(pages):  # type: ignore[no-untyped-def]
    """A 390×844 touch page."""
    return pages()


@pytest.fixture
def phones(browser: Any) -> Iterator[Callable[[], Page]]:
    """New 390 px phones, each with its own storage (and service worker)."""
    errors: list[str] = []
    contexts: list[Any] = []

    def make() -> Page:
        context = browser.new_context(**PHONE_OPTIONS)
        contexts.append(context)
        page = context.new_page()
        watch(page, errors)
        return page

    yield make
    for context in contexts:
        context.close()
    assert not errors, "script errors:\n" + "\n".join(errors)
