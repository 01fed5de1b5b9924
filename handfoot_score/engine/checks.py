"""Checks that refuse a tally which cannot be true under the rules."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import BOOK_SIZE, DECK_SUPPLY, CardKind, group_name
from .errors import N_, InvalidTally, Problem, counted
from .going_out import books_lacking
from .kind_sentences import (
    GOING_OUT,
    GOING_OUT_SPECIAL,
    SPECIAL_SHORT,
    SPLIT_KIND,
    TOO_MANY,
    said_of,
)
from .limits import MAX_TEAMS
from .rules import CardValues, RuleSet
from .tally import COUNT_FIELDS, CardCounts, Cards, Points, RankCounts, TableBooks, Tally
from .tally_shape import shape_problems, well_shaped


def check_tallies(rules: RuleSet, round_number: int, tallies: Sequence[Tally]) -> None:
    """Raise InvalidTally naming every team and field that cannot be true."""
    problems = tally_problems(rules, round_number, tallies)
    if problems:
        raise InvalidTally(problems)


def tally_problems(rules: RuleSet, round_number: int, tallies: Sequence[Tally]) -> list[Problem]:
    """Everything impossible about these tallies, each naming its team and field."""
    if not 1 <= round_number <= len(rules.rounds):
        return [Problem("round", N_("must be between 1 and %(rounds)s"),
                        values={"rounds": len(rules.rounds)})]
    teams = team_count_problem(len(tallies))
    if teams is not None:
        return [teams]
    if not all(map(well_shaped, tallies)):
        problems = [p for team, each in enumerate(tallies) for p in shape_problems(team, each)]
        if problems:
            return problems
    problems = []
    out: list[int] = []  # the teams that went out
    first: list[int] = []  # the teams that laid down first
    for team, tally in enumerate(tallies):
        problems += _book_problems(rules, team, tally)
        if tally.went_out:
            out.append(team)
        if tally.first_meld:
            first.append(team)
    if not _within_supply(rules, tallies):
        problems += _supply_problems(rules, tallies)
    if out:
        problems += _going_out_problems(rules, round_number, tallies, out)
    if len(first) > 1:
        problems += _first_meld_problems(first)
    return problems


def team_problems(rules: RuleSet, round_number: int, tally: Tally) -> list[Problem]:
    """Everything impossible about one team's count on its own, each naming team 0: its
    shape, its books, its cards against the decks, going out without what it takes. What
    only the teams together can break (two teams out, the decks shared) is not asked: this
    says whether a team's own score can be shown while the others still count."""
    if not well_shaped(tally):
        problems = shape_problems(0, tally)
        if problems:
            return problems
    problems = _book_problems(rules, 0, tally)
    if not _within_supply(rules, [tally]):
        problems += _supply_problems(rules, [tally])
    if tally.went_out:
        problems += _going_out_problems(rules, round_number, [tally], [0])
    return problems


def team_count_problem(count: int) -> Problem | None:
    """What is wrong with a round listing ``count`` teams' tallies, if anything: asked before
    the tallies are read, so a list no table could send is refused by its length alone.

    >>> team_count_problem(2) is None, team_count_problem(7).text
    (True, 'must list 1 to 6 teams, not 7')
    """
    if 1 <= count <= MAX_TEAMS:
        return None
    return Problem("teams", N_("must list 1 to %(most)s teams, not %(count)s"),
                   values={"most": MAX_TEAMS, "count": count})


