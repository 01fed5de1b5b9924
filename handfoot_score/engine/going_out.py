"""The going-out check: which required books a team still lacks."""

from __future__ import annotations

from .rules import RuleSet
from .tally import TableBooks


def books_lacking(rules: RuleSet, round_number: int, books: TableBooks) -> dict[str, int]:
    """Which books the team still needs to go out in this round, and how many of each.

    Special books are named by id; a mixed wild book counts as a wild book.
    """
    required = rules.round(round_number).going_out_books
    lacking: dict[str, int] = {}
    if (short := required.clean - books.clean) > 0:
        lacking["clean"] = short
    if (short := required.dirty - books.dirty) > 0:
        lacking["dirty"] = short
    if (short := required.wild - books.all_wild) > 0:
        lacking["wild"] = short
    if required.special:
        have = dict(books.special)
        for kind, need in dict(required.special).items():
            if (short := need - have.get(kind, 0)) > 0:
                lacking[kind] = short
    return lacking
