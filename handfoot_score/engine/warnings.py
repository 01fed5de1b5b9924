"""Counts that are possible but worth a second look before saving: each names the team and
the count, never refuses (the checks that refuse are in ``checks``).

Each follows from how a round is played, not from the odds: every turn draws two and
discards one, a red three laid down is replaced, so a team ends a round with at least the
cards dealt to it; the wild cards on a table ride on its naturals. The two that are not
exact (half the decks' cards of a kind of several ranks, or half of all their cards, for one
team) sit far above what a table holds: the slip benchmark (``python -m benchmarks``)
deals honest rounds card by card and finds them never tripped.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .books import BookGrowth
from .card_values import WildLimits
from .cards import BOOK_SIZE, DECK_SIZE, NATURAL_KINDS, CardKind, group_name
from .errors import N_, Problem, counted
from .kind_sentences import said_of
from .rules import RuleSet
from .tally import COUNT_FIELDS, CardCounts, RankCounts, Tally

#: Players a team is taken to have where no one said (the usual four at two tables' sides).
PLAYERS_A_TEAM = 2

#: The field a warning about a team's cards all told is on: no one count, the team's whole.
CARDS = "cards"

#: More than half the decks' cards of a kind of several ranks for one team, per kind (the
#: words of a kind are part of its sentence in every language).
HALF_OF_KIND = {
    CardKind.EIGHT_TO_KING: counted(
        "", "%(num)s card of 8 to King counted for this team: more than half of the "
        "%(supply)s in the game's decks", "%(num)s cards of 8 to King counted for this team: "
        "more than half of the %(supply)s in the game's decks", 0),
    CardKind.FOUR_TO_SEVEN: counted(
        "", "%(num)s card of 4 to 7 counted for this team: more than half of the %(supply)s "
        "in the game's decks", "%(num)s cards of 4 to 7 counted for this team: more than "
        "half of the %(supply)s in the game's decks", 0),
}
BELOW_DEAL = counted(
    CARDS, "%(num)s card counted, but %(dealt)s were dealt to this team and no turn loses a "
    "card: is a count missing?", "%(num)s cards counted, but %(dealt)s were dealt to this "
    "team and no turn loses a card: is a count missing?", 0)
HALF_OF_ALL = counted(
    CARDS, "%(num)s card counted for this team: more than half of the %(supply)s cards in "
    "the game's decks", "%(num)s cards counted for this team: more than half of the "
    "%(supply)s cards in the game's decks", 0)
TOO_MANY_WILDS = N_("wild cards on the table (jokers, twos): %(wilds)s, but the %(naturals)s "
                    "natural cards counted there carry at most %(most)s under these rules: "
                    "is a count in the wrong box?")
NOBODY_OUT = N_("No team went out. That is right if the stock ran out; otherwise mark the "
                "team that went out.")


def tally_warnings(rules: RuleSet, tallies: Sequence[Tally],
                   players: Sequence[int] | None = None) -> list[Problem]:
    """Everything possible but unlikely in these tallies (checked with ``tally_problems``
    first), each naming its team and count; ``players`` is each team's number of players
    (None: two a team), for the cards dealt to it."""
    out = any(tally.went_out for tally in tallies)
    return ([] if out else [Problem("went_out", NOBODY_OUT)]) \
        + each_team_warnings(rules, tallies, players)


def each_team_warnings(rules: RuleSet, tallies: Sequence[Tally | None],
                       players: Sequence[int] | None = None) -> list[Problem]:
    """What is possible but unlikely in each team's own counts, passing over a team whose
    count is None (one that cannot be read or scored yet): while a round cannot be scored as
    a whole (another team's book still to tap, say), a slip in a team's counts still shows."""
    seats = [PLAYERS_A_TEAM] * len(tallies) if players is None else list(players)
    return [warning for team, (tally, seated) in enumerate(zip(tallies, seats))
            if tally is not None
            for warning in _team_warnings(rules, team, tally, seated, len(tallies))]


def dealt_to(rules: RuleSet, players: int) -> int:
    """The cards dealt to a team of ``players`` players: a hand and a foot each (a grab deal
    too ends with as many, the stack grabbed made up or cut down to them).

    >>> from .presets import CLASSIC
    >>> dealt_to(CLASSIC, 2)
    52
    """
    return players * (rules.hand_size + rules.foot_size)


def _team_warnings(rules: RuleSet, team: int, tally: Tally, players: int, teams: int
                   ) -> list[Problem]:
    melded, left = tally.melded, tally.left
    if not isinstance(melded, CardCounts):
        return []
    warnings = _wild_warnings(rules, team, tally, melded)
    if not isinstance(left, CardCounts):
        return warnings
    for kind, sentence in HALF_OF_KIND.items():
        count = melded.count(kind) + left.count(kind)
        if 2 * count > rules.supply(kind):
            warnings.append(said_of(sentence, _biggest(kind, melded, left), count, team,
                                  supply=rules.supply(kind)))
    held = sum(melded.count(kind) + left.count(kind) for _, kind in COUNT_FIELDS) \
        + tally.red_threes_left
    dealt = dealt_to(rules, players)
    if held < dealt:
        warnings.append(said_of(BELOW_DEAL, CARDS, held, team, dealt=dealt))
    supply = DECK_SIZE * rules.decks
    if teams > 1 and 2 * held > supply:
        warnings.append(said_of(HALF_OF_ALL, CARDS, held, team, supply=supply))
    return warnings


def _wild_warnings(rules: RuleSet, team: int, tally: Tally, melded: CardCounts
                   ) -> list[Problem]:
    """More wild cards on the table than its naturals (and its books of wild cards) hold;
    none where a finished book takes any card."""
    naturals_in_decks = sum(rules.supply(kind) for kind in NATURAL_KINDS)
    if rules.add_to_finished_book is BookGrowth.ANY or melded.naturals > naturals_in_decks:
        return []  # (more naturals than the decks hold is refused before any warning)
    books = tally.books
    wild_books = books.all_wild + sum(
        count for book_id, count in books.special
        if (book := rules.special_book(book_id)) is not None and book.kind is not None
        and not book.kind.is_natural and book.kind is not CardKind.RED_THREE
        and book.kind is not CardKind.BLACK_THREE)
    # A meld of wild cards only, unfinished, may hold up to six more where the rules allow one.
    most = (most_wilds_carried(rules.wilds, melded.naturals) + BOOK_SIZE * wild_books
            + ((BOOK_SIZE - 1) if rules.wilds.wild_melds else 0))
    if melded.wilds <= most:
        return []
    field = "melded.twos" if melded.twos >= melded.jokers else "melded.jokers"
    if isinstance(melded, RankCounts):
        field = "melded.by_rank." + ("2" if field == "melded.twos" else "JK")
    return [Problem(field, TOO_MANY_WILDS, team,
                    {"wilds": melded.wilds, "naturals": melded.naturals, "most": most})]


@lru_cache(maxsize=1024)
def most_wilds_carried(wilds: WildLimits, naturals: int) -> int:
    """The most wild cards ``naturals`` natural cards can carry in melds of at most seven
    under these limits (each meld its own naturals, its wilds as the limits allow).

    >>> most_wilds_carried(WildLimits(naturals_per_wild=2), 10)
    5
    >>> most_wilds_carried(WildLimits(naturals_per_wild=0, min_naturals_with_wild=4), 8)
    6
    """
    best = [0]
    for total in range(1, naturals + 1):
        best.append(max(best[total - n] + _meld_wilds(wilds, n)
                        for n in range(1, min(total, BOOK_SIZE) + 1)))
    return best[naturals]


def _meld_wilds(wilds: WildLimits, naturals: int) -> int:
    """The most wild cards one meld of ``naturals`` naturals may hold, seven cards at most."""
    return max((w for w in range(BOOK_SIZE - naturals + 1) if wilds.allows(naturals, w)),
               default=0)


def _biggest(kind: CardKind, melded: CardCounts, left: CardCounts) -> str:
    """The count of ``kind`` that holds the most of it, melded or left (by rank: its
    biggest rank), where a warning about the kind points."""
    part, cards = ("melded", melded) if melded.count(kind) >= left.count(kind) else ("left", left)
    if isinstance(cards, RankCounts):
        groups = [(count, group) for group, count in cards.ranks if group and group[0].kind is kind]
        if groups:
            return f"{part}.by_rank.{group_name(max(groups)[1])}"
    name = next(name for name, each in COUNT_FIELDS if each is kind)
    return f"{part}.{name}"
