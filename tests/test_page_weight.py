"""Every page, on a first visit, with its stylesheets and scripts, within 12 KB on the wire
(gzipped) and 40 KB uncompressed, as benchmark part 5 weighs it."""

from __future__ import annotations

import pytest

from benchmarks.page_weight import PAGE_TARGET, SCRIPT_TARGET, WIRE_TARGET, weigh_every_page

#: Nothing here can answer differently on PostgreSQL: SQLite only (tests/conftest.py).
pytestmark = pytest.mark.one_database


def test_every_page_weighs_at_most_12_kb_on_the_wire_and_the_scripts_10_kb_in_all() -> None:
    weights, scripts = weigh_every_page()
    over = {weight.url: (weight.gzipped, weight.total) for weight in weights
            if weight.gzipped > WIRE_TARGET or weight.total > PAGE_TARGET}
    assert not over, over
    assert sum(scripts.values()) <= SCRIPT_TARGET, scripts
