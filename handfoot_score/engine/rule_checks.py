"""What makes a rule set unplayable, each problem naming its field (``rounds.1.pile_take``),
and the largest numbers a rule set may hold.

The checks take the rule set as an argument, so ``RuleSet`` can run them on itself.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .books import BOOK_TYPES, RESERVED_BOOK_IDS, BookGrowth
from .cards import BOOK_SIZE, NATURAL_RANKS, CardKind, Rank
from .errors import N_, Problem
from .limits import MAX_ROUNDS

if TYPE_CHECKING:
    from .rules import RuleSet

MAX_DECKS = 20
MAX_CARDS_IN_HAND = 50
#: More special books than any table plays; it keeps a rule set (and its pages) small.
MAX_SPECIAL_BOOKS = 20
MAX_CARD_VALUE = 10_000
#: No bonus, penalty or minimum at a real table comes near this; it keeps totals printable.
MAX_POINTS = 1_000_000
_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")
_SPECIAL_ID = re.compile(r"^[a-z][a-z0-9_]{0,31}$")


class _Findings:
    """Collects what is wrong with a rule set, field by field."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def need(self, ok: bool, field_name: str, message: str, **values: object) -> None:
        """Record ``message`` (filled with ``values``) against ``field_name`` unless ``ok``."""
        if not ok:
            self.problems.append(Problem(field_name, message, values=values))

    def count(self, value: object, field_name: str, low: int = 0, high: int | None = None) -> None:
        """Record a problem unless ``value`` is a whole number from ``low`` to ``high``."""
        if type(value) is not int:
            self.problems.append(Problem(field_name, N_("must be a whole number")))
        elif high is None and value < low:
            # The value as it was given (a limit is written as a rule set writes it).
            self.problems.append(Problem(field_name, N_("must be at least %(low)s, not %(value)s"),
                                         values={"low": low, "value": str(value)}))
        elif value < low or (high is not None and value > high):
            self.problems.append(Problem(
                field_name, N_("must be between %(low)s and %(high)s, not %(value)s"),
                values={"low": low, "high": str(high), "value": str(value)}))


def rule_problems(rules: RuleSet) -> list[Problem]:
    """Everything wrong with ``rules``, each problem naming its field; empty if none."""
    found = _Findings()
    need, count = found.need, found.count
    need(isinstance(rules.id, str) and bool(_ID.match(rules.id)), "id",
         N_("must be 1 to 64 lower-case letters, digits, '-' or '_'"))
    need(isinstance(rules.name, str) and 0 < len(rules.name.strip()) <= 100, "name",
         N_("must be 1 to 100 characters"))
    count(rules.decks, "decks", 1, MAX_DECKS)
    need(type(rules.deck_per_player) is bool, "deck_per_player", N_("must be true or false"))
    need(isinstance(rules.add_to_finished_book, BookGrowth), "add_to_finished_book",
         N_("must be one of %(choices)s"), choices=", ".join(BookGrowth))
    count(rules.hand_size, "hand_size", 1, MAX_CARDS_IN_HAND)
    count(rules.foot_size, "foot_size", 1, MAX_CARDS_IN_HAND)
    for name in ("joker", "two", "ace", "eight_to_king", "four_to_seven", "black_three"):
        count(getattr(rules.card_values, name), f"card_values.{name}", 0, MAX_CARD_VALUE)
    ranked: set[object] = set()
    for rank, value in rules.card_values.by_rank:
        where = f"card_values.by_rank.{getattr(rank, 'value', rank)}"
        need(rank in NATURAL_RANKS and rank not in ranked, where,
             N_("must be a natural rank (A K Q J 10 9 8 7 6 5 4), each once"))
        ranked.add(rank)
        count(value, where, 0, MAX_CARD_VALUE)
    count(rules.books.clean, "books.clean", 0, MAX_POINTS)
    count(rules.books.dirty, "books.dirty", 0, MAX_POINTS)
    count(rules.red_three.down, "red_three.down", 0, MAX_POINTS)
    count(rules.red_three.left, "red_three.left", 0, MAX_POINTS)
    if rules.red_three.down_when_not_out is not None:
        count(rules.red_three.down_when_not_out, "red_three.down_when_not_out", 0, MAX_POINTS)
    need(type(rules.black_three.meld_when_going_out) is bool, "black_three.meld_when_going_out",
         N_("must be true or false"))
    count(rules.exact_draw_bonus, "exact_draw_bonus", 0, MAX_POINTS)
    count(rules.first_meld_bonus, "first_meld_bonus", 0, MAX_POINTS)
    count(rules.wilds.naturals_per_wild, "wilds.naturals_per_wild", 0, BOOK_SIZE)
    if rules.wilds.max_per_meld is not None:
        count(rules.wilds.max_per_meld, "wilds.max_per_meld", 0, BOOK_SIZE)
    count(rules.wilds.min_naturals_with_wild, "wilds.min_naturals_with_wild", 0, BOOK_SIZE)
    need(type(rules.wilds.wild_melds) is bool, "wilds.wild_melds", N_("must be true or false"))
    need(type(rules.pile_needs_opened) is bool, "pile_needs_opened", N_("must be true or false"))
    if rules.books.wild is not None:
        count(rules.books.wild, "books.wild", 0, MAX_POINTS)
        need(rules.wilds.wild_melds is True, "books.wild",
             N_("wild books need wild_melds: true (a meld of wild cards only)"))
        need(rules.wilds.max_per_meld is None or rules.wilds.max_per_meld >= BOOK_SIZE,
             "books.wild", N_("a wild book holds 7 wild cards, more than wilds.max_per_meld"))
    if rules.books.mixed_wild is not None:
        count(rules.books.mixed_wild, "books.mixed_wild", 0, MAX_POINTS)
        need(rules.books.wild is not None, "books.mixed_wild",
             N_("a mixed wild book is a wild book: set books.wild too, or leave this null"))
    need(len(rules.special_books) <= MAX_SPECIAL_BOOKS, "special_books",
         N_("must list at most %(most)s special books, not %(count)s"), most=MAX_SPECIAL_BOOKS,
         count=len(rules.special_books))
    if found.problems:
        return found.problems
    _special_book_problems(rules, found)
    _round_problems(rules, found)
    _score_minimum_problems(rules, found)
    return found.problems


