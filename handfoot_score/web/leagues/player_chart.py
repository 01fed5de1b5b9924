"""A player's results over time, worked out as numbers for an inline SVG line chart.

Nothing here draws: ``leagues/_results_chart.html`` writes the SVG from these numbers, so the
page needs no script and makes no request.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from handfoot_score.services.leagues import Outcome
from handfoot_score.services.player_history import PlayerGame
from handfoot_score.services.words import gettext as _
from handfoot_score.services.words import lazy_gettext as _l
from handfoot_score.services.words import ngettext
from handfoot_score.web.shared.chart import Frame, Tick, axes
from handfoot_score.web.shared.formats import points

#: The SVG's own units; it scales to the width of the screen.
WIDTH, HEIGHT = 320, 220
LEFT, RIGHT, TOP, BOTTOM = 68, 306, 14, 180
#: Past this many games the dots would touch: the line alone shows the trend.
MAX_DOTS = 60
#: How many of the latest games the text description reads out.
LATEST_IN_WORDS = 10
#: A game in the words that read the chart out: its points, then how it ended.
OUTCOME_WORDS = {Outcome.WIN: _l("%(points)s (won)"), Outcome.TIE: _l("%(points)s (tied)"),
                 Outcome.LOSS: _l("%(points)s (lost)")}


@dataclass(frozen=True)
class Dot:
    """One game on the chart: where it sits and how it ended."""

    x: float
    y: float
    outcome: Outcome


#: The frame of every chart on a player's page ("First game" and "Latest" under the plot).
PLAYER_FRAME = Frame(WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM, x_label_gap=26)


@dataclass(frozen=True)
class ResultsChart:
    """Everything the SVG needs: the line, the dots, the points axis and a text summary."""

    title: str
    description: str
    polyline: str
    dots: tuple[Dot, ...]
    y_ticks: tuple[Tick, ...]
    zero: float
    games: int
    frame: Frame = PLAYER_FRAME


def results_chart(name: str, results: Sequence[PlayerGame]) -> ResultsChart:
    """The chart of a player's team total in each finished game, oldest first."""
    values = [game.points for game in results]
    scale = axes(values, len(values), PLAYER_FRAME)
    xs = scale.xs
    return ResultsChart(
        title=_("Points of %(name)s in each finished game, oldest first", name=name),
        description=_description(results),
        polyline=" ".join(f"{x:g},{scale.y(v):g}" for x, v in zip(xs, values)),
        dots=tuple(Dot(x, scale.y(game.points), game.outcome) for x, game in zip(xs, results)
                   if game.outcome is not None) if len(values) <= MAX_DOTS else (),
        y_ticks=scale.y_ticks,
        zero=scale.y(0),
        games=len(values),
    )


def _description(results: Sequence[PlayerGame]) -> str:
    """The chart in words, for those who cannot see it: counts, then the latest games."""
    counts = {outcome: sum(1 for game in results if game.outcome is outcome)
              for outcome in Outcome}
    text = ngettext("%(num)s finished game: %(won)s won, %(tied)s tied, %(lost)s lost.",
                    "%(num)s finished games: %(won)s won, %(tied)s tied, %(lost)s lost.",
                    len(results), won=counts[Outcome.WIN], tied=counts[Outcome.TIE],
                    lost=counts[Outcome.LOSS])
    latest = results[-LATEST_IN_WORDS:]
    if not latest:
        return text + " "
    said = [str(OUTCOME_WORDS[game.outcome]) % {"points": points(game.points)}
            for game in latest if game.outcome is not None]
    games = said[0] if said else ""
    for game in said[1:]:
        games = _("%(games)s, %(game)s", games=games, game=game)
    return _("%(counts)s %(latest)s", counts=text, latest=ngettext(
        "The latest %(num)s, oldest first: %(games)s.",
        "The latest %(num)s, oldest first: %(games)s.", len(latest), games=games))
