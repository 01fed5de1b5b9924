"""The three rule sets our sources describe, as RULES.md digests them.

Their names and notes are stored in English and marked for the catalogues: a page shows
them in the reader's language (``_(rules.name)``; a name someone typed has no translation
and shows as typed)."""

from __future__ import annotations

from .errors import N_
from .rules import BookBonuses, BookCounts, BookGrowth, RedThree, Round, RuleSet, WildLimits

MELD_MINIMUMS = (50, 90, 120, 150)


def _rounds(books: BookCounts, pile_take: int, exact_draw_cards: int | None = None
            ) -> tuple[Round, ...]:
    return tuple(
        Round(meld_minimum=minimum, going_out_bonus=100, going_out_books=books,
              pile_take=pile_take, exact_draw_cards=exact_draw_cards)
        for minimum in MELD_MINIMUMS
    )


CLASSIC = RuleSet(
    id="classic",
    name=N_("Classic (five decks, wild books)"),
    decks=5,
    hand_size=13,
    foot_size=13,
    rounds=_rounds(BookCounts(clean=2, dirty=2, wild=1), pile_take=7),
    books=BookBonuses(clean=500, dirty=300, wild=1500),
    red_three=RedThree(down=100, left=100),
    wilds=WildLimits(naturals_per_wild=2, max_per_meld=None, min_naturals_with_wild=0,
                     wild_melds=True),
    add_to_finished_book=BookGrowth.NONE,
    notes=(
        N_("Taking the pile: the top card is not a black three; hold two naturals of its "
           "rank and meld those three at once."),
        N_("To go out: a partner has picked up the foot and played a turn from it; ask your "
           "partner; meld all but one card and discard it."),
        N_("A book is complete at 7 cards; no two unfinished melds of one rank."),
        N_("First discard turned: a three or a joker is buried and another turned."),
    ),
)

PAGAT = RuleSet(
    id="pagat",
    name=N_("Pagat (four decks, 11 + 11)"),
    decks=4,
    hand_size=11,
    foot_size=11,
    rounds=_rounds(BookCounts(clean=2, dirty=2, wild=0), pile_take=5, exact_draw_cards=22),
    books=BookBonuses(clean=500, dirty=300, wild=None),
    red_three=RedThree(down=0, left=300),
    wilds=WildLimits(naturals_per_wild=2, max_per_meld=2, min_naturals_with_wild=0,
                     wild_melds=False),
    exact_draw_bonus=300,
    add_to_finished_book=BookGrowth.NATURALS,
    deck_per_player=True,
    notes=(
        N_("Taking the pile: the top card is not a black three; hold two naturals of its "
           "rank and meld those three at once; take the top 5 (all if fewer)."),
        N_("To go out: your partner has picked up their foot and played at least part of a "
           "turn from it; ask your partner; no discard needed."),
        N_("Red threes drawn are just discarded; one caught in hand or foot costs 300 "
           "(500 is a common house rule)."),
        N_("Naturals of its rank may be added to a finished book; wild cards may not."),
        N_("Grab deal: each player grabs a stack aiming at 22 cards; exactly 22 earns 300."),
    ),
)

ITALIAN = RuleSet(
    id="italian",
    name=N_("Italian (1 clean + 1 dirty to go out)"),
    decks=5,
    hand_size=11,
    foot_size=11,
    rounds=_rounds(BookCounts(clean=1, dirty=1, wild=0), pile_take=7),
    books=BookBonuses(clean=500, dirty=300, wild=None),
    red_three=RedThree(down=0, left=5),
    wilds=WildLimits(naturals_per_wild=0, max_per_meld=None, min_naturals_with_wild=4,
                     wild_melds=False),
    pile_needs_opened=True,
    add_to_finished_book=BookGrowth.NONE,
    notes=(
        N_("Taking the pile: the top card is not a black three; hold two naturals of its "
           "rank and meld those three at once; your team must have opened or open now."),
        N_("To go out: all cards gone, hand then foot; the last card must be discarded."),
        N_("Wild cards only in a meld with at least four naturals."),
        N_("First discard turned: a red three, a two or a joker goes back and another is turned."),
    ),
)

PRESETS: dict[str, RuleSet] = {rules.id: rules for rules in (CLASSIC, PAGAT, ITALIAN)}
