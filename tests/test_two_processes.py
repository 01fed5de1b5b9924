"""Two server processes on one PostgreSQL database, as a club that outgrows one computer runs
them: ``flask --app app serve`` started twice, on two ports, sharing the database and the
instance folder (so the secret key).

Writes to one game raced through both keep every acknowledged write once and nothing else;
a write through one process shows on the other at once; the throttles on join codes and
edit codes count the misses sent to both as if sent to one; and what one process keeps in
memory never hides a write made through the other (its caches are keyed by what they hold:
rule sets by their stored JSON, forms by rules and names, static files by their size and
time, pages' ETags by the release; everything that changes is read from the database).
"""

from __future__ import annotations

import copy
import itertools
import random
import threading
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from email.message import Message
from typing import Any

import pytest

from handfoot_score import create_app
from handfoot_score.services import edit_codes, join_codes
from tests.conftest import TEST_CONFIG, empty_tables, uses_database_server
from tests.game_pages import as_stored
from tests.serving import call, serve

pytestmark = pytest.mark.skipif(
    not uses_database_server(),
    reason="PostgreSQL only (SQLite is one computer's file): set DATABASE_URL (or "
           "TEST_DATABASE_URL) to a PostgreSQL database, e.g. "
           "DATABASE_URL=$(.ci/start-postgres /tmp/handfoot-pg) as root",
)

#: Threads per server: more than the writers, so every write is handled at once.
SERVER_THREADS = 8
#: Phones writing to one game at the same moment, and how many writes each sends.
WRITERS, WRITES_EACH = 6, 15
SECONDS_PER_REQUEST = 30
TEAMS = [{"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}]


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[str]]:
    """The addresses of two server processes on the test database, emptied first."""
    empty_tables(create_app(TEST_CONFIG))
    shared = tmp_path_factory.mktemp("club")
    options = ("--host", "127.0.0.1", "--threads", str(SERVER_THREADS))
    with serve(shared, *options) as (first, _), serve(shared, *options) as (second, _):
        yield [f"http://127.0.0.1:{first}", f"http://127.0.0.1:{second}"]


def api(server: str, method: str, path: str, body: object = None,
        headers: dict[str, str] | None = None) -> tuple[int, Any]:
    """A JSON request to one server's API."""
    return call(method, f"{server}/api/v1{path}", body, headers, timeout=SECONDS_PER_REQUEST)


def new_game(server: str, **fields: object) -> dict[str, Any]:
    """Start a game of two teams (classic rules, unless ``fields`` say otherwise)."""
    status, game = api(server, "POST", "/games", {"rules": "classic", "teams": TEAMS, **fields})
    assert status == 201, game
    return dict(game)


def page(url: str, headers: dict[str, str]) -> tuple[int, Message, bytes]:
    """A GET with these headers: its status, headers and body (a 304 is no error)."""
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=SECONDS_PER_REQUEST) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        with error:
            return error.code, error.headers, error.read()


# ---- writes raced through both processes ---------------------------------------------------


@dataclass(frozen=True)
class Write:
    """One write a phone sent: what it asked for, where, and the answer."""

    kind: str
    asked: dict[str, Any]
    status: int
    answer: Any


def rounds_of(state: dict[str, Any]) -> list[tuple[int, int, list[Any]]]:
    """Each recorded round as (number, round version, tallies as stored)."""
    return [(r["number"], r["version"], r["tallies"]) for r in state["rounds"]]


def parts_of(state: dict[str, Any]) -> dict[int, tuple[int, Any]]:
    """Each team's saved count of the round being played: team -> (count version, tally)."""
    return {p["team"]: (p["version"], p["tally"]) for p in state["parts"]}


