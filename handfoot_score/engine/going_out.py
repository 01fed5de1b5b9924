"""The going-out check: which required books a team still lacks."""

from __future__ import annotations

from .rules import BOOK_TYPES, RuleSet
from .tally import TableBooks


def books_lacking(rules: RuleSet, round_number: int, books: TableBooks) -> dict[str, int]:
    """Which books the team still needs to go out in this round, and how many of each."""
    required = rules.round(round_number).going_out_books
    lacking: dict[str, int] = {}
    for kind in BOOK_TYPES:
        short = getattr(required, kind) - getattr(books, kind)
        if short > 0:
            lacking[kind] = short
    return lacking
