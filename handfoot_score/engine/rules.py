"""A rule set: every number a table agrees on before the first deal."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property, lru_cache

from .cards import (
    BOOK_SIZE,
    DECK_SUPPLY,
    NATURAL_KINDS,
    NATURAL_RANKS,
    RANK_SUPPLY,
    SMALLEST_MELD,
    WILD_KINDS,
    CardKind,
    Rank,
    ranks_of,
    reachable_points,
)
from .errors import InvalidRules, Problem
from .limits import MAX_ROUNDS as MAX_ROUNDS  # still importable from here, as callers do

MAX_DECKS = 20
MAX_CARDS_IN_HAND = 50
#: More special books than any table plays; it keeps a rule set (and its pages) small.
MAX_SPECIAL_BOOKS = 20
MAX_CARD_VALUE = 10_000
#: No bonus, penalty or minimum at a real table comes near this; it keeps totals printable.
MAX_POINTS = 1_000_000
_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")
_SPECIAL_ID = re.compile(r"^[a-z][a-z0-9_]{0,31}$")


class BookKind(StrEnum):
    """The standard books, by their cards: no wild card, some wild cards, only wild cards.

    A kind is its word, as stored and sent: ``BookKind.CLEAN == "clean"``.
    """

    CLEAN = "clean"
    DIRTY = "dirty"
    WILD = "wild"


#: The standard books' kinds, in the order the pages and the API list them.
BOOK_TYPES = tuple(BookKind)
#: Book names a special book may not take: the standard books and the mixed wild book.
RESERVED_BOOK_IDS = (*BOOK_TYPES, "mixed_wild")


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
class RankGroup:
    """Ranks of one kind that the rules value alike, counted together on the count page."""

    kind: CardKind
    ranks: tuple[Rank, ...]
    value: int


@dataclass(frozen=True)
class CardValues:
    """Points of each card kind, on the table or left in hand; ``by_rank`` overrides the
    value of single natural ranks (8s and 9s worth 5 where 10s are worth 10)."""

    joker: int = 50
    two: int = 20
    ace: int = 20
    eight_to_king: int = 10
    four_to_seven: int = 5
    black_three: int = 5
    by_rank: tuple[tuple[Rank, int], ...] = ()

    def of(self, kind: CardKind) -> int:
        """The value of one card of ``kind``; red threes score only as bonus or penalty.

        Where ``by_rank`` splits the kind, the least any of its ranks is worth.
        """
        if kind is CardKind.RED_THREE:
            return 0
        if not self.by_rank:
            return int(getattr(self, kind))
        return self._kind_values[kind]

    def rank_value(self, rank: Rank) -> int:
        """The value of one card of ``rank``.

        >>> CardValues(by_rank=((Rank.NINE, 5),)).rank_value(Rank.NINE)
        5
        """
        for ranked, value in self.by_rank:
            if ranked is rank:
                return value
        return int(getattr(self, rank.kind)) if rank.kind is not CardKind.RED_THREE else 0

    def splits(self, kind: CardKind) -> bool:
        """Whether the ranks of ``kind`` are not all worth the same, so it is counted by rank.

        >>> CardValues(by_rank=((Rank.NINE, 5),)).splits(CardKind.EIGHT_TO_KING)
        True
        """
        return bool(self.by_rank) and len(self.groups_of(kind)) > 1

    def groups_of(self, kind: CardKind) -> tuple[RankGroup, ...]:
        """The runs of ranks of ``kind`` worth the same, high to low (one group unless split)."""
        return self._groups.get(kind, ())

    @cached_property
    def _groups(self) -> dict[CardKind, tuple[RankGroup, ...]]:
        groups: dict[CardKind, tuple[RankGroup, ...]] = {}
        for kind in CardKind:
            runs: list[RankGroup] = []
            for rank in ranks_of(kind):
                value = self.rank_value(rank)
                if runs and runs[-1].value == value:
                    runs[-1] = RankGroup(kind, (*runs[-1].ranks, rank), value)
                else:
                    runs.append(RankGroup(kind, (rank,), value))
            groups[kind] = tuple(runs)
        return groups

    @cached_property
    def _kind_values(self) -> dict[CardKind, int]:
        return {kind: min((group.value for group in self.groups_of(kind)), default=0)
                for kind in CardKind}


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


@dataclass(frozen=True)
class RedThree:
    """Bonus for each red three laid down, penalty for each caught in a hand or foot.

    ``down_when_not_out``, where set, is the bonus of a red three laid down by a team that
    did not go out (100 when out, 50 otherwise).
    """

    down: int
    left: int
    down_when_not_out: int | None = None

    def down_bonus(self, went_out: bool) -> int:
        """The bonus of one red three laid down by a team that went out, or did not.

        >>> RedThree(100, 100, 50).down_bonus(True), RedThree(100, 100, 50).down_bonus(False)
        (100, 50)
        """
        if went_out or self.down_when_not_out is None:
            return self.down
        return self.down_when_not_out


@dataclass(frozen=True)
class BlackThree:
    """Black threes: whether the team going out may meld them (each worth its card value)."""

    meld_when_going_out: bool = False


@dataclass(frozen=True)
class WildLimits:
    """How many wild cards a meld may hold."""

    naturals_per_wild: int = 2
    max_per_meld: int | None = None
    min_naturals_with_wild: int = 0
    wild_melds: bool = False

    def allows(self, naturals: int, wilds: int) -> bool:
        """Whether a meld of this many naturals and wilds is within the limits.

        >>> WildLimits().allows(5, 2), WildLimits().allows(4, 3), WildLimits().allows(0, 3)
        (True, False, False)
        """
        if wilds == 0:
            return True
        if naturals == 0:
            return self.wild_melds and (self.max_per_meld is None or wilds <= self.max_per_meld)
        return (
            naturals >= self.naturals_per_wild * wilds
            and (self.max_per_meld is None or wilds <= self.max_per_meld)
            and naturals >= self.min_naturals_with_wild
        )


@dataclass(frozen=True)
class RuleSet:
    """Everything that decides a score: decks, rounds, card values, bonuses and limits."""

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

    def __post_init__(self) -> None:
        problems = list(_rule_problems(self))
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

    def supply(self, kind: CardKind) -> int:
        """Cards of ``kind`` in all the decks in play."""
        return DECK_SUPPLY[kind] * self.decks

    def special_book(self, book_id: str) -> SpecialBook | None:
        """The special book with this id, if the rules have one."""
        if not self.special_books:
            return None
        return self._special_books_by_id.get(book_id)

    @cached_property
    def _special_books_by_id(self) -> dict[str, SpecialBook]:
        # One lookup per book a tally names keeps scoring linear in the special books.
        return {book.id: book for book in self.special_books}

    @cached_property
    def black_threes_melded(self) -> bool:
        """Whether black threes may ever be on a table: a book of them, or going out."""
        return self.black_three.meld_when_going_out or any(
            book.kind is CardKind.BLACK_THREE for book in self.special_books)

    # A rule set is frozen, so what follows from it is worked out once per object. Every
    # request reads its game's rules anew, so the costly parts are also shared by value.

    @cached_property
    def dirty_book_min_naturals(self) -> int | None:
        """Fewest naturals in a seven-card dirty book, or None where none can be made."""
        return _dirty_book_min_naturals(self.wilds)

    @cached_property
    def melded_points_reachable(self) -> int:
        """Bit mask of every face value the cards on one table can add up to."""
        return _points_reachable(self.card_values, self.decks, self.black_threes_melded)

    @cached_property
    def left_points_reachable(self) -> int:
        """Bit mask of every face value the cards left in hands and feet can add up to."""
        return _points_reachable(self.card_values, self.decks, True)

    def book_card_points(self, kind: str) -> int:
        """The fewest face-value points a book of this kind (clean, dirty, wild, mixed_wild,
        or a special book id) can hold."""
        if kind in RESERVED_BOOK_IDS:
            return self._fewest_book_points[RESERVED_BOOK_IDS.index(kind)]
        special = self.special_book(kind)
        if special is None:
            return 0
        values = self.card_values
        if special.rank is not None and special.kind is not CardKind.RED_THREE:
            return BOOK_SIZE * values.rank_value(special.rank)
        if special.kind is None:
            return self._fewest_book_points[0]
        return BOOK_SIZE * values.of(special.kind)

    @cached_property
    def _fewest_book_points(self) -> tuple[int, int, int, int]:
        return _fewest_book_points(self.card_values, self.wilds)


@lru_cache(maxsize=64)
def _dirty_book_min_naturals(wilds: WildLimits) -> int | None:
    return next((n for n in range(1, BOOK_SIZE) if wilds.allows(n, BOOK_SIZE - n)), None)


@lru_cache(maxsize=256)
def _points_reachable(values: CardValues, decks: int, black_threes: bool) -> int:
    """The mask of face values that the wild and natural cards of ``decks`` decks (and
    their black threes) can make."""
    cards: dict[int, int] = {}
    for kind in (*WILD_KINDS, *((CardKind.BLACK_THREE,) if black_threes else ())):
        cards[values.of(kind)] = cards.get(values.of(kind), 0) + DECK_SUPPLY[kind] * decks
    for kind in NATURAL_KINDS:
        for group in values.groups_of(kind):
            cards[group.value] = cards.get(group.value, 0) + RANK_SUPPLY * decks * len(group.ranks)
    return reachable_points(tuple(sorted(cards.items())))


@lru_cache(maxsize=256)
def _fewest_book_points(values: CardValues, wilds: WildLimits) -> tuple[int, int, int, int]:
    """The fewest face-value points a clean, a dirty, a wild and a mixed wild book can hold."""
    natural = min(values.rank_value(rank) for rank in NATURAL_RANKS)
    joker, two = values.of(CardKind.JOKER), values.of(CardKind.TWO)
    wild = min(joker, two)
    dirty = min(
        (n * natural + (BOOK_SIZE - n) * wild
         for n in range(1, BOOK_SIZE) if wilds.allows(n, BOOK_SIZE - n)),
        default=0,
    )
    return BOOK_SIZE * natural, dirty, BOOK_SIZE * wild, (BOOK_SIZE - 1) * wild + max(joker, two)


class _Findings:
    """Collects what is wrong with a rule set, field by field."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def need(self, ok: bool, field_name: str, message: str) -> None:
        """Record ``message`` against ``field_name`` unless ``ok``."""
        if not ok:
            self.problems.append(Problem(field_name, message))

    def count(self, value: object, field_name: str, low: int = 0, high: int | None = None) -> None:
        """Record a problem unless ``value`` is a whole number from ``low`` to ``high``."""
        if type(value) is not int:
            self.problems.append(Problem(field_name, "must be a whole number"))
        elif value < low or (high is not None and value > high):
            bound = f"at least {low}" if high is None else f"between {low} and {high}"
            self.problems.append(Problem(field_name, f"must be {bound}, not {value}"))


