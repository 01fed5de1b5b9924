"""What a team counts at the end of a round: cards by kind, or plain points."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .cards import CardKind, Rank, group_name
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
        if values.by_rank:
            return sum(self.count(kind) * values.of(kind) for _, kind in COUNT_FIELDS)
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
class RankCounts(CardCounts):
    """Cards counted rank by rank (or by runs of ranks worth the same, such as 10-K), with
    the count of each kind they add up to; build it with ``RankCounts.of``."""

    ranks: tuple[tuple[tuple[Rank, ...], int], ...] = ()

    @classmethod
    def of(cls, ranks: Iterable[tuple[tuple[Rank, ...], int]]) -> RankCounts:
        """Counts by rank (each a rank or a run of ranks of one kind), summed into kinds.

        >>> counts = RankCounts.of([((Rank.JOKER,), 2), ((Rank.NINE,), 4), ((Rank.KING,), 3)])
        >>> counts.jokers, counts.eight_to_king
        (2, 7)
        """
        counted = tuple(ranks)
        kinds = dict.fromkeys(LEFT_FIELDS, 0)
        for group, count in counted:
            if group and group[0].kind in _FIELD_OF and type(count) is int:
                kinds[_FIELD_OF[group[0].kind]] += count
        return cls(ranks=counted, **kinds)

    def face_value(self, values: CardValues) -> int:
        """Face value of all these cards, each run at the value of its highest rank."""
        return sum(count * values.rank_value(group[0]) for group, count in self.ranks)

    def as_words(self) -> dict[str, int]:
        """The counts as a tally writes them: {"JK": 2, "10-K": 5}."""
        return {group_name(group): count for group, count in self.ranks}


@dataclass(frozen=True)
class Points:
    """Cards counted in piles, given as their total face value."""

    points: int

    def face_value(self, values: CardValues) -> int:
        """Face value of these cards: the points given, whatever the values."""
        return self.points


_FIELD_OF = {kind: name for name, kind in COUNT_FIELDS}

Cards = CardCounts | Points


def face_value(cards: Cards, values: CardValues) -> int:
    """Face value of counted cards, whichever way they were counted."""
    return cards.face_value(values)


@dataclass(frozen=True)
class TableBooks:
    """The books a team completed: clean, dirty, wild, and house-rule special books."""

    clean: int = 0
    dirty: int = 0
    wild: int = 0
    special: tuple[tuple[str, int], ...] = ()
    mixed_wild: int = 0

    def special_count(self, book_id: str) -> int:
        """How many special books with this id."""
        return sum(count for key, count in self.special if key == book_id)

    def as_counts(self) -> dict[str, int]:
        """Every book type with its count, special books by id (mixed wild books where
        there are any)."""
        mixed = {"mixed_wild": self.mixed_wild} if self.mixed_wild else {}
        return {"clean": self.clean, "dirty": self.dirty, "wild": self.wild, **mixed,
                **dict(self.special)}

    @property
    def all_wild(self) -> int:
        """Wild books of every sort: of one kind of wild card, and mixed."""
        return self.wild + self.mixed_wild


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
    first_meld: bool = False
