"""The meld checker: is each meld legal, what is it worth, does it open the round?"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import (
    BOOK_SIZE,
    DECK_SIZE,
    DECK_SUPPLY,
    RANK_SUPPLY,
    SMALLEST_MELD,
    CardKind,
    Rank,
    parse_rank,
)
from .errors import N_, Problem, UnknownCard, counted
from .rules import BookGrowth, RuleSet


@dataclass(frozen=True)
class Meld:
    """One meld as judged: its cards, kind (clean, dirty, wild), points and any problems."""

    cards: tuple[Rank, ...]
    kind: str
    points: int
    problems: tuple[Problem, ...]

    @property
    def valid(self) -> bool:
        """A meld with no problems."""
        return not self.problems

    @property
    def is_book(self) -> bool:
        """Seven cards make a book; cards added after it closed, where the rules allow it,
        leave it a book."""
        return len(self.cards) >= BOOK_SIZE


@dataclass(frozen=True)
class Opening:
    """Melds laid down together, and whether they meet the opening minimum."""

    melds: tuple[Meld, ...]
    meld_minimum: int

    @property
    def valid(self) -> bool:
        """Every meld is legal, and there is at least one."""
        return bool(self.melds) and all(meld.valid for meld in self.melds)

    @property
    def points(self) -> int:
        """Face value of all the melds' cards; red threes and bonuses never count."""
        return sum(meld.points for meld in self.melds)

    @property
    def meets_minimum(self) -> bool:
        """Legal melds worth at least the round's opening minimum."""
        return self.valid and self.points >= self.meld_minimum


