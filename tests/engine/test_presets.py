"""The three presets match RULES.md number for number."""

from dataclasses import replace
from operator import attrgetter

import pytest

from handfoot_score.engine.cards import CardKind
from handfoot_score.engine.presets import CLASSIC, ITALIAN, PAGAT, PRESETS
from handfoot_score.engine.rules import BookCounts, RuleSet


def test_presets_are_classic_pagat_and_italian() -> None:
    assert PRESETS == {"classic": CLASSIC, "pagat": PAGAT, "italian": ITALIAN}
    assert all(rules.id == preset_id for preset_id, rules in PRESETS.items())


# (preset, attribute, value) — every number of the RULES.md preset table that is
# the same in every round.
PRESET_NUMBERS = [
    ("classic", "decks", 5),
    ("pagat", "decks", 4),
    ("italian", "decks", 5),
    ("classic", "hand_size", 13),
    ("pagat", "hand_size", 11),
    ("italian", "hand_size", 11),
    ("classic", "foot_size", 13),
    ("pagat", "foot_size", 11),
    ("italian", "foot_size", 11),
    ("classic", "books.clean", 500),
    ("pagat", "books.clean", 500),
    ("italian", "books.clean", 500),
    ("classic", "books.dirty", 300),
    ("pagat", "books.dirty", 300),
    ("italian", "books.dirty", 300),
    ("classic", "books.wild", 1500),
    ("pagat", "books.wild", None),
    ("italian", "books.wild", None),
    ("classic", "red_three.down", 100),
    ("pagat", "red_three.down", 0),
    ("italian", "red_three.down", 0),
    ("classic", "red_three.left", 100),
    ("pagat", "red_three.left", 300),
    ("italian", "red_three.left", 5),
    ("classic", "wilds.naturals_per_wild", 2),
    ("pagat", "wilds.naturals_per_wild", 2),
    ("classic", "wilds.max_per_meld", None),
    ("pagat", "wilds.max_per_meld", 2),
    ("classic", "wilds.min_naturals_with_wild", 0),
    ("pagat", "wilds.min_naturals_with_wild", 0),
    ("italian", "wilds.min_naturals_with_wild", 4),
    ("italian", "wilds.max_per_meld", None),
    ("classic", "wilds.wild_melds", True),
    ("pagat", "wilds.wild_melds", False),
    ("italian", "wilds.wild_melds", False),
    ("classic", "dirty_book_min_naturals", 5),
    ("pagat", "dirty_book_min_naturals", 5),
    ("italian", "dirty_book_min_naturals", 4),
    ("classic", "exact_draw_bonus", 0),
    ("pagat", "exact_draw_bonus", 300),
    ("italian", "exact_draw_bonus", 0),
    ("classic", "pile_needs_opened", False),
    ("pagat", "pile_needs_opened", False),
    ("italian", "pile_needs_opened", True),
    ("classic", "meld_minimum_by_score", None),
    ("pagat", "meld_minimum_by_score", None),
    ("italian", "meld_minimum_by_score", None),
    ("classic", "special_books", ()),
    ("pagat", "special_books", ()),
    ("italian", "special_books", ()),
    # RULES: "add cards to a finished book": classic no, pagat naturals only, italian no.
    ("classic", "add_to_finished_book", "none"),
    ("pagat", "add_to_finished_book", "naturals"),
    ("italian", "add_to_finished_book", "none"),
    # Seeds 001 and 003: one deck per player; 000 and 004 name their decks.
    ("classic", "deck_per_player", False),
    ("pagat", "deck_per_player", True),
    ("italian", "deck_per_player", False),
]


@pytest.mark.parametrize(("preset", "attribute", "value"), PRESET_NUMBERS)
def test_preset_number(preset: str, attribute: str, value: object) -> None:
    assert attrgetter(attribute)(PRESETS[preset]) == value


@pytest.mark.parametrize("preset", ["classic", "pagat", "italian"])
def test_four_rounds(preset: str) -> None:
    assert len(PRESETS[preset].rounds) == 4


@pytest.mark.parametrize("preset", ["classic", "pagat", "italian"])
@pytest.mark.parametrize(("number", "minimum"), [(1, 50), (2, 90), (3, 120), (4, 150)])
def test_opening_minimum_by_round(preset: str, number: int, minimum: int) -> None:
    rules = PRESETS[preset]
    assert rules.round(number).meld_minimum == minimum
    assert rules.meld_minimum(number) == minimum
    assert rules.meld_minimum(number, score_before=99_995) == minimum


@pytest.mark.parametrize("preset", ["classic", "pagat", "italian"])
@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_going_out_bonus_is_100_every_round(preset: str, number: int) -> None:
    assert PRESETS[preset].round(number).going_out_bonus == 100


