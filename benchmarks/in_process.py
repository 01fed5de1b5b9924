"""Part 2, requests in process: the pages a table uses most, timed through Flask's test
client once warm, each against the bare health check of the same app in the same run.

The round screen, the scoreboard, the count page and the game's JSON are those of a game in
its third round;
a round submit is the tally form of a two-team game sent and saved (each sample saves the
next round of a game kept ready for it); the standings are a club league's page. Requests
carry a phone's headers, so pages come back compressed as a phone would get them. Each page
is timed twice: rendered, as on a phone's first visit or after another phone's write, and
reopened with the ETag the phone holds (``If-None-Match``), answered 304 while nothing
changed, as a phone coming back to the table's page mostly is (the count page, a form with a
fresh token, carries no ETag and is timed rendered only).

The limits are guard rails, not goals: a page may take six times the health check, the
game's JSON four, the count page (a form of some 50 inputs) ten, a submit (a write answered
with a redirect) eight. A table saves a round about every ten minutes and a page takes a few
milliseconds, so no one at the table feels the difference between 2x and 6x; the rails are
there to catch a change that makes a page or a save many times slower.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass

from flask import Flask
from flask.testing import FlaskClient

from handfoot_score.extensions import db

from .report import Row, median
from .sample import BROWSER, Sample, filled_tally_form, new_game, sample_app, store_sample

TARGET_RATIO = 6.0
ROUNDS = 4
HELLO = "hello (health check)"
SUBMIT = "round submit"
#: The rails that are not ``TARGET_RATIO``, by what is timed.
TARGET_RATIOS = {"game JSON": 4.0, "count page": 10.0, SUBMIT: 8.0}
#: Said of a page timed as reopened with the ETag the phone holds.
REOPENED = ", reopened (304)"


@dataclass(frozen=True)
class Settings:
    """How much to measure."""

    league_games: int
    warm_up: int
    samples: int
    runs: int


FULL = Settings(league_games=100, warm_up=30, samples=60, runs=5)
QUICK = Settings(league_games=5, warm_up=5, samples=10, runs=2)


class Submits:
    """Saved rounds, one per sample: each needs a game whose next round is unplayed, and the
    tally form a phone fetched for it (fetched before the clock starts)."""

    def __init__(self, app: Flask, client: FlaskClient, count: int) -> None:
        self.client = client
        with app.app_context():
            game_ids = [new_game() for _ in range(-(-count // ROUNDS))]
            db.session.remove()
        self.rounds = [(game, number) for game in game_ids for number in range(1, ROUNDS + 1)]

    def prepare(self) -> Callable[[], int]:
        """The next submit, ready to time: sends the form, returns the status."""
        game, number = self.rounds.pop(0)
        form = filled_tally_form(self.client, game, number)
        url = f"/games/{game}/rounds/{number}/record"

        def submit() -> int:
            return self.client.post(url, data=form, headers=BROWSER).status_code
        return submit


def pages(sample: Sample) -> dict[str, str]:
    """The address of each page timed."""
    return {
        HELLO: "/healthz",
        "round screen": f"/games/{sample.round_screen}",
        "scoreboard": f"/games/{sample.scoreboard}/scoreboard",
        "league standings": f"/leagues/{sample.league}",
        "game JSON": f"/api/v1/games/{sample.round_screen}",
        "count page": f"/games/{sample.round_screen}/rounds/3",
    }


def time_requests(client: FlaskClient, sample: Sample, submits: Submits, settings: Settings
                  ) -> dict[str, list[tuple[float, float]]]:
    """Each run's median milliseconds, wall clock and CPU, for every page and for a submit;
    pages interleaved so that a busy moment on the machine falls on all of them alike."""
    addresses = pages(sample)
    held = {}
    for name, url in addresses.items():
        for _ in range(settings.warm_up):
            response = client.get(url, headers=BROWSER)
            _expect(response.status_code, 200, url)
        if name != HELLO and "ETag" in response.headers:
            held[name + REOPENED] = (url, {**BROWSER, "If-None-Match": response.headers["ETag"]})
    runs: dict[str, list[tuple[float, float]]] = {
        name: [] for name in [*addresses, *held, SUBMIT]}
    for _ in range(settings.runs):
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in runs}
        for _ in range(settings.samples):
            for name, url in addresses.items():
                times[name].append(_timed(lambda url=url: _expect(
                    client.get(url, headers=BROWSER).status_code, 200, url)))
            for name, (url, headers) in held.items():
                times[name].append(_timed(lambda url=url, headers=headers: _expect(
                    client.get(url, headers=headers).status_code, 304, url)))
            submit = submits.prepare()
            times[SUBMIT].append(_timed(
                lambda submit=submit: _expect(submit(), 303, "the round submit")))
        for name, values in times.items():
            runs[name].append((median([wall for wall, _ in values]) * 1000,
                               median([cpu for _, cpu in values]) * 1000))
    return runs


def _timed(request: Callable[[], None]) -> tuple[float, float]:
    """How long the request took: wall clock and this process's CPU time, in seconds."""
    began, began_cpu = time.perf_counter(), time.process_time()
    request()
    return time.perf_counter() - began, time.process_time() - began_cpu


def _expect(status: int, wanted: int, what: str) -> None:
    if status != wanted:
        raise RuntimeError(f"{what} answered {status}, not {wanted}")


def run(quick: bool) -> list[Row]:
    """Time each page and the submit, as medians and as ratios to the health check."""
    settings = QUICK if quick else FULL
    with tempfile.TemporaryDirectory() as folder:
        app = sample_app(folder)
        sample = store_sample(app, settings.league_games)
        client = app.test_client()
        submits = Submits(app, client, settings.samples * settings.runs)
        runs = time_requests(client, sample, submits, settings)
        with app.app_context():
            db.engine.dispose()
    hello = runs.pop(HELLO)
    rows = [Row("2 in process", f"{HELLO}: wall ms per request, CPU ms in brackets "
                                f"({settings.runs} runs of {settings.samples})",
                f"{median([w for w, _ in hello]):.2f} ms ({median([c for _, c in hello]):.2f})")]
    for name, values in runs.items():
        target = TARGET_RATIOS.get(name, TARGET_RATIO)
        ratio = median([w / h for (w, _), (h, _) in zip(values, hello)])
        cpu_ratio = median([c / h for (_, c), (_, h) in zip(values, hello)])
        rows.append(Row("2 in process", f"{name}: {median([w for w, _ in values]):.2f} ms wall "
                                        f"({median([c for _, c in values]):.2f} ms CPU, "
                                        f"{cpu_ratio:.1f}x hello's), as a ratio to hello",
                        f"{ratio:.1f}x", f"<= {target:.0f}x", ratio <= target))
    return rows
