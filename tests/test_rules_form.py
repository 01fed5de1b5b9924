"""The house-rules form: filled from a rule set, read back, told where the engine's problems are."""

from collections.abc import Iterator
from dataclasses import replace

import pytest
from werkzeug.datastructures import MultiDict
from wtforms import BooleanField, Field, FieldList, FormField, SelectField
from wtforms.form import BaseForm

from handfoot_score.engine.cards import CardKind, Rank
from handfoot_score.engine.errors import InvalidRules, Problem
from handfoot_score.engine.presets import CLASSIC, PAGAT, PRESETS
from handfoot_score.engine.rules import (
    MAX_ROUNDS,
    BookCounts,
    RedThree,
    RuleSet,
    ScoreMinimum,
    SpecialBook,
)
from handfoot_score.engine.rules_json import rules_from_dict, rules_to_dict
from handfoot_score.web.shared.rules_form import NOT_ASKED, HouseRulesForm, house_rules_form_data

#: Nothing here can answer differently on PostgreSQL: SQLite only (tests/conftest.py).
pytestmark = pytest.mark.one_database

PREFIX = "rules-"


def filled(rules: RuleSet) -> HouseRulesForm:
    """The form as the house-rules page first shows it for ``rules``."""
    return HouseRulesForm(data=house_rules_form_data(rules_to_dict(rules)), prefix=PREFIX)


def inputs(form: BaseForm) -> Iterator[Field]:
    """Every input of the form, rounds and rows included."""
    for field in form:
        if isinstance(field, FieldList):
            for entry in field.entries:
                yield from inputs(entry.form)
        elif isinstance(field, FormField):
            yield from inputs(field.form)
        else:
            yield field


def submitted(form: HouseRulesForm) -> MultiDict:
    """What a browser sends back for the form as it stands."""
    data: MultiDict = MultiDict()
    for field in inputs(form):
        if isinstance(field, BooleanField):
            if field.data:
                data.add(field.name, "y")
        elif isinstance(field, SelectField):
            data.add(field.name, field.data or "")
        else:
            data.add(field.name, field._value())
    return data


def read_back(data: MultiDict) -> RuleSet:
    """The rule set a submitted form describes; the form must be valid."""
    form = HouseRulesForm(data, prefix=PREFIX)
    assert form.validate(), form.errors
    return rules_from_dict({**form.to_rules_dict(), "id": "house"})


@pytest.mark.parametrize("preset", PRESETS.values(), ids=PRESETS.keys())
def test_filling_the_form_and_reading_it_back_gives_the_preset(preset: RuleSet) -> None:
    form = filled(preset)
    assert form.validate(), form.errors
    assert rules_from_dict({**form.to_rules_dict(), "id": preset.id}) == preset


@pytest.mark.parametrize("preset", PRESETS.values(), ids=PRESETS.keys())
def test_submitting_the_form_unchanged_gives_the_preset(preset: RuleSet) -> None:
    data = submitted(filled(preset))
    assert all(name.startswith(PREFIX) for name in data)
    assert read_back(data) == replace(preset, id="house")


