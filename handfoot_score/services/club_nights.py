"""Club nights: a league's evening of tables drawn for who is present, and each table's game
started from the plan in one tap.

A night stores its tables as drawn when it is made (``engine.seating_plan``), beside the
players, games each and seed they were drawn from, and every page, the API and the board show
them as stored: drawn again from the seed they could differ on another version of Python, and
reseat a night half played. "Draw again" makes a new night of the same players with another
seed; the night drawn before keeps its tables and the games started at them. Creating a night,
drawing again and starting a table's game all change the league, so a league with an edit
code needs it (``edit_codes``).
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import select

from handfoot_score.engine.errors import MOST_PROBLEMS, N_, Problem
from handfoot_score.engine.presets import CLASSIC
from handfoot_score.engine.seating_plan import (
    MAX_GAMES_EACH,
    MAX_NIGHT_PLAYERS,
    MIN_NIGHT_PLAYERS,
    Evening,
    SixSeats,
    TablePlan,
    draw_evening,
)
from handfoot_score.extensions import db
from handfoot_score.storage.models import ClubNight, ClubNightGame, Game, GameStatus, LeaguePlayer

from . import league_play
from .edit_codes import require_edit_code
from .errors import InvalidInput, NotFound, require_keys
from .games import GameState
from .games.setup import MAX_NAME, GameSetup, TeamSetup, league_game
from .leagues import (
    MAX_PLAYER_NAME,
    league_for_change,
    league_record,
    name_key,
    player_name,
    utc,
)
from .locking import begin_write, write_transaction
from .rules import get_rules
from .typed_in import text_problem
from .words import gettext

NIGHT_KEYS = ("players", "games_each", "rules", "six_seats", "seed")
#: A seed is stored as a 32-bit whole number, as every database keeps one.
MAX_SEED = 2**31 - 1
#: What separates partners in the name of a team a table's game is started with.
PARTNERS = " & "


class ClubNightNotFound(NotFound):
    """No club night of this league has this id."""

    message = N_("There is no club night at this address.")


@dataclass(frozen=True)
class NightSetup:
    """A club night as asked for: the players present (distinct names), games each, the
    rules its tables play, how a table of six plays, and the seed (None: a new one)."""

    players: tuple[str, ...]
    games_each: int
    rules_id: str = CLASSIC.id
    six_seats: SixSeats = SixSeats.PAIRS
    seed: int | None = None


@dataclass(frozen=True)
class StartedGame:
    """The game started at a table: its id, its join code while in play, its status."""

    id: str
    join_code: str | None
    status: str


@dataclass(frozen=True)
class TableStart:
    """A table's game after a tap on its start: ``new`` unless an earlier tap started it."""

    game: StartedGame
    new: bool


@dataclass(frozen=True)
class TableView:
    """A table of a rotation (numbered from 1), and its game once started."""

    number: int
    plan: TablePlan
    game: StartedGame | None


@dataclass(frozen=True)
class RotationView:
    """A rotation (numbered from 1): its tables and who sits it out."""

    number: int
    tables: tuple[TableView, ...]
    sitting_out: tuple[str, ...]


@dataclass(frozen=True)
class NightView:
    """A club night as its page and the API show it."""

    id: str
    league_id: str
    league_name: str
    protected: bool
    players: tuple[str, ...]
    games_each: int
    seed: int
    six_seats: SixSeats
    rules_id: str
    created_at: datetime
    rotations: tuple[RotationView, ...]


def read_night(body: object) -> NightSetup:
    """A night as the JSON API sends it: ``{"players": [...], "games_each", "rules"?,
    "six_seats"?, "seed"?}``; raises InvalidInput naming each field that cannot be."""
    data = require_keys(body, NIGHT_KEYS, required=("players", "games_each"))
    return night_setup(data["players"], data["games_each"], data.get("rules", CLASSIC.id),
                       data.get("six_seats", SixSeats.PAIRS.value), data.get("seed"))


