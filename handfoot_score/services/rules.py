"""Finding the rule set a request names: a preset, a full rule set, or a preset with changes."""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Mapping
from dataclasses import replace
from functools import lru_cache
from typing import Any

from sqlalchemy import select, tuple_
from sqlalchemy.exc import IntegrityError

from handfoot_score.engine.errors import N_, InvalidRules, Problem, UnknownRules
from handfoot_score.engine.presets import PRESETS
from handfoot_score.engine.rules import RuleSet
from handfoot_score.engine.rules_json import rules_from_dict, rules_to_dict
from handfoot_score.extensions import db
from handfoot_score.storage.models import Game, LeagueGame, SavedRules

from .locking import DatabaseBusy, begin_write, write_transaction
from .typed_in import untypable

#: Rule sets read from their stored snapshots kept at once: a server's games use a handful.
STORED_RULES_KEPT = 256
_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")
#: Saves under one name racing each other: each loser reads the ids taken again.
SAVE_ATTEMPTS = 5


def list_presets() -> list[RuleSet]:
    """The presets, in the order they are offered."""
    return list(PRESETS.values())


def saved_rules_among(rules_ids: Collection[str]) -> list[RuleSet]:
    """The saved house-rule sets of these ids (those one device saved or opened), by name;
    an id no set has is left out. Saved sets are never listed to everyone: a set's id is
    all it takes to play it, as a game's link is all it takes to score it."""
    wanted = [rules_id for rules_id in rules_ids if _ID.match(rules_id)]
    if not wanted:
        return []
    rows = db.session.scalars(select(SavedRules).where(SavedRules.id.in_(wanted))
                              .order_by(SavedRules.name, SavedRules.id))
    return [stored_rules(row.data) for row in rows]


def league_saved_rules(league_id: str, most: int) -> list[RuleSet]:
    """The saved house-rule sets the league's games were played under, by name: the latest
    ``most`` saved. A game stores the id and name of the saved set it was started with."""
    played = (select(Game.rules_data["id"].as_string(), Game.rules_data["name"].as_string())
              .join(LeagueGame, LeagueGame.game_id == Game.id)
              .where(LeagueGame.league_id == league_id))
    latest = (select(SavedRules)
              .where(tuple_(SavedRules.id, SavedRules.name).in_(played))
              .order_by(SavedRules.created_at.desc(), SavedRules.id).limit(most))
    rows = sorted(db.session.scalars(latest), key=lambda row: (row.name, row.id))
    return [stored_rules(row.data) for row in rows]


def get_rules(rules_id: str) -> RuleSet:
    """The preset or saved rule set with this id; raises UnknownRules."""
    if rules_id in PRESETS:
        return PRESETS[rules_id]
    row = db.session.get(SavedRules, rules_id) if _ID.match(rules_id) else None
    if row is None:
        raise UnknownRules(rules_id)
    return stored_rules(row.data)


def stored_rules(data: Mapping[str, Any]) -> RuleSet:
    """The rule set of a stored snapshot, read once per snapshot: rule sets are frozen, so
    every game stored with the same snapshot shares one."""
    return _rules_of_snapshot(json.dumps(data, sort_keys=True, separators=(",", ":")))


@lru_cache(maxsize=STORED_RULES_KEPT)
def _rules_of_snapshot(text: str) -> RuleSet:
    """The rule set of a snapshot given as its JSON text (the key it is kept under)."""
    return rules_from_dict(json.loads(text))


@write_transaction
def save_rules(name: str, rules: RuleSet) -> RuleSet:
    """Keep a house-rule set under ``name`` to play again; returns it with its new id, the
    next free one when another table saved the same name at the same moment."""
    for _ in range(SAVE_ATTEMPTS):
        begin_write()
        saved = add_saved_rules(name, rules)
        try:
            db.session.commit()
        except IntegrityError:
            # PostgreSQL: another save took this id after we read the ids taken; read again.
            db.session.rollback()
            continue
        return saved
    raise DatabaseBusy()


def add_saved_rules(name: str, rules: RuleSet) -> RuleSet:
    """Add a house-rule set under ``name`` to the write transaction under way, uncommitted;
    returns it with the first id free. Raises InvalidRules naming the name if it cannot be.

    Two saves of one name at the same moment may pick the same id: the later commit fails
    with IntegrityError, and its caller tries again.
    """
    problem = untypable(name)
    if problem is not None:
        raise InvalidRules(Problem("name", problem))
    slug = "-".join(re.findall(r"[a-z0-9]+", name.lower()))[:40] or "house"
    # "house" is the address of the house-rules page itself, /rules/house.
    taken = set(PRESETS) | {"house"} | set(db.session.scalars(select(SavedRules.id)))
    rules_id = slug if slug not in taken else next(
        f"{slug}-{n}" for n in range(2, len(taken) + 3) if f"{slug}-{n}" not in taken)
    try:
        saved = replace(rules, id=rules_id, name=name.strip())
    except InvalidRules as error:
        raise InvalidRules([replace(p, field="name", team=None)
                            for p in error.problems]) from None
    db.session.add(SavedRules(id=saved.id, name=saved.name, data=rules_to_dict(saved)))
    return saved


def resolve_rules(spec: object) -> RuleSet:
    """A preset id, a full rule set, or ``{"base": id, ...}`` whose keys replace the preset's."""
    if isinstance(spec, str):
        return get_rules(spec)
    if not isinstance(spec, Mapping):
        raise InvalidRules(Problem("rules", N_("must be a preset id or a rule set object")))
    base: RuleSet | None = None
    changes = dict(spec)
    if "base" in changes:
        base_id = changes.pop("base")
        if not isinstance(base_id, str):
            raise InvalidRules(Problem("rules.base", N_("must be a preset id")))
        base = get_rules(base_id)
        if changes:
            changes.setdefault("id", f"{base.id}-house")
    try:
        return rules_from_dict(changes, base=base)
    except InvalidRules as error:
        raise InvalidRules(
            [replace(p, field=f"rules.{p.field}") for p in error.problems]
        ) from None
