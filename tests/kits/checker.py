"""The checker page in the browser: cards typed on its keypad."""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

COLOURS = {"r": "red", "y": "yellow", "g": "green", "b": "blue"}


SPECIAL = {"W": "wild", "S": "skip"}


def tap_cards(page: Page, field: Locator, cards: str) -> None:
    """Tap the field, then each card on the picker: its colour (when it changes), its number."""
    field.tap()
    picker = page.locator("#picker")
    colour = None
    for card in cards.split():
        if card in SPECIAL:
            picker.get_by_role("button", name=SPECIAL[card], exact=True).tap()
            continue
        if card[-1] != colour:
            colour = card[-1]
            swatch = picker.get_by_role("radio", name=COLOURS[colour], exact=True)
            swatch.tap()
            expect(swatch).to_have_attribute("aria-checked", "true")
        picker.get_by_role("button", name=card[:-1], exact=True).tap()
    expect(field).to_have_value(cards)
