"""Every JSON example in the README and the documentation (``docs/``), run against the app
in order, its answer compared with the one the page shows, so the documentation cannot
drift from what the app does. ("The README" below is the README and the pages of ``docs/``,
read as one text in ``DOCUMENTS``' order.)

An example is a ``curl`` command in a ``sh`` block, then its answer as ``# `` comment lines:
an optional status (``409 {...}``; 200 when none is shown), then JSON in which ``...``
stands for "more here": more keys in an object, more items after a list's last one shown,
any value, or the rest of a string (``"to 3 meanwhile: ..."``). An id the README cannot
know is written as four characters and ``...`` (``"dM3v..."``): its first appearance in an
answer stands for the id the app gave, and every later one, in addresses and bodies too,
for that same id. A game's ``<id>`` is the game the "Several phones" examples describe.
"""

from __future__ import annotations

import json
import re
import shlex
from dataclasses import dataclass, field
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from handfoot_score import PROJECT_ROOT

#: The README and every page of the documentation, in the order their examples run (a page's
#: examples may use the ids an earlier page's made); a page left out fails the test below.
DOCUMENTS = ("README.md", *(f"docs/{page}.md" for page in (
    "index", "running/run", "running/serving", "running/several-processes", "code/tests",
    "code/layout", "code/benchmarks", "running/reliability", "table/rules", "table/glance",
    "table/counting", "table/phones", "table/languages", "api/index", "api/phones",
    "api/notes", "table/leagues", "api/openapi")))


def documentation() -> str:
    """The README and the documentation's pages as one text, in ``DOCUMENTS``' order."""
    return "\n".join((PROJECT_ROOT / page).read_text(encoding="utf-8") for page in DOCUMENTS)


def test_every_page_of_the_documentation_is_read() -> None:
    pages = {str(page.relative_to(PROJECT_ROOT)) for page in (PROJECT_ROOT / "docs").rglob("*.md")}
    assert pages == set(DOCUMENTS) - {"README.md"}
ORIGIN = "http://127.0.0.1:8000"
ID_STANDIN = re.compile(r"[A-Za-z0-9]{4}\.\.\.")
EDIT_CODE = "river and stone"


class More:
    """``...`` as a value: anything."""

    def __repr__(self) -> str:
        return "..."


@dataclass(frozen=True)
class Shape:
    """An object or a list the README shows, ``open`` when ``...`` says there is more."""

    value: dict[str, Any] | list[Any]
    open: bool


@dataclass
class Example:
    """One curl command and the answer shown under it (None when none is shown)."""

    line: int
    words: list[str]
    status: int | None
    answer: Any


@dataclass
class Run:
    """What the examples have given so far: the ids they stand for, the files they wrote."""

    ids: dict[str, str] = field(default_factory=dict)
    files: dict[str, bytes] = field(default_factory=dict)


def read_shown(text: str) -> Any:
    """Parse JSON as the README shows it, with ``...`` in it."""
    value, end = _value(text, 0)
    if text[end:].strip():
        raise ValueError(f"unexpected {text[end:end + 20]!r} in {text!r}")
    return value


def _skip(text: str, at: int) -> int:
    while at < len(text) and text[at] in " \t\n":
        at += 1
    return at


def _value(text: str, at: int) -> tuple[Any, int]:
    at = _skip(text, at)
    if text.startswith("...", at):
        return More(), at + 3
    if text[at] in "{[":
        closing = "}" if text[at] == "{" else "]"
        items: dict[str, Any] | list[Any] = {} if closing == "}" else []
        is_open = False
        at = _skip(text, at + 1)
        while text[at] != closing:
            if text.startswith("...", at):
                is_open, at = True, at + 3
            elif isinstance(items, dict):
                key, at = json.decoder.scanstring(text, at + 1)
                at = _skip(text, at)
                assert text[at] == ":", f"':' expected at {text[at:at + 20]!r}"
                items[key], at = _value(text, at + 1)
            else:
                item, at = _value(text, at)
                items.append(item)
            at = _skip(text, at)
            if text[at] == ",":
                at = _skip(text, at + 1)
        return Shape(items, is_open), at + 1
    return json.JSONDecoder().raw_decode(text, at)


