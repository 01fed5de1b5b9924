"""Properties that hold for every valid round, under the presets and some house rules."""

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from handfoot_score.engine.cards import BOOK_SIZE, NATURAL_KINDS, WILD_KINDS, CardKind, Rank
from handfoot_score.engine.checks import tally_problems
from handfoot_score.engine.presets import CLASSIC, ITALIAN, PAGAT
from handfoot_score.engine.rules import CardValues, RedThree, RuleSet, SpecialBook
from handfoot_score.engine.scoring import TeamScore, score_round
from handfoot_score.engine.tally import COUNT_FIELDS, CardCounts, Points, TableBooks, Tally

SEVENS = SpecialBook(id="sevens", name="Book of sevens", bonus=1500,
                     kind=CardKind.FOUR_TO_SEVEN, rank=Rank.SEVEN)
RULE_SETS = [
    CLASSIC,
    PAGAT,
    ITALIAN,
    replace(CLASSIC, special_books=(SEVENS,)),
    replace(PAGAT, red_three=RedThree(down=0, left=500)),
    replace(ITALIAN, card_values=CardValues(four_to_seven=3, black_three=100)),
    replace(CLASSIC, rounds=tuple(replace(r, going_out_bonus=100 * n)
                                  for n, r in enumerate(CLASSIC.rounds, start=1))),
]
FIELD_OF = {kind: name for name, kind in COUNT_FIELDS}
MODEST = settings(max_examples=60, deadline=None)

FEW_CARDS = st.lists(st.integers(0, 5), min_size=13, max_size=13)
NAMES = st.none() | st.sampled_from(["Us", "Them", "Ann & Bo"])
SCORES = st.none() | st.integers(-2_000, 60_000)

Pool = dict[CardKind, int]
Play = tuple[RuleSet, int, list[Tally]]


def _take(draw: st.DrawFn, pool: Pool, kinds: tuple[CardKind, ...], count: int
          ) -> dict[CardKind, int] | None:
    """Split ``count`` cards among ``kinds`` as the pool allows, or None if it cannot."""
    if sum(pool[k] for k in kinds) < count:
        return None
    taken: dict[CardKind, int] = {}
    for index, kind in enumerate(kinds):
        rest = sum(pool[k] for k in kinds[index + 1:])
        n = count if index == len(kinds) - 1 else draw(
            st.integers(max(0, count - rest), min(pool[kind], count)))
        taken[kind] = n
        count -= n
    for kind, n in taken.items():
        pool[kind] -= n
    return taken


def _book(draw: st.DrawFn, rules: RuleSet, pool: Pool, book: str) -> dict[CardKind, int] | None:
    """The cards of one real seven-card book, taken from the pool."""
    if book == "wild":
        return _take(draw, pool, WILD_KINDS, BOOK_SIZE)
    if book == "sevens":
        return _take(draw, pool, (CardKind.FOUR_TO_SEVEN,), BOOK_SIZE)
    if book == "clean":
        naturals = BOOK_SIZE
    else:
        fewest = rules.dirty_book_min_naturals
        assert fewest is not None
        naturals = draw(st.integers(fewest, BOOK_SIZE - 1))
    kinds = [k for k in NATURAL_KINDS if pool[k] >= naturals]
    if not kinds or sum(pool[k] for k in WILD_KINDS) < BOOK_SIZE - naturals:
        return None
    kind = draw(st.sampled_from(kinds))
    pool[kind] -= naturals
    wilds = _take(draw, pool, WILD_KINDS, BOOK_SIZE - naturals)
    assert wilds is not None
    return {kind: naturals, **wilds}


def _team(draw: st.DrawFn, rules: RuleSet, round_number: int, pool: Pool, went_out: bool
          ) -> Tally:
    need = rules.round(round_number).going_out_books
    wanted = {
        "clean": draw(st.integers(need.clean if went_out else 0, need.clean + 1)),
        "dirty": draw(st.integers(need.dirty if went_out else 0, need.dirty + 1)),
        "wild": draw(st.integers(need.wild if went_out else 0, need.wild + 1))
        if rules.books.wild is not None else 0,
        "sevens": draw(st.integers(0, 1)) if rules.special_book("sevens") else 0,
    }
    melded = dict.fromkeys(CardKind, 0)
    made = dict.fromkeys(wanted, 0)
    for book, count in wanted.items():
        for _ in range(count):
            cards = _book(draw, rules, pool, book)
            if cards is None:
                assert not went_out, "the team going out is dealt its books first"
                break
            made[book] += 1
            for kind, n in cards.items():
                melded[kind] += n
    extra = draw(FEW_CARDS)  # open melds and cards beyond the books, then cards left
    for kind, n in zip((*WILD_KINDS, *NATURAL_KINDS), extra[:5], strict=True):
        n = min(pool[kind], n)
        pool[kind] -= n
        melded[kind] += n
    left = {}
    for kind, n in zip((*WILD_KINDS, *NATURAL_KINDS, CardKind.BLACK_THREE, CardKind.RED_THREE),
                       extra[5:12], strict=True):
        left[kind] = min(pool[kind], n)
        pool[kind] -= left[kind]
    red_down = min(pool[CardKind.RED_THREE], extra[12])
    pool[CardKind.RED_THREE] -= red_down
    red_left = left.pop(CardKind.RED_THREE)
    return Tally(
        melded=CardCounts(**{FIELD_OF[k]: n for k, n in melded.items() if k in FIELD_OF}),
        left=CardCounts(**{FIELD_OF[k]: n for k, n in left.items()}),
        books=TableBooks(made["clean"], made["dirty"], made["wild"],
                         special=(("sevens", made["sevens"]),) if made["sevens"] else ()),
        red_threes_down=red_down,
        red_threes_left=red_left,
        went_out=went_out,
        exact_draws=draw(st.integers(0, 2)) if rules.exact_draw_bonus else 0,
        name=draw(NAMES),
        score_before=draw(SCORES),
    )


