"""Every write to a game moves its game version on by exactly one, whatever it changed, so a
phone that showed the game before can tell; a write that changes nothing leaves it.

No command moves it by hand: a change to any of a game's rows, flushed, moves it on
(``services/games/writes.py``). The tests below hold each command to it, and each kind of
row changed straight through the ORM, so a new command or a new row cannot slip past."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from flask import Flask

from handfoot_score.extensions import db
from handfoot_score.services import games, tally_parts, undo
from handfoot_score.services.games import GameNotes, GameWrite, game_write
from handfoot_score.services.tallies import read_entered, read_entered_tally
from handfoot_score.storage.models import Game, TallyPart
from tests.game_pages import QUIET, record, start_game, state_of

Write = Callable[[str], object]


def nothing(game_id: str) -> None:
    """No write before the one measured."""


def one_count_saved(game_id: str) -> None:
    tally_parts.save_part(game_id, 2, 0, read_entered_tally(QUIET, 0), 0)


#: Each write, after what it needs done first, in a game with round 1 recorded.
WRITES: dict[str, tuple[Write, Write]] = {
    "record a round": (nothing, lambda game_id: games.record_round(
        game_id, read_entered([QUIET, QUIET]))),
    "correct a round": (nothing, lambda game_id: games.correct_round(
        game_id, 1, read_entered([QUIET, {}]), version=1)),
    "take back a round": (nothing, lambda game_id: undo.undo_round(
        game_id, 1, games.get_game(game_id).version)),
    "tap a book": (nothing, lambda game_id: games.tap_book(game_id, 0, "clean", 1, seen=0)),
    "save a team's count": (nothing, one_count_saved),
    "save the last count, recording the round": (
        one_count_saved, lambda game_id: tally_parts.save_part(
            game_id, 2, 1, read_entered_tally(QUIET, 1), 0)),
    "tap a red three": (nothing, lambda game_id: games.tap_red_threes(game_id, 1, 1, seen=0)),
    "write the game's notes": (nothing, lambda game_id: games.change_notes(
        game_id, GameNotes(place="Kitchen"))),
    "stop the game": (nothing, lambda game_id: games.abandon_game(game_id)),
}


@pytest.mark.parametrize("first, write", WRITES.values(), ids=WRITES.keys())
def test_every_write_moves_the_game_version_on_by_one(
        app: Flask, first: Write, write: Write) -> None:
    game_id = start_game(app)
    record(app, game_id, QUIET, QUIET)
    with app.app_context():
        first(game_id)
        before = games.get_game(game_id).version
        write(game_id)
    assert state_of(app, game_id).version == before + 1


def test_a_repeated_request_key_changes_nothing(app: Flask) -> None:
    game_id = start_game(app)
    with app.app_context():
        games.record_round(game_id, read_entered([QUIET, QUIET]), request_key="once")
        before = games.get_game(game_id).version
        _, created = games.record_round(game_id, read_entered([QUIET, QUIET]),
                                        request_key="once")
    assert not created and state_of(app, game_id).version == before


def _add_a_count(write: GameWrite) -> None:
    write.game.parts.append(TallyPart(round_number=2, team_position=1, data=QUIET, version=1))


#: A change to each kind of row a game has, made straight through the ORM, as a command
#: would make it, in a game with round 1 recorded.
ROW_CHANGES: dict[str, Callable[[GameWrite], object]] = {
    "the game's own row": lambda write: setattr(write.game, "place", "Kitchen"),
    "a team": lambda write: setattr(write.game.teams[1], "red_threes_down", 2),
    "a player": lambda write: setattr(write.game.teams[0].players[0], "name", "Annie"),
    "a round": lambda write: setattr(write.game.rounds[0], "version", 2),
    "a round's tally": lambda write: setattr(write.game.rounds[0].tallies[1], "total", 5),
    "a count added": _add_a_count,
    "a round taken away": lambda write: write.game.rounds.pop(),
}


@pytest.mark.parametrize("change", ROW_CHANGES.values(), ids=ROW_CHANGES.keys())
def test_any_change_to_a_games_rows_moves_its_version_on_once(
        app: Flask, change: Callable[[GameWrite], object]) -> None:
    game_id = start_game(app, teams=[{"name": "Us", "players": ["Ann", "Bob"]},
                                     {"name": "Them", "players": ["Cy", "Di"]}])
    before = record(app, game_id, QUIET, QUIET).version
    with app.app_context(), game_write(game_id) as write:
        change(write)
        db.session.flush()
        # Flushed again, as a query in the same write would: still one write, one step.
        write.game.note = "flushed twice"
    assert write.written.version == before + 1
    assert state_of(app, game_id).version == before + 1


def test_a_write_that_changes_nothing_keeps_the_version(app: Flask) -> None:
    game_id = start_game(app)
    before = record(app, game_id, QUIET, QUIET).version
    with app.app_context(), game_write(game_id) as write:
        write.game.place = write.game.place  # set to what it holds: no change
    assert write.written.version == before == state_of(app, game_id).version


def test_each_transaction_moves_the_version_on_afresh(app: Flask) -> None:
    game_id = start_game(app)
    before = record(app, game_id, QUIET, QUIET).version
    with app.app_context():
        for place in ("Kitchen", "Garden"):
            with game_write(game_id) as write:
                write.game.place = place
            assert write.written.version == before + (place == "Garden") + 1


def test_a_new_game_starts_at_version_one(app: Flask) -> None:
    game_id = start_game(app)
    with app.app_context():
        game = db.session.get(Game, game_id)
        assert game is not None and game.version == 1
