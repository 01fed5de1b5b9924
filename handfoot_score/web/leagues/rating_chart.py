"""A player's club rating over their finished games, worked out as numbers for an inline SVG:
the rating shown as a line, and the band from it up to as far above the mean, which narrows
as the games make the ratings surer.

Nothing here draws: ``leagues/_rating_chart.html`` writes the SVG from these numbers, so the
page needs no script and makes no request.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from handfoot_score.services.ratings import Skill
from handfoot_score.services.words import gettext as _
from handfoot_score.services.words import ngettext
from handfoot_score.web.leagues.player_chart import PLAYER_FRAME
from handfoot_score.web.shared.chart import Frame, Tick, axes
from handfoot_score.web.shared.formats import points


@dataclass(frozen=True)
class RatingChart:
    """Everything the SVG needs: the rating's line, the band of uncertainty, the axis and
    the chart in words."""

    title: str
    description: str
    polyline: str
    band: str
    y_ticks: tuple[Tick, ...]
    games: int
    frame: Frame = PLAYER_FRAME


def rating_chart(name: str, history: Sequence[Skill]) -> RatingChart | None:
    """The chart of a player's club rating after each of their finished games, oldest first;
    None before their first."""
    if not history:
        return None
    ratings = [skill.rating for skill in history]
    ceilings = [skill.ceiling for skill in history]
    scale = axes([*ratings, *ceilings], len(history), PLAYER_FRAME, with_zero=False)
    y, xs = scale.y, scale.xs
    line = [f"{x:g},{y(value):g}" for x, value in zip(xs, ratings)]
    top = [f"{x:g},{y(value):g}" for x, value in zip(xs, ceilings)]
    if len(history) == 1:  # one game: a short flat band, so there is something to see
        line = [f"{xs[0] - 8:g},{y(ratings[0]):g}", f"{xs[0] + 8:g},{y(ratings[0]):g}"]
        top = [f"{xs[0] - 8:g},{y(ceilings[0]):g}", f"{xs[0] + 8:g},{y(ceilings[0]):g}"]
    return RatingChart(
        title=_("Club rating of %(name)s after each finished game, oldest first", name=name),
        description=ngettext(
            "%(num)s finished game: the club rating went from %(first)s to %(last)s; the band "
            "above it, how much higher the player may really be, went from %(first_width)s "
            "to %(last_width)s wide.",
            "%(num)s finished games: the club rating went from %(first)s to %(last)s; the band "
            "above it, how much higher the player may really be, went from %(first_width)s "
            "to %(last_width)s wide.", len(history),
            first=points(ratings[0]), last=points(ratings[-1]),
            first_width=points(ceilings[0] - ratings[0]),
            last_width=points(ceilings[-1] - ratings[-1])),
        polyline=" ".join(line),
        band=" ".join([*line, *reversed(top)]),
        y_ticks=scale.y_ticks,
        games=len(history),
    )
