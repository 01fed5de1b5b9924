"""Every write to a game moves its game version on by exactly one, whatever it changed, so a
phone that showed the game before can tell; a write that changes nothing leaves it."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from flask import Flask

from handfoot_score.services import games, tally_parts, undo
from handfoot_score.services.tallies import read_entered, read_entered_tally
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
