"""The benchmark's table: one row per figure, with its target and whether it is met."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Row:
    """One measured figure; ``met`` is None where there is no target."""

    part: str
    measure: str
    value: str
    target: str = ""
    met: bool | None = None

    @property
    def verdict(self) -> str:
        """"yes", "NO", or nothing where there is no target."""
        return "" if self.met is None else "yes" if self.met else "NO"


def median(values: Sequence[float]) -> float:
    """The median of several runs."""
    return statistics.median(values)


def table(rows: Sequence[Row]) -> str:
    """The rows as an aligned plain-text table (which reads as Markdown too)."""
    header = Row("part", "measure", "median", "target", None)
    cells = [(r.part, r.measure, r.value, r.target, r.verdict) for r in rows]
    titles = (header.part, header.measure, header.value, header.target, "met")
    widths = [max(len(str(c[i])) for c in [titles, *cells]) for i in range(len(titles))]

    def line(values: Sequence[str]) -> str:
        return "| " + " | ".join(v.ljust(w) for v, w in zip(values, widths)) + " |"

    return "\n".join([line(titles), line(["-" * w for w in widths]), *map(line, cells)])
