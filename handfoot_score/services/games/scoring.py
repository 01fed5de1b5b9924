"""Scoring a round's tallies with the engine, ready to store."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from handfoot_score.engine.errors import N_, Problem
from handfoot_score.engine.limits import MAX_ROUNDS
from handfoot_score.engine.rules import RuleSet
from handfoot_score.engine.scoring import SCORE_PARTS, score_round
from handfoot_score.engine.tally import Tally
from handfoot_score.storage.models import TallyRecord

from ..errors import InvalidInput
from ..typed_in import STORED_INT_MAX
from .records import tally_record

#: The most a round can score for or against a team: even a game of the most rounds a rule
#: set may have keeps its totals within what the database's integer columns store.
ROUND_TOTAL_MAX = STORED_INT_MAX // MAX_ROUNDS


def score_entered(rules: RuleSet, names: Sequence[str], before: Sequence[int], number: int,
                  tallies: Sequence[Tally]) -> list[TallyRecord]:
    """Every team's tally of round ``number`` checked and scored, as rows to store, in team
    order (each tally as counted: the names and scores before are filled in only to score
    it); raises InvalidTally or InvalidInput naming the team and field."""
    if len(tallies) != len(names):
        raise _one_tally_a_team(len(names))
    scored = [replace(tally, name=tally.name or name, score_before=score)
              for tally, name, score in zip(tallies, names, before)]
    result = score_round(rules, number, scored)
    too_big = [Problem("teams", N_("a round total of %(total)s is more than a score sheet "
                                   "holds (at most %(most)s either way)"), position,
                       {"total": score.total, "most": ROUND_TOTAL_MAX})
               for position, score in enumerate(result.teams)
               if not all(abs(points) <= ROUND_TOTAL_MAX for points in (
                   *(getattr(score, part) for part in SCORE_PARTS), score.total))]
    if too_big:
        raise InvalidInput(too_big)
    return [tally_record(position, tally, score)
            for position, (tally, score) in enumerate(zip(tallies, result.teams))]


def _one_tally_a_team(teams: int) -> InvalidInput:
    return InvalidInput(Problem("teams", N_("must list a tally for each of the %(teams)s teams"),
                                values={"teams": teams}))