def test_house_rules_from_rules_md_can_be_set_up() -> None:
    form = filled(PAGAT)
    form.change_rounds("add")
    data = submitted(form)
    minimums = (60, 90, 120, 150, 180)
    bonuses = (100, 200, 300, 400, 500)
    targets = (22, 26, 30, 34, 38)
    for index, (minimum, bonus, target) in enumerate(zip(minimums, bonuses, targets)):
        where = f"{PREFIX}rounds-{index}-"
        data[f"{where}meld_minimum"] = str(minimum)
        data[f"{where}going_out_bonus"] = f" {bonus} "
        data[f"{where}going_out_books-clean"] = str(min(index + 1, 2))
        data[f"{where}going_out_books-dirty"] = str(min(index + 1, 2))
        data[f"{where}exact_draw_cards"] = str(target)
    changes = {
        f"{PREFIX}name": "Grandma's table",
        f"{PREFIX}red_three-left": "500",
        f"{PREFIX}card_values-black_three": "100",
        f"{PREFIX}wilds-max_per_meld": "3",
        f"{PREFIX}exact_draw_bonus": "100",
        f"{PREFIX}special_books-1-name": "Book of sevens",
        f"{PREFIX}special_books-1-bonus": "1,500",
        f"{PREFIX}special_books-1-kind": "four_to_seven",
        f"{PREFIX}special_books-1-rank": "7",
        f"{PREFIX}special_books-2-name": "Black threes",
        f"{PREFIX}special_books-2-bonus": "2000",
        f"{PREFIX}special_books-2-kind": "black_three",
        f"{PREFIX}special_books-2-id": "black_threes",
        f"{PREFIX}notes": "Ask your partner before going out.\n\n  Deal to the left.  \n",
    }
    for name, typed in changes.items():
        data[name] = typed

    rules = read_back(data)

    assert rules.name == "Grandma's table"
    assert [r.meld_minimum for r in rules.rounds] == list(minimums)
    assert [r.going_out_bonus for r in rules.rounds] == list(bonuses)
    assert [r.exact_draw_cards for r in rules.rounds] == list(targets)
    assert rules.rounds[0].going_out_books == BookCounts(clean=1, dirty=1, wild=0)
    assert rules.rounds[4].going_out_books == BookCounts(clean=2, dirty=2, wild=0)
    assert rules.red_three.left == 500
    assert rules.card_values.black_three == 100
    assert rules.wilds.max_per_meld == 3
    assert rules.exact_draw_bonus == 100
    assert rules.special_books == (
        SpecialBook("book_of_sevens", "Book of sevens", 1500, CardKind.FOUR_TO_SEVEN, Rank.SEVEN),
        SpecialBook("black_threes", "Black threes", 2000, CardKind.BLACK_THREE),
    )
    assert rules.notes == ("Ask your partner before going out.", "Deal to the left.")
    assert rules.meld_minimum_by_score is None


@pytest.mark.parametrize(
    ("text", "steps", "minimum_at"),
    [
        ("below: 50\n15,000: 90\n30,000: 120\n50,000: 150",
         ((None, 50), (15_000, 90), (30_000, 120), (50_000, 150)),
         {0: 50, 14_995: 50, 15_000: 90, 49_995: 120, 80_000: 150}),
        ("Below: 15\n0: 50\n\n1500 : 90\n3,000:120\n",
         ((None, 15), (0, 50), (1_500, 90), (3_000, 120)),
         {-2_000: 15, -5: 15, 0: 50, 1_495: 50, 1_500: 90, 3_000: 120}),
        ("-1000: 15\n0: 50", ((-1_000, 15), (0, 50)), {-5_000: 15, -5: 15, 10: 50}),
    ],
    ids=["by-thousands", "canasta-style", "negative-step"],
)
def test_opening_minimum_by_total_score(
    text: str, steps: tuple[tuple[int | None, int], ...], minimum_at: dict[int, int]
) -> None:
    data = submitted(filled(PAGAT))
    data[f"{PREFIX}meld_minimum_by_score"] = text
    rules = read_back(data)
    assert rules.meld_minimum_by_score == tuple(ScoreMinimum(*step) for step in steps)
    for score, minimum in minimum_at.items():
        assert rules.meld_minimum(1, score) == minimum


def test_score_steps_are_shown_as_lines_and_read_back() -> None:
    rules = rules_from_dict({**rules_to_dict(PAGAT),
                             "meld_minimum_by_score": [[None, 15], [0, 50], [1500, 90]]})
    form = filled(rules)
    assert form.meld_minimum_by_score._value() == "below: 15\n0: 50\n1,500: 90"
    assert read_back(submitted(form)).meld_minimum_by_score == rules.meld_minimum_by_score