class Phone:
    """A phone at the table: reads the game through one process, writes through the other,
    and keeps every answer it got."""

    def __init__(self, servers: list[str], game_id: str, seed: int,
                 melds: Iterator[int], lock: threading.Lock) -> None:
        self.servers, self.game_id = servers, game_id
        self.rng = random.Random(seed)
        self.melds, self.lock = melds, lock
        self.sent: list[Write] = []
        #: The round this phone recorded last and the game's version then, for its Undo.
        self.just_recorded: tuple[int, int] | None = None

    def tally(self) -> dict[str, Any]:
        """A team's count no other write sends: its melded points tell it apart."""
        with self.lock:
            points = 5 * next(self.melds)
        return {"melded": {"points": points}, "went_out": False}

    def play(self, turns: int) -> None:
        for turn in range(turns):
            reader, writer = self.servers[turn % 2], self.servers[1 - turn % 2]
            status, state = api(reader, "GET", f"/games/{self.game_id}")
            assert status == 200, state
            self.write(writer, state, turn)

    def write(self, server: str, state: dict[str, Any], turn: int) -> None:
        """One write based on ``state``, chosen as a phone in play might."""
        game = f"/games/{self.game_id}"
        playing, recorded = state["current_round"], len(state["rounds"])
        # The game's last round is left unrecorded: a finished game takes no taps or counts.
        recordable = playing is not None and playing < len(state["rules"]["rounds"])
        pick = self.rng.random()
        if playing is not None and pick < 0.35:
            team = self.rng.randrange(2)
            seen = state["books"][team]["clean"]
            change = -1 if seen and self.rng.random() < 0.3 else 1
            asked = {"team": team, "kind": "clean", "change": change, "seen": seen}
            self.send(server, "tap", "POST", f"{game}/books", asked)
        elif recordable and pick < 0.55:
            seen = parts_of(state)
            asked = {"round": playing, "teams": [self.tally(), self.tally()],
                     "request_key": f"round-{self.rng.getrandbits(64):x}",
                     "part_versions": [seen.get(t, (0, None))[0] for t in range(2)]}
            self.record_twice(asked)
            if self.just_recorded is not None and self.rng.random() < 0.6:
                # Undo, as the round screen offers it: on the version the record was answered
                # with, refused if any phone wrote to the game since.
                number, version = self.just_recorded
                self.send(self.servers[turn % 2], "undo", "POST",
                          f"{game}/rounds/{number}/undo", {"version": version}, number=number)
            self.just_recorded = None
        elif recordable and pick < 0.75:
            team = self.rng.randrange(2)
            asked = {"tally": self.tally(), "version": parts_of(state).get(team, (0, None))[0]}
            self.send(server, f"part {team}", "PUT", f"{game}/rounds/{playing}/parts/{team}",
                      asked)
        elif recorded:
            number = self.rng.randrange(1, recorded + 1)
            asked = {"teams": [self.tally(), self.tally()],
                     "version": state["rounds"][number - 1]["version"]}
            self.send(server, "correct", "PUT", f"{game}/rounds/{number}", asked, number=number)

    def send(self, server: str, kind: str, method: str, path: str, asked: dict[str, Any],
             **noted: Any) -> None:
        status, answer = api(server, method, path, asked)
        self.sent.append(Write(kind, {**asked, **noted}, status, answer))
        if kind == "record" and status == 201:
            self.just_recorded = (len(answer["rounds"]), answer["version"])

    def record_twice(self, asked: dict[str, Any]) -> None:
        """Record a round through both processes at once with one request key, as a phone
        that sends again after a dropped answer might."""
        path = f"/games/{self.game_id}/rounds"
        ready = threading.Barrier(2)

        def send(server: str) -> None:
            ready.wait()
            self.send(server, "record", "POST", path, asked)

        twin = threading.Thread(target=send, args=(self.servers[1],))
        twin.start()
        send(self.servers[0])
        twin.join(SECONDS_PER_REQUEST * 2)


