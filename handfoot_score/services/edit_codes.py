"""A league's edit code: kept as a salted hash, checked before any change, wrong ones throttled.

Wrong codes are counted in the database, per league and per client address, so every server
process sees them and a guesser locks out only itself: after ``MAX_FAILURES`` wrong codes
from one address within ``FAILURE_WINDOW`` the league refuses every code from that address,
even the right one, until ``LOCK_TIME`` has passed since the last wrong one. A further wrong
code while the older ones are still counted locks it again. Other addresses are not slowed,
and a device that has unlocked the league (it presents the key ``unlock_key`` gives) is
never refused.

The address is the request's ``remote_addr`` (behind a proxy, the one waitress's trusted-proxy
settings give), an IPv6 one counted by its /64 (``throttles.client_address``). Each check runs
in a write transaction, so the wrong code it finds is recorded with it, or it is refused as
busy before the code is checked.
"""

from __future__ import annotations

import hashlib
import hmac
from datetime import UTC, datetime, timedelta

from sqlalchemy import delete
from werkzeug.security import check_password_hash, generate_password_hash

from handfoot_score.engine.errors import N_, Problem
from handfoot_score.extensions import db
from handfoot_score.storage.models import EditCodeFailure, League

from .locking import lock_client
from .throttles import client_address, recent_tries, wait_left
from .words import gettext, ngettext

MIN_EDIT_CODE = 8
#: Long enough for any passphrase; short enough that hashing one costs little.
MAX_EDIT_CODE = 200
MAX_FAILURES = 5
FAILURE_WINDOW = timedelta(minutes=10)
LOCK_TIME = timedelta(minutes=1)


class EditCodeRequired(PermissionError):
    """A change to a league's games without its edit code, or with a wrong one (403)."""

    def __init__(self, league_id: str, message: str) -> None:
        self.league_id = league_id
        self.message = message
        super().__init__(message)


class TooManyAttempts(PermissionError):
    """Too many wrong edit codes for a league lately: every code is refused for a while (429)."""

    def __init__(self, league_id: str, retry_after: int) -> None:
        self.league_id = league_id
        self.retry_after = retry_after
        self.message = ngettext(
            "Too many wrong edit codes for this league. Wait %(num)s second and try again.",
            "Too many wrong edit codes for this league. Wait %(num)s seconds and try again.",
            retry_after)
        super().__init__(self.message)


def edit_code_problem(code: object) -> Problem | None:
    """What is wrong with a new edit code, if anything (None is no code: that is fine)."""
    if code is None or isinstance(code, str) and \
            MIN_EDIT_CODE <= len(code.strip()) <= MAX_EDIT_CODE:
        return None
    return Problem("edit_code",
                   N_("must be a passphrase of %(least)s to %(most)s characters"),
                   values={"least": MIN_EDIT_CODE, "most": MAX_EDIT_CODE})


def hash_edit_code(code: str) -> str:
    """The salted hash kept instead of the code (spaces around it do not count)."""
    return generate_password_hash(code.strip())


def require_edit_code(league: League, edit_code: str | None) -> None:
    """Let a change to ``league`` through, or raise EditCodeRequired or TooManyAttempts.

    ``edit_code`` is the code itself or the key ``unlock_key`` gives for it. Call it inside a
    write transaction (``locking.begin_write``), before changing anything.

    The one check here that commits: a wrong code is recorded and committed before the
    refusal is raised, since the refusal rolls the rest of the write back and the throttle
    must count the miss all the same (else guessing would cost nothing). Nothing else of the
    write is pending then, as it changed nothing yet.
    """
    if league.edit_code_hash is None:
        return
    if not isinstance(edit_code, str) or not edit_code.strip():
        raise EditCodeRequired(league.id, gettext("This league asks for its edit code."))
    code = edit_code.strip()
    if hmac.compare_digest(code.encode(), unlock_key(league).encode()):
        return
    now = datetime.now(UTC)
    client = client_address()
    lock_client("edit codes", client)
    misses = recent_tries(EditCodeFailure.client, EditCodeFailure.failed_at, client,
                          now - FAILURE_WINDOW, EditCodeFailure.league_id == league.id)
    wait = wait_left(misses.count, misses.last, now, MAX_FAILURES, LOCK_TIME)
    if wait is not None:
        raise TooManyAttempts(league.id, wait)
    if len(code) <= MAX_EDIT_CODE and check_password_hash(league.edit_code_hash, code):
        return
    db.session.execute(delete(EditCodeFailure).where(
        EditCodeFailure.league_id == league.id, EditCodeFailure.failed_at < now - FAILURE_WINDOW))
    db.session.add(EditCodeFailure(league_id=league.id, client=client, failed_at=now))
    db.session.commit()
    raise EditCodeRequired(league.id, gettext("That is not this league's edit code."))


def unlock_key(league: League) -> str:
    """The key a device keeps in its session instead of the code: it passes every check the
    code passes. Derived from the salted hash, so it is unguessable, reveals nothing of the
    code, and would be void if the code were changed."""
    return hashlib.sha256(b"handfoot-unlock:" + (league.edit_code_hash or "").encode()
                          ).hexdigest()