def test_a_blank_score_box_means_the_rounds_minimums_apply() -> None:
    data = submitted(filled(PAGAT))
    data[f"{PREFIX}meld_minimum_by_score"] = "  \n "
    assert read_back(data).meld_minimum_by_score is None


@pytest.mark.parametrize(
    ("name", "typed", "message", "where"),
    [
        ("rounds-2-meld_minimum", "abc", "Write a whole number, like 50.",
         "Round 3, Opening-meld minimum"),
        ("rounds-0-going_out_books-dirty", "", "Fill this in.",
         "Round 1, Books needed to go out, Dirty"),
        ("decks", "4.5", "Write a whole number, like 50.", "Decks of cards"),
        ("meld_minimum_by_score", "below: 50\n15000 90",
         "Line 2: write a score, a colon and the minimum, like 15,000: 90 "
         "(or below: 50 on the first line).", "Opening-meld minimum by total score"),
        ("name", "", "Give these rules a name.", "Name of these rules"),
    ],
)
def test_a_bad_entry_is_named_and_kept_as_typed(
    name: str, typed: str, message: str, where: str
) -> None:
    data = submitted(filled(PAGAT))
    data[f"{PREFIX}{name}"] = typed
    form = HouseRulesForm(data, prefix=PREFIX)
    assert not form.validate()
    [field] = [f for f in inputs(form) if f.name == f"{PREFIX}{name}"]
    assert field.errors == [message]
    assert field._value() == typed
    assert form.error_summary() == [(field.id, f"{where}: {message}")]


def test_a_special_book_row_that_is_started_needs_a_name_and_a_bonus() -> None:
    data = submitted(filled(PAGAT))
    data[f"{PREFIX}special_books-0-rank"] = "7"
    data[f"{PREFIX}special_books-1-name"] = ""  # a row added and left empty
    form = HouseRulesForm(data, prefix=PREFIX)
    assert not form.validate()
    row = form.special_books.entries[0].form
    assert row.name.errors == ["Give the book a name."]
    assert row.bonus.errors == ["Fill this in."]
    assert row.kind.errors == []  # the cards are optional: any naturals
    assert not form.special_books.entries[1].form.is_filled


def test_engine_problems_are_shown_under_their_inputs() -> None:
    data = submitted(filled(PAGAT))
    data[f"{PREFIX}special_books-1-name"] = "Sevens"
    data[f"{PREFIX}special_books-1-bonus"] = "1000"
    data[f"{PREFIX}special_books-1-kind"] = "four_to_seven"
    data[f"{PREFIX}meld_minimum_by_score"] = "below: 50\n\n30000: 90\n15000: 120"
    form = HouseRulesForm(data, prefix=PREFIX)
    assert form.validate()

    unplaced = form.show_problems([
        Problem("rounds.1.pile_take", "must be between 1 and 200, not 0"),
        Problem("rules.books.wild", "wild books need wild_melds: true"),
        Problem("special_books.0.bonus", "must be at least 0, not -5"),
        Problem("card_values.ace", "must be a whole number"),
        Problem("meld_minimum_by_score.2.from_score", "steps must go up in score"),
        Problem("meld_minimum_by_score.0", "must be a pair [from_score or null, minimum]"),
        Problem("rounds.3.going_out_books.wild", "these rules allow no wild books"),
        Problem("id", "must be 1 to 64 lower-case letters"),
        Problem("rounds", "must list 1 to 20 rounds"),
        Problem("rounds.9.pile_take", "no such round"),
    ])

    assert form.rounds.entries[1].form.pile_take.errors == ["Must be between 1 and 200, not 0"]
    assert form.books.form.wild.errors == ["Wild books need wild_melds: true"]
    assert form.special_books.entries[1].form.bonus.errors == ["Must be at least 0, not -5"]
    assert not form.special_books.entries[0].form.bonus.errors
    assert form.card_values.form.ace.errors == ["Must be a whole number"]
    assert form.meld_minimum_by_score.errors == [
        "Line 4, the score: Steps must go up in score",
        "Line 1: Must be a pair [from_score or null, minimum]"]
    assert form.rounds.entries[3].form.going_out_books.form.wild.errors == [
        "These rules allow no wild books"]
    assert [p.field for p in unplaced] == ["id", "rounds", "rounds.9.pile_take"]
    summary = form.error_summary()
    assert summary[0] == (None, "id: must be 1 to 64 lower-case letters")
    assert ("rules-rounds-1-pile_take",
            "Round 2, Cards taken from the pile: Must be between 1 and 200, not 0") in summary
    assert ("rules-special_books-1-bonus",
            "Special book 2, Bonus: Must be at least 0, not -5") in summary


