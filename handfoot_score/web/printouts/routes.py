"""Pages made for paper: a game's score sheet, a league's report and a blank score sheet for
a rule set, for a table without a phone. Each is a page like any other on the screen, with a
button to print it; ``static/css/print.css`` lays every page out for A4 and Letter."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from flask import Blueprint, abort, render_template, request, stream_template
from flask.typing import ResponseReturnValue

from handfoot_score.services import game_results, games, standings
from handfoot_score.services.errors import InvalidInput
from handfoot_score.services.heavy_reads import HeavyRead
from handfoot_score.services.rules import get_rules
from handfoot_score.services.standings import Column, Standing
from handfoot_score.services.words import gettext as _
from handfoot_score.serving.streaming import streamed
from handfoot_score.web.shared.chart import Frame, step_size
from handfoot_score.web.shared.formats import points
from handfoot_score.web.shared.round_screen import score_sheet
from handfoot_score.web.shared.rules_card import RulesCard
from handfoot_score.web.shared.standings_headers import headers, sort_links

bp = Blueprint("printouts", __name__)

#: A blank sheet has columns for two teams, or three if asked (``?teams=3``).
BLANK_TEAMS = (2, 3)


@dataclass(frozen=True)
class Bar:
    """One player's bar on the report's chart: its label, value and place in SVG units."""

    name: str
    label: str
    y: float
    width: float
    #: Where the bar's middle is, and where its value is written after it.
    middle: float
    value_x: float


@dataclass(frozen=True)
class RatingBars:
    """The report's chart: each player's club rating as a bar, the highest first, from an
    axis at a round number below the lowest, so the differences show."""

    title: str
    description: str
    bars: tuple[Bar, ...]
    axis_label: str
    left: float = 220
    bar_height: float = 22
    gap: float = 8
    plot_width: float = 400

    @property
    def frame(self) -> Frame:
        """The chart's frame: the names left of the axis, room for each bar's value after
        it, and the axis's label under it."""
        height = len(self.bars) * (self.bar_height + self.gap) + 24
        return Frame(width=self.left + self.plot_width + 80, height=height, left=self.left,
                     right=self.left + self.plot_width, top=0, bottom=height - 22)

    @classmethod
    def of(cls, players: Sequence[Standing]) -> RatingBars | None:
        """The chart of ``players``' ratings; None when there is nobody to draw."""
        if not players:
            return None
        rows = sorted(players, key=lambda row: (-row.rating, row.name))
        low, high = rows[-1].rating, rows[0].rating
        step = step_size(max(high - low, 1))
        base = (low // step - 1) * step
        bars = []
        for index, row in enumerate(rows):
            y = index * (cls.bar_height + cls.gap)
            width = round(cls.plot_width * (row.rating - base) / (high - base), 1)
            bars.append(Bar(name=row.name, label=points(row.rating), y=y, width=width,
                            middle=y + cls.bar_height / 2, value_x=cls.left + width + 8))
        return cls(title=_("Club ratings"),
                   description=", ".join(f"{bar.name}: {bar.label}" for bar in bars),
                   bars=tuple(bars), axis_label=points(base))


@bp.get("/games/<game_id>/sheet")
def game_sheet(game_id: str) -> ResponseReturnValue:
    """A game's score sheet to print: each round part by part, the totals, the rules."""
    state = games.get_game(game_id)
    return render_template("printouts/game_sheet.html", state=state, sheet=score_sheet(state))


@bp.get("/leagues/<league_id>/report")
def league_report(league_id: str) -> ResponseReturnValue:
    """A league's report to print: standings with ratings, a chart of the ratings, and
    every finished game's result, of the season asked for (``?season=``, as the league's
    page reads it: the season being played unless asked). A heavy read (503 while others
    take every slot): the games' results are read and the page sent a few hundred at a
    time."""
    with HeavyRead() as read:
        try:
            table = standings.league_standings(league_id, sort=Column.RATING,
                                               season=request.args.get("season"))
        except InvalidInput:
            abort(404)
        season_id = None if table.seasons.season is None else table.seasons.season.id
        links = sort_links(table)
        return streamed(read, stream_template(
            "printouts/league_report.html", table=table,
            finished=game_results.finished_count(league_id, season_id),
            games=game_results.finished_results(league_id, season_id),
            player_headers=headers(table, _("Player"), links),
            team_headers=headers(table, _("Partners"), links),
            chart=RatingBars.of(table.players), today=datetime.now(UTC).date()),
            "text/html")


@bp.get("/rules/<rules_id>/sheet")
def blank_sheet(rules_id: str) -> ResponseReturnValue:
    """A blank score sheet for a rule set (``?teams=3`` for three teams): its rounds with
    what each asks, the points of cards and books, and boxes to write in."""
    teams = request.args.get("teams", BLANK_TEAMS[0], type=int)
    return render_template("printouts/blank_sheet.html", card=RulesCard.of(get_rules(rules_id)),
                           teams=teams if teams in BLANK_TEAMS else BLANK_TEAMS[0])
