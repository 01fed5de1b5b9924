"""The reminder card of a rule set in the table's words: the rules pages show it, the
printouts print it."""

from __future__ import annotations

from dataclasses import dataclass

from handfoot_score.engine.books import MIXED_WILD
from handfoot_score.engine.cards import NATURAL_KINDS, CardKind, Rank, run_words
from handfoot_score.engine.rules import BOOK_TYPES, BookCounts, BookGrowth, RuleSet
from handfoot_score.services.words import gettext as _
from handfoot_score.services.words import lazy_gettext as _l
from handfoot_score.services.words import ngettext
from handfoot_score.web.shared.formats import points as _points
from handfoot_score.web.shared.formats import signed_points
from handfoot_score.web.shared.kind_words import BOOK_WORDS, CARD_WORDS, book_words

#: The card table's words for a rank on its own and the ends of a run of ranks.
_RANK_WORDS = {Rank.ACE: CARD_WORDS[CardKind.ACE].name, Rank.KING: _l("King"),
               Rank.QUEEN: _l("Queen"), Rank.JACK: _l("Jack")}


def _cards(count: int) -> str:
    return ngettext("%(num)s card", "%(num)s cards", count)


def _books(books: BookCounts, rules: RuleSet) -> str:
    parts = [BOOK_WORDS[kind].short(count) for kind in BOOK_TYPES
             if (count := getattr(books, kind))]
    for book_id, count in books.special:
        special = rules.special_book(book_id)
        if count:
            parts.append(book_words(book_id, book_id if special is None else special.name)
                         .short(count))
    text = parts[0] if parts else _("no books")
    for part in parts[1:]:
        text = _("%(books)s + %(more)s", books=text, more=part)
    return text


def _ranks(ranks: tuple[Rank, ...]) -> str:
    """A rank or a run of ranks as the card table says it: "Ace", "8 and 9", "8 to King"."""
    if not all(rank in _RANK_WORDS or rank.value.isdigit() for rank in ranks):
        return run_words(ranks)
    low, high = (str(_RANK_WORDS.get(rank, rank.value)) for rank in (ranks[-1], ranks[0]))
    if len(ranks) == 1:
        return low
    if len(ranks) == 2:
        return _("%(low)s and %(high)s", low=low, high=high)
    return _("%(low)s to %(high)s", low=low, high=high)


@dataclass(frozen=True)
class RoundLine:
    """One row of the card's round table, ready to show."""

    number: int
    meld_minimum: str
    going_out_books: str
    going_out_bonus: str
    pile_take: str


@dataclass(frozen=True)
class RulesCard:
    """A rule set in the words a player reads at the table."""

    rules: RuleSet
    deal: str
    rounds: tuple[RoundLine, ...]
    #: Books and bonus to go out when every round asks the same, else None (see ``rounds``).
    going_out_every_round: tuple[str, str] | None
    score_minimums: tuple[tuple[str, str], ...]
    card_values: tuple[tuple[str, str], ...]
    books: tuple[tuple[str, str], ...]
    finished_book: str
    threes: tuple[str, ...]
    #: What each three adds or takes off, signed, as a sheet on paper lists it.
    three_values: tuple[tuple[str, str], ...]
    exact_draw: str | None
    other_bonuses: tuple[str, ...]
    pile: tuple[str, ...]
    wilds: tuple[str, ...]

    @classmethod
    def of(cls, rules: RuleSet) -> RulesCard:
        """The card for ``rules``."""
        return cls(
            rules=rules,
            deal=_deal(rules),
            rounds=tuple(
                RoundLine(number=number, meld_minimum=_points(r.meld_minimum),
                          going_out_books=_books(r.going_out_books, rules),
                          going_out_bonus=_points(r.going_out_bonus),
                          pile_take=str(r.pile_take))
                for number, r in enumerate(rules.rounds, start=1)
            ),
            going_out_every_round=_going_out_every_round(rules),
            score_minimums=_score_minimums(rules),
            card_values=_card_values(rules),
            books=_book_bonuses(rules),
            finished_book=str(_FINISHED_BOOK[rules.add_to_finished_book]),
            threes=_threes(rules),
            three_values=_three_values(rules),
            exact_draw=_exact_draw(rules),
            other_bonuses=_other_bonuses(rules),
            pile=_pile(rules),
            wilds=_wilds(rules),
        )


