"""Players' names: one person, one name (issue 24; docs/decisions.md, "One person, one name").

- :func:`clean` is a name as stored and shown: Unicode NFC, spaces trimmed, otherwise as typed.
- :func:`key` is who the name is: "Anna", " anna " and "Anna" typed with a combining accent
  (NFD) are one person. Every "is this the same player" question (two seats of one game, a
  rename, a group's records and merges) compares keys, never spellings.
- :func:`length` counts what a person sees, grapheme clusters (``regex``'s ``\\X``): a family
  emoji joined by zero-width joiners is one character, a Devanagari conjunct one syllable.
- :func:`unwanted` finds a character a name cannot hold (control and format characters), while
  the joiners that writing and emoji need are allowed (tag characters only in a flag).
- :func:`blank` is a name that shows nothing: empty, or only spaces, joiners, marks with
  nothing to sit on and characters drawn as nothing (U+3164 HANGUL FILLER, U+2800 BRAILLE
  BLANK, a lone variation selector).
- :func:`too_long` bounds a name twice: in characters as seen and in code points (the stored
  column, and a bound on a letter under two thousand accents).
- :func:`stacked` counts the combining marks on one character: at most ``MAX_MARKS`` (4).
- :func:`refusal` is the one rule for every name (a player's, a group's, house rules'; typed
  or imported), with the sentence that says why.
- :func:`look_alikes` finds names that only look alike (letters of several alphabets mixed in
  one name, or a name that reads as another player's): a warning, never a refusal.

Pure Python (with ``regex``): the scoring and the services import it.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

import regex

from companion.limits import MAX_MARKS, MAX_NAME_STORED
from companion.refusals import Reason

_GRAPHEME = regex.compile(r"\X")
#: Format characters (category Cf) a name may hold: the zero-width joiner (emoji sequences,
#: Indic conjuncts), the zero-width non-joiner (Persian, Indic) and the tag characters of
#: subdivision flags (🏴 England). Every other Cf (bidi overrides, invisible separators) stays
#: refused, as do control characters and line breaks.
_JOINERS = frozenset({"\u200c", "\u200d", *map(chr, range(0xE0020, 0xE0080))})
_TAGS = frozenset(map(chr, range(0xE0020, 0xE0080)))
#: The black flag a subdivision's tag characters follow (🏴 + "gbeng" + cancel tag = England).
_FLAG = "\U0001F3F4"
#: What is drawn as nothing: default-ignorable code points (joiners, variation selectors, the
#: Hangul fillers U+115F, U+1160, U+3164), spaces, marks (alone they sit on nothing), format
#: characters, and the blank Braille pattern.
_INVISIBLE = regex.compile(
    r"[\p{Default_Ignorable_Code_Point}\p{White_Space}\p{M}\p{Cf}\u2800]*")
#: Marks that follow one another sit on one character; a joiner between them does not part
#: them (shaping still stacks them on the letter before).
_MARK_RUN = regex.compile(r"[\p{M}\u200c\u200d]+")
_MARK = regex.compile(r"\p{M}")
#: The alphabets whose letters look like Latin ones: two of them in one name is suspicious.
_ALPHABETS = ("Latin", "Cyrillic", "Greek", "Armenian", "Cherokee")
_SCRIPT = regex.compile("|".join(rf"(?P<{name}>\p{{Script={name}}})" for name in _ALPHABETS))
#: Letters of other alphabets drawn like a Latin one (Unicode's confusables.txt, the common
#: Cyrillic and Greek part); fullwidth and mathematical letters are folded by NFKC first.
_LATIN_LOOK = str.maketrans(
    "АВЕКМНОРСТХУЅІЈаеорсухіјѕԁһԛԝӏ"
    "ΑΒΕΖΗΙΚΜΝΟΡΤΥΧοικρυνα",
    "ABEKMHOPCTXYSIJaeopcyxijsdhqwl"
    "ABEZHIKMNOPTYXoikpuva")


def clean(name: str) -> str:
    """The name as stored and shown: NFC, surrounding spaces trimmed."""
    return unicodedata.normalize("NFC", name).strip()


@functools.lru_cache(maxsize=8192)  # asked for thousands of times by a group's records
def key(name: str) -> str:
    """Who the name is: NFC, trimmed, case folded, runs of spaces as one.

    >>> key(" Anna ") == key("anna") == key("Ann\\u0061") == key("ANNA")
    True
    >>> key("Zoe\\u0308") == key("Zoë")
    True
    """
    folded = unicodedata.normalize("NFC", clean(name).casefold())
    return " ".join(folded.split())


def length(name: str) -> int:
    """The characters a person sees (grapheme clusters).

    >>> length("👨\\u200d👩\\u200d👧\\u200d👦"), length("Zoe\\u0308"), length("Anna")
    (1, 3, 4)
    """
    return len(_GRAPHEME.findall(name))


def cut(name: str, size: int) -> str:
    """The first ``size`` characters a person sees (to quote a name that is too long)."""
    return "".join(_GRAPHEME.findall(name)[:size])


def too_long(name: str, most: int, stored: int = MAX_NAME_STORED) -> bool:
    """Longer than ``most`` characters as seen, or than ``stored`` code points (the stored
    column; a letter under a flood of accents is one character but thousands of code points)."""
    return len(name) > stored or length(name) > most


def stacked(name: str) -> int:
    """The most combining marks on one character of ``name`` (as stored: NFC, so an accent
    that has a precomposed letter counts none).

    >>> stacked("Nguye\u0302\u0303n"), stacked("ကျော်"), stacked("a" + "\u0301" * 9)
    (0, 4, 8)
    """
    runs: list[str] = _MARK_RUN.findall(unicodedata.normalize("NFC", name))
    return max((len(_MARK.findall(run)) for run in runs), default=0)


def unwanted(name: str) -> str | None:
    """The first character a name cannot hold (a control or format character other than the
    joiners), or None.

    >>> unwanted("می\\u200cخواهم") is None, unwanted("👩\\u200d💻") is None, unwanted("a\\tb")
    (True, True, '\\t')
    """
    graphemes: list[str] = _GRAPHEME.findall(name)
    for grapheme in graphemes:
        for char in grapheme:
            if char in _TAGS and not grapheme.startswith(_FLAG):
                return char  # tags outside a flag hide text nobody sees
            if not char.isprintable() and char not in _JOINERS:
                return char
    return None


def blank(name: str) -> bool:
    """Nothing a person would see: empty, or only characters drawn as nothing.

    >>> blank("\u3164"), blank("\u115f\u1160"), blank("\ufe0f"), blank("\u2800 "), blank("Ä")
    (True, True, True, True, False)
    """
    return _INVISIBLE.fullmatch(clean(name)) is not None


def refusal(name: str, most: int, stored: int = MAX_NAME_STORED) -> Reason | None:
    """Why ``name`` (as stored: :func:`clean`) cannot be a name of at most ``most`` characters
    as seen and ``stored`` code points, or None: the one rule, and the same sentences, for every
    kind of name. Places that can say whose name it is ("player 2 has no name") say so for an
    empty or overlong name; the other refusals read the same everywhere."""
    if blank(name):
        return Reason("a name needs at least one character that can be seen")
    if length(name) > most:
        return Reason("“%(name)s…” is too long: a name has 1 to %(max)s characters",
                      {"name": cut(name, most), "max": most})
    if len(name) > stored:
        return stored_too_long(stored)
    if unwanted(name) is not None:
        return CONTROL
    if stacked(name) > MAX_MARKS:
        return STACKED
    return None


#: A name holding a character that is no part of writing (a tab, a bidi override).
CONTROL = Reason("a name cannot hold control characters")
#: A name with more marks on one character than any writing stacks (limits.MAX_MARKS).
STACKED = Reason("a name has at most %(max)s accents or other marks on one letter",
                 {"max": MAX_MARKS})


def stored_too_long(stored: int) -> Reason:
    """A name short as seen but too long to keep: accents stacked on letters, long emoji."""
    return Reason("this name holds too many accents or joined emoji to keep (at most %(max)s "
                  "letters, marks and joiners together)", {"max": stored})


def scripts(name: str) -> tuple[str, ...]:
    """The Latin-looking alphabets the name's letters come from, in order of appearance.

    >>> scripts("\\u0410nna"), scripts("Anna"), scripts("می\\u200cخواهم")
    (('Cyrillic', 'Latin'), ('Latin',), ())
    """
    found: dict[str, None] = {}
    for match in _SCRIPT.finditer(name):
        found.setdefault(match.lastgroup or "", None)
    return tuple(found)


def skeleton(name: str) -> str:
    """What a name looks like: two names with one skeleton read alike (Cyrillic "А" as "A")."""
    return key(unicodedata.normalize("NFKC", clean(name)).translate(_LATIN_LOOK))


@dataclass(frozen=True)
class LookAlike:
    """A name that only looks like what it seems: ``scripts`` mixed in it, or ``other``, the
    name at the table it reads as."""

    name: str
    scripts: tuple[str, ...] = ()
    other: str | None = None


def look_alikes(names: Sequence[str]) -> tuple[LookAlike, ...]:
    """The names of one table to warn about, at most once each, in order.

    >>> [(found.name, found.other) for found in look_alikes(["Anna", "\\u0410nna", "Bo"])]
    [('Аnna', 'Anna')]
    """
    found: list[LookAlike] = []
    for index, name in enumerate(names):
        other = next((before for before in names[:index]
                      if key(before) != key(name) and skeleton(before) == skeleton(name)), None)
        mixed = scripts(name)
        if other is not None or len(mixed) > 1:
            found.append(LookAlike(name, mixed if len(mixed) > 1 else (), other))
    return tuple(found)
