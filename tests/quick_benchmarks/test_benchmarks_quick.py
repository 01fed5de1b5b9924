"""The benchmarks still run: ``python -m benchmarks --quick`` measures a little of every part.

Its timings are too rough to hold to their targets here; what it shows that cannot vary
by machine is checked: every part printed its rows, and no page loads anything from
another site.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from handfoot_score import PROJECT_ROOT
from tests.conftest import uses_database_server

PARTS = ("1 engine", "2 in process", "3 league growth", "4 network", "5 page weight",
         "6 restore", "7 ratings", "8 club night", "9 heavy reads", "10 slips caught")


@pytest.mark.skipif(uses_database_server(),
                    reason="the benchmarks bring their own SQLite files: run once, on SQLite")
def test_the_quick_benchmark_runs_and_prints_every_part() -> None:
    env = {key: value for key, value in os.environ.items()
           if key not in ("DATABASE_URL", "SECRET_KEY", "HANDFOOT_INSTANCE_PATH")}
    done = subprocess.run([sys.executable, "-m", "benchmarks", "--quick"], cwd=PROJECT_ROOT,
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    table = done.stdout
    assert table.startswith("Machine: ")
    for part in PARTS:
        assert f"| {part} " in table, part
    assert "requests to another origin: none" in table
    # The slips are counted by the engine alone, seeded: no honest round is ever warned about.
    assert re.search(r"\| 10 slips caught +\| honest rounds refused or warned about +\| 0 of ",
                     table)
