"""How the pages write points, figures and moments: the template filters (``filters.py``
registers them)."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

#: A real minus sign: wider than a hyphen, so a negative score is hard to misread.
MINUS = "\u2212"


def points(value: int) -> str:
    """Points with thousands separated and a real minus sign.

    >>> points(8320), points(-1250), points(0)
    ('8,320', '−1,250', '0')
    """
    return f"{value:,}".replace("-", MINUS)


def signed_points(value: int) -> str:
    """Points with their sign always shown, for parts that can add or take away.

    >>> signed_points(100), signed_points(-300), signed_points(0)
    ('+100', '−300', '0')
    """
    return f"{value:+,}".replace("-", MINUS) if value else "0"


def deduction(value: int) -> str:
    """Points that are taken off, shown negative (cards left in hand).

    >>> deduction(55), deduction(0)
    ('−55', '0')
    """
    return f"{MINUS}{value:,}" if value else "0"


def time_ago(moment: datetime | None, now: datetime | None = None) -> str:
    """When something happened, in words that need no time zone ("5 minutes ago").

    >>> at = datetime(2025, 3, 12, 20, 0, tzinfo=timezone.utc)
    >>> time_ago(datetime(2025, 3, 12, 19, 58), now=at), time_ago(at, now=at)
    ('2 minutes ago', 'just now')
    >>> time_ago(datetime(2025, 3, 1, 9, 0), now=at)
    '11 days ago'
    """
    if moment is None:
        return "never"
    # SQLite hands moments back without their zone; they are stored in UTC.
    moment = moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    seconds = int(((now or datetime.now(UTC)) - moment).total_seconds())
    for unit, length in (("day", 86_400), ("hour", 3_600), ("minute", 60)):
        if seconds >= length:
            count = seconds // length
            return f"{count} {unit}{'s' if count > 1 else ''} ago"
    return "just now"


def tenths(value: Decimal) -> str:
    """A figure to one decimal place, thousands separated, with a real minus sign.

    >>> tenths(Decimal("3104.2")), tenths(Decimal("-50.1"))
    ('3,104.2', '−50.1')
    """
    return f"{value:,}".replace("-", MINUS)
