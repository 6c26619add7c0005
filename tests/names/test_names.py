"""One person, one name (companion.player_names): identity keys, lengths as seen, look-alikes."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion import player_names
from companion.limits import MAX_NAME

FAMILY = "👨\u200d👩\u200d👧\u200d👦"
RAINBOW = "🏳\ufe0f\u200d🌈"
CODER = "👩\u200d💻"
KSHATRIYA = "क्षत्रिय"
PERSIAN = "می\u200cخواهم"
ENGLAND = "🏴\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f"


@given(st.text(min_size=1, max_size=30), st.sampled_from(["", " ", "  ", "\t", "\u3000"]),
       st.sampled_from(["", " ", "\n"]))
def test_key_is_the_same_for_every_spelling_of_one_name(name: str, before: str,
                                                        after: str) -> None:
    expected = player_names.key(name)
    for form in ("NFC", "NFD"):
        variant = unicodedata.normalize(form, name)
        assert player_names.key(before + variant + after) == expected
        assert player_names.key(variant.upper()) == player_names.key(name.upper())
        assert player_names.key(variant.casefold()) == expected


@given(st.text(max_size=30))
def test_key_and_clean_are_stable(name: str) -> None:
    assert player_names.key(player_names.key(name)) == player_names.key(name)
    assert player_names.clean(player_names.clean(name)) == player_names.clean(name)
    assert player_names.key(player_names.clean(name)) == player_names.key(name)


def test_case_accents_and_spaces() -> None:
    assert player_names.key("Anna") == player_names.key(" anna ") == player_names.key("ANNA")
    assert player_names.key("Zoe\u0308") == player_names.key("Zoë")
    assert player_names.clean("  Zoe\u0308 ") == "Zoë"  # stored NFC and trimmed, case kept
    assert player_names.key("Anna Lena") == player_names.key("anna   lena")
    assert player_names.key("Anna") != player_names.key("Anne")


@pytest.mark.parametrize("name", [FAMILY, RAINBOW, CODER, ENGLAND, "Zoe\u0308"[-2:]])
def test_one_emoji_sequence_is_one_character(name: str) -> None:
    assert player_names.length(name) == 1


@given(st.lists(st.sampled_from([FAMILY, RAINBOW, CODER, ENGLAND, "a", "é", "e\u0301"]),
                max_size=40))
def test_graphemes_count_as_seen(parts: list[str]) -> None:
    name = "".join(parts)
    assert player_names.length(name) == len(parts)
    assert player_names.too_long(name, MAX_NAME) == (len(parts) > MAX_NAME)
    assert player_names.cut(name, 3) == "".join(parts[:3])


@pytest.mark.parametrize("name", [FAMILY, RAINBOW, CODER, KSHATRIYA, PERSIAN, ENGLAND,
                                  "Zoë", "Jean-Luc", "O'Neil", "李小龍"])
def test_joiners_are_welcome(name: str) -> None:
    assert player_names.unwanted(name) is None
    assert not player_names.blank(name)


@pytest.mark.parametrize("name", ["a\tb", "a\nb", "a\x00b", "a\u202eb", "a\u2028b"])
def test_control_and_format_characters_stay_refused(name: str) -> None:
    assert player_names.unwanted(name) == name[1]


def test_only_joiners_is_no_name() -> None:
    assert player_names.blank("\u200d\u200c ")
    assert player_names.blank("")


def test_stored_column_bounds_stacked_accents() -> None:
    assert player_names.too_long("a" + "\u0301" * 500, MAX_NAME)
    assert not player_names.too_long(("👨🏻\u200d👩🏻\u200d👧🏻\u200d👦🏻") * MAX_NAME, MAX_NAME)


def test_mixed_alphabets_are_noticed() -> None:
    cyrillic_a = "\u0410nna"
    assert player_names.scripts(cyrillic_a) == ("Cyrillic", "Latin")
    found = player_names.look_alikes([cyrillic_a])
    assert [(item.name, item.scripts) for item in found] == [(cyrillic_a, ("Cyrillic", "Latin"))]
    for name in ("Anna", "Анна", "Σοφία", PERSIAN, KSHATRIYA, FAMILY, "李小龍", "Zoë"):
        assert player_names.look_alikes([name]) == ()


def test_a_name_reading_as_another_at_the_table() -> None:
    found = player_names.look_alikes(["Anna", "\u0410nna", "Bo"])
    assert [(item.name, item.other) for item in found] == [("\u0410nna", "Anna")]
    # Whole-script look-alikes: a Cyrillic "Осе" reads as a Latin "Oce".
    assert [item.other for item in player_names.look_alikes(["Oce", "Осе"])] == ["Oce"]
    # One person: refused elsewhere, not warned.
    assert player_names.look_alikes(["Anna", "anna"]) == ()
    assert player_names.look_alikes(["Anna", "Bo"]) == ()
