"""House rules in the database (issue 25): create and edit them, and find the edition a key
names (an edition's edit or view key: its newest revision; a revision's key: that revision).

A revision never changes once stored, so the edition built from it is kept in this process
(companion.cache.stores.editions, within the one budget): every worker that reads a game of
house rules builds its edition once, and any number of workers agree because there is nothing
to invalidate.
Services flush, never commit.
"""

from __future__ import annotations

import json
import secrets
import string
from dataclasses import dataclass

from flask import has_app_context
from sqlalchemy import func, or_, select

from companion import models
from companion.cache import stores
from companion.editions import Edition, house
from companion.infra import storage
from companion.infra.extensions import db
from companion.services.games import KEY

KEY_LETTERS = string.ascii_lowercase + string.digits
KEY_PREFIX = "h"
KEY_LENGTH = 16
"""A revision's key fills the game's edition column: ``h`` and 15 random letters and digits
(77 bits: not guessable, yet short enough for the column every game has had)."""


@dataclass(frozen=True)
class HouseEdition:
    """Stored house rules as the pages and the API show them."""

    row: models.HouseEdition
    edition: Edition
    """The newest revision's edition."""
    rules: house.HouseRules
    revision: int
    editable: bool


def revision_key() -> str:
    return KEY_PREFIX + "".join(secrets.choice(KEY_LETTERS) for _ in range(KEY_LENGTH - 1))


def is_revision_key(key: str) -> bool:
    return (len(key) == KEY_LENGTH and key.startswith(KEY_PREFIX)
            and all(letter in KEY_LETTERS for letter in key))


def _where() -> str:
    """Kept values are keyed by database too: tests run apps on several databases in one
    process, and a revision of one is not in another."""
    return str(db.engine.url)


def _keep(key: str, edition: Edition) -> Edition:
    stores.editions.put((_where(), key), edition)
    return edition


def _read(definition: str) -> house.HouseRules:
    return house.read(json.loads(definition))


def revision_edition(key: str) -> Edition | None:
    """The edition of the revision ``key``; None when there is none."""
    if not has_app_context():
        return None
    found = stores.editions.find((_where(), key))
    if found is not None:
        return found
    with db.session.no_autoflush:
        definition = db.session.execute(select(models.HouseRevision.definition).where(
            models.HouseRevision.key == key)).scalar_one_or_none()
    if definition is None:
        return None
    return _keep(key, house.edition(key, _read(definition)))


def _row(key: str) -> models.HouseEdition | None:
    if not KEY.fullmatch(key):  # no link (PostgreSQL refuses a NUL in a query: a 500)
        return None
    with db.session.no_autoflush:
        return db.session.execute(select(models.HouseEdition).where(or_(
            models.HouseEdition.edit_key == key, models.HouseEdition.view_key == key))
        ).scalar_one_or_none()


def resolve(key: str) -> Edition | None:
    """What :func:`companion.editions.get` asks for a key it does not hold."""
    if is_revision_key(key.lower()):
        return revision_edition(key.lower())
    if len(key) < 20 or len(key) > 64 or not has_app_context():
        return None
    row = _row(key)
    return None if row is None else revision_edition(row.current)


def find(key: str) -> HouseEdition | None:
    """The house rules behind an edit or view key; None for any other key."""
    if not 20 <= len(key) <= 64:
        return None
    row = _row(key)
    if row is None:
        return None
    edition = revision_edition(row.current)
    assert edition is not None
    number = db.session.execute(select(models.HouseRevision.number).where(
        models.HouseRevision.key == row.current)).scalar_one()
    return HouseEdition(row, edition, _rules_of(edition), number, key == row.edit_key)


def _rules_of(edition: Edition) -> house.HouseRules:
    return house.HouseRules(edition.name, edition.table, edition.values, edition.chooses_phase)


def _add_revision(row: models.HouseEdition, number: int,
                  house_rules: house.HouseRules) -> Edition:
    key = revision_key()
    db.session.add(models.HouseRevision(key=key, edition_id=row.id, number=number,
                                        definition=json.dumps(house_rules.as_json())))
    row.current = key
    db.session.flush()
    return _keep(key, house.edition(key, house_rules))


