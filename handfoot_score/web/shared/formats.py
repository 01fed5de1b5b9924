"""How the pages write points, figures and moments, the way the reader's language writes
them (``4,430`` in English, ``4.430`` in German, ``4 430`` in Estonian): the template
filters (``filters.py`` registers them)."""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import ROUND_HALF_UP, Decimal

from babel.numbers import format_percent
from flask_babel import format_date, gettext, ngettext

from handfoot_score.languages.i18n import MINUS, current_locale, number


def points(value: int) -> str:
    """Points with thousands separated and a real minus sign.

    >>> points(8320), points(-1250), points(0)
    ('8,320', '−1,250', '0')
    """
    return number(value)


def signed_points(value: int) -> str:
    """Points with their sign always shown, for parts that can add or take away.

    >>> signed_points(100), signed_points(-300), signed_points(0)
    ('+100', '−300', '0')
    """
    if not value:
        return "0"
    return number(value) if value < 0 else "+" + number(value)


def deduction(value: int) -> str:
    """Points that are taken off, shown negative (cards left in hand).

    >>> deduction(55), deduction(0)
    ('−55', '0')
    """
    return MINUS + number(value) if value else "0"


def percent(whole: int) -> str:
    """A whole percentage as the reader's language writes it, never broken across lines
    (``62%`` in English, ``62 %`` in German, the space a no-break one).

    >>> percent(62)
    '62%'
    """
    return format_percent(whole / 100, locale=current_locale()).replace(" ", "\N{NO-BREAK SPACE}")


def time_ago(moment: datetime | None, now: datetime | None = None) -> str:
    """When something happened, in words that need no time zone ("5 minutes ago").

    >>> at = datetime(2025, 3, 12, 20, 0, tzinfo=UTC)
    >>> time_ago(datetime(2025, 3, 12, 19, 58), now=at), time_ago(at, now=at)
    ('2 minutes ago', 'just now')
    >>> time_ago(datetime(2025, 3, 1, 9, 0), now=at)
    '11 days ago'
    """
    if moment is None:
        return str(gettext("never"))
    # SQLite hands moments back without their zone; they are stored in UTC.
    moment = moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    seconds = int(((now or datetime.now(UTC)) - moment).total_seconds())
    if seconds >= 86_400:
        return str(ngettext("%(num)s day ago", "%(num)s days ago", seconds // 86_400))
    if seconds >= 3_600:
        return str(ngettext("%(num)s hour ago", "%(num)s hours ago", seconds // 3_600))
    if seconds >= 60:
        return str(ngettext("%(num)s minute ago", "%(num)s minutes ago", seconds // 60))
    return str(gettext("just now"))


def tenths(value: Decimal) -> str:
    """A figure to one decimal place, thousands separated, with a real minus sign.

    >>> tenths(Decimal("3104.2")), tenths(Decimal("-50.1"))
    ('3,104.2', '−50.1')
    """
    return number(value, "#,##0.0")


def whole_points(value: Decimal) -> str:
    """An average of points in whole points, a half rounded up: no table counts tenths of a
    point (the API and the CSV keep the tenths).

    >>> [whole_points(Decimal(average)) for average in ("13562.0", "3390.5", "-50.5")]
    ['13,562', '3,391', '−51']
    """
    return number(value.quantize(Decimal(1), ROUND_HALF_UP))


def day(moment: date) -> str:
    """A day as the reader's language writes it (12 Mar 2025 in English, 12.03.2025 in
    German), a moment's day in the app's time zone: the one way every page dates things.
    The zone is Flask-Babel's, so an app must be at hand.

    >>> from flask import Flask
    >>> from flask_babel import Babel
    >>> app = Flask(__name__)
    >>> babel = Babel(app)
    >>> with app.app_context():
    ...     day(datetime(2025, 3, 12, 20, 0))
    '12 Mar 2025'
    """
    return str(format_date(moment, "d MMM y" if current_locale() == "en" else "medium"))