def night_setup(players: object, games_each: object, rules: object = CLASSIC.id,
                six_seats: object = SixSeats.PAIRS.value, seed: object = None) -> NightSetup:
    """A night of these players (names tidied; the same name twice, whatever its case and
    spacing, is refused), games each, rules id, table-of-six seating and seed; raises
    InvalidInput naming each field that cannot be."""
    problems: list[Problem] = []
    names = _present(players, problems)
    if type(games_each) is not int or not 1 <= games_each <= MAX_GAMES_EACH:
        problems.append(Problem("games_each", N_("must be a whole number from 1 to %(most)s"),
                                values={"most": MAX_GAMES_EACH}))
    if not isinstance(rules, str) or not rules:
        problems.append(Problem("rules", N_("must be the id of a rule set")))
    if not isinstance(six_seats, str) or six_seats not in {seats.value for seats in SixSeats}:
        problems.append(Problem("six_seats", N_("must be \"pairs\" or \"threes\"")))
    if seed is not None and (type(seed) is not int or not 0 <= seed <= MAX_SEED):
        problems.append(Problem("seed", N_("must be a whole number from 0 to %(most)s"),
                                values={"most": MAX_SEED}))
    if problems:
        raise InvalidInput(problems[:MOST_PROBLEMS])
    assert isinstance(games_each, int) and isinstance(rules, str) and isinstance(six_seats, str)
    assert seed is None or isinstance(seed, int)
    return NightSetup(tuple(names), games_each, rules, SixSeats(six_seats), seed)


def _present(players: object, problems: list[Problem]) -> list[str]:
    """The names present, tidied; each that cannot be adds its problem to ``problems``."""
    if not isinstance(players, list) or \
            not MIN_NIGHT_PLAYERS <= len(players) <= MAX_NIGHT_PLAYERS:
        problems.append(Problem("players", N_("must list %(least)s to %(most)s players"),
                                values={"least": MIN_NIGHT_PLAYERS, "most": MAX_NIGHT_PLAYERS}))
        return []
    names: list[str] = []
    seen: set[str] = set()
    for typed in players:
        name = player_name(typed, MAX_PLAYER_NAME)
        if name is None:
            problems.append(text_problem("players", MAX_PLAYER_NAME))
        elif name_key(name) in seen:
            problems.append(Problem("players", N_("%(name)s is listed twice"),
                                    values={"name": name}))
        else:
            seen.add(name_key(name))
            names.append(name)
    return names


@write_transaction
def create_night(league_id: str, setup: NightSetup, *, edit_code: str | None = None
                 ) -> NightView:
    """Draw a club night of this league and store it with its tables as drawn; names on the
    roster take its spelling. Raises LeagueNotFound, UnknownRules, EditCodeRequired or
    TooManyAttempts."""
    begin_write()
    league = league_record(league_id)
    require_edit_code(league, edit_code)
    get_rules(setup.rules_id)
    roster = {row.name_key: row.name for row in db.session.execute(
        select(LeaguePlayer.name_key, LeaguePlayer.name)
        .where(LeaguePlayer.league_id == league.id))}
    players = [roster.get(name_key(name), name) for name in setup.players]
    seed = secrets.randbelow(MAX_SEED + 1) if setup.seed is None else setup.seed
    evening = draw_evening(players, setup.games_each, seed, setup.six_seats)
    night = ClubNight(
        league_id=league.id, players=players, games_each=setup.games_each,
        six_seats=setup.six_seats.value, rules_id=setup.rules_id, seed=seed,
        rotations=evening.as_data())
    db.session.add(night)
    db.session.commit()
    return get_night(league.id, night.id)


def draw_again(league_id: str, night_id: str, *, edit_code: str | None = None) -> NightView:
    """A new night of the same players, games and rules, drawn with another seed."""
    night = _night(league_id, night_id)
    return create_night(league_id, NightSetup(
        tuple(night.players), night.games_each, night.rules_id, SixSeats(night.six_seats)),
        edit_code=edit_code)


def get_night(league_id: str, night_id: str) -> NightView:
    """A club night with its tables as stored and the games started at them; raises
    LeagueNotFound or ClubNightNotFound."""
    league = league_record(league_id)
    night = _night(league_id, night_id)
    started = {(row.rotation, row.table): StartedGame(row.id, row.join_code, row.status)
               for row in db.session.execute(
                   select(ClubNightGame.rotation, ClubNightGame.table, Game.id, Game.join_code,
                          Game.status).join(Game, Game.id == ClubNightGame.game_id)
                   .where(ClubNightGame.night_id == night.id))}
    rotations = tuple(
        RotationView(number, tuple(TableView(table, plan, started.get((number, table)))
                                   for table, plan in enumerate(rotation.tables, start=1)),
                     rotation.sitting_out)
        for number, rotation in enumerate(_evening(night).rotations, start=1))
    return NightView(
        id=night.id, league_id=league.id, league_name=league.name,
        protected=league.edit_code_hash is not None, players=tuple(night.players),
        games_each=night.games_each, seed=night.seed, six_seats=SixSeats(night.six_seats),
        rules_id=night.rules_id, created_at=utc(night.created_at), rotations=rotations)


