"""The engine's problems as the count page says them: too many cards of a kind, and the
books going out still needs, each kind in its own sentence and in the reader's language."""

from __future__ import annotations

import pytest
from babel.support import Translations
from flask import Flask

from handfoot_score.engine.checks import tally_problems
from handfoot_score.engine.presets import CLASSIC
from handfoot_score.engine.tally import CardCounts, TableBooks, Tally
from handfoot_score.languages.i18n import TRANSLATIONS, say
from handfoot_score.web.shared.tally_words import problem_words

#: Nothing here can answer differently on PostgreSQL: SQLite only (tests/conftest.py).
pytestmark = pytest.mark.one_database

TEAMS = ["Owls", "Foxes"]


def said(app: Flask, locale: str, tallies: list[Tally]) -> list[str]:
    with app.test_request_context(headers={"Accept-Language": locale}):
        return [say(problem_words(problem, TEAMS))
                for problem in tally_problems(CLASSIC, 1, tallies)]


def test_too_many_cards_of_a_kind_are_said_with_the_kinds_words(app: Flask) -> None:
    many = Tally(left=CardCounts(eight_to_king=130))
    assert said(app, "en", [many, Tally()]) == [
        "130 cards 8 to King counted over all teams, but 5 decks hold only 120"]


@pytest.mark.parametrize("locale", ["de", "ja"])
def test_too_many_cards_are_said_in_the_readers_language(app: Flask, locale: str) -> None:
    many = Tally(left=CardCounts(jokers=11))
    catalogue = Translations.load(str(TRANSLATIONS), [locale])
    words = catalogue.gettext("%(total)s jokers counted over all teams, but %(held)s")
    (sentence,) = said(app, locale, [many, Tally()])
    assert sentence.startswith(words.split("%(")[0]) and "11" in sentence
    assert sentence != said(app, "en", [many, Tally()])[0]


def test_the_books_going_out_still_needs_are_said_kind_by_kind(app: Flask) -> None:
    out = Tally(melded=CardCounts(eight_to_king=14, jokers=1, twos=1),
                books=TableBooks(clean=2), went_out=True)
    assert said(app, "en", [out, Tally()]) == [
        "going out in round 1 needs 2 dirty books: 2 more dirty books are missing",
        "going out in round 1 needs 1 wild book: 1 more wild book is missing",
    ]
