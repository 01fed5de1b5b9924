"""The meld calculator's card state: reading, writing and the buttons' actions."""

import doctest

import pytest
from hypothesis import given
from hypothesis import strategies as st

from handfoot_score.web.meld_calculator import meld_state
from handfoot_score.web.meld_calculator.meld_state import (
    MAX_CARDS,
    MeldStateError,
    add_card,
    apply_action,
    card_count,
    clear,
    laid_melds,
    new_meld,
    next_melds,
    parse_melds,
    serialize_melds,
    undo,
)

#: Nothing here can answer differently on PostgreSQL: SQLite only (tests/conftest.py).
pytestmark = pytest.mark.one_database

CARDS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "JK")


def test_doctests_pass() -> None:
    assert doctest.testmod(meld_state).failed == 0


@pytest.mark.parametrize(
    ("text", "melds"),
    [
        ("", ()),
        ("K.K.K.JK|A.A.2", (("K", "K", "K", "JK"), ("A", "A", "2"))),
        ("K.K.K|", (("K", "K", "K"), ())),
        ("K.K.K| ", (("K", "K", "K"), ())),
        ("|", ()),
        ("||K||Q.Q||", (("K",), ("Q", "Q"), ())),
        (" k . 10 ..", (("k", "10"),)),
        ("junk", (("junk",),)),
    ],
)
def test_parse_melds(text: str, melds: meld_state.Melds) -> None:
    assert parse_melds(text) == melds


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (".".join(["K"] * (MAX_CARDS + 1)), f"at most {MAX_CARDS} cards"),
        ("|".join(["K"] * (MAX_CARDS + 1)), f"at most {MAX_CARDS} cards"),
        ("K.ABCDEFGHIJ", "is not a card"),
    ],
)
def test_parse_melds_refuses_what_no_page_would_carry(text: str, message: str) -> None:
    with pytest.raises(MeldStateError, match=message):
        parse_melds(text)


def test_parse_melds_takes_the_most_cards() -> None:
    assert card_count(parse_melds(".".join(["K"] * MAX_CARDS))) == MAX_CARDS


melds_strategy = st.lists(
    st.lists(st.sampled_from(CARDS), min_size=1, max_size=8), max_size=6
).flatmap(
    lambda melds: st.sampled_from([melds, [*melds, []]] if melds else [melds])
).map(lambda melds: tuple(tuple(meld) for meld in melds))


@given(melds_strategy)
def test_serialize_then_parse_gives_the_melds_back(melds: meld_state.Melds) -> None:
    assert parse_melds(serialize_melds(melds)) == melds


@given(melds_strategy, st.sampled_from(CARDS))
def test_undo_takes_back_an_added_card(melds: meld_state.Melds, card: str) -> None:
    assert undo(add_card(melds, card)) == (melds if melds else ())


@given(melds_strategy)
def test_undo_takes_back_a_new_meld(melds: meld_state.Melds) -> None:
    started = new_meld(melds)
    if started != melds:
        assert undo(started) == melds


def test_add_card_starts_the_first_meld_and_fills_the_last() -> None:
    assert add_card((), "K") == (("K",),)
    assert add_card((("K", "K"), ()), " A ") == (("K", "K"), ("A",))


@pytest.mark.parametrize(
    ("card", "message"),
    [("", "Choose a card"), ("  ", "Choose a card"), ("K.K", "not one card"),
     ("K|A", "not one card"), ("XXXXXXXXX", "not a card")],
)
def test_add_card_refuses_what_is_not_one_card(card: str, message: str) -> None:
    with pytest.raises(MeldStateError, match=message):
        add_card((("K",),), card)


def test_add_card_stops_at_the_most_cards() -> None:
    full = ((("K",) * MAX_CARDS),)
    with pytest.raises(MeldStateError, match=f"at most {MAX_CARDS}"):
        add_card(full, "K")


def test_new_meld_only_after_a_meld_with_cards() -> None:
    assert new_meld(()) == ()
    assert new_meld((("K",),)) == (("K",), ())
    assert new_meld((("K",), ())) == (("K",), ())


def test_undo() -> None:
    assert undo(()) == ()
    assert undo((("K",),)) == ()
    assert undo((("K", "K"),)) == (("K",),)
    assert undo((("K",), ("A",))) == (("K",), ())
    assert undo((("K",), ())) == (("K",),)


def test_clear_and_laid_melds() -> None:
    assert clear((("K",), ("A",))) == ()
    assert laid_melds((("K", "K", "K"), ("A",), ())) == [["K", "K", "K"], ["A"]]
    assert laid_melds(()) == []


@pytest.mark.parametrize(
    ("action", "melds"),
    [
        ({}, (("K", "K"),)),
        ({"show": ""}, (("K", "K"),)),
        ({"add": "JK"}, (("K", "K", "JK"),)),
        ({"new": "1"}, (("K", "K"), ())),
        ({"undo": "1"}, (("K",),)),
        ({"clear": "1"}, ()),
        ({"add": "JK", "undo": "1"}, (("K",),)),
        ({"undo": "1", "clear": "1"}, ()),
    ],
)
def test_apply_action(action: dict[str, str], melds: meld_state.Melds) -> None:
    assert apply_action((("K", "K"),), action) == melds


def test_next_melds_keeps_the_melds_when_the_action_fails() -> None:
    assert next_melds("K.K", {"add": ""}) == ((("K", "K"),), "Choose a card to add.")


def test_next_melds_starts_again_when_the_melds_cannot_be_read() -> None:
    melds, trouble = next_melds(".".join(["K"] * 500), {"add": "K"})
    assert melds == ()
    assert trouble is not None and "Start again" in trouble
