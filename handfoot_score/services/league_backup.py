"""A league as one JSON document, and back: its rules, roster, games, rounds and every tally
as entered, and for a game in play its live state: each team's book taps and the counts
teams saved of the round being played.

Importing checks the document's league, rules and roster first, then reads and stores its
games in chunks of ``CHUNK_GAMES``, each chunk in a transaction of its own, so a big import
holds the write lock for a moment at a time and keeps only one chunk's games in memory. One
import runs at a time (``league_imports`` holds it: a second gets ImportUnderWay, 503); the
league it builds is incomplete, so shown nowhere, until its last chunk is stored. A game that
cannot be imported stops the storing, the rest is read for its problems (up to
MAX_PROBLEMS), and everything stored of the league is deleted again: a broken document
changes nothing. Every round is scored again with the engine (a document cannot plant a
score). Exporting the imported league gives back the same document.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from datetime import datetime, timedelta, timezone
from typing import Any, TypeVar

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from handfoot_score.engine.errors import EngineError, InvalidRules, Problem
from handfoot_score.engine.rules import BOOK_TYPES, RuleSet
from handfoot_score.engine.rules_json import rules_from_dict
from handfoot_score.engine.scoring import score_round
from handfoot_score.extensions import db
from handfoot_score.models import (
    PLAYING, Game, League, LeagueGame, LeagueImport, LeaguePlayer, Round, TallyPart, Team,
)

from . import games, leagues
from .errors import InvalidInput, require_keys
from .locking import DatabaseBusy, begin_write, write_transaction
from .tallies import read_tallies

FORMAT = "handfoot_score.league"
VERSION = 1
#: A season of thousands of games fits; anything bigger is refused before it is read.
MAX_DOCUMENT_BYTES = 16 * 1024 * 1024
MAX_GAMES = 10_000
MAX_PLAYERS = 1_000
MAX_RULE_SETS = 100
#: A hostile document could hold a mistake in every game; the first ones are enough to fix.
MAX_PROBLEMS = 50

#: Games stored per transaction: a chunk is written in a tenth of a second or so, so a game's
#: own write never waits long for an import.
CHUNK_GAMES = 10
#: An import that stored nothing for this long died with its process: the next one may go.
STALE_IMPORT = timedelta(minutes=2)
#: More taps of one kind of book than a team could ever make.
MAX_BOOK_TAPS = 99
#: A saved count's version goes up by one a save: no table saves a million times.
MAX_COUNT_VERSION = 1_000_000
IMPORT_SLOT = 1

T = TypeVar("T")
DOCUMENT_KEYS = ("format", "version", "name", "created_at", "rules", "players", "games")
GAME_KEYS = ("played_at", "status", "rules", "first_dealer", "teams", "rounds")
#: A game in play also has these: its teams' book taps, and the counts saved of its round.
LIVE_KEYS = ("books", "counts")


class InvalidBackup(EngineError):
    """A league document that cannot be imported; each problem names where it is."""


class ImportUnderWay(DatabaseBusy):
    """Another league is being imported just now; nothing was stored (503)."""

    message = ("Another league is being restored just now and this one was not: "
               "try again in a minute.")


def export_league(league_id: str) -> dict[str, Any]:
    """The league as one JSON-ready document; raises LeagueNotFound."""
    league = leagues.league_record(league_id)
    played = db.session.scalars(
        select(Game).join(LeagueGame, LeagueGame.game_id == Game.id)
        .where(LeagueGame.league_id == league.id)
        .order_by(Game.created_at, Game.id)
        .options(selectinload(Game.teams).selectinload(Team.players),
                 selectinload(Game.rounds).selectinload(Round.tallies),
                 selectinload(Game.parts))
    ).all()
    rule_sets: dict[str, int] = {}
    documents = []
    for game in played:
        key = json.dumps(game.rules_data, sort_keys=True)
        document = {
            "played_at": _moment_text(game.created_at),
            "status": game.status,
            "rules": rule_sets.setdefault(key, len(rule_sets)),
            "first_dealer": game.first_dealer,
            "teams": [{"name": team.name, "players": [p.name for p in team.players]}
                      for team in game.teams],
            "rounds": [{"teams": [tally.data for tally in game_round.tallies]}
                       for game_round in game.rounds],
        }
        if game.status == PLAYING:
            document["books"] = [dict(team.books_data) for team in game.teams]
            document["counts"] = [
                {"team": part.team_position, "version": part.version, "tally": part.data}
                for part in game.parts if part.round_number == len(game.rounds) + 1]
        documents.append(document)
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

    Raises InvalidBackup listing what is wrong (up to MAX_PROBLEMS), having stored nothing,
    or ImportUnderWay while another import runs.
    """
    reader = _Reader()
    try:
        league = reader.league(document, edit_code)
        if league is None or reader.problems:
            for _ in reader.games():  # only to list their problems too
                pass
    except _TooManyProblems:
        league = None
    if league is None or reader.problems:
        raise InvalidBackup(reader.problems[:MAX_PROBLEMS])
    league_id = _claim_import(league)
    try:
        for chunk in reader.games():
            if not reader.problems:
                _store_chunk(league_id, chunk)
    except _TooManyProblems:
        pass
    except BaseException:
        _discard(league_id)
        raise
    if reader.problems:
        _discard(league_id)
        raise InvalidBackup(reader.problems[:MAX_PROBLEMS])
    _finish_import(league_id)
    return league_id


