"""A league as one JSON document, and back: its rules, roster, games, rounds and every tally
as entered.

Importing checks the whole document before anything is stored, scores every round again with
the engine (a document cannot plant a score), and stores all of it in one transaction or
nothing. Exporting the imported league gives back the same document.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from datetime import datetime, timezone
from typing import Any, TypeVar

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from handfoot_score.engine.errors import EngineError, InvalidRules, Problem
from handfoot_score.engine.rules import RuleSet
from handfoot_score.engine.rules_json import rules_from_dict
from handfoot_score.extensions import db
from handfoot_score.models import Game, League, LeagueGame, LeaguePlayer, Round, Team

from . import games, leagues
from .errors import require_keys

FORMAT = "handfoot_score.league"
VERSION = 1
#: A season of thousands of games fits; anything bigger is refused before it is read.
MAX_DOCUMENT_BYTES = 16 * 1024 * 1024
MAX_GAMES = 10_000
MAX_PLAYERS = 1_000
MAX_RULE_SETS = 100
#: A hostile document could hold a mistake in every game; the first ones are enough to fix.
MAX_PROBLEMS = 50

T = TypeVar("T")
DOCUMENT_KEYS = ("format", "version", "name", "created_at", "rules", "players", "games")
GAME_KEYS = ("played_at", "status", "rules", "first_dealer", "teams", "rounds")


class InvalidBackup(EngineError):
    """A league document that cannot be imported; each problem names where it is."""


def export_league(league_id: str) -> dict[str, Any]:
    """The league as one JSON-ready document; raises LeagueNotFound."""
    league = leagues.league_record(league_id)
    played = db.session.scalars(
        select(Game).join(LeagueGame, LeagueGame.game_id == Game.id)
        .where(LeagueGame.league_id == league.id)
        .order_by(Game.created_at, Game.id)
        .options(selectinload(Game.teams).selectinload(Team.players),
                 selectinload(Game.rounds).selectinload(Round.tallies))
    ).all()
    rule_sets: dict[str, int] = {}
    documents = []
    for game in played:
        key = json.dumps(game.rules_data, sort_keys=True)
        documents.append({
            "played_at": _moment_text(game.created_at),
            "status": game.status,
            "rules": rule_sets.setdefault(key, len(rule_sets)),
            "first_dealer": game.first_dealer,
            "teams": [{"name": team.name, "players": [p.name for p in team.players]}
                      for team in game.teams],
            "rounds": [{"teams": [tally.data for tally in game_round.tallies]}
                       for game_round in game.rounds],
        })
    return {
        "format": FORMAT,
        "version": VERSION,
        "name": league.name,
        "created_at": _moment_text(league.created_at),
        "rules": [json.loads(key) for key in rule_sets],
        "players": [{"name": player.name} for player in league.players],
        "games": documents,
    }


def import_league(document: object, *, edit_code: str | None = None) -> str:
    """Rebuild a league from its export, protected by ``edit_code`` if given; returns its id.

    Raises InvalidBackup listing what is wrong (up to MAX_PROBLEMS), having stored nothing.
    """
    reader = _Reader()
    try:
        league = reader.league(document, edit_code)
    except _TooManyProblems:
        league = None
    if league is None or reader.problems:
        raise InvalidBackup(reader.problems[:MAX_PROBLEMS])
    # Everything is read and checked: only now does anything reach the database.
    db.session.add(league)
    db.session.flush()
    for game in reader.games:
        leagues.seat_players(league, game)
    db.session.commit()
    return league.id


class _TooManyProblems(Exception):
    """Enough problems are known: stop reading."""


class _Reader:
    """Reads a league document into unsaved models, noting each problem with its path."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []
        self.games: list[Game] = []

    def fail(self, error: EngineError, where: str = "") -> None:
        self.problems += [Problem(where + p.field, p.message, p.team) for p in error.problems]
        if len(self.problems) >= MAX_PROBLEMS:
            raise _TooManyProblems

    def league(self, document: object, edit_code: str | None) -> League | None:
        try:
            data = require_keys(document, DOCUMENT_KEYS, required=DOCUMENT_KEYS)
        except EngineError as error:
            self.fail(error)
            return None
        if data["format"] != FORMAT or data["version"] != VERSION:
            self.fail(InvalidBackup(Problem(
                "format", f"must be {FORMAT!r}, version {VERSION}: an export of this app")))
            return None
        for key, limit in (("rules", MAX_RULE_SETS), ("players", MAX_PLAYERS),
                           ("games", MAX_GAMES)):
            if not isinstance(data[key], list) or len(data[key]) > limit:
                self.fail(InvalidBackup(Problem(key, f"must be a list of at most {limit}")))
        if self.problems:
            return None
        league = self.attempt(lambda: leagues.new_league(data["name"], edit_code))
        created_at = self.moment(data["created_at"], "created_at")
        rule_sets = [self.rules(item, f"rules[{i}]") for i, item in enumerate(data["rules"])]
        roster = self.roster(data["players"])
        for index, item in enumerate(data["games"]):
            self.game(rule_sets, roster, item, f"games[{index}].")
        if league is None or self.problems:
            return None
        league.created_at = created_at
        league.players = list(roster.values())
        return league

    def attempt(self, build: Callable[[], T], where: str = "") -> T | None:
        """What ``build`` makes, or None with its problems noted under ``where``."""
        try:
            return build()
        except EngineError as error:
            self.fail(error, where)
            return None

    def moment(self, value: object, where: str) -> datetime | None:
        try:
            moment = datetime.fromisoformat(value) if isinstance(value, str) else None
        except ValueError:
            moment = None
        if moment is None or moment.tzinfo is None:
            self.fail(InvalidBackup(Problem(
                where, "must be a date and time with its zone, like 2025-03-12T20:00:00+00:00")))
            return None
        return moment.astimezone(timezone.utc)

    def rules(self, value: object, where: str) -> RuleSet | None:
        if not isinstance(value, Mapping):
            self.fail(InvalidRules(Problem(where, "must be a whole rule set object")))
            return None
        return self.attempt(lambda: rules_from_dict(value), where + ".")

    def roster(self, value: list[Any]) -> dict[str, LeaguePlayer]:
        roster: dict[str, LeaguePlayer] = {}
        for index, item in enumerate(value):
            where = f"players[{index}]"
            name = leagues.player_name(item.get("name")) if isinstance(item, Mapping) and \
                set(item) == {"name"} else None
            if name is None:
                self.fail(InvalidBackup(Problem(
                    where, f"must be {{\"name\": ...}} with a name of 1 to "
                           f"{leagues.MAX_PLAYER_NAME} characters")))
            elif leagues.name_key(name) in roster:
                self.fail(InvalidBackup(Problem(where, f"{name} is on the roster twice")))
            else:
                key = leagues.name_key(name)
                roster[key] = LeaguePlayer(name=name, name_key=key)
        return roster

    def game(self, rule_sets: list[RuleSet | None], roster: Mapping[str, LeaguePlayer],
             value: object, where: str) -> None:
        try:
            data = require_keys(value, GAME_KEYS, required=GAME_KEYS)
        except EngineError as error:
            self.fail(error, where)
            return
        played_at = self.moment(data["played_at"], where + "played_at")
        index = data["rules"]
        if type(index) is not int or not 0 <= index < len(rule_sets):
            self.fail(InvalidBackup(Problem(
                where + "rules", f"must be the number of a rule set, 0 to {len(rule_sets) - 1}")))
            return
        rules = rule_sets[index]
        if rules is None or played_at is None or not self.on_roster(data["teams"], roster, where):
            return
        game = self.attempt(lambda: games.restore_game(
            rules, data["teams"], data["first_dealer"], data["status"], data["rounds"]), where)
        if game is not None:
            game.created_at = game.updated_at = played_at
            self.games.append(game)

    def on_roster(self, teams: object, roster: Mapping[str, LeaguePlayer], where: str) -> bool:
        """Whether every player named in well-formed teams is on the roster."""
        fine = True
        for position, team in enumerate(teams if isinstance(teams, list) else []):
            players = team.get("players") if isinstance(team, Mapping) else None
            for name in players if isinstance(players, list) else []:
                if isinstance(name, str) and leagues.name_key(name) not in roster:
                    self.fail(InvalidBackup(Problem(
                        where + "teams.players", f"{name} is not on the league's roster",
                        position)))
                    fine = False
        return fine


def _moment_text(moment: datetime) -> str:
    """A stored moment as ISO 8601 in UTC."""
    return leagues.utc(moment).astimezone(timezone.utc).isoformat()
