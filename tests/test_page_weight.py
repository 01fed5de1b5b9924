"""Every page, on a first visit, with its stylesheets and scripts, within the 30 KB a phone
at the card table should have to fetch (issue #10), as benchmark part 5 weighs it."""

from __future__ import annotations

from benchmarks.page_weight import PAGE_TARGET, SCRIPT_TARGET, weigh_every_page


def test_every_page_weighs_at_most_30_kb_and_the_scripts_10_kb_in_all() -> None:
    weights, scripts = weigh_every_page()
    over = {weight.url: weight.total for weight in weights if weight.total > PAGE_TARGET}
    assert not over, over
    assert sum(scripts.values()) <= SCRIPT_TARGET, scripts
