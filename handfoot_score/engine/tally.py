"""What a team counts at the end of a round: cards by kind, or plain points."""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import CardKind
from .rules import CardValues

#: The counted kinds, in the order a scoresheet lists them, with their field names.
COUNT_FIELDS: tuple[tuple[str, CardKind], ...] = (
    ("jokers", CardKind.JOKER),
    ("twos", CardKind.TWO),
    ("aces", CardKind.ACE),
    ("eight_to_king", CardKind.EIGHT_TO_KING),
    ("four_to_seven", CardKind.FOUR_TO_SEVEN),
    ("black_threes", CardKind.BLACK_THREE),
)
MELDED_FIELDS = tuple(name for name, _ in COUNT_FIELDS[:5])
LEFT_FIELDS = tuple(name for name, _ in COUNT_FIELDS)


@dataclass(frozen=True)
class CardCounts:
    """Cards counted kind by kind."""

    jokers: int = 0
    twos: int = 0
    aces: int = 0
    eight_to_king: int = 0
    four_to_seven: int = 0
    black_threes: int = 0

    def count(self, kind: CardKind) -> int:
        """How many cards of ``kind``."""
        return int(getattr(self, _FIELD_OF[kind]))

    def face_value(self, values: CardValues) -> int:
        """Face value of all these cards."""
        return (
            self.jokers * values.joker
            + self.twos * values.two
            + self.aces * values.ace
            + self.eight_to_king * values.eight_to_king
            + self.four_to_seven * values.four_to_seven
            + self.black_threes * values.black_three
        )

    @property
    def naturals(self) -> int:
        """Aces, 8 to King and 4 to 7."""
        return self.aces + self.eight_to_king + self.four_to_seven

    @property
    def wilds(self) -> int:
        """Jokers and twos."""
        return self.jokers + self.twos


@dataclass(frozen=True)
class Points:
    """Cards counted in piles, given as their total face value."""

    points: int


_FIELD_OF = {kind: name for name, kind in COUNT_FIELDS}

Cards = CardCounts | Points


def face_value(cards: Cards, values: CardValues) -> int:
    """Face value of counted cards, whichever way they were counted."""
    if isinstance(cards, Points):
        return cards.points
    return cards.face_value(values)


@dataclass(frozen=True)
class TableBooks:
    """The books a team completed: clean, dirty, wild, and house-rule special books."""

    clean: int = 0
    dirty: int = 0
    wild: int = 0
    special: tuple[tuple[str, int], ...] = ()

    def special_count(self, book_id: str) -> int:
        """How many special books with this id."""
        return sum(count for key, count in self.special if key == book_id)

    def as_counts(self) -> dict[str, int]:
        """Every book type with its count, special books by id."""
        return {"clean": self.clean, "dirty": self.dirty, "wild": self.wild, **dict(self.special)}


@dataclass(frozen=True)
class Tally:
    """Everything one team counts at the end of a round."""

    melded: Cards = field(default_factory=CardCounts)
    left: Cards = field(default_factory=CardCounts)
    books: TableBooks = field(default_factory=TableBooks)
    red_threes_down: int = 0
    red_threes_left: int = 0
    went_out: bool = False
    exact_draws: int = 0
    name: str | None = None
    score_before: int | None = None