def expected_after(write: Write, before: dict[str, Any]) -> dict[str, Any]:
    """The game as ``write`` must leave it, ``before`` being the game just before it: the
    parts a model of the game can tell from the API (rounds, books, saved counts)."""
    books, rounds, parts = copy.deepcopy(before["books"]), rounds_of(before), parts_of(before)
    asked = write.asked
    if write.kind == "tap":
        count = books[asked["team"]]["clean"]
        books[asked["team"]]["clean"] = max(0, count + asked["change"])
    elif write.kind == "record":
        rounds.append((before["current_round"], 1, [as_stored(t) for t in asked["teams"]]))
        books, parts = [dict.fromkeys(b, 0) for b in books], {}
    elif write.kind.startswith("part"):
        team = int(write.kind.split()[1])
        parts[team] = (parts.get(team, (0, None))[0] + 1, as_stored(asked["tally"]))
        if len(parts) == len(books):
            rounds.append((before["current_round"], 1, [parts[t][1] for t in range(2)]))
            books, parts = [dict.fromkeys(b, 0) for b in books], {}
    elif write.kind == "undo":
        rounds.pop()
        books = [dict.fromkeys(b, 0) for b in books]  # the rounds here counted no books
    elif write.kind == "correct":
        number, version, _ = rounds[asked["number"] - 1]
        rounds[number - 1] = (number, version + 1, [as_stored(t) for t in asked["teams"]])
    return {"books": books, "rounds": rounds, "parts": parts}


def shown(state: dict[str, Any]) -> dict[str, Any]:
    return {"books": state["books"], "rounds": rounds_of(state), "parts": parts_of(state)}


def test_writes_raced_through_both_processes_are_each_kept_once_and_nothing_else(
        servers: list[str]) -> None:
    status, classic = api(servers[0], "GET", "/rules/classic")
    assert status == 200, classic
    # House rules of twenty rounds: the game goes on as long as the phones record rounds.
    game = new_game(servers[0], rules={"base": "classic", "rounds": classic["rounds"] * 5})
    melds, lock = itertools.count(1), threading.Lock()
    phones = [Phone(servers, game["id"], seed, melds, lock) for seed in range(WRITERS)]
    threads = [threading.Thread(target=phone.play, args=(WRITES_EACH,)) for phone in phones]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(SECONDS_PER_REQUEST * WRITES_EACH)
    assert not any(thread.is_alive() for thread in threads), "a phone never got its answers"
    sent = [write for phone in phones for write in phone.sent]
    statuses = Counter((write.kind.split()[0], write.status) for write in sent)
    # 409: based on what another phone changed meanwhile; 503 would be "busy, try again".
    assert {status for _, status in statuses} <= {200, 201, 409, 503}, statuses
    # A round sent through both processes at once with one request key is recorded once (the
    # other answer is 200, nothing doubled) or refused by both; once more only if an undo
    # took it back in between.
    records = [w for w in sent if w.kind == "record"]
    recorded: dict[str, list[int]] = {}
    for write in records:
        if write.status == 201:
            recorded.setdefault(write.asked["request_key"], []).append(write.answer["version"])
    undone = [w.answer["version"] for w in sent if w.kind == "undo" and w.status == 200]
    for key, versions in recorded.items():
        versions.sort()
        assert all(any(earlier < undo < later for undo in undone)
                   for earlier, later in zip(versions, versions[1:])), (key, versions, undone)
    assert all(w.status != 200 or w.asked["request_key"] in recorded for w in records)

    # Each write that changed the game moved its version on by one: the versions the answers
    # carry are those after the game's start, each once, up to the version stored now.
    changed = sorted((w for w in sent if w.status == 201 or
                      w.status == 200 and w.kind != "record"),
                     key=lambda w: w.answer["version"])
    assert len(changed) >= WRITERS, statuses  # the race wrote something worth checking
    finals = [api(server, "GET", f"/games/{game['id']}")[1] for server in servers]
    assert finals[0] == finals[1]
    assert [w.answer["version"] for w in changed] == \
        list(range(game["version"] + 1, finals[0]["version"] + 1)), statuses
    # ... and did to the game what was asked, on top of the write before it.
    before = game
    for write in changed:
        assert shown(write.answer) == expected_after(write, before), (write, before)
        before = write.answer
    assert finals[0] == before


# ---- one process shows what the other wrote -------------------------------------------------