@write_transaction
def _claim_import(league: League) -> str:
    """Store the league and its roster, marked as being imported; raises ImportUnderWay."""
    begin_write()
    running = db.session.get(LeagueImport, IMPORT_SLOT)
    if running is not None:
        if leagues.utc(running.touched_at) > datetime.now(timezone.utc) - STALE_IMPORT:
            raise ImportUnderWay()
        abandoned = running.league_id
        db.session.rollback()
        _discard(abandoned)
        begin_write()
    db.session.add(league)
    try:
        db.session.flush()
        db.session.add(LeagueImport(slot=IMPORT_SLOT, league_id=league.id))
        db.session.commit()
    except IntegrityError:
        # Another import took the slot between our look and our write (PostgreSQL).
        db.session.rollback()
        raise ImportUnderWay() from None
    return league.id


@write_transaction
def _store_chunk(league_id: str, chunk: Sequence[Game]) -> None:
    """Store a chunk of read games in the league being imported, in one short transaction."""
    begin_write()
    league = db.session.get(League, league_id)
    running = db.session.get(LeagueImport, IMPORT_SLOT)
    if league is None or running is None or running.league_id != league_id:
        raise ImportUnderWay()  # taken over as stale: this import is over
    for game in chunk:
        leagues.seat_players(league, game)
    running.touched_at = datetime.now(timezone.utc)
    db.session.commit()


@write_transaction
def _finish_import(league_id: str) -> None:
    """Mark the league complete: from now on it is shown like any other."""
    begin_write()
    db.session.execute(delete(LeagueImport).where(LeagueImport.league_id == league_id))
    db.session.commit()


def _discard(league_id: str) -> None:
    """Delete everything stored of an unfinished import, a chunk of games at a time."""
    while _discard_chunk(league_id):
        pass


@write_transaction
def _discard_chunk(league_id: str) -> bool:
    """Delete some of the league's games, or, once none is left, the league; True while
    there is more to do."""
    begin_write()
    game_ids = db.session.scalars(select(LeagueGame.game_id).where(
        LeagueGame.league_id == league_id).limit(CHUNK_GAMES * 4)).all()
    if game_ids:
        # Teams, players, rounds, tallies and league records go with them (ON DELETE CASCADE).
        db.session.execute(delete(Game).where(Game.id.in_(game_ids)))
    else:
        db.session.execute(delete(LeagueImport).where(LeagueImport.league_id == league_id))
        db.session.execute(delete(LeaguePlayer).where(LeaguePlayer.league_id == league_id))
        db.session.execute(delete(League).where(League.id == league_id))
    db.session.commit()
    return bool(game_ids)


class _TooManyProblems(Exception):
    """Enough problems are known: stop reading."""


