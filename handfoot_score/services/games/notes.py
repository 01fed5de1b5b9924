"""What a table writes down about a game: a short note, where it was played and on which day;
given when the game starts or later."""

from __future__ import annotations

from datetime import date

from handfoot_score.engine.errors import N_, Problem
from handfoot_score.storage.models import NOTE_LENGTH, PLACE_LENGTH, Game

from ..errors import InvalidInput
from ..locking import write_transaction
from ..typed_in import FIRST_DAY, LAST_DAY, read_name
from .access import require_edit_code
from .state import GameNotes, GameState
from .writes import game_write

#: The keys of a game's notes, in the JSON API and in a league's export.
NOTE_KEYS = ("note", "place", "played_on")


def read_notes(note: object = None, place: object = None, played_on: object = None
               ) -> GameNotes:
    """A game's notes from what a form or the API sent: text (empty or None for none) and
    a day as ``YYYY-MM-DD`` (or a ``date``); raises InvalidInput naming each field that
    cannot be.

    >>> read_notes(" Grandma's  birthday ", "", "2026-12-24")
    GameNotes(note="Grandma's birthday", place=None, played_on=datetime.date(2026, 12, 24))
    """
    problems = []
    texts: list[str | None] = []
    for field, value, most in (("note", note, NOTE_LENGTH), ("place", place, PLACE_LENGTH)):
        if value is None or value == "":
            texts.append(None)
            continue
        text = read_name(value, most, field)
        if isinstance(text, Problem):
            problems.append(text)
        texts.append(text if isinstance(text, str) else None)
    day = _day(played_on)
    if played_on not in (None, "") and day is None:
        problems.append(Problem("played_on", N_("must be a day from %(first)s to %(last)s, "
                                                "written like 2026-12-24"),
                                values={"first": FIRST_DAY.isoformat(),
                                        "last": LAST_DAY.isoformat()}))
    if problems:
        raise InvalidInput(problems)
    return GameNotes(note=texts[0], place=texts[1], played_on=day)


def _day(value: object) -> date | None:
    """The day ``value`` names, within FIRST_DAY and LAST_DAY, or None."""
    if isinstance(value, date):
        day: date | None = value
    elif isinstance(value, str) and len(value) == 10 and value.isascii():
        try:
            day = date.fromisoformat(value)
        except ValueError:
            day = None
    else:
        day = None
    return day if day is not None and FIRST_DAY <= day <= LAST_DAY else None


def write_notes(game: Game, notes: GameNotes) -> None:
    """Put the notes on a stored game (not committed)."""
    game.note, game.place, game.played_on = notes.note, notes.place, notes.played_on


@write_transaction
def change_notes(game_id: str, notes: GameNotes, *, edit_code: str | None = None
                 ) -> GameState:
    """Write down a game's notes in place of those it had (a game in a league with an edit
    code needs the code); raises GameNotFound, EditCodeRequired or TooManyAttempts."""
    with game_write(game_id) as write:
        require_edit_code(write.game, edit_code)
        write_notes(write.game, notes)
    return write.written
