"""Reading a league document into unsaved models, noting each problem with where it is."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace
from datetime import UTC, date, datetime
from typing import Any, TypeVar

from handfoot_score.engine.errors import N_, EngineError, InvalidRules, Problem
from handfoot_score.engine.rules import RuleSet
from handfoot_score.engine.rules_json import rules_from_dict
from handfoot_score.storage.models import (
    SEASON_NAME_LENGTH,
    Game,
    GameStatus,
    League,
    LeaguePlayer,
    Season,
)

from .. import leagues
from ..errors import require_keys
from ..games.notes import NOTE_KEYS, read_notes, write_notes
from ..typed_in import FIRST_DAY, LAST_DAY, tidy_name
from .document import (
    DOCUMENT_KEYS,
    FORMAT,
    GAME_EXTRA_KEYS,
    GAME_KEYS,
    LIVE_KEYS,
    MAX_GAMES,
    MAX_PROBLEMS,
    MAX_ROSTER_PLAYERS,
    MAX_RULE_SETS,
    MAX_SEASONS,
    READ_VERSIONS,
    SEASON_KEYS,
    VERSION,
    InvalidBackup,
)
from .restoring import restore_game, restore_live_state

T = TypeVar("T")


class TooManyProblems(Exception):
    """Enough problems are known: stop reading."""


class DocumentReader:
    """Reads a league document into unsaved models, noting each problem with its path."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []
        self.rule_sets: list[RuleSet | None] = []
        self.roster: dict[str, LeaguePlayer] = {}
        self.seasons: list[Season] = []
        self.documents: list[Any] = []

    def fail(self, error: EngineError, where: str = "") -> None:
        self.problems += [replace(p, field=where + p.field) for p in error.problems]
        if len(self.problems) >= MAX_PROBLEMS:
            raise TooManyProblems

    def league(self, document: object, edit_code: str | None) -> League | None:
        try:
            data = require_keys(document, (*DOCUMENT_KEYS, "seasons"), required=DOCUMENT_KEYS)
        except EngineError as error:
            self.fail(error)
            return None
        if data["format"] != FORMAT or data["version"] not in READ_VERSIONS or \
                type(data["version"]) is not int:
            self.fail(InvalidBackup(Problem(
                "format", N_("must be %(format)s, version %(version)s: an export of this app"),
                values={"format": repr(FORMAT), "version": VERSION})))
            return None
        for key, limit in (("rules", MAX_RULE_SETS), ("players", MAX_ROSTER_PLAYERS),
                           ("games", MAX_GAMES), ("seasons", MAX_SEASONS)):
            if key not in data:
                continue
            if not isinstance(data[key], list) or len(data[key]) > limit:
                self.fail(InvalidBackup(Problem(key, N_("must be a list of at most %(most)s"),
                                                values={"most": limit})))
        if self.problems:
            return None
        league = self.attempt(lambda: leagues.new_league(data["name"], edit_code))
        created_at = self.moment(data["created_at"], "created_at")
        self.rule_sets = [self.rules(item, f"rules[{i}]")
                          for i, item in enumerate(data["rules"])]
        self.roster = self.read_roster(data["players"])
        self.seasons = self.read_seasons(data.get("seasons", []))
        self.documents = data["games"]  # read by ``games``, a chunk at a time
        if league is None or created_at is None or self.problems:
            return None
        league.created_at = created_at
        league.restored_at = datetime.now(UTC)
        league.players = list(self.roster.values())
        league.seasons = list(self.seasons)
        return league

    def games(self, chunk_games: int) -> Iterator[list[tuple[Game, int | None]]]:
        """The document's games, read ``chunk_games`` at a time (unsaved, for
        ``seat_players``), each with its season's place in the league's seasons (None for a
        game in none)."""
        for start in range(0, len(self.documents), chunk_games):
            chunk = [self.game(item, f"games[{index}].") for index, item in enumerate(
                self.documents[start:start + chunk_games], start=start)]
            yield [read for read in chunk if read is not None]

    def read_seasons(self, value: list[Any]) -> list[Season]:
        """The league's seasons, oldest first: each named once, with the day it starts, a day
        a season started on the site could have (``seasons.start_season``)."""
        seasons: list[Season] = []
        names: set[str] = set()
        for index, item in enumerate(value):
            where = f"seasons[{index}]"
            data = item if isinstance(item, Mapping) and set(item) == set(SEASON_KEYS) else {}
            name = tidy_name(data.get("name"), SEASON_NAME_LENGTH)
            starts_on = data.get("starts_on")
            try:
                day = date.fromisoformat(starts_on) if isinstance(starts_on, str) else None
            except ValueError:
                day = None
            if name is None or day is None:
                self.fail(InvalidBackup(Problem(
                    where, N_("must be {\"name\": ..., \"starts_on\": \"2026-03-01\"} with a "
                              "name of 1 to %(most)s characters"),
                    values={"most": SEASON_NAME_LENGTH})))
            elif not FIRST_DAY <= day <= LAST_DAY:
                self.fail(InvalidBackup(Problem(
                    f"{where}.starts_on", N_("must be a day from %(first)s to %(last)s"),
                    values={"first": FIRST_DAY.isoformat(), "last": LAST_DAY.isoformat()})))
            elif leagues.name_key(name) in names:
                self.fail(InvalidBackup(Problem(where, N_("%(name)s is the name of two seasons"),
                                                values={"name": name})))
            else:
                names.add(leagues.name_key(name))
                seasons.append(Season(name=name, starts_on=day))
        return seasons

    def attempt(self, build: Callable[[], T], where: str = "") -> T | None:
        """What ``build`` makes, or None with its problems noted under ``where``."""
        try:
            return build()
        except EngineError as error:
            self.fail(error, where)
            return None

    def moment(self, value: object, where: str) -> datetime | None:
        """The moment ``value`` names, in UTC; None, noted, if it is no date and time with
        its zone, or one that moved to UTC falls outside the years 1 to 9999 (what Python
        and the database hold: ``9999-12-31T23:59:59-01:00`` is in year 10000 in UTC)."""
        try:
            moment = datetime.fromisoformat(value) if isinstance(value, str) else None
        except ValueError:
            moment = None
        if moment is None or moment.tzinfo is None:
            self.fail(InvalidBackup(Problem(
                where,
                N_("must be a date and time with its zone, like 2025-03-12T20:00:00+00:00"))))
            return None
        try:
            return moment.astimezone(UTC)
        except OverflowError:
            self.fail(InvalidBackup(Problem(
                where, N_("must be a moment from the year 1 to 9999 in UTC"))))
            return None

    def rules(self, value: object, where: str) -> RuleSet | None:
        if not isinstance(value, Mapping):
            self.fail(InvalidRules(Problem(where, N_("must be a whole rule set object"))))
            return None
        return self.attempt(lambda: rules_from_dict(value), where + ".")

    def read_roster(self, value: list[Any]) -> dict[str, LeaguePlayer]:
        roster: dict[str, LeaguePlayer] = {}
        for index, item in enumerate(value):
            where = f"players[{index}]"
            name = leagues.player_name(item.get("name")) if isinstance(item, Mapping) and \
                set(item) == {"name"} else None
            if name is None:
                self.fail(InvalidBackup(Problem(
                    where, N_("must be {\"name\": ...} with a name of 1 to %(most)s characters"),
                    values={"most": leagues.MAX_PLAYER_NAME})))
            elif leagues.name_key(name) in roster:
                self.fail(InvalidBackup(Problem(where, N_("%(name)s is on the roster twice"),
                                                values={"name": name})))
            else:
                key = leagues.name_key(name)
                roster[key] = LeaguePlayer(name=name, name_key=key)
        return roster

    def game(self, value: object, where: str) -> tuple[Game, int | None] | None:
        try:
            data = require_keys(value, GAME_KEYS + LIVE_KEYS + GAME_EXTRA_KEYS,
                                required=GAME_KEYS)
        except EngineError as error:
            self.fail(error, where)
            return None
        played_at = self.moment(data["played_at"], where + "played_at")
        season = data.get("season")
        if season is not None and (type(season) is not int
                                   or not 0 <= season < len(self.seasons)):
            self.fail(InvalidBackup(Problem(
                where + "season", N_("must be the number of one of the league's seasons, "
                                     "0 to %(last)s"), values={"last": len(self.seasons) - 1})))
            return None
        notes = self.attempt(lambda: read_notes(*(data.get(key) for key in NOTE_KEYS)), where)
        if notes is None:
            return None
        index = data["rules"]
        if type(index) is not int or not 0 <= index < len(self.rule_sets):
            self.fail(InvalidBackup(Problem(
                where + "rules", N_("must be the number of a rule set, 0 to %(last)s"),
                values={"last": len(self.rule_sets) - 1})))
            return None
        rules = self.rule_sets[index]
        if rules is None or played_at is None or \
                not self.on_roster(data["teams"], self.roster, where):
            return None
        game = self.attempt(lambda: restore_game(
            rules, data["teams"], data["first_dealer"], data["status"], data["rounds"]), where)
        if game is None:
            return None
        if set(LIVE_KEYS) & set(data) and game.status != GameStatus.PLAYING:
            self.fail(InvalidBackup(Problem(
                where + "status", N_("only a game in play has book taps and saved counts"))))
            return None
        if not self.attempt(lambda: restore_live_state(
                rules, game, data.get("books"), data.get("counts"),
                data.get("red_threes_down")), where):
            return None
        game.created_at = game.updated_at = played_at
        write_notes(game, notes)
        return game, season

    def on_roster(self, teams: object, roster: Mapping[str, LeaguePlayer], where: str) -> bool:
        """Whether every player named in well-formed teams is on the roster."""
        fine = True
        for position, team in enumerate(teams if isinstance(teams, list) else []):
            players = team.get("players") if isinstance(team, Mapping) else None
            for name in players if isinstance(players, list) else []:
                if isinstance(name, str) and leagues.name_key(name) not in roster:
                    self.fail(InvalidBackup(Problem(
                        where + "teams.players", N_("%(name)s is not on the league's roster"),
                        position, {"name": name})))
                    fine = False
        return fine
