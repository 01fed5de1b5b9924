"""Run the benchmarks and print one table: ``python -m benchmarks [--quick] [--part N ...]``.

The full run takes a few minutes; ``--quick`` measures less (seconds) and is for CI, to
show the benchmarks still run: its timings are rough. Progress goes to stderr, the table to
stdout.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable

from . import (
    club_night,
    engine,
    heavy_reads,
    in_process,
    league_standings,
    network,
    page_weight,
    ratings,
    restore,
    slips,
)
from .machine import describe
from .report import Row, table

PARTS: dict[int, tuple[str, Callable[[bool], list[Row]]]] = {
    1: ("engine", engine.run),
    2: ("requests in process", in_process.run),
    3: ("league growth", league_standings.run),
    4: ("over the network", network.run),
    5: ("page weight", page_weight.run),
    6: ("a league restore beside a table", restore.run),
    7: ("ratings that predict", ratings.run),
    8: ("club night", club_night.run),
    9: ("heavy reads beside a table", heavy_reads.run),
    10: ("slips caught", slips.run),
}


def main(argv: list[str] | None = None) -> int:
    """Run the parts asked for (all by default) and print the table."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("--quick", action="store_true",
                        help="measure a little of everything, in seconds (for CI)")
    parser.add_argument("--part", type=int, action="append", choices=sorted(PARTS),
                        help="run only this part (may be given more than once)")
    options = parser.parse_args(argv)
    machine = describe()
    rows: list[Row] = []
    began = time.perf_counter()
    for number in options.part or sorted(PARTS):
        name, run = PARTS[number]
        print(f"{number}. {name} ...", file=sys.stderr, flush=True)
        started = time.perf_counter()
        rows += run(options.quick)
        print(f"   done in {time.perf_counter() - started:.1f} s", file=sys.stderr, flush=True)
    mode = "quick" if options.quick else "full"
    print(f"Machine: {machine}")
    print(f"Mode: {mode}, {time.perf_counter() - began:.0f} s; each figure the median of the runs "
          "named in its row.\n")
    print(table(rows))
    judged = [row for row in rows if row.met is not None]
    missed = sorted({row.part for row in judged if not row.met})
    print(f"\nTargets met: {sum(row.met is True for row in judged)} of {len(judged)}"
          + (f"; missed in: {', '.join(missed)}" if missed else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