def test_a_write_through_one_process_shows_on_the_other_at_once(servers: list[str]) -> None:
    game = new_game(servers[0])
    status, headers, _ = page(f"{servers[0]}/games/{game['id']}", {})
    assert status == 200
    cookie = str(headers.get("Set-Cookie", "")).split(";")[0]
    etag = str(headers["ETag"])
    seen = game["version"]
    for turn in range(6):
        writer, reader = servers[turn % 2], servers[1 - turn % 2]
        # The copy one process rendered is still good on the other: same release, same key.
        round_screen = page(f"{reader}/games/{game['id']}",
                            {"Cookie": cookie, "If-None-Match": etag})
        assert round_screen[0] == 304, round_screen
        assert page(f"{reader}/games/{game['id']}/live", {"If-None-Match": f'"{seen}"'}
                    )[0] == 304
        status, state = api(writer, "POST", f"/games/{game['id']}/books",
                            {"team": 1, "kind": "dirty", "change": 1, "seen": turn})
        assert status == 200, state
        status, headers, html = page(f"{reader}/games/{game['id']}",
                                     {"Cookie": cookie, "If-None-Match": etag})
        assert status == 200 and headers.get("ETag") != etag
        etag = str(headers["ETag"])
        status, _, pulse = page(f"{reader}/games/{game['id']}/live",
                                {"If-None-Match": f'"{seen}"'})
        assert status == 200 and b'"dirty":%d' % (turn + 1) in pulse.replace(b" ", b"")
        status, answer = api(reader, "GET", f"/games/{game['id']}",
                             headers={"If-None-Match": f'W/"{seen}"'})
        assert status == 200 and answer["books"][1]["dirty"] == turn + 1
        seen = answer["version"]
        assert seen == state["version"]


def test_league_standings_read_on_one_process_follow_a_game_finished_on_the_other(
        servers: list[str]) -> None:
    status, league = api(servers[0], "POST", "/leagues", {"name": "Thursday club"})
    assert status == 201, league
    standings = f"/leagues/{league['id']}/standings"
    status, headers, _ = page(f"{servers[1]}/leagues/{league['id']}", {})
    assert status == 200
    cookie, etag = str(headers.get("Set-Cookie", "")).split(";")[0], str(headers["ETag"])
    assert api(servers[1], "GET", standings)[1]["players"] == []
    game = new_game(servers[0], league=league["id"])
    for number in range(1, 5):
        status, state = api(servers[number % 2], "POST", f"/games/{game['id']}/rounds", {
            "teams": [{"melded": {"points": 100}}, {"melded": {"points": 50}}]})
        assert status == 201, state
    assert state["finished"]
    ann = next(row for row in api(servers[1], "GET", standings)[1]["players"]
               if row["name"] == "Ann")
    assert (ann["games"], ann["wins"]) == (1, 1)
    assert page(f"{servers[1]}/leagues/{league['id']}",
                {"Cookie": cookie, "If-None-Match": etag})[0] == 200


# ---- the throttles count across processes ---------------------------------------------------


def test_wrong_join_codes_sent_to_both_processes_are_throttled_as_if_sent_to_one(
        servers: list[str]) -> None:
    wrong = [f"ZZZZZ{join_codes.ALPHABET[n]}" for n in range(join_codes.MAX_FAILURES + 2)]
    answers = [api(servers[n % 2], "POST", "/join", {"code": code})[0]
               for n, code in enumerate(wrong)]
    assert answers == [404] * join_codes.MAX_FAILURES + [429, 429]


def test_wrong_edit_codes_sent_to_both_processes_are_throttled_as_if_sent_to_one(
        servers: list[str]) -> None:
    status, league = api(servers[0], "POST", "/leagues",
                         {"name": "Locked club", "edit_code": "river and stone"})
    assert status == 201, league
    body = {"rules": "classic", "league": league["id"], "teams": TEAMS}
    answers = [api(servers[n % 2], "POST", "/games", body, {"X-Edit-Code": "wrong guess"})[0]
               for n in range(edit_codes.MAX_FAILURES + 2)]
    assert answers == [403] * edit_codes.MAX_FAILURES + [429, 429]
