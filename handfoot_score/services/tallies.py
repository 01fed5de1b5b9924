"""Reading a team's tally from JSON-shaped data, naming the team and field of each mistake:
the one reader of tallies, for the API and the pages alike.

A game stores each tally as it was entered, key for key (the API's ``tallies`` and the count
page show it back so), beside its score: ``tally_json`` writes the engine's ``Tally`` in that
shape and ``read_entered`` reads it back, the same ``Tally``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from handfoot_score.engine.books import MIXED_WILD
from handfoot_score.engine.cards import RANK_GROUPS, Rank, parse_rank_group
from handfoot_score.engine.checks import team_count_problem
from handfoot_score.engine.errors import MOST_PROBLEMS, N_, InvalidTally, Problem
from handfoot_score.engine.rules import BOOK_TYPES, MAX_SPECIAL_BOOKS
from handfoot_score.engine.tally import (
    LEFT_FIELDS,
    MELDED_FIELDS,
    CardCounts,
    Cards,
    Points,
    RankCounts,
    TableBooks,
    Tally,
)

from .errors import InvalidInput

TALLY_KEYS = ("melded", "left", "books", "red_threes_down", "red_threes_left", "went_out",
              "exact_draws", "name", "score_before", "first_meld")
_COUNT_KEYS = ("red_threes_down", "red_threes_left", "exact_draws")
_LIMIT = 10_000_000

#: Problems of a tally's books (marked here: Babel's reader misses them inside the calls).
NOT_BOOK_COUNTS = N_("must be an object of book counts")
NOT_A_BOOK = N_("is not a book name")


def read_entered(data: object) -> list[Tally]:
    """Every team's tally of a game's round; raises InvalidTally listing every problem of
    every team. Data that is no list lists no tallies: the game then says how many it must
    list."""
    if not isinstance(data, list):
        return []
    return read_tallies(data)


def read_entered_tally(data: object, team: int) -> Tally:
    """One team's tally on its own (its own count of a round); raises InvalidInput if it is
    no object, InvalidTally naming ``team`` and each field."""
    if not isinstance(data, Mapping):
        raise InvalidInput(Problem("tally", N_("must be a team's tally"), team))
    reader = _TallyReader(team)
    tally = reader.tally(data)
    if reader.problems:
        raise InvalidTally(reader.problems)
    return tally


def tally_json(tally: Tally) -> dict[str, Any]:
    """A tally in the JSON shape the reader reads, as a game stores it and the API shows it:
    what is counted, in the way it was counted (kind by kind, by rank, or in points), keys
    holding nothing left out. Read back, it is the same ``Tally``.

    >>> counted = Tally(melded=Points(230), left=CardCounts(aces=2),
    ...                 books=TableBooks(clean=1), went_out=True)
    >>> tally_json(counted)
    {'melded': {'points': 230}, 'left': {'aces': 2}, 'books': {'clean': 1}, 'went_out': True}
    >>> read_entered_tally(tally_json(counted), 0) == counted
    True
    """
    data: dict[str, Any] = {part: counted for part in ("melded", "left")
                            if (counted := _cards_json(getattr(tally, part)))}
    books = {kind: count for kind, count in tally.books.as_counts().items() if count}
    plain = {"books": books, **{key: getattr(tally, key)
                                for key in (*_COUNT_KEYS, "went_out", "first_meld")}}
    data |= {key: value for key, value in plain.items() if value}
    return data | {key: value for key in ("name", "score_before")
                   if (value := getattr(tally, key)) is not None}


def _cards_json(cards: Cards) -> dict[str, Any]:
    """Cards as a tally writes them: in points, by rank, or kind by kind (none counted: {})."""
    if isinstance(cards, Points):
        return {"points": cards.points}
    if isinstance(cards, RankCounts):
        return {"by_rank": cards.as_words()}
    return {key: count for key in LEFT_FIELDS if (count := getattr(cards, key))}


def read_tallies(data: object) -> list[Tally]:
    """Read every team's tally; raises InvalidTally listing every problem of every team."""
    if not isinstance(data, list):
        raise InvalidTally(Problem("teams", N_("must be a list of team tallies")))
    # More tallies than a table has teams are refused by their number, before any is read.
    too_many = team_count_problem(len(data)) if data else None
    if too_many is not None:
        raise InvalidTally(too_many)
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
        if len(self.problems) < MOST_PROBLEMS:  # an error carries no more
            self.problems.append(Problem(field, message, self.team))

    def count(self, value: object, field: str, signed: bool = False) -> int:
        if type(value) is not int or abs(value) > _LIMIT or (value < 0 and not signed):
            self.fail(field, N_("must be a whole number") if signed
                      else N_("must be a whole number, 0 or more"))
            return 0
        return value

    def unknown_keys(self, data: Mapping[str, Any], allowed: tuple[str, ...], where: str
                     ) -> None:
        for key in data:
            if key not in allowed:
                self.fail(f"{where}{key}", N_("is not a tally key (a typo?)"))

    def tally(self, data: object) -> Tally:
        if not isinstance(data, Mapping):
            self.fail("team", N_("must be an object"))
            return Tally()
        self.unknown_keys(data, TALLY_KEYS, "")
        name = data.get("name")
        if name is not None and (not isinstance(name, str) or len(name) > 100):
            self.fail("name", N_("must be text of up to 100 characters"))
            name = None
        went_out = data.get("went_out", False)
        if type(went_out) is not bool:
            self.fail("went_out", N_("must be true or false"))
            went_out = False
        first_meld = data.get("first_meld", False)
        if type(first_meld) is not bool:
            self.fail("first_meld", N_("must be true or false"))
            first_meld = False
        score_before = data.get("score_before")
        counts = {key: self.count(data.get(key, 0), key) for key in _COUNT_KEYS}
        return Tally(
            melded=self.cards(data.get("melded", {}), "melded", MELDED_FIELDS),
            left=self.cards(data.get("left", {}), "left", LEFT_FIELDS),
            books=self.books(data.get("books", {})),
            went_out=went_out,
            first_meld=first_meld,
            name=name,
            score_before=None if score_before is None
            else self.count(score_before, "score_before", signed=True),
            **counts,
        )

    def cards(self, data: object, where: str, fields: tuple[str, ...]) -> Cards:
        if not isinstance(data, Mapping):
            self.fail(where, N_("must be an object of card counts or {\"points\": N}"))
            return CardCounts()
        if "points" in data:
            self.unknown_keys(data, ("points",), f"{where}.")
            return Points(self.count(data["points"], f"{where}.points"))
        if "by_rank" in data:
            self.unknown_keys(data, ("by_rank",), f"{where}.")
            return self.by_rank(data["by_rank"], f"{where}.by_rank")
        self.unknown_keys(data, fields + (("black_threes",) if where == "melded" else ()),
                          f"{where}.")
        return CardCounts(**{key: self.count(value, f"{where}.{key}")
                             for key, value in data.items()
                             if key in LEFT_FIELDS})

    def by_rank(self, data: object, where: str) -> RankCounts:
        """Cards counted by rank ("9": 4) or by a run of ranks worth the same ("10-K": 5)."""
        if not isinstance(data, Mapping) or len(data) > RANK_GROUPS:
            # More counts than there are ranks and runs to name: refused before any is read.
            self.fail(where, N_("must be an object of rank: count, like {\"JK\": 2, \"9\": 4}"))
            return RankCounts()
        counted: dict[tuple[Rank, ...], int] = {}
        for key, value in data.items():
            try:
                group = parse_rank_group(str(key))
            except ValueError:
                self.fail(f"{where}.{key}", N_("is not a rank: use A K Q J 10 9 8 7 6 5 4 3 2 "
                                               "JK, or a run of one kind such as 10-K"))
                continue
            if group in counted:
                self.fail(f"{where}.{key}", N_("is counted twice"))
                continue
            counted[group] = self.count(value, f"{where}.{key}")
        return RankCounts.of(counted.items())

    def books(self, data: object) -> TableBooks:
        if not isinstance(data, Mapping):
            self.fail("books", NOT_BOOK_COUNTS)
            return TableBooks()
        standard = {kind: self.count(data.get(kind, 0), f"books.{kind}")
                    for kind in (*BOOK_TYPES, MIXED_WILD)}
        specials = sum(1 for key in data if key not in BOOK_TYPES and key != MIXED_WILD)
        if specials > MAX_SPECIAL_BOOKS:
            # More special books than any rule set has: refused by their number, none read.
            self.problems.append(Problem(
                "books", N_("must list at most %(most)s special books, not %(count)s"),
                self.team, {"most": MAX_SPECIAL_BOOKS, "count": specials}))
            return TableBooks()
        special = []
        for key, value in data.items():
            if key in BOOK_TYPES or key == MIXED_WILD:
                continue
            if not isinstance(key, str) or not key.isidentifier():
                self.fail(f"books.{key}", NOT_A_BOOK)
                continue
            if count := self.count(value, f"books.{key}"):  # none made: as if not listed
                special.append((key, count))
        return TableBooks(special=tuple(sorted(special)), **standard)


def seats_of(players: Sequence[Sequence[str]]) -> list[int]:
    """Each team's number of players from their names: a team with none named plays alone,
    in its own name.

    >>> seats_of([("Ann", "Bo"), ()])
    [2, 1]
    """
    return [len(names) or 1 for names in players]
