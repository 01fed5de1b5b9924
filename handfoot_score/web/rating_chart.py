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
from handfoot_score.web.chart import Tick, step_size
from handfoot_score.web.formats import points
from handfoot_score.web.player_chart import BOTTOM, HEIGHT, LEFT, RIGHT, TOP, WIDTH


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
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    right: int = RIGHT
    bottom: int = BOTTOM

    @property
    def y_label_x(self) -> int:
        """Where the rating labels end, just left of the plot."""
        return self.left - 8

    @property
    def x_label_y(self) -> int:
        """The baseline of the axis words under the plot."""
        return self.bottom + 26


def rating_chart(name: str, history: Sequence[Skill]) -> RatingChart | None:
    """The chart of a player's club rating after each of their finished games, oldest first;
    None before their first."""
    if not history:
        return None
    ratings = [skill.rating for skill in history]
    ceilings = [skill.ceiling for skill in history]
    step = step_size(max(ceilings) - min(ratings))
    low = min(ratings) // step * step
    high = max(-(-max(ceilings) // step) * step, low + step)

    def y(value: int) -> float:
        return round(BOTTOM - (value - low) * (BOTTOM - TOP) / (high - low), 1)

    count = len(history)
    xs = [round(LEFT + (RIGHT - LEFT) * (i / (count - 1) if count > 1 else 0.5), 1)
          for i in range(count)]
    line = [f"{x:g},{y(value):g}" for x, value in zip(xs, ratings)]
    top = [f"{x:g},{y(value):g}" for x, value in zip(xs, ceilings)]
    if count == 1:  # one game: a short flat band, so there is something to see
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
            "to %(last_width)s wide.", count,
            first=points(ratings[0]), last=points(ratings[-1]),
            first_width=points(ceilings[0] - ratings[0]),
            last_width=points(ceilings[-1] - ratings[-1])),
        polyline=" ".join(line),
        band=" ".join([*line, *reversed(top)]),
        y_ticks=tuple(Tick(points(value), y(value)) for value in range(low, high + 1, step)),
        games=count,
    )
