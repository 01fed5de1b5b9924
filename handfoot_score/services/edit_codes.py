"""A league's edit code: kept as a salted hash, checked before any change, wrong ones throttled.

Wrong codes are counted in the database, per league and per client address, so every server
process sees them and a guesser locks out only itself: after ``MAX_FAILURES`` wrong codes
from one address within ``FAILURE_WINDOW`` the league refuses every code from that address,
even the right one, until ``LOCK_TIME`` has passed since the last wrong one. A further wrong
code while the older ones are still counted locks it again. Other addresses are not slowed,
and a device that has unlocked the league (it presents the key ``unlock_key`` gives) is
never refused.

The address is the request's ``remote_addr`` (behind a proxy, the one waitress's trusted-proxy
settings give), an IPv6 one counted by its /64 (``client_address``). Each check runs in a
write transaction, so the wrong code it finds is recorded with it, or it is refused as busy
before the code is checked.
"""

from __future__ import annotations

import hashlib
import hmac
from datetime import UTC, datetime, timedelta
from ipaddress import IPv6Address, IPv6Network, ip_address

from flask import has_request_context, request
from sqlalchemy import delete, func, select
from werkzeug.security import check_password_hash, generate_password_hash

from handfoot_score.engine.errors import N_, Problem
from handfoot_score.extensions import db
from handfoot_score.storage.models import CLIENT_LENGTH, EditCodeFailure, League

from .locking import lock_client
from .words import gettext, ngettext

MIN_EDIT_CODE = 8
#: Long enough for any passphrase; short enough that hashing one costs little.
MAX_EDIT_CODE = 200
MAX_FAILURES = 5
FAILURE_WINDOW = timedelta(minutes=10)
LOCK_TIME = timedelta(minutes=1)
#: An IPv6 client is counted by its network of this many leading bits: a machine's whole share.
NETWORK_PREFIX = 64


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
    wait = _lock_left(league.id, client, now)
    if wait is not None:
        raise TooManyAttempts(league.id, wait)
    if len(code) <= MAX_EDIT_CODE and check_password_hash(league.edit_code_hash, code):
        return
    db.session.execute(delete(EditCodeFailure).where(
        EditCodeFailure.league_id == league.id, EditCodeFailure.failed_at < now - FAILURE_WINDOW))
    db.session.add(EditCodeFailure(league_id=league.id, client=client, failed_at=now))
    db.session.commit()
    raise EditCodeRequired(league.id, gettext("That is not this league's edit code."))


def client_address() -> str | None:
    """Who this request came from, as every throttle counts clients: an IPv4 address (also
    when it arrives IPv4-mapped, ``::ffff:203.0.113.9``), or an IPv6 address's /64 network
    (``2001:db8:1:2::/64``), since one machine is commonly handed a whole /64; an address
    that is neither is kept as given. None outside a request."""
    if not has_request_context():
        return None
    given = request.remote_addr or ""
    try:
        address = ip_address(given)
    except ValueError:
        return given[:CLIENT_LENGTH] or None
    if isinstance(address, IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(IPv6Network((int(address), NETWORK_PREFIX), strict=False))
    return str(address)


def wait_left(count: int, last: datetime | None, now: datetime, limit: int,
              lock_time: timedelta) -> int | None:
    """Whole seconds to wait after ``count`` recent failures, the last at ``last``; None if
    fewer than ``limit`` or the lock is over."""
    if count < limit or last is None:
        return None
    # SQLite hands moments back without their zone; they are stored in UTC.
    last = last if last.tzinfo else last.replace(tzinfo=UTC)
    left = last + lock_time - now
    return max(1, int(left.total_seconds() + 0.999)) if left > timedelta(0) else None


def unlock_key(league: League) -> str:
    """The key a device keeps in its session instead of the code: it passes every check the
    code passes. Derived from the salted hash, so it is unguessable, reveals nothing of the
    code, and would be void if the code were changed."""
    return hashlib.sha256(b"handfoot-unlock:" + (league.edit_code_hash or "").encode()
                          ).hexdigest()


def _lock_left(league_id: str, client: str | None, now: datetime) -> int | None:
    """Seconds until the league takes codes from this address again, or None if it does now."""
    from_here = (EditCodeFailure.client == client if client is not None
                 else EditCodeFailure.client.is_(None))
    count, last = db.session.execute(
        select(func.count(), func.max(EditCodeFailure.failed_at))
        .where(EditCodeFailure.league_id == league_id, from_here,
               EditCodeFailure.failed_at >= now - FAILURE_WINDOW)).one()
    return wait_left(count, last, now, MAX_FAILURES, LOCK_TIME)
