"""Which paper a sheet is printed on by default: Letter where it is the usual paper, A4
everywhere else. The person can always choose the other one."""

from __future__ import annotations

from collections.abc import Iterable

#: The papers a sheet is printed on, by the name a link or form gives.
PAPERS = ("a4", "letter")

#: The regions whose usual paper is Letter: the Unicode CLDR's measurement data
#: (supplemental data, ``paperSize`` "US"): the United States and Puerto Rico, Canada, Mexico,
#: the Philippines and the Central and South American countries that kept it.
LETTER_REGIONS = frozenset({"US", "PR", "CA", "MX", "PH", "BZ", "CL", "CO", "CR", "GT", "NI",
                            "PA", "SV", "VE"})


def region(tag: str) -> str | None:
    """The region of a language tag ("en-US", "es_MX", "zh-Hant-TW"), upper case; None for a
    tag without one ("en")."""
    for part in tag.replace("_", "-").split("-")[1:]:
        if len(part) == 2 and part.isalpha() or len(part) == 3 and part.isdigit():
            return part.upper()
    return None


def paper_for(languages: Iterable[str]) -> str:
    """"letter" or "a4" for a browser's languages, the preferred first: the first one that
    names a region decides (a bare "en" says nothing about the paper in the drawer).

    >>> paper_for(["en-US", "en"]), paper_for(["en", "es-MX"]), paper_for(["de-DE", "en-US"])
    ('letter', 'letter', 'a4')
    >>> paper_for(["fr-CA"]), paper_for(["en-GB"]), paper_for(["en"]), paper_for([])
    ('letter', 'a4', 'a4', 'a4')
    """
    for tag in languages:
        found = region(tag)
        if found is not None:
            return "letter" if found in LETTER_REGIONS else "a4"
    return "a4"
