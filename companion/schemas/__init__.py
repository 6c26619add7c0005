"""The API's requests, answers and export files, each described once (docs/API.md).

Every body, query and file the API reads is a pydantic model here. The same model validates
the request (:func:`read`) and describes it in ``/api/openapi.json`` (companion.api.openapi), so
the two cannot drift apart. The import reads its files with the same models.

A refusal is an :class:`~companion.refusals.InputError` with a sentence a person can act
on, answered as the API's usual 400 ``{"error": …, "details": []}``. Each field says its
sentence with :class:`Says`; a value the rules engine cannot read (a card, an edition, a
phase) keeps the engine's own reason. Limits come from :mod:`companion.limits`.

Some rules are deliberately not in the schemas: those that need the game (Masters phase
numbers, board games without points: :meth:`RoundResults.to_round`) and those every way of
starting a game shares (2-6 different names, 1-30 characters after trimming: the services,
which name the field at fault in ``details``). Their sizes are still in the document.
"""

from __future__ import annotations

from companion.schemas.answers import (
    CheckAnswer,
    CsvFile,
    ErrorAnswer,
    Events,
    GameAnswer,
    GroupAnswer,
    HitAnswer,
    ImportAnswer,
    OutsAnswer,
    SeatingAnswer,
)
from companion.schemas.base import (
    CARDS_SAY,
    NOT_UNICODE,
    Cards,
    CardValue,
    EditionKey,
    PhaseNumber,
    Says,
    Schema,
    first,
    is_unicode,
    read,
    refusal,
)
from companion.schemas.files import (
    CHANGES_SAY,
    FORMAT,
    VERSION,
    Change,
    ExportFile,
    FileAlias,
    FileRound,
    GameFile,
    GroupFile,
    where,
)
from companion.schemas.moments import Moment
from companion.schemas.requests import (
    GROUPS_SAY,
    PHASES_SAY,
    REVISION_GUARD,
    ROUND_GUARD,
    AddGame,
    AliasBody,
    CheckBody,
    GroupGameBody,
    GroupPlayerBody,
    Guard,
    HitBody,
    NewGame,
    NewGroup,
    OutsBody,
    PlayerBody,
    QueryGuard,
    Result,
    Revised,
    Revision,
    RevisionQuery,
    RoundBody,
    SeatingBody,
    TableGroup,
    UndoQuery,
)

__all__ = [
    'AddGame', 'AliasBody', 'CARDS_SAY', 'CHANGES_SAY', 'CardValue', 'Cards', 'Change',
    'CheckAnswer', 'CheckBody', 'CsvFile', 'EditionKey', 'ErrorAnswer', 'Events', 'ExportFile',
    'FORMAT', 'FileAlias', 'FileRound', 'GROUPS_SAY', 'GameAnswer', 'GameFile', 'GroupAnswer',
    'GroupFile', 'GroupGameBody', 'GroupPlayerBody', 'Guard', 'HitAnswer', 'HitBody',
    'ImportAnswer', 'Moment', 'NOT_UNICODE', 'NewGame', 'NewGroup', 'OutsAnswer', 'OutsBody',
    'PHASES_SAY', 'PhaseNumber', 'PlayerBody', 'QueryGuard', 'REVISION_GUARD', 'ROUND_GUARD',
    'Result', 'Revised', 'Revision', 'RevisionQuery', 'RoundBody', 'Says', 'SeatingAnswer',
    'SeatingBody', 'Schema', 'TableGroup', 'UndoQuery', 'VERSION', 'first', 'is_unicode', 'read',
    'refusal', 'where',
]
