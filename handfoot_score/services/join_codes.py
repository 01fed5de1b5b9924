"""Join codes: six characters another phone types to open a game that is already on the table.

The alphabet leaves out 0, O, 1, I and L, which people misread; typed codes ignore case,
spaces and dashes. 31 ** 6 is close to 900 million codes, so a code is easy to type but
is no secret: it only leads to the game, like the game's own link.
"""

from __future__ import annotations

import re
import secrets

from sqlalchemy import select

from handfoot_score.extensions import db
from handfoot_score.models import Game

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
LENGTH = 6
_NOT_PART_OF_A_CODE = re.compile(r"[\s\-]+")
_HANDED_OUT = "join_codes_handed_out"


def new_join_code() -> str:
    """A code no stored game has, nor any game this session is about to store (a league's
    backup restores thousands at once); the unique index on ``games.join_code`` has the
    last word."""
    handed_out: set[str] = db.session.info.setdefault(_HANDED_OUT, set())
    while True:
        code = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
        if code in handed_out:
            continue
        with db.session.no_autoflush:
            stored = db.session.scalar(select(Game.id).where(Game.join_code == code))
        if stored is None:
            handed_out.add(code)
            return code


def normalise(typed: str) -> str:
    """A code as typed, in the form it is stored: capitals, no spaces or dashes.

    >>> normalise(" k7m-4qx "), normalise("K7M 4QX")
    ('K7M4QX', 'K7M4QX')
    """
    return _NOT_PART_OF_A_CODE.sub("", typed).upper()


def game_with_code(typed: str) -> str | None:
    """The id of the game whose join code this is, as typed; None if there is none."""
    code = normalise(typed)
    if len(code) != LENGTH or not set(code) <= set(ALPHABET):
        return None
    game_id: str | None = db.session.scalar(select(Game.id).where(Game.join_code == code))
    return game_id
