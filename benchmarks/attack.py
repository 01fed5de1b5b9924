"""A bounded attack run: fuzzed requests to every endpoint of the real server, on loopback.

``python -m benchmarks.attack [--requests N] [--seconds S] [--clients C] [--seed X]``

The app is started as the README serves it (``flask --app app serve``, waitress, four
threads) on 127.0.0.1 only, on a new SQLite file, or on the PostgreSQL database
``DATABASE_URL`` names (its tables are used as they are: point it at a throwaway database).
Then ``--clients`` threads, each with a kept-alive connection and its own session cookie
and CSRF token (so form posts reach the form, not only the CSRF check), send every endpoint
N fuzzed requests: hostile strings (NUL, lone surrogates sent as their UTF-8 bytes, control
characters, "²", 5,000 digits, 400 zeros, 60 × "ß"), wrong types, numbers past 32 and 64
bits, valid bodies with one value swapped, malformed Hosts, and writers racing on the same
games and house-rule names. The run stops at N requests per endpoint or after S seconds,
whichever comes first, and prints how many answers of each status every endpoint gave.
Answers of 500 and above are the ones that count: the target is none.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

from handfoot_score import PROJECT_ROOT

START_SECONDS = 60
#: Counted in place of a 503 that did not say when to try again.
UNTOLD_503 = 599
THREADS = 4

# ---- hostile values ------------------------------------------------------------------------

HOSTILE_TEXT = [
    "x\ud800", "\udfff", "a\x00b", "\x00", "\x07", "\x1b[31m", "²", "١٢", "10²⁰", "9" * 5000,
    "0" * 400, "1" + "0" * 400, "ß" * 60, "ß" * 31, "x" * 61, "x" * 101, "\u202e", " ", "",
    "classic", "pagat", "clean", "dirty", "wild", "sevens", "-1", "3000000000",
    "9223372036854775808", "1e309", "NaN", "null", "<script>", "'; drop table games; --",
    "../../etc/passwd", "%00", "AB12CD", "house", "Ann", "ANN ", "ann",
]
HUGE_NUMBERS = [2**31, -(2**31) - 1, 2**63, -(2**63), 2**64 + 1, 10**30, 10**100, -1,
                3_000_000_000, 10_000_001]
KEYS = ["rules", "round", "teams", "name", "players", "tally", "version", "team", "kind",
        "change", "seen", "request_key", "part_versions", "edit_code", "league", "melds",
        "score_before", "base", "decks", "books", "clean", "dirty", "wild", "melded",
        "left", "points", "aces", "jokers", "twos", "eight_to_king", "four_to_seven",
        "black_threes", "went_out", "red_threes_down", "red_threes_left", "exact_draws",
        "special_books", "bonus", "format", "games", "first_dealer"]


def hostile_scalar(rng: random.Random) -> Any:
    """One value of the wrong kind, size or character."""
    pick = rng.random()
    if pick < 0.35:
        return rng.choice(HOSTILE_TEXT)
    if pick < 0.55:
        return rng.choice(HUGE_NUMBERS + [0, 1, 2, 7, -5])
    if pick < 0.65:
        return rng.choice([None, True, False, 1.5, float("inf"), float("nan")])
    if pick < 0.8:
        return "".join(chr(rng.randrange(0, 0x30000)) for _ in range(rng.randrange(1, 9)))
    return rng.randrange(-10, 200)


def hostile_value(rng: random.Random, depth: int = 0) -> Any:
    """A scalar, or a list or object of hostile values a few levels deep."""
    pick = rng.random()
    if depth > 2 or pick < 0.6:
        return hostile_scalar(rng)
    if pick < 0.8:
        return [hostile_value(rng, depth + 1) for _ in range(rng.randrange(0, 4))]
    return {rng.choice(KEYS + HOSTILE_TEXT[:8]): hostile_value(rng, depth + 1)
            for _ in range(rng.randrange(0, 4))}


def mutated(rng: random.Random, body: Any) -> Any:
    """``body`` with one value somewhere in it swapped for a hostile one (or a key added)."""
    body = json.loads(json.dumps(body))
    places: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key in list(node):
                places.append((node, key))
                walk(node[key])
        elif isinstance(node, list):
            for index in range(len(node)):
                places.append((node, index))
                walk(node[index])

    walk(body)
    if not places or rng.random() < 0.15:
        return hostile_value(rng) if rng.random() < 0.3 else \
            {**body, rng.choice(KEYS + HOSTILE_TEXT[:6]): hostile_value(rng)} \
            if isinstance(body, dict) else body
    node, key = rng.choice(places)
    node[key] = hostile_value(rng)
    return body


def in_address(value: Any) -> str:
    """A value as one segment of an address or query (lone surrogates as UTF-8 bytes)."""
    return quote(str(value), safe="", errors="surrogatepass")


def as_json(body: Any) -> bytes:
    """JSON bytes; lone surrogates go as ``\\ud800`` escapes, as a browser's JSON would."""
    return json.dumps(body).encode()