def _rule_problems(rules: RuleSet) -> list[Problem]:
    found = _Findings()
    need, count = found.need, found.count
    need(isinstance(rules.id, str) and bool(_ID.match(rules.id)), "id",
         "must be 1 to 64 lower-case letters, digits, '-' or '_'")
    need(isinstance(rules.name, str) and 0 < len(rules.name.strip()) <= 100, "name",
         "must be 1 to 100 characters")
    count(rules.decks, "decks", 1, MAX_DECKS)
    count(rules.hand_size, "hand_size", 1, MAX_CARDS_IN_HAND)
    count(rules.foot_size, "foot_size", 1, MAX_CARDS_IN_HAND)
    for name in ("joker", "two", "ace", "eight_to_king", "four_to_seven", "black_three"):
        count(getattr(rules.card_values, name), f"card_values.{name}", 0, MAX_CARD_VALUE)
    ranked: set[object] = set()
    for rank, value in rules.card_values.by_rank:
        where = f"card_values.by_rank.{getattr(rank, 'value', rank)}"
        need(rank in NATURAL_RANKS and rank not in ranked, where,
             "must be a natural rank (A K Q J 10 9 8 7 6 5 4), each once")
        ranked.add(rank)
        count(value, where, 0, MAX_CARD_VALUE)
    count(rules.books.clean, "books.clean", 0, MAX_POINTS)
    count(rules.books.dirty, "books.dirty", 0, MAX_POINTS)
    count(rules.red_three.down, "red_three.down", 0, MAX_POINTS)
    count(rules.red_three.left, "red_three.left", 0, MAX_POINTS)
    if rules.red_three.down_when_not_out is not None:
        count(rules.red_three.down_when_not_out, "red_three.down_when_not_out", 0, MAX_POINTS)
    need(type(rules.black_three.meld_when_going_out) is bool, "black_three.meld_when_going_out",
         "must be true or false")
    count(rules.exact_draw_bonus, "exact_draw_bonus", 0, MAX_POINTS)
    count(rules.first_meld_bonus, "first_meld_bonus", 0, MAX_POINTS)
    count(rules.wilds.naturals_per_wild, "wilds.naturals_per_wild", 0, BOOK_SIZE)
    if rules.wilds.max_per_meld is not None:
        count(rules.wilds.max_per_meld, "wilds.max_per_meld", 0, BOOK_SIZE)
    count(rules.wilds.min_naturals_with_wild, "wilds.min_naturals_with_wild", 0, BOOK_SIZE)
    need(type(rules.wilds.wild_melds) is bool, "wilds.wild_melds", "must be true or false")
    need(type(rules.pile_needs_opened) is bool, "pile_needs_opened", "must be true or false")
    if rules.books.wild is not None:
        count(rules.books.wild, "books.wild", 0, MAX_POINTS)
        need(rules.wilds.wild_melds is True, "books.wild",
             "wild books need wild_melds: true (a meld of wild cards only)")
        need(rules.wilds.max_per_meld is None or rules.wilds.max_per_meld >= BOOK_SIZE,
             "books.wild", "a wild book holds 7 wild cards, more than wilds.max_per_meld")
    if rules.books.mixed_wild is not None:
        count(rules.books.mixed_wild, "books.mixed_wild", 0, MAX_POINTS)
        need(rules.books.wild is not None, "books.mixed_wild",
             "a mixed wild book is a wild book: set books.wild too, or leave this null")
    need(len(rules.special_books) <= MAX_SPECIAL_BOOKS, "special_books",
         f"must list at most {MAX_SPECIAL_BOOKS} special books, not {len(rules.special_books)}")
    if found.problems:
        return found.problems
    _special_book_problems(rules, found)
    _round_problems(rules, found)
    _score_minimum_problems(rules, found)
    return found.problems