def mismatches(shown: Any, actual: Any, run: Run, where: str = "answer") -> list[str]:
    """Where ``actual`` differs from what the README shows, one line each."""
    if isinstance(shown, More):
        return []
    if isinstance(shown, Shape) and isinstance(shown.value, dict):
        if not isinstance(actual, dict):
            return [f"{where}: an object shown, {actual!r} given"]
        found = [f"{where}.{key}: missing" for key in shown.value if key not in actual]
        if not shown.open:
            found += [f"{where}.{key}: not shown" for key in actual if key not in shown.value]
        for key, value in shown.value.items():
            if key in actual:
                found += mismatches(value, actual[key], run, f"{where}.{key}")
        return found
    if isinstance(shown, Shape):
        if not isinstance(actual, list):
            return [f"{where}: a list shown, {actual!r} given"]
        assert isinstance(shown.value, list)
        if len(actual) < len(shown.value) or (not shown.open and len(actual) != len(shown.value)):
            return [f"{where}: {len(shown.value)} items shown, {len(actual)} given"]
        return [line for index, item in enumerate(shown.value)
                for line in mismatches(item, actual[index], run, f"{where}[{index}]")]
    if isinstance(shown, str) and ID_STANDIN.fullmatch(shown) and isinstance(actual, str):
        bound = run.ids.setdefault(shown, actual)
        return [] if bound == actual else [f"{where}: {shown} was {bound!r}, now {actual!r}"]
    if isinstance(shown, str) and shown.endswith("...") and isinstance(actual, str):
        prefix = shown.removesuffix("...")
        if actual.startswith(prefix):
            return []
        return [f"{where}: {actual!r} does not start {prefix!r}"]
    if shown != actual or type(shown) is not type(actual):
        return [f"{where}: {shown!r} shown, {actual!r} given"]
    return []


def readme_examples(text: str) -> list[Example]:
    """Every curl command in the README's ``sh`` blocks, with the answer shown under it."""
    examples: list[Example] = []
    for block in re.finditer(r"^```sh\n(.*?)^```", text, re.M | re.S):
        first_line = text.count("\n", 0, block.start(1)) + 1
        lines = block.group(1).splitlines()
        index = 0
        while index < len(lines):
            start = index
            command = lines[index]
            index += 1
            while _unfinished(command):
                command = command.removesuffix("\\") + "\n" + lines[index]
                index += 1
            answer: list[str] = []
            while index < len(lines) and lines[index].startswith("#"):
                answer.append(lines[index].lstrip("#").strip())
                index += 1
            words = shlex.split(command)
            if words[0] != "curl":
                continue
            status, shown = _answer(" ".join(answer))
            examples.append(Example(first_line + start, words, status, shown))
    return examples


def _unfinished(command: str) -> bool:
    if command.endswith("\\"):
        return True
    try:
        shlex.split(command)
    except ValueError:  # a quote still open
        return True
    return False


def _answer(text: str) -> tuple[int | None, Any]:
    if not text:
        return None, None
    status = re.match(r"(\d{3}) ", text)
    if status:
        return int(status.group(1)), read_shown(text[status.end():])
    return 200, read_shown(text)


def with_ids(text: str, run: Run) -> str:
    """``text`` with each id stand-in replaced by the id it stands for."""
    for standin, real in run.ids.items():
        text = text.replace(standin, real)
    return text


def send(client: FlaskClient, example: Example, run: Run) -> tuple[int, bytes]:
    """Do what the curl command does, through the test client: its status and body."""
    words = [with_ids(word, run) for word in example.words[1:]]
    method, headers, body, url, output = None, {}, None, None, None
    index = 0
    while index < len(words):
        word = words[index]
        if word == "-X":
            method, index = words[index + 1], index + 1
        elif word == "-H":
            name, _, value = words[index + 1].partition(":")
            headers[name.strip()] = value.strip()
            index += 1
        elif word in ("-d", "--data-binary"):
            given = words[index + 1]
            body = run.files[given[1:]] if given.startswith("@") else given.encode()
            index += 1
        elif word == ">":
            output, index = words[index + 1], index + 1
        else:
            assert word.startswith(ORIGIN), f"README line {example.line}: {word!r}"
            url = word.removeprefix(ORIGIN)
        index += 1
    assert url is not None
    response = client.open(url, method=method or ("POST" if body is not None else "GET"),
                           headers=headers, data=body)
    if output:
        run.files[output] = response.data
    return response.status_code, response.data


def the_phones_game(client: FlaskClient) -> str:
    """The game the "Several phones" examples show: classic, Us and Them, in round 1, where
    Us has made 3 clean books (3 writes after the game was started: version 4)."""
    game = client.post("/api/v1/games", json={
        "rules": "classic", "teams": [{"name": "Us"}, {"name": "Them"}]}).get_json()
    for seen in range(3):
        tapped = client.post(f"/api/v1/games/{game['id']}/books",
                             json={"team": 0, "kind": "clean", "change": 1, "seen": seen})
        assert tapped.status_code == 200, tapped.get_json()
    return str(game["id"])


def round_totals(*totals: int) -> list[dict[str, Any]]:
    """A round's tallies in piles of points that come to these totals (no books, nobody out)."""
    return [{"melded": {"points": total + 100}, "left": {"points": 100}} for total in totals]


