"""Part 5, page weight: what a phone downloads for each page on its first visit.

Every page the app has is fetched (each route that answers GET with HTML, with real ids in
its address), then every file it loads: stylesheets, scripts, images, icons, and whatever
the stylesheets load in turn. A page's weight is its HTML and those files, each file
counted once, as they cross the network (gzipped, as every phone's browser takes them) and
uncompressed. Nothing may come from another origin.

The limits are guard rails: 12 KB on the wire is under a second on the weakest Wi-Fi at a
card table, and 40 KB uncompressed keeps what the phone must parse small.
"""

from __future__ import annotations

import gzip
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from urllib.parse import urljoin, urlsplit

from flask import Flask
from flask.testing import FlaskClient

from handfoot_score.extensions import db
from handfoot_score.services import club_nights, games, leagues, rules
from handfoot_score.services.tallies import read_entered

from .html import css_references, loaded_files
from .report import Row
from .sample import TALLY, TEAMS, sample_app

PAGE_TARGET = 40 * 1024
#: A page's first visit as it crosses the network: the HTML and its files, gzipped.
WIRE_TARGET = 12 * 1024
#: Our own rail, raised from 10 KB: the count page's guards (the double tap, Enter on a
#: choice, the offline scores) and keeping the screen on took the scripts past it.
SCRIPT_TARGET = 16 * 1024
#: Routes that answer with something other than a page: files, JSON, downloads, redirects.
NOT_PAGES = ("static", "api.", "home.healthz", "leagues.export_league", "leagues.standings_csv")


@dataclass(frozen=True)
class Weight:
    """One page: its address, its HTML's size, and the files it loads with their sizes."""

    url: str
    endpoint: str
    html: int
    files: dict[str, int]
    foreign: tuple[str, ...]
    gzipped: int

    @property
    def total(self) -> int:
        """HTML and every file it loads, in bytes."""
        return self.html + sum(self.files.values())

    @property
    def requests(self) -> int:
        """Requests the browser makes for the page, the page itself included."""
        return 1 + len(self.files)


def samples(app: Flask) -> dict[str, list[object]]:
    """Store a game in play, a finished game, a league and house rules; the values each part
    of an address can take."""
    with app.app_context():
        league = leagues.create_league({"name": "Thursday club"}).id
        playing = games.create_game(games.read_setup({"rules": "classic", "teams": TEAMS,
                                                       "league": league})).id
        games.record_round(playing, read_entered([TALLY, TALLY]))
        games.tap_book(playing, 0, "clean", 1)
        finished = games.create_game(games.read_setup({"rules": "classic", "teams": TEAMS,
                                                       "league": league})).id
        for _ in range(4):
            games.record_round(finished, read_entered([TALLY, TALLY]))
        saved = rules.save_rules("Grandma's", rules.get_rules("pagat")).id
        player = leagues.get_league(league).players[0].id
        night = club_nights.create_night(league, club_nights.night_setup(
            [f"Player {number}" for number in range(12)], 3)).id
        db.session.remove()
    return {"game_id": [playing, finished], "number": [1, 2], "rules_id": ["classic", saved],
            "league_id": [league], "player_id": [player], "night_id": [night]}


def addresses(app: Flask, values: dict[str, list[object]]) -> Iterator[tuple[str, str]]:
    """(endpoint, address) of every page, once for each sample value of its parts."""
    adapter = app.url_map.bind("localhost")
    for rule in sorted(app.url_map.iter_rules(), key=lambda r: r.rule):
        if "GET" not in (rule.methods or ()) or rule.endpoint.startswith(NOT_PAGES):
            continue
        missing = sorted(rule.arguments - values.keys())
        if missing:
            raise LookupError(f"{rule.rule} takes {missing}: add sample values in "
                              "benchmarks/page_weight.py")
        combinations: list[dict[str, object]] = [{}]
        for name in sorted(rule.arguments):
            combinations = [{**c, name: v} for c in combinations for v in values[name]]
        for arguments in combinations:
            yield rule.endpoint, adapter.build(rule.endpoint, arguments)