def _round_problems(rules: RuleSet, found: _Findings) -> None:
    found.need(1 <= len(rules.rounds) <= MAX_ROUNDS, "rounds",
               f"must list 1 to {MAX_ROUNDS} rounds, not {len(rules.rounds)}")
    dirty_possible = rules.dirty_book_min_naturals is not None
    for index, game_round in enumerate(rules.rounds):
        where = f"rounds.{index}"
        found.count(game_round.meld_minimum, f"{where}.meld_minimum", 0, MAX_POINTS)
        found.count(game_round.going_out_bonus, f"{where}.going_out_bonus", 0, MAX_POINTS)
        found.count(game_round.pile_take, f"{where}.pile_take", 1, 200)
        if game_round.exact_draw_cards is not None:
            found.count(game_round.exact_draw_cards, f"{where}.exact_draw_cards", 1, 200)
        books = game_round.going_out_books
        for kind in BOOK_TYPES:
            found.count(getattr(books, kind), f"{where}.going_out_books.{kind}", 0, 50)
        found.need(books.wild == 0 or rules.books.wild is not None,
                   f"{where}.going_out_books.wild",
                   "these rules allow no wild books, so none can be required to go out")
        found.need(books.dirty == 0 or dirty_possible, f"{where}.going_out_books.dirty",
                   "the wild-card limits allow no dirty book, so none can be required")
        for book_id, needed in books.special:
            field_name = f"{where}.going_out_books.{book_id}"
            if rules.special_book(book_id) is None:
                found.need(False, field_name, "these rules have no special book by that id")
            else:
                found.count(needed, field_name, 0, 50)