class _Reader:
    """Reads a league document into unsaved models, noting each problem with its path."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []
        self.rule_sets: list[RuleSet | None] = []
        self.roster: dict[str, LeaguePlayer] = {}
        self.documents: list[Any] = []

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
        self.rule_sets = [self.rules(item, f"rules[{i}]")
                          for i, item in enumerate(data["rules"])]
        self.roster = self.read_roster(data["players"])
        self.documents = data["games"]  # read by ``games``, a chunk at a time
        if league is None or self.problems:
            return None
        league.created_at = created_at
        league.players = list(self.roster.values())
        return league

    def games(self) -> Iterator[list[Game]]:
        """The document's games, read a chunk at a time (unsaved, for ``seat_players``)."""
        for start in range(0, len(self.documents), CHUNK_GAMES):
            chunk = [self.game(item, f"games[{index}].") for index, item in enumerate(
                self.documents[start:start + CHUNK_GAMES], start=start)]
            yield [game for game in chunk if game is not None]

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

    def read_roster(self, value: list[Any]) -> dict[str, LeaguePlayer]:
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

    def game(self, value: object, where: str) -> Game | None:
        try:
            data = require_keys(value, GAME_KEYS + LIVE_KEYS, required=GAME_KEYS)
        except EngineError as error:
            self.fail(error, where)
            return None
        played_at = self.moment(data["played_at"], where + "played_at")
        index = data["rules"]
        if type(index) is not int or not 0 <= index < len(self.rule_sets):
            self.fail(InvalidBackup(Problem(
                where + "rules",
                f"must be the number of a rule set, 0 to {len(self.rule_sets) - 1}")))
            return None
        rules = self.rule_sets[index]
        if rules is None or played_at is None or \
                not self.on_roster(data["teams"], self.roster, where):
            return None
        game = self.attempt(lambda: games.restore_game(
            rules, data["teams"], data["first_dealer"], data["status"], data["rounds"]), where)
        if game is None:
            return None
        if set(LIVE_KEYS) & set(data) and game.status != PLAYING:
            self.fail(InvalidBackup(Problem(
                where + "status", "only a game in play has book taps and saved counts")))
            return None
        if not self.attempt(lambda: _restore_live_state(
                rules, game, data.get("books"), data.get("counts")), where):
            return None
        game.created_at = game.updated_at = played_at
        return game

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


def _restore_live_state(rules: RuleSet, game: Game, books: object, counts: object) -> bool:
    """Put a game in play's book taps and saved counts back; raises InvalidInput or
    InvalidTally naming the team and field. True once done."""
    teams = len(game.teams)
    if books is not None:
        if not isinstance(books, list) or len(books) != teams:
            raise InvalidInput(Problem("books", f"must list the book taps of each of the "
                                                f"{teams} teams"))
        for position, taps in enumerate(books):
            game.teams[position].books_data = _book_taps(rules, taps, position)
    if counts is None:
        return True
    if not isinstance(counts, list) or len(counts) >= teams:
        raise InvalidInput(Problem("counts", f"must list the saved counts of fewer than all "
                                             f"{teams} teams (all of them make a round)"))
    number = len(game.rounds) + 1
    before = [sum(game_round.tallies[position].total for game_round in game.rounds)
              for position in range(teams)]
    counted: set[int] = set()
    for count in counts:
        data = require_keys(count, ("team", "version", "tally"),
                            required=("team", "version", "tally"))
        team, version, tally = data["team"], data["version"], data["tally"]
        if type(team) is not int or not 0 <= team < teams or team in counted:
            raise InvalidInput(Problem("counts.team", f"must be a team number, 0 to "
                                                      f"{teams - 1}, once each"))
        if type(version) is not int or not 1 <= version <= MAX_COUNT_VERSION:
            raise InvalidInput(Problem(
                "counts.version", f"must be a whole number from 1 to {MAX_COUNT_VERSION}", team))
        _check_count(rules, game.teams[team].name, before[team], number, team, tally)
        counted.add(team)
        game.parts.append(TallyPart(round_number=number, team_position=team,
                                    data=dict(tally), version=version))
    return True


def _book_taps(rules: RuleSet, taps: object, team: int) -> dict[str, int]:
    """One team's book taps, checked against its game's rules."""
    if not isinstance(taps, Mapping):
        raise InvalidInput(Problem("books", "must be an object of book kinds and counts", team))
    for kind, count in taps.items():
        if kind not in BOOK_TYPES and rules.special_book(kind) is None:
            raise InvalidInput(Problem("books", f"{kind!r} is not a book of these rules", team))
        if kind == "wild" and rules.books.wild is None:
            raise InvalidInput(Problem("books.wild", "these rules allow no wild books", team))
        if type(count) is not int or not 0 <= count <= MAX_BOOK_TAPS:
            raise InvalidInput(Problem(f"books.{kind}", f"must be 0 to {MAX_BOOK_TAPS}", team))
    return dict(taps)


def _check_count(rules: RuleSet, name: str, before: int, number: int, team: int,
                 tally: object) -> None:
    """Raise InvalidTally if a team's saved count could not be saved now: the checks a phone's
    save makes (the checks across teams wait for the last count)."""
    if not isinstance(tally, Mapping):
        raise InvalidInput(Problem("counts.tally", "must be a team's tally", team))
    try:
        entered = read_tallies([tally])[0]
        score_round(rules, number, [dataclasses.replace(
            entered, name=entered.name or name, score_before=before)])
    except EngineError as error:
        raise type(error)([Problem("counts." + p.field, p.message, team)
                           for p in error.problems]) from None


def _moment_text(moment: datetime) -> str:
    """A stored moment as ISO 8601 in UTC."""
    return leagues.utc(moment).astimezone(timezone.utc).isoformat()