@st.composite
def valid_rounds(draw: st.DrawFn) -> Play:
    """A rule set, a round and every team's tally, all within the supply and the books."""
    rules = draw(st.sampled_from(RULE_SETS))
    round_number = draw(st.integers(1, len(rules.rounds)))
    teams = draw(st.integers(1, 3))
    out = draw(st.none() | st.integers(0, teams - 1))
    pool = {kind: rules.supply(kind) for kind in CardKind}
    tallies: dict[int, Tally] = {}
    for team in sorted(range(teams), key=lambda t: t != out):
        tallies[team] = _team(draw, rules, round_number, pool, went_out=team == out)
    return rules, round_number, [tallies[t] for t in range(teams)]


def _as_points(rules: RuleSet, tally: Tally) -> Tally:
    assert isinstance(tally.melded, CardCounts) and isinstance(tally.left, CardCounts)
    return replace(tally, melded=Points(tally.melded.face_value(rules.card_values)),
                   left=Points(tally.left.face_value(rules.card_values)))


@MODEST
@given(valid_rounds())
def test_a_valid_round_is_scored_without_error(play: Play) -> None:
    rules, round_number, tallies = play
    assert tally_problems(rules, round_number, tallies) == []
    result = score_round(rules, round_number, tallies)
    assert len(result.teams) == len(tallies)
    nobody_out = [warning for warning in result.warnings if warning.field == "went_out"]
    assert bool(nobody_out) is not any(t.went_out for t in tallies)


@MODEST
@given(valid_rounds())
def test_total_is_the_sum_of_its_parts(play: Play) -> None:
    rules, round_number, tallies = play
    for tally, team in zip(tallies, score_round(rules, round_number, tallies).teams,
                           strict=True):
        assert isinstance(tally.melded, CardCounts) and isinstance(tally.left, CardCounts)
        values = rules.card_values
        melded = sum(tally.melded.count(k) * values.of(k) for k in (*WILD_KINDS, *NATURAL_KINDS))
        left = sum(tally.left.count(k) * values.of(k)
                   for k in (*WILD_KINDS, *NATURAL_KINDS, CardKind.BLACK_THREE))
        books = (tally.books.clean * rules.books.clean + tally.books.dirty * rules.books.dirty
                 + tally.books.wild * (rules.books.wild or 0)
                 + tally.books.special_count("sevens") * SEVENS.bonus)
        red = tally.red_threes_down * rules.red_three.down \
            - tally.red_threes_left * rules.red_three.left
        out = rules.round(round_number).going_out_bonus if tally.went_out else 0
        bonus = tally.exact_draws * rules.exact_draw_bonus
        assert (team.melded_points, team.book_points, team.red_three_points,
                team.going_out_points, team.bonus_points, team.left_points) == (
            melded, books, red, out, bonus, left)
        assert team.total == melded + books + red + out + bonus - left
        assert team.meld_minimum == rules.meld_minimum(round_number, tally.score_before)


@MODEST
@given(valid_rounds(), st.data())
def test_a_teams_score_does_not_depend_on_the_order_of_teams(play: Play,
                                                             data: st.DataObject) -> None:
    rules, round_number, tallies = play
    order = data.draw(st.permutations(range(len(tallies))))
    before = score_round(rules, round_number, tallies).teams
    after = score_round(rules, round_number, [tallies[i] for i in order]).teams
    assert list(after) == [before[i] for i in order]


@MODEST
@given(valid_rounds(), st.data())
def test_cards_counted_and_points_counted_agree(play: Play, data: st.DataObject) -> None:
    rules, round_number, tallies = play
    in_points = [i for i in range(len(tallies)) if data.draw(st.booleans())]
    mixed = [_as_points(rules, t) if i in in_points else t for i, t in enumerate(tallies)]
    assert tally_problems(rules, round_number, mixed) == []
    counted: tuple[TeamScore, ...] = score_round(rules, round_number, tallies).teams
    assert score_round(rules, round_number, mixed).teams == counted


@MODEST
@given(valid_rounds(), st.sampled_from(list(CardKind)))
def test_the_supply_is_exact(play: Play, kind: CardKind) -> None:
    rules, round_number, tallies = play
    last = len(tallies) - 1
    if kind is CardKind.RED_THREE:
        used = sum(t.red_threes_down + t.red_threes_left for t in tallies)
        field = "red_threes_left"

        def top_up(extra: int) -> list[Tally]:
            tally = tallies[last]
            return [*tallies[:last], replace(tally, red_threes_left=tally.red_threes_left + extra)]
    else:
        name = FIELD_OF[kind]
        used = sum(getattr(t.melded, name) + getattr(t.left, name) for t in tallies)
        field = f"left.{name}"

        def top_up(extra: int) -> list[Tally]:
            tally = tallies[last]
            left = replace(tally.left, **{name: getattr(tally.left, name) + extra})
            return [*tallies[:last], replace(tally, left=left)]
    room = rules.supply(kind) - used
    assert room >= 0
    assert tally_problems(rules, round_number, top_up(room)) == []
    assert [(p.team, p.field) for p in tally_problems(rules, round_number, top_up(room + 1))] \
        == [(last, field)]
