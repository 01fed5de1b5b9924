"""The books a rule set knows: the standard kinds and their bonuses, the books a team
needs to go out, and house-rule special books with their own bonus."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .cards import CardKind, Rank


class BookKind(StrEnum):
    """The standard books, by their cards: no wild card, some wild cards, only wild cards.

    A kind is its word, as stored and sent: ``BookKind.CLEAN == "clean"``.
    """

    CLEAN = "clean"
    DIRTY = "dirty"
    WILD = "wild"


class BookGrowth(StrEnum):
    """What may be added to a finished book of seven: nothing (seven is the most), natural
    cards of its rank (wild cards never), or any card the wild-card limits allow.

    A choice is its word, as stored and sent: ``BookGrowth.NATURALS == "naturals"``.
    """

    NONE = "none"
    NATURALS = "naturals"
    ANY = "any"


#: The standard books' kinds, in the order the pages and the API list them.
BOOK_TYPES = tuple(BookKind)
#: A wild book of jokers and twos together, where the rules count it apart: no kind of its
#: own, as it counts as a wild book to go out.
MIXED_WILD = "mixed_wild"
#: Book names a special book may not take: the standard books and the mixed wild book.
RESERVED_BOOK_IDS = (*BOOK_TYPES, MIXED_WILD)


@dataclass(frozen=True)
class BookCounts:
    """How many clean, dirty and wild books, and special books by id, a team needs to go out.

    A mixed wild book counts as a wild book here.
    """

    clean: int = 0
    dirty: int = 0
    wild: int = 0
    special: tuple[tuple[str, int], ...] = ()

    def as_counts(self) -> dict[str, int]:
        """Every book asked for with its count: clean, dirty, wild, special books by id."""
        return {"clean": self.clean, "dirty": self.dirty, "wild": self.wild, **dict(self.special)}


@dataclass(frozen=True)
class BookBonuses:
    """Bonus for each completed book; ``wild`` is None where wild books are not allowed.

    ``mixed_wild``, where set, is the bonus of a wild book of jokers and twos together, and
    ``wild`` that of a wild book of one kind (all jokers or all twos).
    """

    clean: int = 500
    dirty: int = 300
    wild: int | None = None
    mixed_wild: int | None = None


@dataclass(frozen=True)
class SpecialBook:
    """A house-rule book with its own bonus, made of seven natural cards (or threes).

    ``kind`` says which cards, for the supply checks; None takes them as naturals of no
    single kind. ``rank`` narrows the kind to one rank (a book of sevens is kind
    four_to_seven, rank 7). The bonus is instead of the clean-book bonus; its cards still
    count their face value.
    """

    id: str
    name: str
    bonus: int
    kind: CardKind | None = None
    rank: Rank | None = None

