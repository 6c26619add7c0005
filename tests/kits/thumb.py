"""A one-thumb player for the browser tests: counts the taps a round takes and the scrolls
needed to reach each control on a 390×844 phone."""

from __future__ import annotations

from typing import Any

# True when the element lies fully inside the part of the window a thumb can reach: below
# the top edge and above the sticky save bar (unless the element is in that bar).
_IN_REACH = """(el) => {
  const box = el.getBoundingClientRect();
  let bottom = window.innerHeight;
  const bar = document.querySelector('.sticky-actions');
  if (bar && !bar.contains(el)) {
    const barBox = bar.getBoundingClientRect();
    if (barBox.top < bottom) bottom = barBox.top;
  }
  return box.top >= 0 && box.bottom <= bottom + 0.5;
}"""

# One swipe: brings the element to the top of the window (down) or the bottom (up).
_SWIPE = """(el) => {
  const box = el.getBoundingClientRect();
  const before = window.scrollY;
  if (box.top < 0) el.scrollIntoView({block: 'start'});
  else window.scrollBy(0, box.top - 8);
  return window.scrollY !== before;
}"""


class Thumb:
    """Taps (clicks and fills) and scrolls one person needs, counted as the test plays."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.taps = 0
        self.scrolls = 0

    def reach(self, locator: Any) -> None:
        """Scroll (and count it) only when the control is out of the thumb's reach."""
        locator.wait_for()
        if not locator.evaluate(_IN_REACH) and locator.evaluate(_SWIPE):
            self.scrolls += 1

    def tap(self, locator: Any) -> None:
        self.reach(locator)
        locator.tap()
        self.taps += 1

    def type(self, locator: Any, text: str) -> None:
        """One tap into the field, then the number pad's keys (not counted as taps)."""
        self.reach(locator)
        locator.tap()
        locator.fill(text)
        self.taps += 1

    def figures(self) -> tuple[int, int]:
        figures = (self.taps, self.scrolls)
        self.taps = self.scrolls = 0
        return figures
