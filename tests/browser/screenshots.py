"""The documentation's pictures, taken again whenever a page changes: one command serves the
app (waitress, a new SQLite file), fills it through the JSON API with what a table and a club
really hold, and photographs the pages in Debian's Chromium, as the browser tests drive it.

    .venv/bin/python -m tests.browser.screenshots docs/images

A three-team pagat game in its second round (Kestrels, "Starlings of the Marsh", Herons, one
total below zero), its count page half typed, and a league of eight players with a season of
finished classic games and tonight's club night: the round screen and the count page on a
phone (390 x 844), light and dark; the scoreboard, the league's standings and the club
night's board on a landscape tablet (1180 x 820)."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.serving import serving

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
         "device_scale_factor": 1}
TABLET = {"viewport": {"width": 1180, "height": 820}, "device_scale_factor": 1}
TEAMS = [{"name": "Kestrels", "players": ["Ann", "Bob"]},
         {"name": "Starlings of the Marsh", "players": ["Cy", "Di"]},
         {"name": "Herons", "players": ["Ed", "Flo"]}]
#: Round 1: Kestrels out; Herons caught two red threes and end it below zero.
ROUND_ONE = [
    {"melded": {"jokers": 2, "twos": 4, "aces": 8, "eight_to_king": 30, "four_to_seven": 21},
     "books": {"clean": 2, "dirty": 2}, "went_out": True},
    {"melded": {"jokers": 1, "twos": 3, "aces": 5, "eight_to_king": 22, "four_to_seven": 14},
     "left": {"jokers": 1, "aces": 2, "eight_to_king": 6, "four_to_seven": 5,
              "black_threes": 2}, "books": {"clean": 1}},
    {"melded": {"twos": 2, "aces": 3, "eight_to_king": 15, "four_to_seven": 9},
     "left": {"twos": 1, "aces": 3, "eight_to_king": 9, "four_to_seven": 8,
              "black_threes": 1}, "red_threes_left": 2}]
PLAYERS = ["Ann", "Bob", "Cy", "Di", "Eve", "Flo", "Gus", "Hal"]


def league_round(game: int, number: int) -> list[dict[str, Any]]:
    """A classic round of a league game: one team out with the books its round asks, the
    other short of them, their points varying from round to round."""
    out = {"melded": {"points": 560 + 35 * ((game + number) % 5)}, "left": {"points": 20},
           "books": {"clean": 2, "dirty": 2, "wild": 1}, "went_out": True}
    short = {"melded": {"points": 300 + 45 * ((game * 3 + number) % 7)},
             "left": {"points": 40 + 25 * (number % 3)}, "books": {"clean": game % 3}}
    return [out, short] if (game + number) % 3 else [short, out]


def game_in_play(page: Page) -> str:
    """The three-team game at round 2, a book tapped; its id."""
    game: dict[str, Any] = page.request.post(
        "/api/v1/games", data={"rules": "pagat", "teams": TEAMS}).json()
    answer = page.request.post(f"/api/v1/games/{game['id']}/rounds",
                               data={"round": 1, "teams": ROUND_ONE})
    assert answer.ok, answer.text()
    page.request.post(f"/api/v1/games/{game['id']}/books",
                      data={"team": 0, "kind": "clean", "change": 1, "seen": 0})
    return str(game["id"])


def league_with_a_season(page: Page) -> str:
    """A league of eight players, twelve finished games among them, and a club night drawn;
    its id."""
    league: dict[str, Any] = page.request.post(
        "/api/v1/leagues", data={"name": "Thursday club"}).json()
    for number in range(12):
        seats = [PLAYERS[(number + seat) % 8] for seat in (0, 3, 5, 6)]
        game: dict[str, Any] = page.request.post("/api/v1/games", data={
            "rules": "classic", "league": league["id"],
            "teams": [{"name": " & ".join(seats[:2]), "players": seats[:2]},
                      {"name": " & ".join(seats[2:]), "players": seats[2:]}]}).json()
        for round_number in range(4):
            answer = page.request.post(f"/api/v1/games/{game['id']}/rounds",
                                       data={"teams": league_round(number, round_number)})
            assert answer.ok, answer.text()
    answer = page.request.post(f"/api/v1/leagues/{league['id']}/club-nights",
                               data={"players": PLAYERS, "games_each": 2})
    assert answer.ok, answer.text()
    return str(league["id"])


def take(folder: Path, server: str) -> list[Path]:
    """Every picture, into ``folder``; their paths."""
    taken = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        setup = browser.new_context(base_url=server).new_page()
        game_id, league_id = game_in_play(setup), league_with_a_season(setup)
        for scheme in ("light", "dark"):
            phone = browser.new_context(base_url=server, color_scheme=scheme, **PHONE)
            page = phone.new_page()
            page.goto(f"/games/{game_id}")
            taken.append(folder / f"round-screen-{scheme}.png")
            page.screenshot(path=taken[-1])
            page.goto(f"/games/{game_id}/rounds/2")
            page.get_by_role("radio", name="Kestrels", exact=True).check()
            for name, count in (("melded_jokers", "2"), ("melded_aces", "8"),
                                ("melded_eight_to_king", "31")):
                page.locator(f"#team-0 input[name$='-{name}']").fill(count)
            page.wait_for_timeout(800)
            page.evaluate("scrollTo(0, 0)")
            taken.append(folder / f"count-page-{scheme}.png")
            page.screenshot(path=taken[-1])
            phone.close()
        tablet = browser.new_context(base_url=server, **TABLET).new_page()
        for name, address in (("scoreboard", f"/games/{game_id}/scoreboard"),
                              ("league", f"/leagues/{league_id}"),
                              ("board", f"/leagues/{league_id}/board")):
            tablet.goto(address)
            tablet.wait_for_timeout(300)
            taken.append(folder / f"{name}-tablet.png")
            tablet.screenshot(path=taken[-1])
        browser.close()
    return taken


def main(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as instance:
        database = f"sqlite:///{Path(instance) / 'scores.sqlite'}"
        with serving(database, Path(instance) / "instance") as server:
            for picture in take(folder, server):
                print(picture)


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/images"))