def _book_problems(rules: RuleSet, team: int, tally: Tally) -> list[Problem]:
    problems: list[Problem] = []
    books = tally.books
    if books.wild != 0 and rules.books.wild is None:
        problems.append(Problem("books.wild", N_("these rules allow no wild books"), team))
    if books.mixed_wild != 0 and rules.books.mixed_wild is None:
        problems.append(Problem(
            "books.mixed_wild",
            N_("these rules give a wild book of jokers and twos no value of its own: count it "
               "under books.wild") if rules.books.wild is not None
            else N_("these rules allow no wild books"), team))
    if books.dirty != 0 and rules.dirty_book_min_naturals is None:
        problems.append(Problem(
            "books.dirty", N_("the wild-card limits of these rules allow no dirty book"), team))
    for book_id, _ in books.special:
        if rules.special_book(book_id) is None:
            problems.append(Problem(
                f"books.{book_id}", N_("these rules have no such special book"), team))
    if tally.exact_draws != 0 and not rules.exact_draw_bonus > 0:
        problems.append(Problem("exact_draws", N_("these rules give no exact-draw bonus"), team))
    if tally.first_meld and not rules.first_meld_bonus > 0:
        problems.append(Problem("first_meld",
                                N_("these rules give no bonus for laying down first"), team))
    if problems:
        return problems
    problems = _value_problems(rules, team, "melded", tally.melded) + _value_problems(
        rules, team, "left", tally.left)
    if problems:
        return problems
    cards = tally.melded
    if isinstance(cards, Points):
        problems = _points_problems(rules, team, tally, cards)
    else:
        problems = _count_problems(rules, team, tally, cards)
    left = tally.left
    if isinstance(left, Points) and not rules.left_points_reachable >> left.points & 1:
        problems.append(_unreachable(rules, "left.points", left.points, team))
    return problems


def _points_problems(rules: RuleSet, team: int, tally: Tally, melded: Points) -> list[Problem]:
    problems: list[Problem] = []
    if not rules.melded_points_reachable >> melded.points & 1:
        problems.append(_unreachable(rules, "melded.points", melded.points, team))
    else:
        least = _least_book_points(rules, tally.books)
        if melded.points < least:
            problems.append(Problem(
                "melded.points",
                N_("the books counted hold at least %(least)s points of cards, "
                   "more than the %(given)s given"), team,
                {"least": least, "given": melded.points}))
    return problems


def _least_book_points(rules: RuleSet, books: TableBooks) -> int:
    """The fewest points of cards these books hold, each as ``rules.book_card_points``
    says (the special books' ids all known to the rules)."""
    clean, dirty, wild, mixed_wild = rules.fewest_book_points
    least = (books.clean * clean + books.dirty * dirty + books.wild * wild
             + books.mixed_wild * mixed_wild)
    if books.special:
        least += sum(rules.book_card_points(book_id) * count
                     for book_id, count in dict(books.special).items())
    return least


def _value_problems(rules: RuleSet, team: int, part: str, cards: Cards) -> list[Problem]:
    """Counts the rules cannot value: a kind whose ranks differ in value, counted as one
    kind; a run of ranks that are not all worth the same."""
    values = rules.card_values
    if not values.by_rank or isinstance(cards, Points):
        return []
    problems: list[Problem] = []
    if isinstance(cards, RankCounts):
        for group, count in cards.ranks:
            if count and len({values.rank_value(rank) for rank in group}) > 1:
                name = group_name(group)
                problems.append(Problem(
                    f"{part}.by_rank.{name}",
                    N_("%(ranks)s are not all worth the same under these rules: count them as "
                       "%(groups)s"), team,
                    {"ranks": name, "groups": _groups_words(values, group[0].kind)}))
        return problems
    for name, kind in COUNT_FIELDS:
        if cards.count(kind) and values.splits(kind):
            problems.append(Problem(
                f"{part}.{name}", SPLIT_KIND[kind], team,
                {"field": f"{part}.by_rank", "groups": _groups_words(values, kind)}))
    return problems


def _groups_words(values: CardValues, kind: CardKind) -> str:
    return ", ".join(f"{group_name(g.ranks)} ({g.value} each)" for g in values.groups_of(kind))


def _unreachable(rules: RuleSet, field: str, points: int, team: int) -> Problem:
    """Points the cards cannot add up to: more than all the decks' cards make, said with the
    most they make, or a sum their values cannot make."""
    most = rules.most_points(field.split(".")[0])
    if points > most and field == "melded.points":
        return counted(field, "at most %(most)s points can be melded from %(num)s deck",
                       "at most %(most)s points can be melded from %(num)s decks",
                       rules.decks, team, most=most, points=points)
    if points > most:
        return counted(field, "at most %(most)s points can be left in hands and feet from "
                       "%(num)s deck", "at most %(most)s points can be left in hands and feet "
                       "from %(num)s decks", rules.decks, team, most=most, points=points)
    return Problem(field, N_("%(points)s cannot be made from the cards' values "
                             "(with the usual values: a multiple of 5)"), team, {"points": points})


