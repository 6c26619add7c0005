"""Every size the companion enforces, defined once.

Services, forms, the API's schemas, the import, the printable sheets, the database columns
and the templates read these; messages take them as parameters ("a name has 1 to
%(max)s characters"), so a change here changes every page, answer and document at once.
Pure Python: the rules engine and the scoring may import it.
"""

from __future__ import annotations

#: Players at one table (a game, a printed sheet).
MIN_PLAYERS = 2
MAX_PLAYERS = 6
#: Characters in a player's name (after stripping spaces), as a person sees them: grapheme
#: clusters, so a family emoji joined by zero-width joiners counts once (companion.player_names).
MAX_NAME = 30
#: Code points of a stored name, the database column: room for 30 of the longest emoji
#: sequences (a family with skin tones is 11), not for a name of endlessly stacked accents.
MAX_NAME_STORED = 400
#: Combining marks on one character of a name: Vietnamese stacks two (an accent and a tone
#: typed apart), Hebrew points three (dagesh, vowel, cantillation), Burmese four (ကျော်, "Kyaw":
#: a medial, two vowel signs and the asat). More is no writing but a tower drawn over the
#: page around it: "a" under 399 accents was one character, and a stripe across the sheet.
MAX_MARKS = 4
#: Points of one hand: far above any real hand (190), keeps stored numbers sane.
MAX_POINTS = 1000
#: Players one evening of a group seats at once (six tables of six): the odds before a game
#: and the seating take at most this many names.
MAX_EVENING = 36
#: Points of one player in a game known by its final result (typed from paper, logged in
#: another app): far above any real game's total, keeps stored numbers sane.
MAX_FINAL_POINTS = 10_000
#: Characters in a group's name; also the database column.
MAX_GROUP_NAME = 40
#: Games in one group: a group playing three games every week of the year needs 32 years to
#: fill it; a script adding games to one group forever is stopped (413).
MAX_GROUP_GAMES = 5000
#: Changes of the players in one game (a late joiner, a player who leaves): a table of at most
#: MAX_PLAYERS, each seat joined or left once, never changes more often. A file that says
#: more is refused before it is read (companion.schemas.files.too_many).
MAX_CHANGES = 2 * MAX_PLAYERS
#: Games in one imported group file.
MAX_GAMES = 1000
#: Bytes of one import request: an exported group of a few hundred games is larger than any
#: other request.
IMPORT_MAX_BYTES = 8 * 1024 * 1024
#: Rounds in one game. A real table ends long before (in the card games whoever goes out lays
#: a phase, so about 10 rounds a player); only a tie-break that never ends could reach it, and
#: that one closes here as a shared win (docs/decisions.md, issue 22). A round beyond is refused.
MAX_ROUNDS = 2000
#: People seated at once for an evening (companion.scoring.seating): six full tables.
MAX_SEATED = 36
#: Tables of one evening a seating request may name as played already ("tonight").
MAX_TONIGHT_TABLES = 100