def weigh(client: FlaskClient, endpoint: str, url: str) -> Weight | None:
    """The page's weight, or None if the address answers with no page (a redirect, a 404)."""
    page = client.get(url)
    if page.status_code != 200 or page.mimetype != "text/html":
        return None
    files: dict[str, int] = {}
    # Gzipped as flask-compress would: its types, at its level.
    compressible, level = (client.application.config[key]
                           for key in ("COMPRESS_MIMETYPES", "COMPRESS_LEVEL"))
    gzipped = len(gzip.compress(page.get_data(), level))
    foreign: list[str] = []
    queue = [urljoin(url, link) for link in loaded_files(page.get_data(as_text=True))]
    while queue:
        address = queue.pop(0)
        parts = urlsplit(address)
        if parts.scheme or parts.netloc:
            foreign.append(address)
            continue
        if address in files:
            continue
        response = client.get(address)
        body = response.get_data()
        response.close()
        files[address] = len(body)
        gzipped += len(gzip.compress(body, level)) if response.mimetype in compressible \
            else len(body)
        if response.mimetype == "text/css":
            queue += [urljoin(address, ref) for ref in css_references(body.decode())]
    return Weight(url, endpoint, len(page.get_data()), files, tuple(foreign), gzipped)


def weigh_every_page() -> tuple[list[Weight], dict[str, int]]:
    """Every page's weight, and every script the pages load with its size."""
    with tempfile.TemporaryDirectory() as folder:
        app = sample_app(folder)
        values = samples(app)
        client = app.test_client()
        weights = [weight for endpoint, url in addresses(app, values)
                   if (weight := weigh(client, endpoint, url)) is not None]
        with app.app_context():
            db.engine.dispose()
    scripts = {address: size for weight in weights for address, size in weight.files.items()
               if urlsplit(address).path.endswith(".js")}
    return weights, scripts


def run(quick: bool) -> list[Row]:
    """The heaviest page, every page over the target, the scripts, and foreign requests.

    Page weight does not depend on the machine, so the quick run weighs every page too.
    """
    weights, scripts = weigh_every_page()
    heaviest = max(weights, key=lambda w: w.total)
    rows = [Row("5 page weight",
                f"heaviest of {len(weights)} pages: {heaviest.endpoint} ({heaviest.html:,} B "
                f"HTML + {heaviest.total - heaviest.html:,} B files, {heaviest.requests} "
                f"requests)", f"{heaviest.total / 1024:.1f} KB",
                f"<= {PAGE_TARGET // 1024} KB", heaviest.total <= PAGE_TARGET)]
    packed = max(weights, key=lambda w: w.gzipped)
    rows.append(Row("5 page weight", f"heaviest page on the wire, gzipped as browsers take it: "
                                     f"{packed.endpoint}", f"{packed.gzipped / 1024:.1f} KB",
                    f"<= {WIRE_TARGET // 1024} KB", packed.gzipped <= WIRE_TARGET))
    over = sorted({w.endpoint for w in weights if w.total > PAGE_TARGET
                   or w.gzipped > WIRE_TARGET})
    rows.append(Row("5 page weight", "pages over a target: " + (", ".join(over) or "none"),
                    str(len(over)), "0", not over))
    most = max(w.requests for w in weights)
    rows.append(Row("5 page weight", "most requests for one page (the page included)",
                    str(most)))
    script_bytes = sum(scripts.values())
    rows.append(Row("5 page weight", "JavaScript, all files: " + ", ".join(
                    f"{urlsplit(a).path.rsplit('/', 1)[-1]} {s:,} B"
                    for a, s in sorted(scripts.items())),
                    f"{script_bytes / 1024:.1f} KB", f"<= {SCRIPT_TARGET // 1024} KB",
                    script_bytes <= SCRIPT_TARGET))
    foreign = sorted({address for w in weights for address in w.foreign})
    rows.append(Row("5 page weight", "requests to another origin: " + (", ".join(foreign)
                                                                        or "none"),
                    str(len(foreign)), "0", not foreign))
    return rows


def table(weights: list[Weight]) -> str:
    """Every page's weight, one line each, heaviest first."""
    return "\n".join(
        f"{w.total:>7,} B  {w.html:>7,} B HTML  {w.requests} requests  {w.endpoint} {w.url}"
        for w in sorted(weights, key=lambda w: -w.total))


if __name__ == "__main__":
    print(table(weigh_every_page()[0]))