def test_the_engines_own_problems_find_their_inputs() -> None:
    data = submitted(filled(PAGAT))
    data[f"{PREFIX}books-wild"] = "1500"
    data[f"{PREFIX}rounds-2-going_out_books-wild"] = "1"
    data[f"{PREFIX}card_values-joker"] = "-50"
    form = HouseRulesForm(data, prefix=PREFIX)
    assert form.validate()
    with pytest.raises(InvalidRules) as caught:
        rules_from_dict(form.to_rules_dict())
    assert form.show_problems(caught.value.problems) == []
    assert form.books.form.wild.errors
    assert form.card_values.form.joker.errors == ["Must be between 0 and 10000, not -50"]
    assert form.books.form.wild._value() == "1500"


def test_adding_a_round_copies_the_last_and_removing_takes_the_last() -> None:
    data = submitted(filled(PAGAT))
    data[f"{PREFIX}rounds-3-meld_minimum"] = "175"
    form = HouseRulesForm(data, prefix=PREFIX)

    assert form.change_rounds("add")
    assert len(form.rounds) == 5
    assert form.rounds.entries[4].data == {**form.rounds.entries[3].data}
    assert form.rounds.entries[4].form.meld_minimum.name == "rules-rounds-4-meld_minimum"
    assert form.rounds.entries[4].form.meld_minimum._value() == "175"
    assert read_back(submitted(form)).rounds[4].meld_minimum == 175

    assert form.change_rounds("remove")
    assert form.change_rounds("remove")
    assert [entry.form.meld_minimum.data for entry in form.rounds] == [50, 90, 120]
    assert not form.change_rounds("sideways")


def test_rounds_stay_between_one_and_the_most_a_rule_set_holds() -> None:
    form = filled(PAGAT)
    while form.change_rounds("remove"):
        pass
    assert len(form.rounds) == 1 and not form.can_remove_round
    while form.change_rounds("add"):
        pass
    assert len(form.rounds) == MAX_ROUNDS and not form.can_add_round
    assert len(read_back(submitted(form)).rounds) == MAX_ROUNDS


@pytest.mark.parametrize("preset", PRESETS.values(), ids=PRESETS.keys())
def test_an_unchanged_form_reads_back_exactly_the_data_it_was_filled_with(preset: RuleSet) -> None:
    data = {k: v for k, v in rules_to_dict(preset).items() if k not in NOT_ASKED}
    assert HouseRulesForm(submitted(filled(preset)), prefix=PREFIX).to_rules_dict() == data


#: What a table types to set up every house rule of issue 13 on top of classic.
EVERY_NEW_KEY = {
    f"{PREFIX}name": "Every house rule",
    f"{PREFIX}red_three-down_when_not_out": "50",
    f"{PREFIX}black_three-meld_when_going_out": "y",
    f"{PREFIX}books-mixed_wild": "1,000",
    f"{PREFIX}card_values-by_rank": "9: 5, 8: 5",
    f"{PREFIX}first_meld_bonus": "100",
    f"{PREFIX}special_books-0-name": "Book of sevens",
    f"{PREFIX}special_books-0-bonus": "1000",
    f"{PREFIX}special_books-0-rank": "7",
    f"{PREFIX}special_books-0-id": "sevens",
    f"{PREFIX}special_books-1-name": "Book of nines",
    f"{PREFIX}special_books-1-bonus": "600",
    **{f"{PREFIX}rounds-{n}-going_out_books-special": "sevens: 1" for n in range(4)},
}


