"""The going-out check: which required books a team still lacks."""

from __future__ import annotations

from .rules import RuleSet
from .tally import TableBooks


def books_lacking(rules: RuleSet, round_number: int, books: TableBooks) -> dict[str, int]:
    """Which books the team still needs to go out in this round, and how many of each.

    Special books are named by id; a mixed wild book counts as a wild book.
    """
    required = rules.round(round_number).going_out_books.as_counts()
    have = {**dict(books.special), "clean": books.clean, "dirty": books.dirty,
            "wild": books.all_wild}
    return {kind: short for kind, need in required.items()
            if (short := need - have.get(kind, 0)) > 0}
