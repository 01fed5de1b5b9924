"""The words of the kinds of card and book: one entry a kind the engine knows, every form a
page needs, a special book's words made from the name the table typed, and the count
inputs made from the entries in the order the page numbers them."""

from __future__ import annotations

import pytest
from flask import Flask

from handfoot_score.engine.books import BOOK_TYPES, MIXED_WILD
from handfoot_score.engine.cards import CardKind
from handfoot_score.engine.tally import COUNT_FIELDS
from handfoot_score.web.counting.team_tally_form import TeamTallyForm
from handfoot_score.web.shared.kind_words import BOOK_WORDS, CARD_WORDS, book_words

#: Nothing here can answer differently on PostgreSQL: SQLite only (tests/conftest.py).
pytestmark = pytest.mark.one_database


def test_every_kind_the_engine_knows_has_its_words() -> None:
    assert list(CARD_WORDS) == list(CardKind)
    assert list(BOOK_WORDS) == [*BOOK_TYPES, MIXED_WILD]
    for _name, kind in COUNT_FIELDS:
        words = CARD_WORDS[kind]
        assert words.counted and words.on_the_table and words.left, kind
    for kind in BOOK_TYPES:
        assert BOOK_WORDS[kind].one and BOOK_WORDS[kind].button, kind


@pytest.mark.parametrize(("locale", "words"), [
    ("en", ("Clean books", "clean book", "+ clean", "2 clean books", "2 clean")),
    ("de", ("Reine Bücher", "reines Buch", "+ rein", "2 reine Bücher", "2 reine")),
])
def test_a_book_kind_is_said_in_every_form_in_the_readers_language(
        app: Flask, locale: str, words: tuple[str, ...]) -> None:
    with app.test_request_context(headers={"Accept-Language": locale}):
        clean = BOOK_WORDS["clean"]
        said = (str(clean.label), str(clean.one), str(clean.button), clean.counted(2),
                clean.short(2))
    assert said == words


@pytest.mark.parametrize(("locale", "one", "button"), [
    ("en", "sevens book", "+ sevens"), ("de", "Sevens book", "+ Sevens"),
])
def test_a_special_books_words_are_made_from_the_name_the_table_typed(
        app: Flask, locale: str, one: str, button: str) -> None:
    with app.test_request_context(headers={"Accept-Language": locale}):
        sevens = book_words("sevens", "Sevens book")
        assert (sevens.label, sevens.one, sevens.button) == ("Sevens book", one, button)
    assert book_words("clean", "ignored") is BOOK_WORDS["clean"]


def test_the_count_inputs_keep_the_order_the_page_numbers_them_in(app: Flask) -> None:
    with app.test_request_context():
        names = [field.short_name for field in TeamTallyForm()]
    cards = [name for name, _kind in COUNT_FIELDS]
    assert names[:3] == ["points_mode", "part_version", "points_shown"]
    assert names[3:15] == [f"melded_{name}" for name in cards] + [f"left_{name}" for name in cards]
    assert names[15:] == ["melded_points", "left_points", "books_clean", "books_dirty",
                          "books_wild", "red_threes_down", "red_threes_left", "exact_draws"]
