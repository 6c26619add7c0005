"""Keyboard helpers for browser tests: move the focus with Tab and say where it is."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Locator, Page

_FOCUSED_JS = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return 'nothing';
  const label = el.labels && el.labels[0] && el.labels[0].textContent;
  const name = el.getAttribute('aria-label') || label || el.textContent || el.name || '';
  return `${el.tagName.toLowerCase()} "${name.replace(/\\s+/g, ' ').trim().slice(0, 60)}"`;
}"""


def focused(page: Page) -> str:
    """What has the keyboard focus, for messages: its tag and (roughly) its name."""
    description: str = page.evaluate(_FOCUSED_JS)
    return description


def has_focus(target: Locator) -> bool:
    result: bool = target.evaluate("el => el === document.activeElement")
    return result


def tab_to(page: Page, target: Locator, limit: int = 40, key: str = "Tab") -> list[str]:
    """Press Tab (or ``key``) until ``target`` has the focus; returns what it passed on the way."""
    passed: list[str] = []
    for _ in range(limit):
        page.keyboard.press(key)
        if has_focus(target):
            return passed
        passed.append(focused(page))
    raise AssertionError(f"{key} never reached {target}; it passed {passed}")


def walk(page: Page, probe: str, limit: int = 120) -> list[Any]:
    """Tab through the whole page from the top; ``probe`` (a JS function of the focused
    element) is evaluated at each stop. Ends when the focus leaves the page or comes back
    round to where it started."""
    page.evaluate("document.activeElement && document.activeElement.blur()")
    seen: list[Any] = []
    first = None
    for _ in range(limit):
        page.keyboard.press("Tab")
        handle = page.evaluate_handle("document.activeElement")
        if page.evaluate("el => !el || el === document.body", handle):
            return seen
        if first is None:
            first = handle
        elif page.evaluate("([a, b]) => a === b", [handle, first]):
            return seen
        seen.append(page.evaluate(probe, handle))
    raise AssertionError(f"the Tab order did not end within {limit} stops")