@pytest.mark.parametrize(
    ("preset", "books"),
    [
        ("classic", BookCounts(clean=2, dirty=2, wild=1)),
        ("pagat", BookCounts(clean=2, dirty=2, wild=0)),
        ("italian", BookCounts(clean=1, dirty=1, wild=0)),
    ],
)
@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_books_to_go_out(preset: str, books: BookCounts, number: int) -> None:
    assert PRESETS[preset].round(number).going_out_books == books


@pytest.mark.parametrize(("preset", "take"), [("classic", 7), ("pagat", 5), ("italian", 7)])
@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_cards_taken_from_the_pile(preset: str, take: int, number: int) -> None:
    assert PRESETS[preset].round(number).pile_take == take


@pytest.mark.parametrize(("preset", "cards"), [("classic", None), ("pagat", 22), ("italian", None)])
@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_exact_draw_target(preset: str, cards: int | None, number: int) -> None:
    assert PRESETS[preset].round(number).exact_draw_cards == cards


@pytest.mark.parametrize("preset", ["classic", "pagat", "italian"])
@pytest.mark.parametrize(
    ("attribute", "value"),
    [
        ("joker", 50),
        ("two", 20),
        ("ace", 20),
        ("eight_to_king", 10),
        ("four_to_seven", 5),
        ("black_three", 5),
    ],
)
def test_card_values(preset: str, attribute: str, value: int) -> None:
    assert getattr(PRESETS[preset].card_values, attribute) == value


@pytest.mark.parametrize(
    ("preset", "kind", "supply"),
    [
        ("classic", CardKind.JOKER, 10),
        ("classic", CardKind.TWO, 20),
        ("classic", CardKind.ACE, 20),
        ("classic", CardKind.EIGHT_TO_KING, 120),
        ("classic", CardKind.FOUR_TO_SEVEN, 80),
        ("classic", CardKind.BLACK_THREE, 10),
        ("classic", CardKind.RED_THREE, 10),
        ("pagat", CardKind.JOKER, 8),
        ("pagat", CardKind.TWO, 16),
        ("pagat", CardKind.ACE, 16),
        ("pagat", CardKind.EIGHT_TO_KING, 96),
        ("pagat", CardKind.FOUR_TO_SEVEN, 64),
        ("pagat", CardKind.BLACK_THREE, 8),
        ("pagat", CardKind.RED_THREE, 8),
        ("italian", CardKind.JOKER, 10),
        ("italian", CardKind.TWO, 20),
        ("italian", CardKind.ACE, 20),
        ("italian", CardKind.EIGHT_TO_KING, 120),
        ("italian", CardKind.FOUR_TO_SEVEN, 80),
        ("italian", CardKind.BLACK_THREE, 10),
        ("italian", CardKind.RED_THREE, 10),
    ],
)
def test_supply_of_the_decks_in_play(preset: str, kind: CardKind, supply: int) -> None:
    assert PRESETS[preset].supply(kind) == supply


@pytest.mark.parametrize(
    ("preset", "naturals", "wilds", "allowed"),
    [
        ("classic", 5, 2, True),
        ("classic", 4, 3, False),
        ("classic", 2, 1, True),
        ("classic", 1, 1, False),
        ("classic", 0, 7, True),
        ("pagat", 5, 2, True),
        ("pagat", 4, 3, False),
        ("pagat", 2, 1, True),
        ("pagat", 0, 3, False),
        ("italian", 2, 1, False),
        ("italian", 3, 1, False),
        ("italian", 4, 1, True),
        ("italian", 4, 3, True),
        ("italian", 0, 3, False),
    ],
)
def test_wild_card_limits(preset: str, naturals: int, wilds: int, allowed: bool) -> None:
    assert PRESETS[preset].wilds.allows(naturals, wilds) is allowed


def test_italian_allows_six_decks_as_a_house_rule() -> None:
    six = replace(ITALIAN, decks=6)
    assert six.supply(CardKind.JOKER) == 12


@pytest.mark.parametrize("rules", [CLASSIC, PAGAT, ITALIAN])
def test_presets_say_how_they_are_played(rules: RuleSet) -> None:
    assert rules.name
    assert rules.notes


@pytest.mark.parametrize(("preset", "players", "decks"), [
    ("pagat", 4, 4), ("pagat", 6, 6), ("pagat", 2, 2), ("classic", 6, 5), ("italian", 6, 5),
    ("pagat", None, 4),
])
def test_decks_for_the_players_at_the_table(preset: str, players: int | None,
                                            decks: int) -> None:
    rules = PRESETS[preset].for_players(players)
    assert rules.decks == decks
    assert replace(rules, decks=PRESETS[preset].decks) == PRESETS[preset]
