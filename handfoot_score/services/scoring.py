"""Scoring a round and checking melds, for the pages and the JSON API alike, and a stored
game's score sheet (for the game services and the leagues' standings alike)."""

from __future__ import annotations

from typing import Any

from handfoot_score.engine.errors import N_, Problem
from handfoot_score.engine.limits import MAX_PLAYERS_PER_TEAM
from handfoot_score.engine.melds import Opening, check_opening, more_than_laid, read_melds
from handfoot_score.engine.rules import RuleSet
from handfoot_score.engine.scoresheet import Scoresheet
from handfoot_score.engine.scoring import SCORE_PARTS, RoundScore, TeamScore, score_round
from handfoot_score.engine.warnings import PLAYERS_A_TEAM
from handfoot_score.storage.models import Game

from .errors import InvalidInput, require_keys
from .rules import resolve_rules, stored_rules
from .tallies import read_tallies
from .typed_in import MAX_NAME, read_names
from .words import say

SCORE_KEYS = ("rules", "round", "teams")
MELD_CHECK_KEYS = ("rules", "round", "melds", "score_before")
MELDS_SHAPE = N_("must be a list of melds, each a list of cards")


def score_request(body: object) -> dict[str, Any]:
    """Score ``{"rules", "round", "teams"}``: the answer of POST /api/v1/score. A team may
    name its ``players``, as a game's teams do, so the warnings know the cards dealt to it
    (and, where the rules play a deck a player, the decks); a team that names none is taken
    as two players."""
    data = require_keys(body, SCORE_KEYS, required=SCORE_KEYS)
    rules = resolve_rules(data["rules"])
    round_number = _round(data["round"], rules)
    teams, players = read_players(data["teams"])
    tallies = read_tallies(teams)
    if players is not None:
        rules = rules.for_players(sum(players))
    result = score_round(rules, round_number, tallies, players)
    return round_score_to_dict(result)


def read_players(teams: object) -> tuple[object, list[int] | None]:
    """The teams' tallies without their ``players``, and each team's number of players
    (None where no team names any; two for a team that does not, where another does);
    raises InvalidInput naming each team whose players cannot be read."""
    if not isinstance(teams, list) or not any(
            isinstance(team, dict) and "players" in team for team in teams):
        return teams, None
    problems: list[Problem] = []
    players: list[int] = []
    for position, team in enumerate(teams):
        if not isinstance(team, dict) or "players" not in team:
            players.append(PLAYERS_A_TEAM)
            continue
        names = read_names(team["players"], MAX_NAME, MAX_PLAYERS_PER_TEAM, "players",
                           position)
        if isinstance(names, Problem):
            problems.append(names)
            continue
        players.append(len(names) or 1)
    if problems:
        raise InvalidInput(problems)
    return [{key: value for key, value in team.items() if key != "players"}
            if isinstance(team, dict) else team for team in teams], players


def round_score_to_dict(result: RoundScore) -> dict[str, Any]:
    """A round's scores in the shape of the JSON API."""
    return {
        "round": result.round,
        "teams": [team_score_to_dict(team) for team in result.teams],
        "warnings": [{**warning.as_dict(), "message": say(warning)}
                     for warning in result.warnings],
    }


def team_score_to_dict(team: TeamScore) -> dict[str, Any]:
    """One team's breakdown in the shape of the JSON API."""
    return {"name": team.name, **{part: getattr(team, part) for part in SCORE_PARTS},
            "total": team.total, "meld_minimum": team.meld_minimum}


def meld_check_request(body: object) -> dict[str, Any]:
    """Judge ``{"rules", "round", "melds", "score_before"?}``: POST /api/v1/meld-check."""
    data = require_keys(body, MELD_CHECK_KEYS, required=("rules", "round", "melds"))
    rules = resolve_rules(data["rules"])
    round_number = _round(data["round"], rules)
    melds = data["melds"]
    if not isinstance(melds, list) or not all(isinstance(meld, list) for meld in melds):
        raise InvalidInput(Problem("melds", MELDS_SHAPE))
    too_many = more_than_laid(rules, [len(meld) for meld in melds])
    if too_many is not None:
        raise InvalidInput(too_many)
    if not all(isinstance(card, str) for meld in melds for card in meld):
        raise InvalidInput(Problem("melds", MELDS_SHAPE))
    score_before = data.get("score_before")
    if score_before is not None and type(score_before) is not int:
        raise InvalidInput(Problem("score_before", N_("must be a whole number")))
    return opening_to_dict(check_opening(rules, round_number, read_melds(melds), score_before))


def opening_to_dict(opening: Opening) -> dict[str, Any]:
    """A meld check in the shape of the JSON API."""
    return {
        "valid": opening.valid,
        "points": opening.points,
        "meld_minimum": opening.meld_minimum,
        "meets_minimum": opening.meets_minimum,
        "melds": [
            {"cards": [card.value for card in meld.cards], "kind": meld.kind,
             "points": meld.points, "valid": meld.valid, "book": meld.is_book,
             "problems": [say(problem) for problem in meld.problems]}
            for meld in opening.melds
        ],
    }


def _round(value: object, rules: RuleSet) -> int:
    if type(value) is not int or not 1 <= value <= len(rules.rounds):
        raise InvalidInput(Problem("round", N_("must be a round from 1 to %(rounds)s"),
                                   values={"rounds": len(rules.rounds)}))
    return value


def scoresheet_of(game: Game) -> Scoresheet:
    """The score sheet of a stored game, from its stored round totals."""
    return Scoresheet.of(stored_rules(game.rules_data), len(game.teams),
                         ([tally.total for tally in r.tallies] for r in game.rounds))
