"""What a person sees of a page: the text in the first screen (the viewport, no scrolling),
and the boxes that text takes, to find text that runs into other text."""

from __future__ import annotations

from typing import Any

# Every text node drawn on the page, with its boxes clipped to the ancestors that hide their
# overflow (a cut name's hidden part is not seen, so it overlaps nothing). Text in
# .visually-hidden (a 1 px clipped box) or in hidden elements is left out.
_TEXT_BOXES_JS = """(root) => {
  const scope = root ? document.querySelector(root) : document.body;
  const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
  const found = [];
  const clip = (rect, el) => {
    let box = {left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom};
    for (let up = el; up && up !== document.body; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
        const r = up.getBoundingClientRect();
        box = {left: Math.max(box.left, r.left), top: Math.max(box.top, r.top),
               right: Math.min(box.right, r.right), bottom: Math.min(box.bottom, r.bottom)};
      }
    }
    return box;
  };
  let index = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode(), index++) {
    const text = node.textContent.replace(/\\s+/g, ' ').trim();
    const el = node.parentElement;
    const shown = el.checkVisibility({checkOpacity: true, checkVisibilityCSS: true});
    if (!text || !shown) continue;
    if (el.closest('.visually-hidden, [hidden], svg')) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) {
      const box = clip(rect, el);
      const drawn = box.right - box.left > 1 && box.bottom - box.top > 1;
      if (drawn) found.push({text, node: index, ...box});
    }
  }
  return found;
}"""


def text_boxes(page: Any, root: str | None = None) -> list[dict[str, Any]]:
    """The boxes of every piece of text drawn (in ``root``, a CSS selector, or the page)."""
    boxes: list[dict[str, Any]] = page.evaluate(_TEXT_BOXES_JS, root)
    return boxes


def first_screen(page: Any) -> list[str]:
    """The texts drawn wholly inside the viewport, in document order: what a person reads
    without scrolling."""
    height = page.viewport_size["height"]
    width = page.viewport_size["width"]
    seen: list[str] = []
    for box in text_boxes(page):
        inside = box["top"] >= 0 and box["bottom"] <= height + 0.5 and box["right"] <= width + 0.5
        if inside and (not seen or seen[-1] != box["text"]):
            seen.append(box["text"])
    return seen


def overlaps(boxes: list[dict[str, Any]], slack: float = 0.5) -> list[tuple[str, str]]:
    """Pairs of text boxes (of different text nodes: a cut one's parts are one) that share
    more than ``slack`` px both ways."""
    found = []
    for i, one in enumerate(boxes):
        for other in boxes[i + 1:]:
            if other["node"] == one["node"]:
                continue
            wide = min(one["right"], other["right"]) - max(one["left"], other["left"])
            high = min(one["bottom"], other["bottom"]) - max(one["top"], other["top"])
            if wide > slack and high > slack:
                found.append((one["text"], other["text"]))
    return found
