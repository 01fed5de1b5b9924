"""The frame every chart is drawn in (its size, its plot's edges, where its labels sit, and
axes that fit its values), and the line chart of each team's running total by round, worked
out as numbers for an inline SVG.

Nothing here draws: the template ``games/_chart.html`` writes the SVG from these numbers, so
the page needs no script and makes no request; ``_chart_frame.html`` writes the frame of
every chart.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import floor, log10

from handfoot_score.services.words import gettext as _
from handfoot_score.web.shared.formats import points

#: The SVG's own units; it scales to the width of the screen.
WIDTH, HEIGHT = 320, 240
LEFT, RIGHT, TOP, BOTTOM = 68, 304, 14, 186
#: Roughly how many steps the points axis is cut into.
Y_STEPS = 5
#: One look per team: Okabe-Ito colours darkened to stand out on white, each with its own
#: dash pattern so teams stay apart for colour-blind readers and on a black-and-white print.
#: The style sheet gives each look by its place (``data-look="1"`` …) a lighter colour for the
#: dark theme: keep the two in step.
LOOKS = (
    ("#0072b2", ""),
    ("#c24e00", "10 6"),
    ("#00795a", "3 5"),
    ("#a24a8a", "14 5 3 5"),
    ("#111111", "6 4 2 4 2 4"),
    ("#8c5a00", "18 6"),
)


@dataclass(frozen=True)
class Tick:
    """A mark on an axis: its label and where it sits along the axis."""

    label: str
    at: float


@dataclass(frozen=True)
class Line:
    """One team's line: a point per round, in SVG units, with its colour and dash pattern."""

    name: str
    totals: tuple[int, ...]
    points: tuple[tuple[float, float], ...]
    colour: str
    dash: str

    @property
    def polyline(self) -> str:
        """The points as an SVG ``points`` attribute."""
        return " ".join(f"{x:g},{y:g}" for x, y in self.points)


def step_size(span: int, steps: int = Y_STEPS) -> int:
    """A round step (1, 2 or 5 times a power of ten) cutting ``span`` into about ``steps``.

    >>> step_size(8320), step_size(450), step_size(0)
    (2000, 100, 1)
    """
    rough = max(span / steps, 1)
    power: int = 10 ** floor(log10(rough))  # rough is at least 1: a whole power of ten
    return next(factor * power for factor in (1, 2, 5, 10) if factor * power >= rough)


@dataclass(frozen=True)
class Frame:
    """A chart's SVG in its own units: its size (the ``viewBox``; it scales to the width of
    the screen), the edges of the plot inside it, and where the labels around the plot sit."""

    width: float
    height: float
    left: float
    right: float
    top: float
    bottom: float
    #: How far under the plot the labels across it stand.
    x_label_gap: float = 22

    @property
    def y_label_x(self) -> float:
        """Where the labels up the side end, just left of the plot."""
        return self.left - 8

    @property
    def x_label_y(self) -> float:
        """The baseline of the labels across, under the plot."""
        return self.bottom + self.x_label_gap

    @property
    def x_title_y(self) -> float:
        """The baseline of the axis title, under the labels across."""
        return self.x_label_y + 24

    @property
    def middle(self) -> float:
        """The middle of the plot across, where the axis title sits."""
        return (self.left + self.right) / 2


#: The frame of the running totals.
RUNNING_TOTALS = Frame(WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM)


@dataclass(frozen=True)
class LineChart:
    """Everything the SVG needs: its frame, the axes and the lines."""

    title: str
    description: str
    lines: tuple[Line, ...]
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    zero: float
    frame: Frame = RUNNING_TOTALS


@dataclass(frozen=True)
class Axes:
    r"""A chart's axes: values from ``low`` to ``high`` up the plot in round ``step``\ s, and
    ``count`` points spread evenly across it."""

    frame: Frame
    low: int
    high: int
    step: int
    count: int

    def y(self, value: int) -> float:
        """How far down the SVG a value sits."""
        frame = self.frame
        return round(frame.bottom - (value - self.low) * (frame.bottom - frame.top)
                     / (self.high - self.low), 1)

    @property
    def xs(self) -> tuple[float, ...]:
        """Where each point sits across, the first at the left edge and the last at the
        right (one point alone in the middle)."""
        frame, last = self.frame, self.count - 1
        return tuple(round(frame.left + (frame.right - frame.left) * (i / last if last else 0.5),
                           1) for i in range(self.count))

    @property
    def y_ticks(self) -> tuple[Tick, ...]:
        """A labelled mark at every step up the values axis."""
        return tuple(Tick(points(value), self.y(value))
                     for value in range(self.low, self.high + 1, self.step))


def axes(values: Sequence[int], count: int, frame: Frame, *, with_zero: bool = True) -> Axes:
    """Axes that hold every value, and 0 too unless ``with_zero`` is False, from a round step
    below the lowest to a round step above the highest, for ``count`` points across.

    >>> chart = axes([450, -120], 2, Frame(100, 100, 0, 100, 0, 100))
    >>> chart.low, chart.high, chart.step, chart.xs, chart.y(0)
    (-200, 600, 200, (0.0, 100.0), 75.0)
    """
    held = [0, *values] if with_zero else list(values)
    step = step_size(max(held) - min(held))
    low = min(held) // step * step
    high = max(-(-max(held) // step) * step, low + step)
    return Axes(frame, low, high, step, count)


def running_total_chart(names: Sequence[str], running_totals: Sequence[Sequence[int]]
                        ) -> LineChart:
    """The chart of each team's total after each round (``running_totals[round][team]``)."""
    values = [total for row in running_totals for total in row]
    scale = axes(values, len(running_totals), RUNNING_TOTALS)
    xs = scale.xs
    by_team = [tuple(row[team] for row in running_totals) for team in range(len(names))]
    lines = tuple(
        Line(name=name, totals=totals, points=tuple(zip(xs, map(scale.y, totals))),
             colour=colour, dash=dash)
        for name, totals, (colour, dash) in zip(names, by_team, LOOKS)
    )
    return LineChart(
        title=_("Each team's running total by round"),
        description=" ".join(
            _("%(team)s: %(totals)s.", team=line.name, totals=_after_each_round(line.totals))
            for line in lines),
        lines=lines,
        x_ticks=tuple(Tick(str(number), x) for number, x in enumerate(xs, start=1)),
        y_ticks=scale.y_ticks,
        zero=scale.y(0),
    )


def _after_each_round(totals: tuple[int, ...]) -> str:
    """A team's running totals read out: "120 after round 1, 450 after round 2"."""
    return ", ".join(_("%(points)s after round %(number)s", points=points(total), number=number)
                     for number, total in enumerate(totals, start=1))
