"""``kind_words.book_words_said``: the standard books' words already looked up in the
request's language, the same words ``BOOK_WORDS`` says there, each language kept apart."""

from __future__ import annotations

import pytest
from flask import Flask

from handfoot_score.web.shared.kind_words import BOOK_WORDS, book_words_said

#: Nothing here can answer differently on PostgreSQL: SQLite only (tests/conftest.py).
pytestmark = pytest.mark.one_database


def test_book_words_said_are_the_words_in_each_language(app: Flask) -> None:
    for locale in ("en", "de", "ja", "en"):
        with app.test_request_context(headers={"Accept-Language": locale}):
            said = book_words_said()
            for kind, words in BOOK_WORDS.items():
                assert said[kind].name == str(words.name), (locale, kind)
                assert said[kind].label == str(words.label), (locale, kind)
                assert said[kind].one == (words.one and str(words.one)), (locale, kind)
                assert said[kind].button == (words.button and str(words.button)), (locale, kind)
                assert said[kind].counted(2) == words.counted(2), (locale, kind)
    with app.test_request_context(headers={"Accept-Language": "de"}):
        assert book_words_said()["clean"].label == "Reine Bücher"
