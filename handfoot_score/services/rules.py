"""Finding the rule set a request names: a preset, a full rule set, or a preset with changes."""

from __future__ import annotations

from collections.abc import Mapping

from handfoot_score.engine.errors import InvalidRules, Problem, UnknownRules
from handfoot_score.engine.presets import PRESETS
from handfoot_score.engine.rules import RuleSet
from handfoot_score.engine.rules_json import rules_from_dict


def list_presets() -> list[RuleSet]:
    """The presets, in the order they are offered."""
    return list(PRESETS.values())


def get_rules(rules_id: str) -> RuleSet:
    """The preset with this id; raises UnknownRules."""
    try:
        return PRESETS[rules_id]
    except KeyError:
        raise UnknownRules(rules_id) from None


def resolve_rules(spec: object) -> RuleSet:
    """A preset id, a full rule set, or ``{"base": id, ...}`` whose keys replace the preset's."""
    if isinstance(spec, str):
        return get_rules(spec)
    if not isinstance(spec, Mapping):
        raise InvalidRules(Problem("rules", "must be a preset id or a rule set object"))
    base: RuleSet | None = None
    changes = dict(spec)
    if "base" in changes:
        base_id = changes.pop("base")
        if not isinstance(base_id, str):
            raise InvalidRules(Problem("rules.base", "must be a preset id"))
        base = get_rules(base_id)
        if changes:
            changes.setdefault("id", f"{base.id}-house")
    try:
        return rules_from_dict(changes, base=base)
    except InvalidRules as error:
        raise InvalidRules(
            [Problem(f"rules.{p.field}", p.message, p.team) for p in error.problems]
        ) from None
