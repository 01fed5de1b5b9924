"""Part 2, requests in process: the pages a table uses most, timed through Flask's test
client once warm, each against the bare health check of the same app in the same run.

The round screen and the scoreboard are those of a game in its third round; a round submit
is the tally form of a two-team game sent and saved (each sample saves the next round of a
game kept ready for it); the standings are a club league's page. Requests carry a phone's
headers, so pages come back compressed as a phone would get them.
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

TARGET_RATIO = 3.0
ROUNDS = 4


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
        url = f"/games/{game}/rounds/{number}"

        def submit() -> int:
            return self.client.post(url, data=form, headers=BROWSER).status_code
        return submit


def pages(sample: Sample) -> dict[str, str]:
    """The address of each page timed."""
    return {
        "hello (health check)": "/healthz",
        "round screen": f"/games/{sample.round_screen}",
        "scoreboard": f"/games/{sample.scoreboard}/scoreboard",
        "league standings": f"/leagues/{sample.league}",
    }


def time_requests(client: FlaskClient, sample: Sample, submits: Submits, settings: Settings
                  ) -> dict[str, list[float]]:
    """Each run's median milliseconds for every page and for a submit, pages interleaved so
    that a busy moment on the machine falls on all of them alike."""
    addresses = pages(sample)
    runs: dict[str, list[float]] = {name: [] for name in [*addresses, "round submit"]}
    for url in addresses.values():
        for _ in range(settings.warm_up):
            _expect(client.get(url, headers=BROWSER).status_code, 200, url)
    for _ in range(settings.runs):
        times: dict[str, list[float]] = {name: [] for name in runs}
        for _ in range(settings.samples):
            for name, url in addresses.items():
                began = time.perf_counter()
                status = client.get(url, headers=BROWSER).status_code
                times[name].append(time.perf_counter() - began)
                _expect(status, 200, url)
            submit = submits.prepare()
            began = time.perf_counter()
            status = submit()
            times["round submit"].append(time.perf_counter() - began)
            _expect(status, 303, "the round submit")
        for name, values in times.items():
            runs[name].append(median(values) * 1000)
    return runs


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
    hello_runs = runs.pop("hello (health check)")
    rows = [Row("2 in process", f"hello (health check): ms per request ({settings.runs} runs "
                                f"of {settings.samples})", f"{median(hello_runs):.2f} ms")]
    for name, values in runs.items():
        ratio = median([value / hello for value, hello in zip(values, hello_runs)])
        rows.append(Row("2 in process", f"{name}: {median(values):.2f} ms, as a ratio to hello",
                        f"{ratio:.1f}x", f"<= {TARGET_RATIO:.0f}x", ratio <= TARGET_RATIO))
    return rows