@write_transaction
def start_table(league_id: str, night_id: str, rotation: int, table: int, *,
                edit_code: str | None = None) -> TableStart:
    """Start the game of one table of a night, in its league, with its players and teams
    (or find the one already started: a second tap starts no second game). Raises
    ClubNightNotFound for a table the night does not have."""
    begin_write()
    league_record(league_id)  # a league that is not there is not found
    night = _night(league_id, night_id)
    plan = _table_plan(night, rotation, table)
    league = league_for_change(league_id, edit_code)
    existing = db.session.get(ClubNightGame, (night_id, rotation, table))
    if existing is not None:
        game = existing.game
        return TableStart(StartedGame(game.id, game.join_code, game.status), new=False)
    setup = GameSetup(get_rules(night.rules_id), _teams(plan.teams), league=league.id)
    game = league_game(league, setup, setup.rules)
    db.session.add(game)
    db.session.add(ClubNightGame(night_id=night_id, rotation=rotation, table=table, game=game))
    db.session.commit()
    return TableStart(StartedGame(game.id, game.join_code, game.status), new=True)


#: How long after it was drawn a night is tonight's, on the league's board.
TONIGHT = timedelta(hours=16)


@dataclass(frozen=True)
class Tonight:
    """The night a league's board shows: the night, the rotation being played, and the
    games started at its tables, by id."""

    night: NightView
    rotation: RotationView
    games: Mapping[str, GameState]

    def game_at(self, table: TableView) -> GameState | None:
        """The game of one of the rotation's tables, with its round and totals, once started."""
        return self.games.get(table.game.id) if table.game else None


def tonight(league_id: str, now: datetime | None = None) -> Tonight | None:
    """The league's latest night if it was drawn in the last TONIGHT, with the rotation being
    played (the first with a table whose game is not over, or not started, else the last)
    and its tables' games; None when the league has no such night. Raises LeagueNotFound."""
    now = now or datetime.now(UTC)
    latest = db.session.scalars(
        select(ClubNight.id).where(ClubNight.league_id == league_id,
                                   ClubNight.created_at >= now - TONIGHT)
        .order_by(ClubNight.created_at.desc(), ClubNight.id).limit(1)).first()
    if latest is None:
        league_record(league_id)  # a league that is not there is not found
        return None
    night = get_night(league_id, latest)
    playing = next((rotation for rotation in night.rotations
                    if any(table.game is None or table.game.status == GameStatus.PLAYING
                           for table in rotation.tables)), night.rotations[-1])
    return Tonight(night, playing, league_play.games_by_id(
        league_id, [table.game.id for table in playing.tables if table.game]))


def _table_plan(night: ClubNight, rotation: int, table: int) -> TablePlan:
    """One table of the night, by its rotation and number (from 1); raises ClubNightNotFound
    for a table the night does not have."""
    rotations = _evening(night).rotations
    if not 1 <= rotation <= len(rotations) or \
            not 1 <= table <= len(rotations[rotation - 1].tables):
        raise ClubNightNotFound(f"{night.id}/{rotation}/{table}")
    return rotations[rotation - 1].tables[table - 1]


def _evening(night: ClubNight) -> Evening:
    """The night's tables as stored when drawn: never drawn again to be read."""
    return Evening.from_data(night.rotations)


def _teams(teams: Sequence[Sequence[str]]) -> tuple[TeamSetup, ...]:
    """A table's teams, each named after its players where the name fits, else by number."""
    named = []
    for number, players in enumerate(teams, start=1):
        name = PARTNERS.join(players)
        if len(name) > MAX_NAME:
            name = gettext("Team %(number)s", number=number)
        named.append(TeamSetup(name, tuple(players)))
    return tuple(named)


def _night(league_id: str, night_id: str) -> ClubNight:
    night = db.session.get(ClubNight, night_id) if isinstance(night_id, str) else None
    if night is None or night.league_id != league_id:
        raise ClubNightNotFound(night_id)
    return night

