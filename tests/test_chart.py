"""The running-total chart's numbers: a line per team, a point per round, axes that fit."""

from __future__ import annotations

import pytest

from handfoot_score.web.shared.chart import (
    BOTTOM,
    LEFT,
    LOOKS,
    RIGHT,
    TOP,
    running_total_chart,
    step_size,
)

#: Nothing here can answer differently on PostgreSQL: SQLite only (tests/conftest.py).
pytestmark = pytest.mark.one_database

TOTALS = ((3_720, -20), (7_440, -40), (7_540, 60), (8_320, 60))


def test_one_line_per_team_with_a_point_per_round() -> None:
    chart = running_total_chart(["Us", "Them"], TOTALS)
    assert [line.name for line in chart.lines] == ["Us", "Them"]
    for team, line in enumerate(chart.lines):
        assert line.totals == tuple(row[team] for row in TOTALS)
        assert len(line.points) == len(TOTALS)
        assert len(line.polyline.split()) == len(TOTALS)
    assert [tick.label for tick in chart.x_ticks] == ["1", "2", "3", "4"]
    assert [x for x, _ in chart.lines[0].points] == [tick.at for tick in chart.x_ticks]
    assert chart.x_ticks[0].at == LEFT and chart.x_ticks[-1].at == RIGHT


def test_the_points_axis_covers_every_total_and_zero() -> None:
    chart = running_total_chart(["Us", "Them"], TOTALS)
    labels = [tick.label for tick in chart.y_ticks]
    assert labels == ["−2,000", "0", "2,000", "4,000", "6,000", "8,000", "10,000"]
    ys = [y for line in chart.lines for _, y in line.points]
    assert all(TOP <= y <= BOTTOM for y in ys)
    assert chart.y_ticks[0].at == BOTTOM and chart.y_ticks[-1].at == TOP
    assert chart.zero == chart.y_ticks[1].at
    us = chart.lines[0].points
    assert [y for _, y in us] == sorted((y for _, y in us), reverse=True)


def test_a_single_round_sits_in_the_middle() -> None:
    chart = running_total_chart(["A", "B", "C"], ((500, 0, -300),))
    assert [len(line.points) for line in chart.lines] == [1, 1, 1]
    assert chart.lines[0].points[0][0] == (LEFT + RIGHT) / 2
    assert chart.lines[1].points[0][1] == chart.zero


def test_all_zero_totals_still_make_an_axis() -> None:
    chart = running_total_chart(["A", "B"], ((0, 0), (0, 0)))
    assert [tick.label for tick in chart.y_ticks] == ["0", "1"]
    assert chart.zero == BOTTOM


def test_every_team_looks_different() -> None:
    names = [f"Team {n}" for n in range(1, 7)]
    chart = running_total_chart(names, (tuple(range(0, 600, 100)),))
    assert len({line.colour for line in chart.lines}) == 6
    assert len({line.dash for line in chart.lines}) == 6
    assert len(LOOKS) == 6


def test_the_description_reads_out_every_total() -> None:
    chart = running_total_chart(["Us", "Them"], TOTALS[:2])
    assert chart.description == (
        "Us: 3,720 after round 1, 7,440 after round 2. "
        "Them: −20 after round 1, −40 after round 2.")
    assert chart.title


@pytest.mark.parametrize(("span", "step"), [
    (0, 1), (4, 1), (9, 2), (450, 100), (999, 200), (8_320, 2_000), (30_000, 10_000),
])
def test_step_size_is_round(span: int, step: int) -> None:
    assert step_size(span) == step


def test_the_examples_in_the_charts_modules_hold() -> None:
    import doctest

    from handfoot_score.web.leagues import rating_chart
    from handfoot_score.web.shared import chart

    for module in (chart, rating_chart):
        failed, _tried = doctest.testmod(module)
        assert not failed, module.__name__


def test_a_rating_chart_draws_the_rating_and_a_band_above_it_that_narrows() -> None:
    from handfoot_score.services.ratings import Skill
    from handfoot_score.web.leagues.rating_chart import rating_chart

    assert rating_chart("Ann", ()) is None
    history = (Skill(27.0, 7.0, 1), Skill(29.0, 5.0, 2), Skill(30.0, 3.0, 3))
    chart = rating_chart("Ann", history)
    assert chart is not None and chart.games == 3
    line = [tuple(map(float, point.split(","))) for point in chart.polyline.split()]
    band = [tuple(map(float, point.split(","))) for point in chart.band.split()]
    assert [x for x, _y in line] == [LEFT, (LEFT + 306) / 2, 306]
    # The band runs along the line and back along the top: the top is above the line (a
    # smaller y), and closer to it game by game as sigma shrinks.
    assert band[:3] == line
    top = list(reversed(band[3:]))
    gaps = [line_y - top_y for (_x, line_y), (_tx, top_y) in zip(line, top)]
    assert all(gap > 0 for gap in gaps) and gaps == sorted(gaps, reverse=True)
    labels = [int(tick.label.replace(",", "")) for tick in chart.y_ticks]
    assert labels[0] <= min(skill.rating for skill in history)
    assert labels[-1] >= max(skill.ceiling for skill in history)
