"""What the three throttles share: who a request came from, how many of its tries are recent,
and how long it must wait.

Wrong join codes (``join_codes``), wrong edit codes per league (``edit_codes``) and edit codes
hashed for new leagues (``new_edit_codes``) are each kept as rows with the client they came
from and their moment, in the database, so every server process counts the same. Each
throttle counts a client's rows in a write transaction holding that client's lock
(``locking.lock_client``), with ``recent_tries``, and turns the count into a wait with
``wait_left``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from ipaddress import IPv6Address, IPv6Network, ip_address

from flask import has_request_context, request
from sqlalchemy import ColumnElement, func, select
from sqlalchemy.orm import InstrumentedAttribute

from handfoot_score.extensions import db
from handfoot_score.storage.models import CLIENT_LENGTH

#: An IPv6 client is counted by its network of this many leading bits: a machine's whole share.
NETWORK_PREFIX = 64


@dataclass(frozen=True)
class RecentTries:
    """A client's tries since a moment: how many, and when the first and the last were (None
    when there are none)."""

    count: int
    first: datetime | None
    last: datetime | None


def client_address() -> str | None:
    """Who this request came from, as every throttle counts clients (``client_of`` its
    address); None outside a request."""
    if not has_request_context():
        return None
    return client_of(request.remote_addr or "")[:CLIENT_LENGTH] or None


def client_of(given: str) -> str:
    """The client an address belongs to: an IPv4 address (also when it arrives IPv4-mapped),
    or an IPv6 address's /64 network, since one machine is commonly handed a whole /64; an
    address that is neither is kept as given.

    >>> client_of("203.0.113.9"), client_of("::ffff:203.0.113.9"), client_of("2001:db8:1:2::5")
    ('203.0.113.9', '203.0.113.9', '2001:db8:1:2::/64')
    """
    try:
        address = ip_address(given)
    except ValueError:
        return given
    if isinstance(address, IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(IPv6Network((int(address), NETWORK_PREFIX), strict=False))
    return str(address)


def recent_tries(client_column: InstrumentedAttribute[str | None],
                 moment_column: InstrumentedAttribute[datetime], client: str | None,
                 since: datetime, *where: ColumnElement[bool]) -> RecentTries:
    """The tries kept as rows of ``client_column``'s table that came from ``client`` (None:
    from no known address) at ``since`` or later, and match ``where``; in one query."""
    from_client = client_column.is_(None) if client is None else client_column == client
    count, first, last = db.session.execute(
        select(func.count(), func.min(moment_column), func.max(moment_column))
        .where(from_client, moment_column >= since, *where)).one()
    return RecentTries(count, first, last)


def wait_left(count: int, since: datetime | None, now: datetime, limit: int,
              lock_time: timedelta) -> int | None:
    """Whole seconds to wait after ``count`` recent tries, until ``lock_time`` has passed
    since ``since``; None if fewer than ``limit`` or the lock is over.

    >>> now = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
    >>> wait_left(5, now - timedelta(seconds=20), now, 5, timedelta(minutes=1))
    40
    >>> wait_left(4, now, now, 5, timedelta(minutes=1)), wait_left(5, None, now, 5, timedelta(1))
    (None, None)
    """
    if count < limit or since is None:
        return None
    # SQLite hands moments back without their zone; they are stored in UTC.
    since = since if since.tzinfo else since.replace(tzinfo=UTC)
    left = since + lock_time - now
    return max(1, int(left.total_seconds() + 0.999)) if left > timedelta(0) else None
