"""Starting a game: its teams and players read and checked, its rules saved on the way if the
table asked, and the game stored, in one transaction; and the rematch of a game."""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy.exc import IntegrityError

from handfoot_score.engine.errors import N_, Problem
from handfoot_score.engine.limits import MAX_PLAYERS_PER_TEAM, MAX_TEAMS, MIN_TEAMS
from handfoot_score.engine.rules import RuleSet
from handfoot_score.engine.rules_json import rules_to_dict
from handfoot_score.engine.table import seating
from handfoot_score.extensions import db
from handfoot_score.models import Game, Player, Team
from handfoot_score.services.words import gettext

from .. import join_codes, leagues
from ..errors import InvalidInput, require_keys
from ..locking import DatabaseBusy, begin_write, write_transaction
from ..rules import SAVE_ATTEMPTS, add_saved_rules, resolve_rules
from ..typed_in import tidy_name
from .records import load, state_of
from .state import GameState

MAX_NAME = 60
GAME_KEYS = ("rules", "teams", "first_dealer", "league")


@write_transaction
def create_game(body: object, *, edit_code: str | None = None,
                save_rules_as: str | None = None) -> GameState:
    """Start a game: ``{"rules", "teams": [{"name", "players": [...]}], "first_dealer"?,
    "league"?}``; with ``save_rules_as``, its rules are kept under that name to play again.

    One transaction: the rules are saved only with the game, so a game refused (a wrong edit
    code, a team that cannot be) saves no rules either. In a league, players are names on its
    roster (a new name joins it), and a league with an edit code needs ``edit_code``: raises
    EditCodeRequired or TooManyAttempts.
    """
    data = require_keys(body, GAME_KEYS, required=("rules", "teams"))
    for _ in range(SAVE_ATTEMPTS):
        begin_write()
        league = None
        if data.get("league") is not None:
            league = leagues.league_for_change(data["league"], edit_code)
        rules = resolve_rules(data["rules"])
        if save_rules_as is not None:
            rules = add_saved_rules(save_rules_as, rules)
        game = new_game(rules, data["teams"], data.get("first_dealer", 0))
        if league is not None:
            leagues.seat_players(league, game)
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
    return create_game({
        "rules": rules_to_dict(old.rules),
        "teams": [{"name": t.name, "players": list(t.players)} for t in old.teams],
        "first_dealer": (old.first_dealer + 1) % len(old.seats),
        "league": league.id if league is not None else None,
    }, edit_code=edit_code)


def new_game(rules: RuleSet, teams_data: object, first_dealer: object) -> Game:
    """A game not stored yet, its teams and players read from ``teams_data``; raises
    InvalidInput naming each team and field that cannot be."""
    teams = read_teams(teams_data)
    seat_count = len(seating([players or (name,) for name, players in teams]))
    if type(first_dealer) is not int or not 0 <= first_dealer < seat_count:
        raise InvalidInput(Problem(
            "first_dealer", N_("must be a seat number from 0 to %(last)s"),
            values={"last": seat_count - 1}))
    game = Game(rules_data=rules_to_dict(rules), first_dealer=first_dealer,
                join_code=join_codes.new_join_code())
    for position, (name, players) in enumerate(teams):
        team = Team(position=position, name=name, books_data={})
        team.players = [Player(position=i, name=p) for i, p in enumerate(players)]
        game.teams.append(team)
    return game


def read_teams(data: object) -> list[tuple[str, tuple[str, ...]]]:
    """Each team's name and players from ``[{"name", "players": [...]}, ...]`` (a team with
    no name is "Team N"); raises InvalidInput naming each team and field that cannot be."""
    if not isinstance(data, list) or not MIN_TEAMS <= len(data) <= MAX_TEAMS:
        raise InvalidInput(Problem("teams", N_("must list %(least)s to %(most)s teams"),
                                   values={"least": MIN_TEAMS, "most": MAX_TEAMS}))
    problems: list[Problem] = []
    teams: list[tuple[str, tuple[str, ...]]] = []
    for index, item in enumerate(data):
        if not isinstance(item, Mapping) or set(item) - {"name", "players"}:
            problems.append(Problem("team", N_("must be {\"name\", \"players\": [...]}"), index))
            continue
        name = tidy_name(item.get("name") or gettext("Team %(number)s", number=index + 1),
                         MAX_NAME)
        if name is None:
            problems.append(Problem("name", N_("must be text of 1 to %(most)s characters, "
                                               "no control characters"), index,
                                    {"most": MAX_NAME}))
        players = item.get("players", [])
        names = [tidy_name(p, MAX_NAME) for p in players] if isinstance(players, list) \
            else [None]
        if None in names or len(names) > MAX_PLAYERS_PER_TEAM:
            problems.append(Problem(
                "players", N_("must list up to %(players)s names of 1 to %(most)s characters, "
                              "no control characters"), index,
                {"players": MAX_PLAYERS_PER_TEAM, "most": MAX_NAME}))
        teams.append((name or "", tuple(n for n in names if n)))
    if problems:
        raise InvalidInput(problems)
    return teams
