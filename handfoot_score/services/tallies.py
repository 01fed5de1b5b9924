"""Reading a team's tally from JSON-shaped data, naming the team and field of each mistake."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from handfoot_score.engine.errors import InvalidTally, Problem
from handfoot_score.engine.rules import BOOK_TYPES
from handfoot_score.engine.tally import (
    LEFT_FIELDS, MELDED_FIELDS, CardCounts, Cards, Points, TableBooks, Tally,
)

TALLY_KEYS = ("melded", "left", "books", "red_threes_down", "red_threes_left", "went_out",
              "exact_draws", "name", "score_before")
_COUNT_KEYS = ("red_threes_down", "red_threes_left", "exact_draws")
_LIMIT = 10_000_000


def read_tallies(data: object) -> list[Tally]:
    """Read every team's tally; raises InvalidTally listing every problem of every team."""
    if not isinstance(data, list):
        raise InvalidTally(Problem("teams", "must be a list of team tallies"))
    problems: list[Problem] = []
    tallies: list[Tally] = []
    for team, item in enumerate(data):
        reader = _TallyReader(team)
        tally = reader.tally(item)
        problems += reader.problems
        tallies.append(tally)
    if problems:
        raise InvalidTally(problems)
    return tallies


class _TallyReader:
    """Reads one team's tally, noting each problem against that team."""

    def __init__(self, team: int) -> None:
        self.team = team
        self.problems: list[Problem] = []

    def fail(self, field: str, message: str) -> None:
        self.problems.append(Problem(field, message, self.team))

    def count(self, value: object, field: str, signed: bool = False) -> int:
        if type(value) is not int or abs(value) > _LIMIT or (value < 0 and not signed):
            self.fail(field, "must be a whole number" + ("" if signed else ", 0 or more"))
            return 0
        return value

    def unknown_keys(self, data: Mapping[str, Any], allowed: tuple[str, ...], where: str
                     ) -> None:
        for key in data:
            if key not in allowed:
                self.fail(f"{where}{key}", "is not a tally key (a typo?)")

    def tally(self, data: object) -> Tally:
        if not isinstance(data, Mapping):
            self.fail("team", "must be an object")
            return Tally()
        self.unknown_keys(data, TALLY_KEYS, "")
        name = data.get("name")
        if name is not None and (not isinstance(name, str) or len(name) > 100):
            self.fail("name", "must be text of up to 100 characters")
            name = None
        went_out = data.get("went_out", False)
        if type(went_out) is not bool:
            self.fail("went_out", "must be true or false")
            went_out = False
        score_before = data.get("score_before")
        counts = {key: self.count(data.get(key, 0), key) for key in _COUNT_KEYS}
        return Tally(
            melded=self.cards(data.get("melded", {}), "melded", MELDED_FIELDS),
            left=self.cards(data.get("left", {}), "left", LEFT_FIELDS),
            books=self.books(data.get("books", {})),
            went_out=went_out,
            name=name,
            score_before=None if score_before is None
            else self.count(score_before, "score_before", signed=True),
            **counts,
        )

    def cards(self, data: object, where: str, fields: tuple[str, ...]) -> Cards:
        if not isinstance(data, Mapping):
            self.fail(where, "must be an object of card counts or {\"points\": N}")
            return CardCounts()
        if "points" in data:
            self.unknown_keys(data, ("points",), f"{where}.")
            return Points(self.count(data["points"], f"{where}.points"))
        self.unknown_keys(data, fields + (("black_threes",) if where == "melded" else ()),
                          f"{where}.")
        return CardCounts(**{key: self.count(value, f"{where}.{key}")
                             for key, value in data.items()
                             if key in LEFT_FIELDS})

    def books(self, data: object) -> TableBooks:
        if not isinstance(data, Mapping):
            self.fail("books", "must be an object of book counts")
            return TableBooks()
        standard = {kind: self.count(data.get(kind, 0), f"books.{kind}") for kind in BOOK_TYPES}
        special = []
        for key, value in data.items():
            if key in BOOK_TYPES:
                continue
            if not isinstance(key, str) or not key.isidentifier():
                self.fail(f"books.{key}", "is not a book name")
                continue
            special.append((key, self.count(value, f"books.{key}")))
        return TableBooks(special=tuple(sorted(special)), **standard)
