"""The buttons that start a game of one edition, on the home page and a group's page."""

from __future__ import annotations

from flask_babel import gettext as _

from companion import editions


def starts() -> list[dict[str, str | None]]:
    """The buttons that start a game of one edition (home page, a group's page): the editions
    with a start button of their own, their labels translated. The default edition's link
    names no edition, as the form starts on it anyway."""
    default = editions.default()
    return [{"edition": None if edition is default else edition.key,
             "kind": edition.says("kind", _), "hint": edition.says("start_hint", _),
             "label": edition.says("new_label", _)}
            for edition in editions.all_editions() if edition.start_hint]


def kinds() -> dict[str, str]:
    """Each edition's kind of game ("Card game") in this page's language, by the edition's
    key: what a game's page keeps on the phone for the home page's recent games. House rules
    are said by their own name, kept with the game."""
    return {edition.key: edition.says("kind", _) for edition in editions.all_editions()}
