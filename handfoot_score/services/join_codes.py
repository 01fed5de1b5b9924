"""Join codes: six characters another phone types to open a game that is already on the table.

The alphabet leaves out 0, O, 1, I and L, which people misread; typed codes ignore case,
spaces and dashes. 31 ** 6 is close to 900 million codes, so a code is easy to type; it
leads to the game, like the game's own link, so guessing is slowed down: after
``MAX_FAILURES`` codes that open nothing from one client address within ``FAILURE_WINDOW``,
that address may try again only ``LOCK_TIME`` after its last miss (other addresses are not
slowed). A code opens its game only while the game is played: once finished or stopped, it
opens nothing.
"""

from __future__ import annotations

import re
import secrets
from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, select

from handfoot_score.extensions import db
from handfoot_score.storage.models import Game, GameStatus, JoinCodeFailure

from .locking import begin_write, lock_client, write_transaction
from .throttles import client_address, recent_tries, wait_left
from .words import ngettext

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
LENGTH = 6
_NOT_PART_OF_A_CODE = re.compile(r"[\s\-]+")
_HANDED_OUT = "join_codes_handed_out"
#: A table types a code wrong now and then; a guesser needs millions of tries.
MAX_FAILURES = 10
FAILURE_WINDOW = timedelta(minutes=10)
LOCK_TIME = timedelta(minutes=1)


class TooManyJoinCodes(PermissionError):
    """Too many codes from this address opened nothing lately (429): wait ``retry_after``."""

    def __init__(self, retry_after: int) -> None:
        self.retry_after = retry_after
        self.message = ngettext(
            "Too many join codes that open no game came from here. Wait %(num)s second and "
            "try again.",
            "Too many join codes that open no game came from here. Wait %(num)s seconds and "
            "try again.", retry_after)
        super().__init__(self.message)


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


def is_well_formed(typed: str) -> bool:
    """Whether ``typed`` could be a join code at all (six letters and digits of the code's
    alphabet, once normalised); a malformed one is a typo, never counted as a guess."""
    code = normalise(typed)
    return len(code) == LENGTH and set(code) <= set(ALPHABET)


@write_transaction
def game_with_code(typed: str) -> str | None:
    """The id of the game in play whose join code this is, as typed; None if there is none
    (a miss, recorded against the client's address). Raises TooManyJoinCodes while the
    address has missed too often, whatever it types."""
    begin_write()
    now = datetime.now(UTC)
    client = client_address()
    lock_client("join codes", client)
    misses = recent_tries(JoinCodeFailure.client, JoinCodeFailure.failed_at, client,
                          now - FAILURE_WINDOW)
    wait = wait_left(misses.count, misses.last, now, MAX_FAILURES, LOCK_TIME)
    if wait is not None:
        raise TooManyJoinCodes(wait)
    if not is_well_formed(typed):
        return None
    game_id: str | None = db.session.scalar(select(Game.id).where(
        Game.join_code == normalise(typed), Game.status == GameStatus.PLAYING))
    if game_id is None:
        db.session.execute(delete(JoinCodeFailure).where(
            JoinCodeFailure.failed_at < now - FAILURE_WINDOW))
        db.session.add(JoinCodeFailure(client=client, failed_at=now))
        db.session.commit()
    return game_id
