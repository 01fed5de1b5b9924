"""Starting a game: its set-up (rules, teams and players, first dealer, league) read and
checked, its rules saved on the way if the table asked, and the game stored, in one
transaction; and the rematch of a game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from sqlalchemy.exc import IntegrityError

from handfoot_score.engine.errors import N_, Problem
from handfoot_score.engine.limits import MAX_PLAYERS_PER_TEAM, MAX_TEAMS, MIN_TEAMS
from handfoot_score.engine.rules import RuleSet
from handfoot_score.engine.rules_json import rules_to_dict
from handfoot_score.engine.table import player_count, seating
from handfoot_score.extensions import db
from handfoot_score.services.words import gettext
from handfoot_score.storage.models import Game, League, Player, Team

from .. import join_codes, leagues, seasons
from ..errors import InvalidInput, require_keys
from ..locking import DatabaseBusy, begin_write, write_transaction
from ..rules import SAVE_ATTEMPTS, add_saved_rules, resolve_rules
from ..typed_in import MAX_NAME as MAX_NAME  # still importable from here, as callers do
from ..typed_in import read_name, read_names
from .notes import NOTE_KEYS, read_notes, write_notes
from .records import load, state_of
from .state import GameNotes, GameState

GAME_KEYS = ("rules", "teams", "first_dealer", "league", *NOTE_KEYS)


@dataclass(frozen=True)
class TeamSetup:
    """A team as the table named it, and its players in seat order (none: the team plays as
    one seat in its own name)."""

    name: str
    players: tuple[str, ...] = ()


@dataclass(frozen=True)
class GameSetup:
    """Everything a table settles before the first deal: the rules, the teams, who deals
    first (a seat number, ``engine.table.seating``'s order), and the league, if any."""

    rules: RuleSet
    teams: tuple[TeamSetup, ...]
    first_dealer: int = 0
    league: str | None = None
    notes: GameNotes = GameNotes()

    def __post_init__(self) -> None:
        if not 0 <= self.first_dealer < seat_count(self.teams):
            raise _no_such_seat(self.teams)


def seat_count(teams: Sequence[TeamSetup]) -> int:
    """How many seats these teams take at the table: one a player, or one for a team
    playing alone in its own name."""
    return len(seating([team.players or (team.name,) for team in teams]))


def read_setup(body: object) -> GameSetup:
    """A game's set-up as the JSON API and the new-game page send it: ``{"rules", "teams":
    [{"name", "players": [...]}], "first_dealer"?, "league"?, "note"?, "place"?,
    "played_on"?}``, the rules as ``rules.resolve_rules`` reads them, the notes as
    ``notes.read_notes`` does. Raises InvalidRules, UnknownRules, or InvalidInput naming each
    team and field that cannot be."""
    data = require_keys(body, GAME_KEYS, required=("rules", "teams"))
    league = data.get("league")
    if league is not None and not isinstance(league, str):
        raise InvalidInput(Problem("league", N_("is not the id of a league")))
    notes = read_notes(*(data.get(key) for key in NOTE_KEYS))
    return replace(set_up(resolve_rules(data["rules"]), data["teams"],
                          data.get("first_dealer", 0), league), notes=notes)


def set_up(rules: RuleSet, teams: object, first_dealer: object,
           league: str | None = None) -> GameSetup:
    """The set-up of a game of ``rules``, its teams read from ``[{"name", "players": [...]},
    ...]``; raises InvalidInput naming each team and field that cannot be."""
    read = read_teams(teams)
    if type(first_dealer) is not int:
        raise _no_such_seat(read)
    return GameSetup(rules, read, first_dealer, league)


@write_transaction
def create_game(setup: GameSetup, *, edit_code: str | None = None,
                save_rules_as: str | None = None) -> GameState:
    """Start a game as set up; with ``save_rules_as``, its rules are kept under that name to
    play again.

    One transaction: the rules are saved only with the game, so a game refused (a wrong edit
    code, a player seated twice) saves no rules either. In a league, players are names on its
    roster (a new name joins it), and a league with an edit code needs ``edit_code``: raises
    EditCodeRequired or TooManyAttempts.
    """
    for _ in range(SAVE_ATTEMPTS):
        begin_write()
        league = None
        if setup.league is not None:
            league = leagues.league_for_change(setup.league, edit_code)
        rules = setup.rules
        if save_rules_as is not None:
            rules = add_saved_rules(save_rules_as, rules)
        game = game_of(setup, rules) if league is None else league_game(league, setup, rules)
        db.session.add(game)
        try:
            db.session.commit()
        except IntegrityError:
            if save_rules_as is None:
                raise
            # PostgreSQL: another table saved rules under the same id meanwhile; again.
            db.session.rollback()
            continue
        return state_of(game)
    raise DatabaseBusy()


def play_again(game_id: str, *, edit_code: str | None = None) -> GameState:
    """A new game with the same rules, teams and players; the first deal moves one seat on.

    A league game's rematch is in the same league, so it needs the league's edit code if any.
    """
    game = load(game_id)
    old = state_of(game)
    league = leagues.league_of_game(game.id)
    return create_game(GameSetup(
        rules=old.rules,
        teams=tuple(TeamSetup(t.name, t.players) for t in old.teams),
        first_dealer=(old.first_dealer + 1) % len(old.seats),
        league=league.id if league is not None else None,
    ), edit_code=edit_code)


def league_game(league: League, setup: GameSetup, rules: RuleSet) -> Game:
    """A new game of ``setup`` in ``league`` (not added to the session): its players on the
    roster and the game in the season being played."""
    game = game_of(setup, rules)
    leagues.seat_players(league, game)
    seasons.join_current_season(league, game)
    return game


def game_of(setup: GameSetup, rules: RuleSet) -> Game:
    """A game not stored yet, as set up, played by ``rules`` (the set-up's, or the same saved
    under a name) with the decks its players use: one a player where the rules say so."""
    played = rules.for_players(player_count([team.players for team in setup.teams]))
    game = Game(rules_data=rules_to_dict(played), first_dealer=setup.first_dealer,
                join_code=join_codes.new_join_code())
    for position, team_setup in enumerate(setup.teams):
        team = Team(position=position, name=team_setup.name, books_data={})
        team.players = [Player(position=i, name=p) for i, p in enumerate(team_setup.players)]
        game.teams.append(team)
    write_notes(game, setup.notes)
    return game


def read_teams(data: object) -> tuple[TeamSetup, ...]:
    """Each team's name and players from ``[{"name", "players": [...]}, ...]`` (a team with
    no name is "Team N"); raises InvalidInput naming each team and field that cannot be."""
    if not isinstance(data, list) or not MIN_TEAMS <= len(data) <= MAX_TEAMS:
        raise InvalidInput(Problem("teams", N_("must list %(least)s to %(most)s teams"),
                                   values={"least": MIN_TEAMS, "most": MAX_TEAMS}))
    problems: list[Problem] = []
    teams: list[TeamSetup] = []
    for index, item in enumerate(data):
        if not isinstance(item, Mapping) or set(item) - {"name", "players"}:
            problems.append(Problem("team", N_("must be {\"name\", \"players\": [...]}"), index))
            continue
        name = read_name(item.get("name") or gettext("Team %(number)s", number=index + 1),
                         MAX_NAME, "name", index)
        players = read_names(item.get("players", []), MAX_NAME, MAX_PLAYERS_PER_TEAM,
                             "players", index)
        problems += [read for read in (name, players) if isinstance(read, Problem)]
        teams.append(TeamSetup(name if isinstance(name, str) else "",
                               players if isinstance(players, tuple) else ()))
    if problems:
        raise InvalidInput(problems)
    return tuple(teams)


def _no_such_seat(teams: Sequence[TeamSetup]) -> InvalidInput:
    return InvalidInput(Problem("first_dealer", N_("must be a seat number from 0 to %(last)s"),
                                values={"last": seat_count(teams) - 1}))
