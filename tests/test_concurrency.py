"""One game hammered by many phones at once, through the real app in real server processes.

Two waitress processes (the README's command) share one database; 8 threads send 50 mixed
writes each through the JSON API: book taps, one team's count, corrections on a fresh or a
stale version, and whole rounds sent twice at once with one request key. Then every answer
is checked against the stored game: each accepted write is in it, applied to exactly the
state it was based on; each refused one was told why; no round is doubled; and the totals
are the engine's, recomputed from the stored tallies.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from handfoot_score.engine.presets import PRESETS
from handfoot_score.engine.rules_json import rules_from_dict, rules_to_dict
from handfoot_score.engine.scoring import score_round
from handfoot_score.services.tallies import read_tallies
from tests import serving

THREADS = 8
WRITES_PER_THREAD = 50
SECONDS_PER_REQUEST = 30
#: Whole rounds are sent only up to this round, so the game (of 20 rounds) never ends.
LAST_ROUND_SENT = 14
TEAMS = [{"name": "Reds"}, {"name": "Blues"}, {"name": "Greens"}]
#: Book taps, a team's count, a fresh correction, a stale one, a round sent twice at once.
MIX = (("tap", 40), ("part", 30), ("correct", 12), ("stale", 8), ("round", 10))


@dataclass
class Answer:
    """One write as sent and as answered."""

    kind: str
    body: dict[str, Any]
    status: int
    game: dict[str, Any] | None = None
    errors: list[dict[str, Any]] = field(default_factory=list)
    current: dict[str, Any] | None = None


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[str]]:
    """Two server processes on one database: the test database server if there is one,
    else a new SQLite file."""
    with serving.two_servers(tmp_path_factory) as (first, second):
        yield [first, second]


def call(method: str, url: str, body: object = None) -> tuple[int, Any]:
    """Send a JSON request; the status and the JSON answer (every answer here is JSON)."""
    return serving.call(method, url, body, timeout=SECONDS_PER_REQUEST)


def points_tally(points: int, left: int = 0) -> dict[str, Any]:
    """A tally in points that says who sent it (every count of points here is unique)."""
    return {"melded": {"points": points}, "left": {"points": left}}


class Phone:
    """One thread's phone: reads the game, then writes to it, keeping every answer."""

    def __init__(self, number: int, base: str, game_id: str, answers: list[Answer]) -> None:
        self.number = number
        self.api = f"{base}/api/v1/games/{game_id}"
        self.random = random.Random(number)
        self.answers = answers
        self.sent = 0

    def unique_points(self) -> int:
        self.sent += 1
        return 5 * (64 * self.number + self.sent % 64)

    def read(self) -> dict[str, Any]:
        status, game = call("GET", self.api)
        assert status == 200, game
        return game

    def keep(self, kind: str, body: dict[str, Any], status: int,
             answer: dict[str, Any]) -> None:
        self.answers.append(Answer(kind, body, status, answer if status < 300 else None,
                                   answer.get("errors", []), answer.get("current")))

    def run(self) -> None:
        kinds, weights = zip(*MIX)
        for _ in range(WRITES_PER_THREAD):
            kind = self.random.choices(kinds, weights)[0]
            game = self.read()
            if kind in ("correct", "stale") and not game["rounds"]:
                kind = "tap"
            if kind == "round" and game["current_round"] > LAST_ROUND_SENT:
                kind = "part"
            getattr(self, kind)(game)

    def tap(self, game: dict[str, Any]) -> None:
        team = self.random.randrange(len(TEAMS))
        kind = self.random.choice(["clean", "dirty"])
        seen = game["books"][team][kind]
        change = -1 if seen and self.random.random() < 0.3 else 1
        body = {"team": team, "kind": kind, "change": change, "seen": seen}
        self.keep("tap", body, *call("POST", f"{self.api}/books", body))

    def part(self, game: dict[str, Any]) -> None:
        # Greens count rarely, so most rounds wait for them and a few are recorded by them.
        team = self.random.choice([0, 0, 1, 1, 2]) if game["current_round"] <= LAST_ROUND_SENT \
            else self.random.choice([0, 1])
        seen = next((p["version"] for p in game["parts"] if p["team"] == team), 0)
        number = game["current_round"]
        body = {"tally": points_tally(self.unique_points()), "version": seen}
        status, answer = call("PUT", f"{self.api}/rounds/{number}/parts/{team}", body)
        self.keep("part", {**body, "round": number, "team": team}, status, answer)

    def correct(self, game: dict[str, Any], stale: bool = False) -> None:
        chosen = self.random.choice(game["rounds"])
        number = chosen["number"]
        version = chosen["version"] - 1 if stale else chosen["version"]
        body = {"teams": [points_tally(self.unique_points()) for _ in TEAMS],
                "version": version}
        status, answer = call("PUT", f"{self.api}/rounds/{number}", body)
        self.keep("stale" if stale else "correct", {**body, "round": number}, status, answer)

    def stale(self, game: dict[str, Any]) -> None:
        self.correct(game, stale=True)

    def round(self, game: dict[str, Any]) -> None:
        """The same round sent twice at once, as a double tap or a retry would send it."""
        key = f"phone-{self.number}-{self.sent}"
        body = {"round": game["current_round"], "request_key": key,
                "teams": [points_tally(self.unique_points()) for _ in TEAMS]}
        answers: list[tuple[int, dict[str, Any]]] = []
        twin = threading.Thread(target=lambda: answers.append(
            call("POST", f"{self.api}/rounds", body)))
        twin.start()
        answers.append(call("POST", f"{self.api}/rounds", body))
        twin.join(SECONDS_PER_REQUEST * 2)
        for status, answer in answers:
            self.keep("round", body, status, answer)


