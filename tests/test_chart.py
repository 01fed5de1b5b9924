"""The running-total chart's numbers: a line per team, a point per round, axes that fit."""

from __future__ import annotations

import pytest

from handfoot_score.web.chart import (
    BOTTOM,
    LEFT,
    LOOKS,
    RIGHT,
    TOP,
    running_total_chart,
    step_size,
)

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