def _round_problems(rules: RuleSet, found: _Findings) -> None:
    found.need(1 <= len(rules.rounds) <= MAX_ROUNDS, "rounds",
               N_("must list 1 to %(most)s rounds, not %(count)s"), most=MAX_ROUNDS,
               count=len(rules.rounds))
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
                   N_("these rules allow no wild books, so none can be required to go out"))
        found.need(books.dirty == 0 or dirty_possible, f"{where}.going_out_books.dirty",
                   N_("the wild-card limits allow no dirty book, so none can be required"))
        for book_id, needed in books.special:
            field_name = f"{where}.going_out_books.{book_id}"
            if rules.special_book(book_id) is None:
                found.need(False, field_name, N_("these rules have no special book by that id"))
            else:
                found.count(needed, field_name, 0, 50)


def _score_minimum_problems(rules: RuleSet, found: _Findings) -> None:
    steps = rules.meld_minimum_by_score
    if steps is None:
        return
    found.need(len(steps) > 0, "meld_minimum_by_score",
               N_("must be null or list at least one step"))
    previous: int | None = None
    for index, step in enumerate(steps):
        where = f"meld_minimum_by_score.{index}"
        found.count(step.minimum, f"{where}.minimum", 0, MAX_POINTS)
        if step.from_score is None:
            found.need(index == 0, f"{where}.from_score", N_("only the first step may be null"))
        elif type(step.from_score) is not int or abs(step.from_score) > 1000 * MAX_POINTS:
            found.need(False, f"{where}.from_score", N_("must be a whole number or null"))
        else:
            found.need(previous is None or step.from_score > previous, f"{where}.from_score",
                       N_("steps must go up in score"))
            previous = step.from_score


def _special_book_problems(rules: RuleSet, found: _Findings) -> None:
    seen: set[str] = set()
    for index, book in enumerate(rules.special_books):
        where = f"special_books.{index}"
        good_id = isinstance(book.id, str) and bool(_SPECIAL_ID.match(book.id))
        found.need(good_id and book.id not in RESERVED_BOOK_IDS, f"{where}.id",
                   N_("must be a lower-case name (letters, digits, _) other than clean, dirty, "
                      "wild, mixed_wild"))
        if good_id:
            found.need(book.id not in seen, f"{where}.id", N_("%(id)s is used twice"),
                       id=repr(book.id))
            seen.add(book.id)
        found.need(isinstance(book.name, str) and 0 < len(book.name.strip()) <= 60,
                   f"{where}.name", N_("must be 1 to 60 characters"))
        found.count(book.bonus, f"{where}.bonus", 0, MAX_POINTS)
        found.need(book.kind is None or (isinstance(book.kind, CardKind) and not book.kind.is_wild),
                   f"{where}.kind", N_("must be a kind of natural card or a three, or null"))
        if book.rank is not None:
            fits = isinstance(book.rank, Rank) and (
                book.rank.kind is book.kind
                or (book.rank is Rank.THREE and book.kind is CardKind.RED_THREE)
            )
            found.need(fits, f"{where}.rank", N_("must be a rank of the book's kind"))