def _count_problems(rules: RuleSet, team: int, tally: Tally, melded: CardCounts) -> list[Problem]:
    problems: list[Problem] = []
    books = tally.books
    natural_books = 0
    by_kind: dict[CardKind, int] = {}
    for book_id, count in books.special:
        special = rules.special_book(book_id)
        if special is not None and count:
            if special.kind is None:
                natural_books += count
                continue
            by_kind[special.kind] = by_kind.get(special.kind, 0) + count
            natural_books += count if special.kind.is_natural else 0
    naturals, wilds = melded.naturals, melded.wilds
    dirty_naturals = rules.dirty_book_min_naturals or 0
    needed = BOOK_SIZE * (books.clean + natural_books) + dirty_naturals * books.dirty
    if naturals < needed:
        field = "books.clean" if books.clean else "books.dirty" if books.dirty else "books"
        problems.append(Problem(
            field,
            N_("these books need natural cards (aces, 8 to King, 4 to 7) on the table: at "
               "least %(needed)s, counted %(counted)s"), team,
            {"needed": needed, "counted": naturals}))
    all_wild = books.all_wild
    wilds_needed = books.dirty + BOOK_SIZE * all_wild
    if wilds < wilds_needed:
        field = ("books.wild" if books.wild else "books.mixed_wild" if books.mixed_wild
                 else "books.dirty")
        problems.append(Problem(
            field,
            N_("these books need wild cards (jokers, twos) on the table: at least "
               "%(needed)s, counted %(counted)s"), team,
            {"needed": wilds_needed, "counted": wilds}))
    elif (books.wild and rules.books.mixed_wild is not None
          and melded.jokers // BOOK_SIZE + melded.twos // BOOK_SIZE < books.wild):
        problems.append(counted(
            "books.wild",
            "where mixed wild books count apart, a wild book holds 7 jokers or 7 twos: the "
            "jokers (%(jokers)s) and twos (%(twos)s) counted make no %(num)s wild book",
            "where mixed wild books count apart, a wild book holds 7 jokers or 7 twos: the "
            "jokers (%(jokers)s) and twos (%(twos)s) counted make no %(num)s wild books",
            books.wild, team, jokers=melded.jokers, twos=melded.twos))
    elif books.mixed_wild and min(melded.jokers, melded.twos) < books.mixed_wild:
        problems.append(counted(
            "books.mixed_wild",
            "%(num)s mixed wild book holds at least one joker and one two; counted: "
            "jokers %(jokers)s, twos %(twos)s",
            "%(num)s mixed wild books hold at least one joker and one two each; counted: "
            "jokers %(jokers)s, twos %(twos)s",
            books.mixed_wild, team, jokers=melded.jokers, twos=melded.twos))
    books_of_melded_cards = books.clean + books.dirty + all_wild + natural_books
    if not problems and naturals + wilds < BOOK_SIZE * books_of_melded_cards:
        problems.append(counted(
            "books.dirty" if books.dirty else "books.clean" if books.clean else "books",
            "%(num)s book holds at least %(cards)s cards; counted on the table: %(counted)s",
            "%(num)s books hold at least %(cards)s cards; counted on the table: %(counted)s",
            books_of_melded_cards, team, cards=BOOK_SIZE * books_of_melded_cards,
            counted=naturals + wilds))
    for kind, count in by_kind.items():
        have = tally.red_threes_down if kind is CardKind.RED_THREE else melded.count(kind)
        if have < BOOK_SIZE * count:
            ids = ", ".join(b.id for b in rules.special_books if b.kind is kind)
            problems.append(said_of(SPECIAL_SHORT[kind], f"books.{ids.split(', ')[0]}", count,
                                  team, cards=BOOK_SIZE * count, counted=have))
    if melded.black_threes and CardKind.BLACK_THREE not in by_kind:
        if not rules.black_three.meld_when_going_out:
            problems.append(Problem("melded.black_threes", N_("black threes are never melded"),
                                    team))
        elif not tally.went_out:
            problems.append(Problem(
                "melded.black_threes",
                N_("black threes are melded only by the team that goes out"), team))
    return problems


def _supply_problems(rules: RuleSet, tallies: Sequence[Tally]) -> list[Problem]:
    problems: list[Problem] = []
    for name, kind in COUNT_FIELDS:
        places = [
            (team, f"{part}.{name}", getattr(cards, name))
            for team, tally in enumerate(tallies)
            for part, cards in (("melded", tally.melded), ("left", tally.left))
            if isinstance(cards, CardCounts)
        ]
        problems += _first_overflow(rules, kind, places)
    red_threes = [
        (team, field, getattr(tally, field))
        for team, tally in enumerate(tallies)
        for field in ("red_threes_down", "red_threes_left")
    ]
    return problems + _first_overflow(rules, CardKind.RED_THREE, red_threes)


def _within_supply(rules: RuleSet, tallies: Sequence[Tally]) -> bool:
    """A quick yes when no kind of card is counted more often than the decks hold; no means
    look closer with ``_supply_problems``, which names where the count went over."""
    jokers = twos = aces = eight_to_king = four_to_seven = black_threes = red_threes = 0
    for tally in tallies:
        for cards in (tally.melded, tally.left):
            if isinstance(cards, CardCounts):
                jokers += cards.jokers
                twos += cards.twos
                aces += cards.aces
                eight_to_king += cards.eight_to_king
                four_to_seven += cards.four_to_seven
                black_threes += cards.black_threes
        red_threes += tally.red_threes_down + tally.red_threes_left
    decks = rules.decks
    joker, two, ace, eight, four, black_three, red_three = _SUPPLY_PER_DECK
    return (jokers <= joker * decks and twos <= two * decks and aces <= ace * decks
            and eight_to_king <= eight * decks and four_to_seven <= four * decks
            and black_threes <= black_three * decks and red_threes <= red_three * decks)


#: Cards of each kind in one deck, in the order ``_within_supply`` adds them up.
_SUPPLY_PER_DECK = tuple(DECK_SUPPLY[kind] for kind in (
    CardKind.JOKER, CardKind.TWO, CardKind.ACE, CardKind.EIGHT_TO_KING, CardKind.FOUR_TO_SEVEN,
    CardKind.BLACK_THREE, CardKind.RED_THREE))


def _first_overflow(rules: RuleSet, kind: CardKind, places: list[tuple[int, str, int]]
                    ) -> list[Problem]:
    total = 0
    for team, field, count in places:
        total += count
        if count and total > rules.supply(kind):
            return [_too_many(rules, team, field, kind, total)]
    return []


def _too_many(rules: RuleSet, team: int, field: str, kind: CardKind, total: int) -> Problem:
    return said_of(TOO_MANY[kind], field, rules.decks, team, total=total,
                   supply=rules.supply(kind))


def _going_out_problems(rules: RuleSet, round_number: int, tallies: Sequence[Tally],
                        out: list[int]) -> list[Problem]:
    """What is wrong with the going out of the teams ``out`` (at least one)."""
    first = out[0]
    problems = [Problem(
        "went_out", N_("only one team goes out in a round, and team %(first)s did"), team,
        {"first": first + 1}) for team in out[1:]]
    lacking = books_lacking(rules, round_number, tallies[first].books)
    if lacking:
        required = rules.round(round_number).going_out_books.as_counts()
        for kind, short in lacking.items():
            special = rules.special_book(kind)
            problems.append(said_of(GOING_OUT.get(kind, GOING_OUT_SPECIAL), f"books.{kind}",
                                  short, first, round=round_number,
                                  name=kind if special is None else special.name,
                                  needed=required[kind]))
    return problems


def _first_meld_problems(first: list[int]) -> list[Problem]:
    """What is wrong when the teams ``first`` (more than one) all laid down first."""
    return [Problem("first_meld", N_("only one team lays down first in a round, and team "
                                     "%(first)s did"), team, {"first": first[0] + 1})
            for team in first[1:]]
