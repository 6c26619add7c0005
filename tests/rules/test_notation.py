"""The card notation in every language the pages speak: English letters are canonical, colour
words work in all five languages, and a letter only where it means one colour in all of them."""

from __future__ import annotations

import pytest

from companion.rules import Card, CardError, Colour, format_cards, parse_cards
from companion.rules.cards import COLOUR_LETTERS, COLOUR_WORDS


@pytest.mark.parametrize(("text", "card"), [
    ("7r", "7r"), ("7rouge", "7r"), ("7 rosso", "7r"), ("7rood", "7r"), ("7rot", "7r"),
    ("3g", "3g"), ("3vert", "3g"), ("3verde", "3g"), ("3groen", "3g"), ("3grün", "3g"),
    ("3v", "3g"), ("3V", "3g"),
    ("12b", "12b"), ("12bleu", "12b"), ("12blu", "12b"), ("12blauw", "12b"), ("12 Blau", "12b"),
    ("5y", "5y"), ("5jaune", "5y"), ("5giallo", "5y"), ("5geel", "5y"), ("5gelb", "5y"),
    ("jolly", "W"), ("Joker", "W"), ("passe", "S"), ("salta", "S"), ("overslaan", "S"),
])
def test_every_language_writes_its_colours(text: str, card: str) -> None:
    assert str(Card.parse(text)) == card


@pytest.mark.parametrize("text", ["5j", "5o", "5gi", "5ge"])
def test_a_letter_that_would_be_ambiguous_is_not_a_colour(text: str) -> None:
    with pytest.raises(CardError, match="colour letters"):
        Card.parse(text)


def test_no_word_means_two_colours_or_another_card() -> None:
    meanings: dict[str, Colour] = {}
    for words in COLOUR_WORDS.values():
        for word, colour in words.items():
            assert meanings.setdefault(word, colour) is colour, word
            assert word not in COLOUR_LETTERS and word not in {"w", "j", "s", "joker", "skip"}
    assert set(COLOUR_WORDS) == {"en", "de", "fr", "it", "nl"}


def test_each_letter_is_the_initial_of_its_colour_wherever_it_is_one() -> None:
    # A letter that starts a colour word must start only words of the colour it stands for.
    for letter, colour in COLOUR_LETTERS.items():
        clashes = {word for words in COLOUR_WORDS.values() for word, other in words.items()
                   if word.startswith(letter) and other is not colour}
        allowed = {"gelb", "giallo", "geel"} if letter == "g" else set()  # g stays green
        assert clashes == allowed, letter


@pytest.mark.parametrize(("text", "cards"), [
    ("4 red", ["4r"]), ("4 rot, 7 rouge", ["4r", "7r"]), ("12 blau 3 geel", ["12b", "3y"]),
    ("9 verde 1 R W", ["9g", "1r", "W"]), ("4red 5 Red", ["4r", "5r"]),
])
def test_a_colour_word_after_a_space_belongs_to_its_number(text: str, cards: list[str]) -> None:
    """The checker's help says colour words work: "4 red" as well as "4red"."""
    assert format_cards(parse_cards(text)) == cards


@pytest.mark.parametrize(("text", "bad"), [("4 W", "“4”"), ("13 red", "“13 red”"),
                                           ("red 4", "“red”")])
def test_only_a_colour_joins_the_number_before_it(text: str, bad: str) -> None:
    with pytest.raises(CardError) as raised:
        parse_cards(text)
    assert str(raised.value).startswith(f"{bad} is not a card")