def create(house_rules: house.HouseRules) -> HouseEdition:
    """Stores new house rules (already read by :func:`companion.editions.house.read`)."""
    refused = house.problems(house_rules)
    if refused:
        raise house.HouseRulesRefused(refused)
    row = models.HouseEdition(current="")
    db.session.add(row)
    db.session.flush()
    edition = _add_revision(row, 1, house_rules)
    return HouseEdition(row, edition, house_rules, 1, True)


def edit(found: HouseEdition, house_rules: house.HouseRules) -> HouseEdition:
    """Saves ``house_rules`` as the next revision: games started before keep theirs."""
    refused = house.problems(house_rules)
    if refused:
        raise house.HouseRulesRefused(refused)
    storage.begin_write()  # two saves at once: one after the other, numbered one after the other
    row = db.session.execute(select(models.HouseEdition).where(
        models.HouseEdition.id == found.row.id).with_for_update()).scalar_one()
    number = db.session.execute(select(func.max(models.HouseRevision.number)).where(
        models.HouseRevision.edition_id == row.id)).scalar_one() + 1
    edition = _add_revision(row, number, house_rules)
    return HouseEdition(row, edition, house_rules, number, True)


def definition_of(edition: Edition) -> house.HouseRules:
    """The rules of a house edition, as a file or an answer carries them."""
    return _rules_of(edition)


def planned_for(house_rules: house.HouseRules, key: object, made: dict[str, Edition]
                ) -> Edition:
    """The edition an imported game plays by: the revision ``key`` where it names these very
    rules here, else new house rules for them under a new key, not stored yet (``made``: those
    an import planned already, by definition, so a group's games with one set of rules share
    them; :func:`store_planned` stores each once the whole file is known to be good). Nothing
    is written here: an import checks its file before it takes the database's write lock."""
    if isinstance(key, str) and is_revision_key(key):
        found = revision_edition(key)
        if found is not None and _rules_of(found) == house_rules:
            return found
    definition = json.dumps(house_rules.as_json(), sort_keys=True)
    if definition not in made:
        refused = house.problems(house_rules)
        if refused:
            raise house.HouseRulesRefused(refused)
        made[definition] = house.edition(revision_key(), house_rules)
    return made[definition]


def store_planned(edition: Edition) -> None:
    """Store the house rules :func:`planned_for` made, under the key their games play by."""
    row = models.HouseEdition(current=edition.key)
    db.session.add(row)
    db.session.flush()
    db.session.add(models.HouseRevision(key=edition.key, edition_id=row.id, number=1,
                                        definition=json.dumps(_rules_of(edition).as_json())))
    db.session.flush()
    _keep(edition.key, edition)


def view_key_of(edition: Edition) -> str | None:
    """The read-only link of the house rules ``edition`` is a revision of (None for a built-in
    edition); never changes for a revision, so it is kept once read."""
    if not edition.house or not has_app_context():
        return None
    where = (_where(), edition.key)
    found = stores.edition_links.find(where)
    if found is None:
        found = db.session.execute(
            select(models.HouseEdition.view_key).join(
                models.HouseRevision, models.HouseRevision.edition_id == models.HouseEdition.id)
            .where(models.HouseRevision.key == edition.key)).scalar_one_or_none()
        if found is None:
            return None
        stores.edition_links.put(where, found)
    return found


def revision_numbers(edition: Edition) -> tuple[int, int] | None:
    """The number of the revision ``edition`` is, and of its rules' newest revision (None for
    a built-in edition): a game plays the revision it started with, maybe not the newest."""
    if not edition.house or not has_app_context():
        return None
    newest = models.HouseRevision.__table__.alias("newest")
    found = db.session.execute(
        select(models.HouseRevision.number, newest.c.number)
        .join(models.HouseEdition, models.HouseEdition.id == models.HouseRevision.edition_id)
        .join(newest, newest.c.key == models.HouseEdition.current)
        .where(models.HouseRevision.key == edition.key)).first()
    return None if found is None else (found[0], found[1])