def as_form(fields: dict[str, Any]) -> bytes:
    """URL-encoded form bytes, with whatever characters the fields hold."""
    return "&".join(f"{in_address(k)}={in_address(v)}" for k, v in fields.items()).encode()


# ---- the server ----------------------------------------------------------------------------


def free_port() -> int:
    """A port nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass(frozen=True)
class Server:
    """The app serving on loopback: its port, and its process (to read its memory)."""

    port: int
    pid: int


@contextmanager
def serving(database_url: str | None, instance: Path) -> Iterator[Server]:
    """The app under the README's serve command, on loopback."""
    port = free_port()
    env = {**os.environ, "HANDFOOT_INSTANCE_PATH": str(instance)}
    if database_url:
        env["DATABASE_URL"] = database_url
    else:
        env.pop("DATABASE_URL", None)
    env.pop("TRUSTED_HOSTS", None)
    command = [sys.executable, "-m", "flask", "--app", "app", "serve", "--host", "127.0.0.1",
               "--port", str(port), "--threads", str(THREADS)]
    log = instance / "server.log"
    with log.open("wb") as output:
        process = subprocess.Popen(command, cwd=PROJECT_ROOT, env=env, stdout=output,
                                   stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit(
                        "the server did not start:\n" + log.read_text()[-3000:]) from None
                time.sleep(0.2)
        yield Server(port, process.pid)
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@dataclass
class Answer:
    """What one request got back."""

    status: int
    body: bytes
    headers: dict[str, str]


class Phone:
    """One client: a kept-alive connection, a session cookie and its CSRF token."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.cookie = ""
        self.token = ""

    def send(self, method: str, path: str, body: bytes | None = None,
             content_type: str | None = None, host: str | None = None) -> Answer:
        """One request; a dropped connection is opened again once."""
        headers = {"Cookie": self.cookie} if self.cookie else {}
        if content_type:
            headers["Content-Type"] = content_type
        if host is not None:
            headers["Host"] = host
        for attempt in (1, 2):
            try:
                self.connection.putrequest(method, path, skip_host=host is not None,
                                           skip_accept_encoding=True)
                for name, value in headers.items():
                    self.connection.putheader(name, value.encode("latin-1", "replace"))
                self.connection.putheader("Content-Length", str(len(body or b"")))
                self.connection.endheaders(body)
                response = self.connection.getresponse()
                data = response.read()
                answer = Answer(response.status, data, dict(response.getheaders()))
                if response.getheader("Connection", "").lower() == "close":
                    self.connection.close()
                return answer
            except (http.client.HTTPException, OSError):
                self.connection.close()
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port,
                                                             timeout=30)
                if attempt == 2:
                    return Answer(0, b"", {})
        raise AssertionError("unreachable")

    def sign_in(self) -> None:
        """Take a session cookie and the CSRF token from the new-game page."""
        answer = self.send("GET", "/games/new")
        cookie = answer.headers.get("Set-Cookie", "")
        self.cookie = cookie.split(";", 1)[0]
        match = re.search(rb'name="csrf_token"[^>]*value="([^"]+)"', answer.body)
        self.token = match[1].decode() if match else ""

    def json(self, method: str, path: str, body: Any) -> Answer:
        """A JSON request."""
        return self.send(method, path, as_json(body), "application/json")

    def form(self, path: str, fields: dict[str, Any]) -> Answer:
        """A form post carrying this phone's CSRF token (unless the fields replace it)."""
        return self.send("POST", path, as_form({"csrf_token": self.token, **fields}),
                         "application/x-www-form-urlencoded")


# ---- the table set up before the attack ------------------------------------------------------

GAME = {"rules": "classic", "teams": [{"name": "Us", "players": ["Ann", "Bob"]},
                                      {"name": "Them", "players": ["Cy", "Di"]}]}
TALLY = {"melded": {"aces": 4, "eight_to_king": 14, "four_to_seven": 3, "twos": 2},
         "left": {"four_to_seven": 1}, "books": {"clean": 1, "dirty": 1},
         "red_threes_down": 1, "red_threes_left": 0, "went_out": False}
EDIT_CODE = "attack-edit-code"


@dataclass
class Table:
    """Ids the fuzzed requests aim at."""

    games: list[str]
    join_codes: list[str]
    league: str
    protected_league: str
    player_id: int
    export: Any


def set_table(phone: Phone) -> Table:
    """Games (one with a round), leagues with a player, and an export to replay."""
    league = json.loads(phone.json("POST", "/api/v1/leagues", {"name": "Club"}).body)["id"]
    protected = json.loads(phone.json("POST", "/api/v1/leagues",
                                      {"name": "Locked", "edit_code": EDIT_CODE}).body)["id"]
    games, codes = [], []
    for extra in ({}, {"league": league}, {}, {}):
        state = json.loads(phone.json("POST", "/api/v1/games", {**GAME, **extra}).body)
        games.append(state["id"])
        codes.append(state.get("join_code") or "AB12CD")
    phone.json("POST", f"/api/v1/games/{games[1]}/rounds", {"teams": [TALLY, {}]})
    standings = json.loads(phone.send("GET", f"/api/v1/leagues/{league}/standings").body)
    player = standings["players"][0]["id"] if standings.get("players") else 1
    export = json.loads(phone.send("GET", f"/api/v1/leagues/{league}/export").body)
    return Table(games, codes, league, protected, player, export)


# ---- the endpoints -------------------------------------------------------------------------

Attack = Callable[[Phone, random.Random, Table], Answer]


def _game(rng: random.Random, table: Table) -> str:
    return rng.choice(table.games + [in_address(hostile_scalar(rng))]
                      if rng.random() < 0.1 else table.games)


def _number(rng: random.Random) -> str:
    return in_address(rng.choice([1, 1, 2, hostile_scalar(rng)]))


def _json_or_mutated(rng: random.Random, valid: Any) -> Any:
    return hostile_value(rng) if rng.random() < 0.25 else mutated(rng, valid)


ATTACKS: dict[str, Attack] = {
    "POST /api/v1/score": lambda p, r, t: p.json("POST", "/api/v1/score", _json_or_mutated(
        r, {"rules": "classic", "round": 1, "teams": [TALLY, {}]})),
    "POST /api/v1/meld-check": lambda p, r, t: p.json("POST", "/api/v1/meld-check",
                                                      _json_or_mutated(r, {
        "rules": "classic", "round": 1, "melds": [["K", "K", "K"], ["A", "A", "2"]]})),
    "GET /api/v1/rules/<id>": lambda p, r, t: p.send(
        "GET", f"/api/v1/rules/{in_address(r.choice(['classic', hostile_scalar(r)]))}"),
    "POST /api/v1/games": lambda p, r, t: p.json("POST", "/api/v1/games",
                                                 _json_or_mutated(r, GAME)),
    "GET /api/v1/games/<id>": lambda p, r, t: p.send("GET", f"/api/v1/games/{_game(r, t)}"),
    "POST /api/v1/games/<id>/rounds": lambda p, r, t: p.json(
        "POST", f"/api/v1/games/{_game(r, t)}/rounds",
        _json_or_mutated(r, {"teams": [TALLY, {}], "request_key": f"k{r.randrange(50)}"})),
    "PUT /api/v1/games/<id>/rounds/<n>": lambda p, r, t: p.json(
        "PUT", f"/api/v1/games/{_game(r, t)}/rounds/{_number(r)}",
        _json_or_mutated(r, {"teams": [{}, TALLY], "version": 1})),
    "POST /api/v1/games/<id>/books": lambda p, r, t: p.json(
        "POST", f"/api/v1/games/{_game(r, t)}/books",
        _json_or_mutated(r, {"team": 0, "kind": "clean", "change": 1, "seen": 0})),
    "PUT /api/v1/games/<id>/rounds/<n>/parts/<t>": lambda p, r, t: p.json(
        "PUT", f"/api/v1/games/{_game(r, t)}/rounds/{_number(r)}/parts/"
               f"{in_address(r.choice([0, 1, hostile_scalar(r)]))}",
        _json_or_mutated(r, {"tally": TALLY, "version": 0})),
    "POST /api/v1/leagues": lambda p, r, t: p.json("POST", "/api/v1/leagues",
                                                   _json_or_mutated(r, {"name": "Club"})),
    "GET /api/v1/leagues/<id>/standings": lambda p, r, t: p.send(
        "GET", f"/api/v1/leagues/{r.choice([t.league, in_address(hostile_scalar(r))])}"
               f"/standings?sort={in_address(hostile_scalar(r))}"
               f"&order={r.choice(['asc', 'desc', in_address(hostile_scalar(r))])}"),
    "GET /api/v1/leagues/<id>/export": lambda p, r, t: p.send(
        "GET", f"/api/v1/leagues/{r.choice([t.league, in_address(hostile_scalar(r))])}/export"),
    "POST /api/v1/leagues/import": lambda p, r, t: p.json(
        "POST", "/api/v1/leagues/import", _json_or_mutated(r, t.export)),
    # Half of them a code as a phone sends it (a real one, or a well-formed guess that
    # the per-address throttle counts), half fuzzed.
    "POST /api/v1/join": lambda p, r, t: p.json("POST", "/api/v1/join", {"code": r.choice(
        t.join_codes + ["KKKKKK"])} if r.random() < 0.5 else _json_or_mutated(
        r, {"code": r.choice(t.join_codes)})),
    "POST /games/new (form)": lambda p, r, t: p.form("/games/new", {
        "rules_choice": r.choice(["classic", "pagat", hostile_scalar(r)]),
        "teams-0-name": r.choice(["Us", hostile_scalar(r)]), "teams-0-players-0": "Ann",
        "teams-1-name": "Them", "teams-1-players-0": r.choice(["Cy", hostile_scalar(r)]),
        r.choice(["first_dealer", "save_as", "house-decks", "action", "league"]):
            hostile_scalar(r)}),
    "POST /games/<id>/books (form)": lambda p, r, t: p.form(
        f"/games/{_game(r, t)}/books", {"team": r.choice(["0", hostile_scalar(r)]),
                                        "kind": r.choice(["clean", hostile_scalar(r)]),
                                        "change": r.choice(["1", "-1", hostile_scalar(r)]),
                                        "seen": r.choice(["", "0", hostile_scalar(r)])}),
    "POST /games/<id>/rounds/<n>/... (form)": lambda p, r, t: p.form(
        f"/games/{_game(r, t)}/rounds/{_number(r)}/" + r.choice([
            "record", "correct", "show",
            f"teams/{in_address(r.choice([0, 1, hostile_scalar(r)]))}"]), {
            "teams-0-melded_eight_to_king": r.choice(["10", hostile_scalar(r)]),
            "teams-0-part_version": r.choice(["0", hostile_scalar(r)]),
            "teams-1-part_version": "0", "version": r.choice(["", hostile_scalar(r)]),
            "went_out": r.choice(["", "0", hostile_scalar(r)]),
            "request_key": r.choice(["", hostile_scalar(r)]),
            r.choice(["step", "teams-1-books_clean", "teams-0-points_mode"]):
                hostile_scalar(r)}),
    "POST /rules/house (form)": lambda p, r, t: p.form("/rules/house", {
        "rules-name": r.choice(["Race night", "Race night", hostile_scalar(r)]),
        "rules-decks": r.choice(["5", hostile_scalar(r)]),
        r.choice(["rules-books-clean", "rules-red_three-left", "rules-rounds-0-meld_minimum",
                  "rules-meld_minimum_by_score", "rules-special_books-0-bonus",
                  "rules-card_values"]): hostile_scalar(r)}),
    "POST /leagues (form)": lambda p, r, t: p.form("/leagues", {
        "name": r.choice(["Club", hostile_scalar(r)]),
        # A good code costs a deliberate slow hash: one post in ten brings one.
        "edit_code": "long-enough-code" if r.random() < 0.1 else
                     r.choice(["", hostile_scalar(r)])}),
    "POST /leagues/<id>/unlock (form)": lambda p, r, t: p.form(
        f"/leagues/{r.choice([t.protected_league, in_address(hostile_scalar(r))])}/unlock",
        {"edit_code": r.choice([EDIT_CODE, hostile_scalar(r)]),
         "next": r.choice(["", "/", hostile_scalar(r)])}),
    "GET pages": lambda p, r, t: p.send("GET", r.choice([
        "/", "/rules", f"/rules/{in_address(hostile_scalar(r))}",
        f"/join?code={in_address(hostile_scalar(r))}",
        f"/meld-calculator?round={in_address(hostile_scalar(r))}"
        f"&score={in_address(hostile_scalar(r))}&melds={in_address(hostile_scalar(r))}",
        f"/games/{_game(r, t)}", f"/games/{_game(r, t)}/scoreboard",
        f"/games/{_game(r, t)}/rounds/{_number(r)}?team={in_address(hostile_scalar(r))}",
        f"/leagues/{t.league}?sort={in_address(hostile_scalar(r))}",
        f"/leagues/{t.league}/players/{in_address(r.choice([t.player_id, hostile_scalar(r)]))}",
        f"/leagues/open?link={in_address(hostile_scalar(r))}",
    ])),
    "GET / with a hostile Host": lambda p, r, t: p.send("GET", r.choice(["/", "/leagues"]),
                                                        host=r.choice([
        "a" * 64 + ".example", "a..b", ".", "x" * 300, "[::1", "host:99999", "ex ample",
        "é" * 70, "localhost", "127.0.0.1:1"])),
}


# ---- the run -------------------------------------------------------------------------------


def attack(port: int, attacked: list[str], requests: int, seconds: float, clients: int,
           seed: int) -> tuple[dict[str, Counter[int]], float, list[str]]:
    """Send each endpoint named in ``attacked`` ``requests`` fuzzed requests from
    ``clients`` threads."""
    setup = Phone(port)
    table = set_table(setup)
    counts: dict[str, Counter[int]] = defaultdict(Counter)
    failures: list[str] = []
    lock = threading.Lock()
    work = [name for name in attacked for _ in range(requests)]
    random.Random(seed).shuffle(work)
    began = time.monotonic()
    deadline = began + seconds

    def client(number: int) -> None:
        rng = random.Random(seed * 1000 + number)
        phone = Phone(port)
        phone.sign_in()
        for index in range(number, len(work), clients):
            if time.monotonic() > deadline:
                return
            name = work[index]
            answer = ATTACKS[name](phone, rng, table)
            status = answer.status
            if status == 503 and "Retry-After" not in answer.headers:
                status = UNTOLD_503
            with lock:
                counts[name][status] += 1
                if failed(status):
                    if len(failures) < 20:
                        failures.append(f"{name}: {answer.status} {answer.body[:200]!r}")

    threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return counts, time.monotonic() - began, failures


def failed(status: int) -> bool:
    """Whether an answer is a failure: a 5xx other than "busy, try again" (503 with
    Retry-After: a second import while one runs, a database locked past its wait), or none."""
    return status == 0 or (status >= 500 and status != 503)


def report(counts: dict[str, Counter[int]], elapsed: float, database: str) -> str:
    """The table of answers by status, one row per endpoint."""
    statuses = sorted({status for counter in counts.values() for status in counter})
    header = ["endpoint", "sent", *map(str, statuses), "failed"]
    rows = []
    for name in (name for name in ATTACKS if name in counts):
        counter = counts[name]
        rows.append([name, str(sum(counter.values())),
                     *(str(counter.get(s, 0)) for s in statuses),
                     str(sum(n for s, n in counter.items() if failed(s)))])
    total = Counter[int]()
    for counter in counts.values():
        total.update(counter)
    rows.append(["all", str(sum(total.values())), *(str(total.get(s, 0)) for s in statuses),
                 str(sum(n for s, n in total.items() if failed(s)))])
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    lines = [f"{database}: {sum(total.values()):,} requests in {elapsed:.0f} s "
             f"({sum(total.values()) / elapsed:.0f}/s); status 0 = no answer; failed = 5xx "
             f"or no answer, a 503 with Retry-After (busy, try again) aside; {UNTOLD_503} = a "
             "503 without Retry-After",
             "| " + " | ".join(h.ljust(w) for h, w in zip(header, widths)) + " |",
             "|" + "|".join("-" * (w + 2) for w in widths) + "|"]
    lines += ["| " + " | ".join(c.ljust(w) if i == 0 else c.rjust(w)
                                for i, (c, w) in enumerate(zip(row, widths))) + " |"
              for row in rows]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Start the server, attack it, print the table; exit 1 if any answer was ≥ 500."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.attack", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=3000, help="per endpoint (3000)")
    parser.add_argument("--seconds", type=float, default=900, help="at most (900)")
    parser.add_argument("--clients", type=int, default=8, help="threads at once (8)")
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--only", default="",
                        help="attack only the endpoints whose name holds this text")
    options = parser.parse_args(argv)
    attacked = [name for name in ATTACKS if options.only in name]
    database_url = os.environ.get("DATABASE_URL")
    name = "PostgreSQL" if database_url else "SQLite"
    with tempfile.TemporaryDirectory(prefix="handfoot-attack-") as folder:
        with serving(database_url, Path(folder)) as server:
            port = server.port
            print(f"attacking {name} on 127.0.0.1:{port}: {options.requests} requests per "
                  f"endpoint, {len(attacked)} endpoints, at most {options.seconds:.0f} s",
                  file=sys.stderr, flush=True)
            counts, elapsed, failures = attack(port, attacked, options.requests,
                                               options.seconds, options.clients, options.seed)
        print(report(counts, elapsed, name))
        for failure in failures:
            print("  " + failure)
        if failures:
            log = (Path(folder) / "server.log").read_text(errors="replace")
            print("\nserver log, last lines:\n" + log[-4000:])
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