def play(client: FlaskClient, game_id: str, per_round: list[tuple[int, int]]) -> None:
    """Record each round of the game with these totals for its two teams."""
    for number, totals in enumerate(per_round, start=1):
        answer = client.post(f"/api/v1/games/{game_id}/rounds",
                             json={"round": number, "teams": round_totals(*totals)})
        assert answer.status_code in (200, 201), answer.get_json()


def new_league_game(client: FlaskClient, league: str, *teams: list[str]) -> str:
    """A classic game in the league between these teams of players: its id."""
    answer = client.post("/api/v1/games", headers={"X-Edit-Code": EDIT_CODE}, json={
        "rules": "classic", "league": league,
        "teams": [{"name": " & ".join(players), "players": players} for players in teams]})
    assert answer.status_code == 201, answer.get_json()
    return str(answer.get_json()["id"])


def the_season(client: FlaskClient, run: Run, first_game: str) -> None:
    """The games behind the standings the README shows: Ann and Bob win the README's own game
    (6,210 to 1,600) and another (4,500 to 4,000); Ann and Eve lose to Cy and Di (3,810 to
    3,900). Ann: 3 games, 2 wins, 14,520 points, best 6,210."""
    league = run.ids["dM3v..."]
    play(client, first_game, [(1555, 400), (1555, 400), (1550, 400), (1550, 400)])
    second = new_league_game(client, league, ["Ann", "Bob"], ["Cy", "Di"])
    play(client, second, [(1125, 1000)] * 4)
    third = new_league_game(client, league, ["Ann", "Eve"], ["Cy", "Di"])
    play(client, third, [(955, 975), (955, 975), (950, 975), (950, 975)])


def test_every_json_example_in_the_readme_answers_as_shown(app: Flask, client: FlaskClient) -> None:
    examples = readme_examples(documentation())
    assert len(examples) >= 10, "the README's JSON examples were not found"
    run = Run()
    game_id = the_phones_game(client)
    league_game = None
    problems: list[str] = []
    for example in examples:
        example.words = [word.replace("<id>", game_id) for word in example.words]
        if example.words[-1].endswith("/standings") and league_game:
            the_season(client, run, league_game)
        status, body = send(client, example, run)
        place = f"README line {example.line} ({' '.join(example.words[:4])}...)"
        answer = json.loads(body) if body and status != 304 else None
        if example.status is None:
            if status >= 400:
                problems.append(f"{place}: answered {status} {answer}")
            elif isinstance(answer, dict) and "league" in " ".join(example.words):
                league_game = answer.get("id")
            continue
        if status != example.status:
            problems.append(f"{place}: answered {status}, the README shows {example.status}: "
                            f"{json.dumps(answer)[:600]}")
            continue
        problems += [f"{place}: {line}" for line in mismatches(example.answer, answer, run)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    ("shown", "actual", "ok"),
    [
        ('{"a": 1, ...}', {"a": 1, "b": 2}, True),
        ('{"a": 1}', {"a": 1, "b": 2}, False),
        ('{"a": 1, ...}', {"a": 2}, False),
        ('[1, ...]', [1, 2, 3], True),
        ('[1]', [1, 2], False),
        ('[{"x": [...]}, ...]', [{"x": [1]}], True),
        ('{"m": "Another phone changed it to 3: ..."}',
         {"m": "Another phone changed it to 3: sorry"}, True),
        ('{"m": "Another phone changed it to 3: ..."}',
         {"m": "Another phone changed it to 4"}, False),
        ('{"total": 3850}', {"total": 3870}, False),
        ('{"avg": 4840.0}', {"avg": 4840}, False),
        ('{"tally": {...}}', {"tally": {"melded": 1}}, True),
        ('{"id": "dM3v...", "again": "dM3v..."}', {"id": "k", "again": "k"}, True),
        ('{"id": "dM3v...", "again": "dM3v..."}', {"id": "k", "again": "j"}, False),
    ],
)
def test_answers_are_compared_as_the_readme_shows_them(shown: str, actual: Any, ok: bool) -> None:
    assert (mismatches(read_shown(shown), actual, Run()) == []) is ok


def test_commands_and_answers_are_read_from_sh_blocks() -> None:
    text = "\n".join([
        "```sh",
        "curl -X POST http://127.0.0.1:8000/api/v1/x -H 'Content-Type: application/json' -d '{",
        '  "a": 1}\'', '# 409 {"errors": [...],', '#   "current": 3}', "python3 -m venv .venv",
        "```"])
    [example] = readme_examples(text)
    assert example.words[-1] == '{\n  "a": 1}'
    assert example.status == 409 and example.line == 2
    assert mismatches(example.answer, {"errors": [], "current": 3}, Run()) == []