def _score_minimum_problems(rules: RuleSet, found: _Findings) -> None:
    steps = rules.meld_minimum_by_score
    if steps is None:
        return
    found.need(len(steps) > 0, "meld_minimum_by_score", "must be null or list at least one step")
    previous: int | None = None
    for index, step in enumerate(steps):
        where = f"meld_minimum_by_score.{index}"
        found.count(step.minimum, f"{where}.minimum", 0, MAX_POINTS)
        if step.from_score is None:
            found.need(index == 0, f"{where}.from_score", "only the first step may be null")
        elif type(step.from_score) is not int or abs(step.from_score) > 1000 * MAX_POINTS:
            found.need(False, f"{where}.from_score", "must be a whole number or null")
        else:
            found.need(previous is None or step.from_score > previous, f"{where}.from_score",
                       "steps must go up in score")
            previous = step.from_score


def _special_book_problems(rules: RuleSet, found: _Findings) -> None:
    seen: set[str] = set()
    for index, book in enumerate(rules.special_books):
        where = f"special_books.{index}"
        good_id = isinstance(book.id, str) and bool(_SPECIAL_ID.match(book.id))
        found.need(good_id and book.id not in RESERVED_BOOK_IDS, f"{where}.id",
                   "must be a lower-case name (letters, digits, _) other than clean, dirty, "
                   "wild, mixed_wild")
        if good_id:
            found.need(book.id not in seen, f"{where}.id", f"{book.id!r} is used twice")
            seen.add(book.id)
        found.need(isinstance(book.name, str) and 0 < len(book.name.strip()) <= 60,
                   f"{where}.name", "must be 1 to 60 characters")
        found.count(book.bonus, f"{where}.bonus", 0, MAX_POINTS)
        found.need(book.kind is None or (isinstance(book.kind, CardKind) and not book.kind.is_wild),
                   f"{where}.kind", "must be a kind of natural card or a three, or null")
        if book.rank is not None:
            fits = isinstance(book.rank, Rank) and (
                book.rank.kind is book.kind
                or (book.rank is Rank.THREE and book.kind is CardKind.RED_THREE)
            )
            found.need(fits, f"{where}.rank", "must be a rank of the book's kind")


__all__ = [
    "BOOK_TYPES", "BlackThree", "BookBonuses", "BookCounts", "BookKind", "CardValues",
    "MAX_SPECIAL_BOOKS",
    "RESERVED_BOOK_IDS", "RankGroup", "Round", "RuleSet", "ScoreMinimum", "SpecialBook",
    "RedThree", "WildLimits", "SMALLEST_MELD",
]
