"""The sheet's column headers on a phone (companion/display/naming.py): short enough for the
column, cut between graphemes with an ellipsis, and never two players reading alike."""

from __future__ import annotations

import regex
from hypothesis import given
from hypothesis import strategies as st

from companion.display.naming import FITS, short_names

FAMILY = "👨\u200d👩\u200d👧\u200d👦"


def test_alike_names_keep_their_last_letters_apart() -> None:
    shown = short_names(["Alexander", "Alexandra", "Christina", "Benjamin", FAMILY, "Ольга"])
    assert shown["Alexander"] != shown["Alexandra"]
    assert shown["Alexander"].startswith("Alex") and shown["Alexander"].endswith("…r")
    assert shown[FAMILY] == FAMILY and shown["Ольга"] == "Ольга"


def test_a_name_that_fits_is_whole() -> None:
    assert short_names(["Benjamin", "Ann"]) == {"Benjamin": "Benjamin", "Ann": "Ann"}
    assert short_names(["Benjamin"] + list("abcd"))["Benjamin"] == "Benja…"  # "m" is broad


def test_emoji_are_never_cut_inside() -> None:
    names = [FAMILY * 4, FAMILY * 3 + "👩", "a", "b", "c", "d"]
    shown = short_names(names)
    assert shown[names[0]] != shown[names[1]]
    assert all(_cut_between_graphemes(short, name) for name, short in shown.items())


def _cut_between_graphemes(short: str, name: str) -> bool:
    head, _, tail = short.partition("…")
    clusters = regex.findall(r"\X", name)
    return (head.rstrip() in {"".join(clusters[:n]).rstrip() for n in range(len(clusters) + 1)}
            and tail in {"".join(clusters[n:]) for n in range(len(clusters) + 1)})


@given(st.lists(st.text(min_size=1, max_size=30).map(str.strip).filter(bool),
                min_size=2, max_size=6, unique=True))
def test_any_name_is_whole_or_cut_between_graphemes_to_fit(names: list[str]) -> None:
    shown = short_names(names)
    for name in names:
        assert shown[name] == name or _cut_between_graphemes(shown[name], name)
        if shown[name] != name:
            assert len(regex.findall(r"\X", shown[name])) <= FITS[len(names)]
