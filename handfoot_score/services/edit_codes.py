"""A league's edit code: kept as a salted hash, checked before any change, wrong ones throttled.

Wrong codes are counted in the database, per league, so every server process sees them:
after ``MAX_FAILURES`` wrong codes within ``FAILURE_WINDOW`` the league refuses every code,
even the right one, until ``LOCK_TIME`` has passed since the last wrong one. A further wrong
code while the older ones are still counted locks it again.
"""

from __future__ import annotations

import hashlib
import hmac
from datetime import datetime, timedelta, timezone

from sqlalchemy import delete, func, select
from werkzeug.security import check_password_hash, generate_password_hash

from handfoot_score.engine.errors import Problem
from handfoot_score.extensions import db
from handfoot_score.models import EditCodeFailure, League

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
        self.message = (f"Too many wrong edit codes for this league. Wait {retry_after} "
                        f"second{'s' if retry_after != 1 else ''} and try again.")
        super().__init__(self.message)


def edit_code_problem(code: object) -> Problem | None:
    """What is wrong with a new edit code, if anything (None is no code: that is fine)."""
    if code is None or isinstance(code, str) and \
            MIN_EDIT_CODE <= len(code.strip()) <= MAX_EDIT_CODE:
        return None
    return Problem("edit_code",
                   f"must be a passphrase of {MIN_EDIT_CODE} to {MAX_EDIT_CODE} characters")


def hash_edit_code(code: str) -> str:
    """The salted hash kept instead of the code (spaces around it do not count)."""
    return generate_password_hash(code.strip())


def require_edit_code(league: League, edit_code: str | None) -> None:
    """Let a change to ``league`` through, or raise EditCodeRequired or TooManyAttempts.

    ``edit_code`` is the code itself or the key ``unlock_key`` gives for it. A wrong one is
    recorded (and committed) at once, so call this before changing anything.
    """
    if league.edit_code_hash is None:
        return
    if not isinstance(edit_code, str) or not edit_code.strip():
        raise EditCodeRequired(league.id, "This league asks for its edit code.")
    now = datetime.now(timezone.utc)
    wait = _lock_left(league.id, now)
    if wait is not None:
        raise TooManyAttempts(league.id, wait)
    if _matches(league, edit_code.strip()):
        return
    db.session.execute(delete(EditCodeFailure).where(
        EditCodeFailure.league_id == league.id, EditCodeFailure.failed_at < now - FAILURE_WINDOW))
    db.session.add(EditCodeFailure(league_id=league.id, failed_at=now))
    db.session.commit()
    raise EditCodeRequired(league.id, "That is not this league's edit code.")


def unlock_key(league: League) -> str:
    """The key a device keeps in its session instead of the code: it passes every check the
    code passes. Derived from the salted hash, so it is unguessable, reveals nothing of the
    code, and would be void if the code were changed."""
    return hashlib.sha256(b"handfoot-unlock:" + (league.edit_code_hash or "").encode()
                          ).hexdigest()


def _matches(league: League, code: str) -> bool:
    if hmac.compare_digest(code.encode(), unlock_key(league).encode()):
        return True
    return len(code) <= MAX_EDIT_CODE and check_password_hash(league.edit_code_hash or "", code)


def _lock_left(league_id: str, now: datetime) -> int | None:
    """Seconds until the league takes codes again, or None if it takes them now."""
    count, last = db.session.execute(
        select(func.count(), func.max(EditCodeFailure.failed_at))
        .where(EditCodeFailure.league_id == league_id,
               EditCodeFailure.failed_at >= now - FAILURE_WINDOW)).one()
    if count < MAX_FAILURES or last is None:
        return None
    # SQLite hands moments back without their zone; they are stored in UTC.
    last = last if last.tzinfo else last.replace(tzinfo=timezone.utc)
    left = last + LOCK_TIME - now
    return max(1, int(left.total_seconds() + 0.999)) if left > timedelta(0) else None
