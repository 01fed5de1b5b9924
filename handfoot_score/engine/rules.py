"""A rule set: every number a table agrees on before the first deal.

The parts it is made of live beside it: the books in ``books``, what cards are worth in
``card_values``, and what makes a rule set unplayable in ``rule_checks``. They are all
importable from here too, as callers do.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache

from .books import (
    BOOK_TYPES,
    RESERVED_BOOK_IDS,
    BookBonuses,
    BookCounts,
    BookGrowth,
    BookKind,
    SpecialBook,
)
from .card_values import BlackThree, CardValues, RankGroup, RedThree, ValuesTuple, WildLimits
from .cards import (
    BOOK_SIZE,
    DECK_SUPPLY,
    NATURAL_KINDS,
    NATURAL_RANKS,
    RANK_SUPPLY,
    SMALLEST_MELD,
    WILD_KINDS,
    CardKind,
    reachable_points,
)
from .errors import InvalidRules
from .limits import MAX_ROUNDS as MAX_ROUNDS  # still importable from here, as callers do
from .rule_checks import (
    MAX_CARD_VALUE,
    MAX_CARDS_IN_HAND,
    MAX_DECKS,
    MAX_POINTS,
    MAX_SPECIAL_BOOKS,
    rule_problems,
)


@dataclass(frozen=True)
class Round:
    """What one round asks: its opening minimum, going-out bonus and books, pile take."""

    meld_minimum: int
    going_out_bonus: int
    going_out_books: BookCounts
    pile_take: int
    exact_draw_cards: int | None = None


@dataclass(frozen=True)
class ScoreMinimum:
    """From this cumulative score on (None: below everything), the opening minimum is this."""

    from_score: int | None
    minimum: int


@dataclass(frozen=True)
class RuleSet:
    """Everything that decides a score: decks, rounds, card values, bonuses and limits.

    ``decks`` is the number of decks in play; where ``deck_per_player`` is set, a game plays
    one deck per player instead (``for_players``), and ``decks`` is the number for a table
    of as many players, used where no game says how many sit at the table.
    """

    id: str
    name: str
    decks: int
    hand_size: int
    foot_size: int
    rounds: tuple[Round, ...]
    card_values: CardValues = field(default_factory=CardValues)
    books: BookBonuses = field(default_factory=BookBonuses)
    red_three: RedThree = field(default_factory=lambda: RedThree(down=100, left=100))
    wilds: WildLimits = field(default_factory=WildLimits)
    meld_minimum_by_score: tuple[ScoreMinimum, ...] | None = None
    special_books: tuple[SpecialBook, ...] = ()
    exact_draw_bonus: int = 0
    pile_needs_opened: bool = False
    notes: tuple[str, ...] = ()
    black_three: BlackThree = field(default_factory=BlackThree)
    first_meld_bonus: int = 0
    #: Before this was a rule, a book grew past seven with any card the wild limits allow.
    add_to_finished_book: BookGrowth = BookGrowth.ANY
    deck_per_player: bool = False

    def __post_init__(self) -> None:
        problems = list(rule_problems(self))
        if problems:
            raise InvalidRules(problems)

    def round(self, number: int) -> Round:
        """The rules of round ``number`` (1-based)."""
        if not 1 <= number <= len(self.rounds):
            raise ValueError(f"round {number} is not between 1 and {len(self.rounds)}")
        return self.rounds[number - 1]

    def meld_minimum(self, number: int, score_before: int | None = None) -> int:
        """The opening-meld minimum in round ``number`` for a team with ``score_before``.

        Where the rules follow the cumulative score, a team with no score yet counts as 0.
        """
        if self.meld_minimum_by_score is None:
            return self.round(number).meld_minimum
        score = 0 if score_before is None else score_before
        minimum = self.meld_minimum_by_score[0].minimum
        for step in self.meld_minimum_by_score:
            if step.from_score is None or step.from_score <= score:
                minimum = step.minimum
        return minimum

    def for_players(self, players: int | None) -> RuleSet:
        """The rules of a game of ``players`` players: the same, with as many decks as
        players where the rules play one deck per player (None: not known, ``decks``)."""
        decks = decks_for(self.decks, self.deck_per_player, players)
        return self if decks == self.decks else replace(self, decks=decks)

    def supply(self, kind: CardKind) -> int:
        """Cards of ``kind`` in all the decks in play."""
        return DECK_SUPPLY[kind] * self.decks

    def special_book(self, book_id: str) -> SpecialBook | None:
        """The special book with this id, if the rules have one."""
        # A look through at most MAX_SPECIAL_BOOKS books: quicker than a table made anew
        # for every rule set read, and still linear in the books a tally names.
        for book in self.special_books:
            if book.id == book_id:
                return book
        return None

    @property
    def black_threes_melded(self) -> bool:
        """Whether black threes may ever be on a table: a book of them, or going out."""
        return self.black_three.meld_when_going_out or (bool(self.special_books) and any(
            book.kind is CardKind.BLACK_THREE for book in self.special_books))

    # What follows from a rule set is looked up by value, by the small parts of the rules
    # it follows from (the card values, the decks, the wild-card limits), rather than kept
    # on the object: every request reads its game's rules anew, as a new object, so a
    # value kept on the object would be worked out again for each. The dirty-book minimum
    # is kept on the object as well, as checking the rules reads it first.

    @cached_property
    def dirty_book_min_naturals(self) -> int | None:
        """Fewest naturals in a seven-card dirty book, or None where none can be made."""
        return _dirty_book_min_naturals(self.wilds)

    @property
    def melded_points_reachable(self) -> int:
        """Bit mask of every face value the cards on one table can add up to."""
        return _points_reachable(self.card_values.as_tuple, self.decks, self.black_threes_melded)

    @property
    def left_points_reachable(self) -> int:
        """Bit mask of every face value the cards left in hands and feet can add up to."""
        return _points_reachable(self.card_values.as_tuple, self.decks, True)

    def most_points(self, part: str) -> int:
        """The most face-value points the cards on one table (``melded``) or left in hands
        and feet (``left``) can add up to."""
        reachable = (self.melded_points_reachable if part == "melded"
                     else self.left_points_reachable)
        return reachable.bit_length() - 1

    @property
    def fewest_book_points(self) -> tuple[int, int, int, int]:
        """The fewest face-value points a clean, a dirty, a wild and a mixed wild book can
        hold (in the order of ``RESERVED_BOOK_IDS``)."""
        return _fewest_book_points(self.card_values.as_tuple, self.dirty_book_min_naturals)

    def book_card_points(self, kind: str) -> int:
        """The fewest face-value points a book of this kind (clean, dirty, wild, mixed_wild,
        or a special book id) can hold."""
        if kind in RESERVED_BOOK_IDS:
            return self.fewest_book_points[RESERVED_BOOK_IDS.index(kind)]
        special = self.special_book(kind)
        if special is None:
            return 0
        values = self.card_values
        if special.rank is not None and special.kind is not CardKind.RED_THREE:
            return BOOK_SIZE * values.rank_value(special.rank)
        if special.kind is None:
            return self.fewest_book_points[0]
        return BOOK_SIZE * values.of(special.kind)


def decks_for(decks: int, deck_per_player: bool, players: int | None) -> int:
    """The decks a game of ``players`` players uses: ``decks``, or one per player where the
    number of players is known (None: not known).

    >>> decks_for(4, True, 6), decks_for(5, False, 6), decks_for(4, True, None)
    (6, 5, 4)
    """
    return players if deck_per_player and players is not None else decks


@lru_cache(maxsize=64)
def _dirty_book_min_naturals(wilds: WildLimits) -> int | None:
    return next((n for n in range(1, BOOK_SIZE) if wilds.allows(n, BOOK_SIZE - n)), None)


@lru_cache(maxsize=256)
def _points_reachable(card_values: ValuesTuple, decks: int, black_threes: bool) -> int:
    """The mask of face values that the wild and natural cards of ``decks`` decks (and
    their black threes) can make, the cards worth ``card_values`` (``CardValues.as_tuple``)."""
    values = CardValues(*card_values)
    cards: dict[int, int] = {}
    for kind in (*WILD_KINDS, *((CardKind.BLACK_THREE,) if black_threes else ())):
        cards[values.of(kind)] = cards.get(values.of(kind), 0) + DECK_SUPPLY[kind] * decks
    for kind in NATURAL_KINDS:
        for group in values.groups_of(kind):
            cards[group.value] = cards.get(group.value, 0) + RANK_SUPPLY * decks * len(group.ranks)
    return reachable_points(tuple(sorted(cards.items())))


@lru_cache(maxsize=256)
def _fewest_book_points(card_values: ValuesTuple, dirty_min_naturals: int | None
                        ) -> tuple[int, int, int, int]:
    """The fewest face-value points a clean, a dirty, a wild and a mixed wild book can hold,
    the cards worth ``card_values`` (``CardValues.as_tuple``).

    A dirty book holds from ``dirty_min_naturals`` naturals (None: no dirty book) to six:
    the wild-card limits allow a book with some number of naturals, they allow one with more.
    """
    values = CardValues(*card_values)
    natural = min(values.rank_value(rank) for rank in NATURAL_RANKS)
    joker, two = values.of(CardKind.JOKER), values.of(CardKind.TWO)
    wild = min(joker, two)
    dirty = min(
        (n * natural + (BOOK_SIZE - n) * wild
         for n in range(dirty_min_naturals or BOOK_SIZE, BOOK_SIZE)),
        default=0,
    )
    return BOOK_SIZE * natural, dirty, BOOK_SIZE * wild, (BOOK_SIZE - 1) * wild + max(joker, two)


__all__ = [
    "BOOK_TYPES", "BlackThree", "BookBonuses", "BookCounts", "BookGrowth", "BookKind", "CardValues",
    "MAX_CARD_VALUE", "MAX_CARDS_IN_HAND", "MAX_DECKS", "MAX_POINTS", "MAX_SPECIAL_BOOKS",
    "RESERVED_BOOK_IDS", "RankGroup", "Round", "RuleSet", "ScoreMinimum", "SpecialBook",
    "RedThree", "WildLimits", "SMALLEST_MELD", "decks_for",
]