def _deal(rules: RuleSet) -> str:
    hand, foot = _cards(rules.hand_size), _cards(rules.foot_size)
    if rules.deck_per_player:
        return _("One deck of 54 cards for each player, shuffled together. %(hand)s in each "
                 "hand, %(foot)s in each foot.", hand=hand, foot=foot)
    return _("%(decks)s of 54 cards shuffled together. %(hand)s in each hand, "
             "%(foot)s in each foot.",
             decks=ngettext("%(num)s deck", "%(num)s decks", rules.decks), hand=hand, foot=foot)


#: What a finished book takes, as the card says it.
_FINISHED_BOOK = {
    BookGrowth.NONE: _l("A finished book takes no more cards: seven is the most."),
    BookGrowth.NATURALS: _l("Naturals of its rank may be added to a finished book; wild cards "
                            "may not."),
    BookGrowth.ANY: _l("Any card may be added to a finished book, within the wild-card limits; "
                       "its bonus stays the same."),
}


def _going_out_every_round(rules: RuleSet) -> tuple[str, str] | None:
    asks = {(r.going_out_books, r.going_out_bonus) for r in rules.rounds}
    if len(asks) != 1:
        return None
    books, bonus = asks.pop()
    return _books(books, rules), _points(bonus)


def _score_minimums(rules: RuleSet) -> tuple[tuple[str, str], ...]:
    """(which total scores, minimum): a step holds until the next step's score."""
    steps = rules.meld_minimum_by_score or ()
    rows = []
    for index, step in enumerate(steps):
        if index == 0:
            scores = (_("Below %(score)s", score=_points(steps[1].from_score or 0))
                      if len(steps) > 1 else _("Any score"))
        else:
            scores = _("%(score)s or more", score=_points(step.from_score or 0))
        rows.append((scores, _points(step.minimum)))
    return tuple(rows)


def _card_values(rules: RuleSet) -> tuple[tuple[str, str], ...]:
    values = rules.card_values
    rows = [(str(CARD_WORDS[CardKind.JOKER].name), _points(values.joker)),
            (str(CARD_WORDS[CardKind.TWO].name), _points(values.two))]
    for kind in NATURAL_KINDS:
        rows += [(_ranks(group.ranks), _points(group.value))
                 for group in values.groups_of(kind)]
    rows.append((str(CARD_WORDS[CardKind.BLACK_THREE].name), _points(values.black_three)))
    return tuple(rows)


def _book_bonuses(rules: RuleSet) -> tuple[tuple[str, str], ...]:
    books = rules.books
    clean, dirty, wild = (BOOK_WORDS[kind] for kind in BOOK_TYPES)
    rows = [(str(clean.name), _points(books.clean)), (str(dirty.name), _points(books.dirty)),
            (str(wild.name if books.mixed_wild is None else wild.name_apart),
             _("not allowed") if books.wild is None else _points(books.wild))]
    if books.mixed_wild is not None:
        rows.append((str(BOOK_WORDS[MIXED_WILD].name), _points(books.mixed_wild)))
    for book in rules.special_books:
        if book.kind is None:
            rows.append((book.name, _points(book.bonus)))
            continue
        threes = book.kind in (CardKind.BLACK_THREE, CardKind.RED_THREE)
        name = (str(CARD_WORDS[book.kind].special_book) % {"name": book.name}
                if book.rank is None or threes
                else _("%(name)s (all %(rank)ss)", name=book.name, rank=book.rank))
        rows.append((name, _points(book.bonus)))
    return tuple(rows)


def _each(value: int) -> str:
    """Points for each card, as the threes' lines say it: "100 points each"."""
    return ngettext("%(points)s point each", "%(points)s points each", value,
                    points=_points(value))


def _threes(rules: RuleSet) -> tuple[str, ...]:
    red = rules.red_three
    black = rules.card_values.black_three
    down = (_("Red three laid down: %(points)s.", points=_each(red.down))
            if red.down else _("Red three laid down: no bonus."))
    if red.down_when_not_out is not None:
        down = _("Red three laid down: %(points)s for the team that went out, %(others)s for "
                 "the others.", points=_each(red.down), others=_points(red.down_when_not_out))
    lines = [down,
             ngettext("Red three caught in hand or foot: %(points)s point off each.",
                      "Red three caught in hand or foot: %(points)s points off each.",
                      red.left, points=_points(red.left)),
             ngettext("Black three left in hand or foot: %(points)s point off each.",
                      "Black three left in hand or foot: %(points)s points off each.",
                      black, points=_points(black))]
    if rules.black_three.meld_when_going_out:
        lines.append(_("The team going out may meld black threes: %(points)s on the table.",
                       points=_each(black)))
    return tuple(lines)


