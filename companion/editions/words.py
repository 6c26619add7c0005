"""A phase in words in any language, for phases no catalog lists: house rules put parts of
any size together, so "set of 3 + run of 3" is said part by part from templates the catalog
does hold. Pure: the caller passes its translation function (the request's, or a PDF's)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import groupby

from companion.refusals import N_
from companion.rules.phases import Part, PartKind, Phase

#: Parts of any size in words: one, and several alike.
PART_WORDS = {
    PartKind.SET: (N_("set of %(size)s"), N_("%(count)s sets of %(size)s")),
    PartKind.RUN: (N_("run of %(size)s"), N_("%(count)s runs of %(size)s")),
    PartKind.COLOUR: (N_("%(size)s cards of one colour"),
                      N_("%(count)s × %(size)s cards of one colour")),
    PartKind.COLOUR_RUN: (N_("colour run of %(size)s"),
                          N_("%(count)s colour runs of %(size)s")),
}


def _parts(part: Part, count: int, translate: Callable[[str], str]) -> str:
    one, several = PART_WORDS[part.kind]
    return translate(several if count > 1 else one) % {"size": part.size, "count": count}


def phase_words(phase: Phase, translate: Callable[[str], str]) -> str:
    """The phase in the language of ``translate``: the catalog's words for it where it has
    them (every built-in phase), else put together part by part. In English both are
    :meth:`Phase.describe`.

    >>> from companion.editions import get
    >>> phase_words(get("original").phases[0], lambda text: text)
    '2 sets of 3'
    """
    text = phase.describe()
    known = translate(text)
    if known != text:
        return known
    return " + ".join(_parts(part, len(list(same)), translate)
                      for part, same in groupby(phase.parts))


def part_words(part: Part, translate: Callable[[str], str]) -> str:
    text = part.describe()
    known = translate(text)
    return known if known != text else _parts(part, 1, translate)