def test_every_house_rule_of_issue_13_can_be_set_up() -> None:
    data = submitted(filled(CLASSIC))
    for name, typed in EVERY_NEW_KEY.items():
        data[name] = typed
    rules = read_back(data)
    assert rules.red_three == RedThree(down=100, left=100, down_when_not_out=50)
    assert rules.black_three.meld_when_going_out is True
    assert (rules.books.wild, rules.books.mixed_wild) == (1500, 1000)
    assert rules.card_values.by_rank == ((Rank.NINE, 5), (Rank.EIGHT, 5))
    assert rules.first_meld_bonus == 100
    assert rules.special_books == (
        SpecialBook("sevens", "Book of sevens", 1000, CardKind.FOUR_TO_SEVEN, Rank.SEVEN),
        SpecialBook("book_of_nines", "Book of nines", 600),
    )
    assert rules.rounds[0].going_out_books == BookCounts(clean=2, dirty=2, wild=1,
                                                         special=(("sevens", 1),))
    # Shown again, the form holds what was typed, and reads back the same.
    again = filled(rules)
    assert again.card_values.form.by_rank._value() == "9: 5, 8: 5"
    assert again.rounds[0].form.going_out_books.form.special._value() == "sevens: 1"
    assert read_back(submitted(again)) == rules


@pytest.mark.parametrize(
    ("name", "typed", "problem", "message"),
    [
        ("card_values-by_rank", "nine five", None, "Write each as a name and a number, like 9: 5."),
        ("card_values-by_rank", "3: 5", "card_values.by_rank.3",
         "3: Must be a natural rank: A K Q J 10 9 8 7 6 5 4"),
        ("rounds-1-going_out_books-special", "eights: 1", "rounds.1.going_out_books.eights",
         "eights: These rules have no special book by that id"),
    ],
)
def test_a_mistake_in_a_new_key_is_shown_under_its_input(
        name: str, typed: str, problem: str | None, message: str) -> None:
    data = submitted(filled(CLASSIC))
    data[f"{PREFIX}{name}"] = typed
    form = HouseRulesForm(data, prefix=PREFIX)
    [field] = [f for f in inputs(form) if f.name == f"{PREFIX}{name}"]
    if problem is None:
        assert not form.validate()
    else:
        assert form.validate(), form.errors
        with pytest.raises(InvalidRules) as error:
            rules_from_dict({**form.to_rules_dict(), "id": "house"})
        assert problem in [p.field for p in error.value.problems]
        assert form.show_problems(error.value.problems) == []
    assert field.errors == [message]


def test_what_a_finished_book_takes_is_a_choice_and_decks_may_follow_the_players() -> None:
    form = filled(PRESETS["pagat"])
    choice = form.add_to_finished_book
    assert str(choice.label.text) == "Cards added to a finished book"
    assert [(c.value, str(c.label)) for c in choice.choices] == [
        ("none", "Nothing: seven cards is the most"),
        ("naturals", "Natural cards of its rank, no wild cards"),
        ("any", "Any card, within the wild-card limits")]
    assert (choice.data, form.deck_per_player.data) == ("naturals", True)
    data = submitted(filled(PRESETS["classic"]))
    data[f"{PREFIX}add_to_finished_book"] = "naturals"
    data[f"{PREFIX}deck_per_player"] = "y"
    rules = read_back(data)
    assert (rules.add_to_finished_book, rules.deck_per_player) == ("naturals", True)