def _three_values(rules: RuleSet) -> tuple[tuple[str, str], ...]:
    """(which threes, what each adds or takes off): under pagat a red three caught costs
    300 points, more than any other card, so a sheet on paper says so beside the boxes."""
    red = rules.red_three
    black = rules.card_values.black_three
    rows = [(_("Red threes laid down"), signed_points(red.down))]
    if red.down_when_not_out is not None:
        rows.append((_("Red three laid down by a team that did not go out (bonus)"),
                     signed_points(red.down_when_not_out)))
    rows += [(_("Red threes caught"), signed_points(-red.left)),
             (_("Black threes left"), signed_points(-black))]
    if rules.black_three.meld_when_going_out:
        rows.append((_("Black threes on the table"), signed_points(black)))
    return tuple(rows)


def _exact_draw(rules: RuleSet) -> str | None:
    targets = [(n, r.exact_draw_cards) for n, r in enumerate(rules.rounds, start=1)
               if r.exact_draw_cards is not None]
    if not rules.exact_draw_bonus and not targets:
        return None
    bonus = (ngettext("%(points)s point for picking up exactly the cards to aim for.",
                      "%(points)s points for picking up exactly the cards to aim for.",
                      rules.exact_draw_bonus, points=_points(rules.exact_draw_bonus))
             if rules.exact_draw_bonus else _("No bonus for an exact draw."))
    if not targets:
        return bonus
    if len(targets) == len(rules.rounds) and len({cards for _n, cards in targets}) == 1:
        return _("%(bonus)s Cards to aim for: %(cards)s in every round.", bonus=bonus,
                 cards=targets[0][1])
    aims = [_("round %(number)s: %(cards)s", number=n, cards=cards) for n, cards in targets]
    text = aims[0]
    for aim in aims[1:]:
        text = _("%(aims)s; %(more)s", aims=text, more=aim)
    return _("%(bonus)s Cards to aim for: %(aims)s.", bonus=bonus, aims=text)


def _other_bonuses(rules: RuleSet) -> tuple[str, ...]:
    lines = []
    if rules.first_meld_bonus:
        lines.append(ngettext(
            "%(points)s point to the team that lays down first in a round.",
            "%(points)s points to the team that lays down first in a round.",
            rules.first_meld_bonus, points=_points(rules.first_meld_bonus)))
    return tuple(lines)


def _pile(rules: RuleSet) -> tuple[str, ...]:
    opened = (_("Your team must have opened already, or open with the pile.")
              if rules.pile_needs_opened else _("You may take the pile to open."))
    takes = {r.pile_take for r in rules.rounds}
    take = (ngettext("Take the top %(num)s card (all if there are fewer).",
                     "Take the top %(num)s cards (all if there are fewer).", takes.pop())
            if len(takes) == 1
            else _("Take as many top cards as the table shows under Pile take (all if fewer)."))
    return (take, opened)


def _wilds(rules: RuleSet) -> tuple[str, ...]:
    wilds = rules.wilds
    lines = []
    if wilds.naturals_per_wild:
        lines.append(ngettext("At least %(num)s natural card for each wild card.",
                              "At least %(num)s natural cards for each wild card.",
                              wilds.naturals_per_wild))
    lines.append(_("No set limit on wild cards in a meld.") if wilds.max_per_meld is None
                 else ngettext("At most %(num)s wild card in a meld.",
                               "At most %(num)s wild cards in a meld.", wilds.max_per_meld))
    if wilds.min_naturals_with_wild:
        lines.append(ngettext("At least %(num)s natural card in any meld with a wild card.",
                              "At least %(num)s natural cards in any meld with a wild card.",
                              wilds.min_naturals_with_wild))
    lines.append(_("Melds of wild cards only: allowed.") if wilds.wild_melds
                 else _("Melds of wild cards only: not allowed."))
    fewest = rules.dirty_book_min_naturals
    lines.append(_("No dirty book can be made.") if fewest is None
                 else ngettext("A dirty book has at least %(num)s natural card.",
                               "A dirty book has at least %(num)s natural cards.", fewest))
    return tuple(lines)