def hammer(servers: list[str]) -> tuple[dict[str, Any], dict[str, Any], list[Answer]]:
    """Start a game of 20 rounds, hammer it; the game as created, as left, and every answer."""
    rules = rules_to_dict(PRESETS["classic"])
    rules["rounds"] = (rules["rounds"] * 5)[:20]
    status, created = call("POST", f"{servers[0]}/api/v1/games",
                           {"rules": rules, "teams": TEAMS})
    assert status == 201, created
    answers: list[Answer] = []
    phones = [Phone(n, servers[n % len(servers)], created["id"], answers)
              for n in range(THREADS)]
    threads = [threading.Thread(target=phone.run) for phone in phones]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(WRITES_PER_THREAD * SECONDS_PER_REQUEST)
    assert not any(thread.is_alive() for thread in threads), "a phone never finished"
    final = phones[0].read()
    return created, final, answers


def test_many_phones_at_once_lose_nothing_and_double_nothing(servers: list[str]) -> None:
    created, final, answers = hammer(servers)
    assert sum(a.kind != "round" for a in answers) + \
        sum(a.kind == "round" for a in answers) // 2 == THREADS * WRITES_PER_THREAD

    # Every answer is an accepted write, a replay of one, or a refusal that says why.
    for answer in answers:
        assert answer.status in (200, 201, 409), (answer.kind, answer.status, answer.errors)
        if answer.status == 409:
            assert answer.errors and answer.errors[0]["message"], answer
    assert all(a.status == 409 for a in answers if a.kind == "stale")

    # Each accepted write raised the version by one, and answered with the game exactly as
    # it left it: the versions they answered are 2, 3, ... up to the final one, each once.
    accepted = [a for a in answers if a.game is not None and
                not (a.kind == "round" and a.status == 200)]
    states = {1: created} | {a.game["version"]: a.game for a in accepted}  # type: ignore[index]
    assert sorted(a.game["version"] for a in accepted) == \
        list(range(2, final["version"] + 1))  # type: ignore[index]
    assert states[final["version"]] == final

    # Each was applied to the state it was based on: nothing lost in between.
    for answer in accepted:
        after = answer.game
        before = states[after["version"] - 1]  # type: ignore[index]
        check_applied(answer, before, after)  # type: ignore[arg-type]

    # A round sent twice at once was recorded once at most; each round was recorded once.
    recorded = [len(a.game["rounds"]) for a in accepted  # type: ignore[index]
                if a.kind == "round" or (a.kind == "part" and
                                         len(a.game["rounds"]) >= a.body["round"])]  # type: ignore[index]
    assert sorted(recorded) == list(range(1, len(final["rounds"]) + 1))
    for key in {a.body["request_key"] for a in answers if a.kind == "round"}:
        twins = [a for a in answers if a.kind == "round" and a.body["request_key"] == key]
        assert len(twins) == 2 and sum(a.status == 201 for a in twins) <= 1
        if any(a.status == 201 for a in twins):
            assert {a.status for a in twins} <= {200, 201}
    assert [r["number"] for r in final["rounds"]] == list(range(1, len(final["rounds"]) + 1))
    assert len(final["rounds"]) >= 3, "too few rounds were recorded to prove anything"

    # The totals are the engine's, from the stored tallies.
    assert final["totals"] == recomputed_totals(final)
    kinds = {a.kind for a in accepted}
    assert kinds == {"tap", "part", "correct", "round"}, kinds


def check_applied(answer: Answer, before: dict[str, Any], after: dict[str, Any]) -> None:
    """The write did to ``before`` exactly what it asked, and ``after`` is the result."""
    body = answer.body
    if answer.kind == "tap":
        seen = before["books"][body["team"]][body["kind"]]
        assert seen == body["seen"], (answer, seen)
        assert after["books"][body["team"]][body["kind"]] == max(0, seen + body["change"])
    elif answer.kind == "part":
        part = next((p for p in before["parts"] if p["team"] == body["team"]), None)
        assert (part["version"] if part else 0) == body["version"]
        assert before["current_round"] == body["round"]
        if len(after["rounds"]) < body["round"]:
            mine = next(p for p in after["parts"] if p["team"] == body["team"])
            assert (mine["version"], mine["tally"]) == (body["version"] + 1, body["tally"])
        else:
            assert after["parts"] == []
            assert after["rounds"][-1]["tallies"][body["team"]] == body["tally"]
    elif answer.kind == "correct":
        number = body["round"]
        assert before["rounds"][number - 1]["version"] == body["version"]
        assert after["rounds"][number - 1]["version"] == body["version"] + 1
        assert after["rounds"][number - 1]["tallies"] == body["teams"]
    else:
        assert before["current_round"] == body["round"]
        assert after["rounds"][-1]["number"] == body["round"]
        assert after["rounds"][-1]["tallies"] == body["teams"]


def recomputed_totals(game: dict[str, Any]) -> list[int]:
    """Every team's total, scored again by the engine from the tallies as stored."""
    rules = rules_from_dict(game["rules"])
    totals = [0] * len(game["teams"])
    for stored in game["rounds"]:
        tallies = [replace(tally, score_before=total)
                   for tally, total in zip(read_tallies(stored["tallies"]), totals)]
        scored = score_round(rules, stored["number"], tallies)
        assert [t["total"] for t in stored["teams"]] == [s.total for s in scored.teams]
        totals = [total + s.total for total, s in zip(totals, scored.teams)]
    return totals


def test_the_servers_shared_one_database(servers: list[str]) -> None:
    status, created = call("POST", f"{servers[0]}/api/v1/games",
                           {"rules": "classic", "teams": TEAMS[:2]})
    assert status == 201
    status, seen = call("GET", f"{servers[1]}/api/v1/games/{created['id']}")
    assert status == 200 and seen["join_code"] == created["join_code"]