def more_than_laid(rules: RuleSet, meld_sizes: Sequence[int]) -> Problem | None:
    """What makes melds of these sizes more than the decks in play could lay down, if
    anything: more melds than their cards make of the smallest, or more cards than they hold.
    Asked before any card is read, so a list no table could form costs nothing to refuse.

    >>> from .presets import PRESETS
    >>> more_than_laid(PRESETS["classic"], [3, 7]) is None
    True
    >>> more_than_laid(PRESETS["classic"], [1] * 100_000).text
    'must be a list of at most 90'
    """
    cards = rules.decks * DECK_SIZE
    if len(meld_sizes) > cards // SMALLEST_MELD:
        return Problem("melds", N_("must be a list of at most %(most)s"),
                       values={"most": cards // SMALLEST_MELD})
    if sum(meld_sizes) > cards:
        return counted("melds", "%(num)s deck holds only %(supply)s",
                       "%(num)s decks hold only %(supply)s", rules.decks, supply=cards)
    return None


def read_melds(melds: Sequence[Sequence[str]]) -> tuple[tuple[Rank, ...], ...]:
    """Read melds written as card names; raise UnknownCard naming each that is not one."""
    problems: list[Problem] = []
    read: list[tuple[Rank, ...]] = []
    for m, meld in enumerate(melds):
        ranks: list[Rank] = []
        for c, card in enumerate(meld):
            try:
                ranks.append(parse_rank(card))
            except ValueError:
                problems.append(Problem(
                    f"melds.{m}.{c}",
                    N_("%(card)s is not a card: use A K Q J 10 9 8 7 6 5 4 3 2 JK (T for ten)"),
                    values={"card": repr(card)}))
        read.append(tuple(ranks))
    if problems:
        raise UnknownCard(problems)
    return tuple(read)


def judge_meld(rules: RuleSet, cards: Sequence[Rank]) -> Meld:
    """Judge one meld under the rules: size, rank, threes, wild-card limits.

    A book holds more than seven cards only where the rules add cards to a finished book
    (``add_to_finished_book``), and then only the cards they allow.
    """
    cards = tuple(cards)
    wilds = sum(1 for card in cards if card.is_wild)
    naturals = [card for card in cards if not card.is_wild]
    problems: list[Problem] = []
    if len(cards) < SMALLEST_MELD:
        problems.append(Problem(
            "cards", N_("a meld has %(least)s to %(most)s cards, not %(count)s"),
            values={"least": SMALLEST_MELD, "most": BOOK_SIZE, "count": len(cards)}))
    elif len(cards) > BOOK_SIZE:
        problems += _added_to_book_problems(rules, len(cards), wilds)
    ranks = sorted({card for card in naturals}, key=list(Rank).index)
    if len(ranks) > 1:
        problems.append(Problem("cards", N_("natural cards of one rank only, not %(ranks)s"),
                                values={"ranks": ", ".join(ranks)}))
    if Rank.THREE in ranks and not _threes_melded(rules):
        problems.append(Problem("cards", N_("threes are never melded")))
    problems += _supply_problems(rules, cards)
    if not naturals and wilds and not rules.wilds.wild_melds:
        problems.append(Problem("cards", N_("these rules allow no meld of wild cards only")))
    elif not rules.wilds.allows(len(naturals), wilds):
        problems.append(_wild_limit(rules, len(naturals), wilds))
    kind = "clean" if wilds == 0 else "wild" if not naturals else "dirty"
    points = sum(rules.card_values.rank_value(card) for card in cards)
    return Meld(cards=cards, kind=kind, points=points, problems=tuple(problems))


def check_opening(rules: RuleSet, round_number: int, melds: Sequence[Sequence[Rank]],
                  score_before: int | None = None) -> Opening:
    """Judge melds laid down together against the round's opening minimum."""
    return Opening(
        melds=tuple(judge_meld(rules, meld) for meld in melds),
        meld_minimum=rules.meld_minimum(round_number, score_before),
    )


def _threes_melded(rules: RuleSet) -> bool:
    return rules.black_three.meld_when_going_out or any(
        book.rank is Rank.THREE or book.kind in (CardKind.BLACK_THREE, CardKind.RED_THREE)
        for book in rules.special_books)


def _added_to_book_problems(rules: RuleSet, size: int, wilds: int) -> list[Problem]:
    """What is wrong with a book of ``size`` cards (more than seven), ``wilds`` of them wild,
    under the rules' ``add_to_finished_book``."""
    growth = rules.add_to_finished_book
    if growth is BookGrowth.NONE:
        return [Problem("cards", N_("a finished book takes no more cards under these rules "
                                    "(add_to_finished_book): %(most)s at most, not %(count)s"),
                        values={"most": BOOK_SIZE, "count": size})]
    if growth is BookGrowth.NATURALS and wilds and not (
            wilds < BOOK_SIZE and rules.wilds.allows(BOOK_SIZE - wilds, wilds)):
        # The wild cards must all have been in the book when it closed at seven.
        return [Problem("cards", N_("only natural cards are added to a finished book under "
                                    "these rules (add_to_finished_book): a book of %(most)s "
                                    "cannot hold the wild cards counted (%(wilds)s)"),
                        values={"wilds": wilds, "most": BOOK_SIZE})]
    return []


def _supply_problems(rules: RuleSet, cards: tuple[Rank, ...]) -> list[Problem]:
    """More cards of a rank, or more wild cards, than the decks in play hold."""
    problems = []
    for rank in sorted(set(cards), key=list(Rank).index):
        supply = (DECK_SUPPLY[rank.kind] if rank.kind in (CardKind.JOKER, CardKind.TWO,
                                                          CardKind.BLACK_THREE)
                  else RANK_SUPPLY) * rules.decks
        if (held := cards.count(rank)) > supply:
            problems.append(counted(
                "cards", "%(held)s cards of rank %(rank)s, but %(num)s deck holds only "
                "%(supply)s", "%(held)s cards of rank %(rank)s, but %(num)s decks hold only "
                "%(supply)s", rules.decks, held=held, rank=rank.value, supply=supply))
    return problems


def _wild_limit(rules: RuleSet, naturals: int, wilds: int) -> Problem:
    limits = rules.wilds
    if limits.max_per_meld is not None and wilds > limits.max_per_meld:
        return Problem("cards", N_("wild cards in a meld: at most %(most)s, not %(wilds)s"),
                       values={"most": limits.max_per_meld, "wilds": wilds})
    if naturals < limits.min_naturals_with_wild:
        return Problem("cards", N_("natural cards in a meld with wild cards: at least "
                                   "%(least)s, not %(naturals)s"),
                       values={"least": limits.min_naturals_with_wild, "naturals": naturals})
    return counted("cards", "natural cards for %(num)s wild card: at least %(least)s, not "
                   "%(naturals)s", "natural cards for %(num)s wild cards: at least %(least)s, "
                   "not %(naturals)s", wilds, least=limits.naturals_per_wild * wilds,
                   naturals=naturals)
