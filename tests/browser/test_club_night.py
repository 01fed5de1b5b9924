"""Tonight's tables on a phone without JavaScript: pick who is here, draw, start a table's
game in one tap and see its join code on the plan; every page fits 360 px and passes
axe-core; and the plan printed by Chromium (A4 and Letter) is one page of one line per table
per rotation, without the navigation or the buttons."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.browser.phone import PageChecks

if TYPE_CHECKING:
    from playwright.sync_api import Page

TONIGHT = ["Ann", "Bob", "Cy", "Di", "Eve", "Flo", "Gus", "Hal", "Ivy"]


def printed_text(page: Page, folder: Path, paper: str) -> tuple[str, int]:
    """The page printed to PDF on ``paper``, read back by pdftotext: its text and pages."""
    pdf = folder / f"club-night-{paper.lower()}.pdf"
    page.emulate_media(media="print")
    page.pdf(path=str(pdf), format=paper, print_background=True)
    page.emulate_media(media="screen")
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True,
                          capture_output=True, text=True).stdout
    return text, len(text.rstrip("\f").split("\f"))


def test_a_club_night_on_a_phone_without_javascript(
        phone_without_js: Page, axe_page: Page, screenshots: Path, tmp_path: Path) -> None:
    page = phone_without_js
    checks = PageChecks(page, screenshots, "club-night", axe_page)
    league = page.request.post("/api/v1/leagues", data={"name": "Thursday club"}).json()["id"]
    page.goto(f"/leagues/{league}/club-nights/new")
    checks.check("new", settle=False)
    page.fill("textarea", "\n".join(TONIGHT))
    page.select_option("select[name=games_each]", "2")
    page.get_by_role("button", name="Draw the tables").click()
    assert re.search(r"/club-nights/[\w-]+$", page.url)
    checks.check("plan", settle=False)
    assert page.locator(".table-line").count() == 4
    assert page.locator(".sitting-out").count() == 2
    first_line = page.locator(".table-line").first.inner_text()
    plan = page.url

    page.get_by_role("button", name="Start this table's game").first.click()
    assert "/games/" in page.url
    code = page.get_by_text(re.compile("Join on another phone: code")).inner_text()[-6:]
    page.goto(plan)
    checks.check("started", settle=False)
    assert page.locator(".table-join strong").inner_text() == code
    assert page.get_by_role("button", name="Start this table's game").count() == 3

    for paper in ("A4", "Letter"):
        text, pages = printed_text(page, tmp_path, paper)
        assert pages == 1, text
        # The colon after "Table 1" is the stylesheet's, which inner_text leaves out.
        assert " ".join(first_line.split()) in " ".join(text.replace(":", "").split())
        for name in TONIGHT:
            assert name in text
        for word in ("Start this table", "Draw again", "Leagues", "Screen:"):
            assert word not in text
    checks.assert_all_passed()


@pytest.mark.parametrize("count", [48])
def test_the_largest_night_prints_every_rotation(phone_without_js: Page, tmp_path: Path,
                                                 count: int) -> None:
    page = phone_without_js
    league = page.request.post("/api/v1/leagues", data={"name": "Big club"}).json()["id"]
    night = page.request.post(f"/api/v1/leagues/{league}/club-nights", data={
        "players": [f"Player {n}" for n in range(count)], "games_each": 6}).json()
    page.goto(f"/leagues/{league}/club-nights/{night['id']}")
    text, pages = printed_text(page, tmp_path, "A4")
    assert text.count("Rotation") == 6
    assert len(re.findall(r"Table \d+", text)) == 6 * count // 4
    assert pages <= 6
