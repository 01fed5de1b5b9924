"""No English left on any page in another language: every page the app has, with real
games, a league and saved house rules behind it, is read in English and in each other
language, and no word of the English page may appear on the other, outside the names people
typed and the few words both languages share (each listed below with its reason).

What counts as read: the text of the page (the parts for the other language, such as the
language picker's own names, marked with their own ``lang``, and codes in ``<code>``
excepted) and the words in
``title``, ``aria-label``, ``placeholder`` and ``alt``, which a screen reader says.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from flask import Flask

from handfoot_score.languages.i18n import LOCALES
from tests.site_map import NIGHT, TEAMS, addresses, make_samples

#: Nothing here can answer differently on PostgreSQL: SQLite only (tests/conftest.py).
pytestmark = pytest.mark.one_database

#: Names typed by the people in the sample games, leagues and rules (tests/site_map.py),
#: the game's own name, which the German and Japanese sources keep in English, and the
#: rules site the Pagat preset is named after.
NAMES = {word.lower() for team in TEAMS for word in [team["name"], *team["players"]]} | {
    name.lower() for name in NIGHT} | {
    "thursday", "club", "grandma", "hand", "and", "foot", "pagat"}
#: Not English but codes every language types as they are: the backup file's format, the
#: word the score steps' box reads for the first step ("below: 50"), and the printed pages'
#: paper size and the key that prints ("A4 or Letter", "Ctrl+P").
CODES = {"json", "below", "letter", "ctrl"}
#: Words each language writes as English does, each a word of that language (in brackets
#: what it means there when that is not what it means in English).
SHARED = {
    "et": {"on", "see", "must", "all", "need", "partner", "link", "id"},
    # et: on (is), see (this), must (black), all (under), need (these).
    "de": {"in", "an", "code", "deck", "decks", "wild", "partner", "link", "team", "teams",
           "bonus", "joker", "name", "start"},
    "gd": {"is", "as", "no", "on", "an"},
    # gd: is (and), as (out of), no (or), on (since), an (the).
    "ja": {"sevens"},
    # ja: a special book's code is small Latin letters, so the example stays "sevens".
    "it": {"in", "no", "file", "link", "id", "note", "bonus", "per", "all", "browser"},
    # it: note (notes), per (for: "un mazzo per giocatore", a deck per player), all (at the:
    # "all'inizio", at the start), browser (the same word).
}
SPOKEN_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt")
_WORD = re.compile(r"[^\W\d_]{2,}")
#: Not words: addresses (a game's link), and codes written in capitals (a join code, CSV,
#: JSON, QR, the calculator's JK for a joker).
_NOT_WORDS = re.compile(r"https?://\S+|\b[A-Z0-9]{2,8}\b")


class VisibleWords(HTMLParser):
    """The words a person reads or hears on a page in ``lang``."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang
        self.words: set[str] = set()
        self.stack: list[tuple[str, bool]] = []

    def _hidden(self) -> bool:
        return any(skip for _, skip in self.stack)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        other_language = values.get("lang") not in (None, self.lang)
        # Codes are not words: a preset's id for the API, a field of a backup file.
        skip = tag in ("script", "style", "template", "code") or other_language
        if tag not in ("input", "meta", "link", "br", "img", "hr", "source", "col", "wbr"):
            self.stack.append((tag, skip))
        if not skip and not self._hidden():
            for name in SPOKEN_ATTRIBUTES:
                self._add(values.get(name) or "")

    def handle_endtag(self, tag: str) -> None:
        for place in range(len(self.stack) - 1, -1, -1):
            if self.stack[place][0] == tag:
                del self.stack[place:]
                return

    def handle_data(self, data: str) -> None:
        if not self._hidden():
            self._add(data)

    def _add(self, text: str) -> None:
        self.words.update(word.lower() for word in _WORD.findall(_NOT_WORDS.sub(" ", text)))


def visible_words(html: str, lang: str) -> set[str]:
    reader = VisibleWords(lang)
    reader.feed(html)
    return reader.words


def test_the_reader_skips_scripts_and_other_languages() -> None:
    html = ('<p title="Save it">Round <b>two</b></p><script>var hidden;</script>'
            '<button lang="de">Deutsch</button><input aria-label="Aces left">')
    assert visible_words(html, "en") == {"save", "it", "round", "two", "aces", "left"}


@pytest.mark.parametrize("locale", [locale for locale in LOCALES if locale != "en"])
def test_no_english_is_left_on_any_page(app: Flask, locale: str) -> None:
    samples = make_samples(app)
    client = app.test_client()
    left: dict[str, list[str]] = {}
    pages = 0
    for _, url in addresses(app, samples, pages_only=True):
        english = client.get(url, headers={"Accept-Language": "en"})
        # A redirect's page is Werkzeug's, and its target is visited on its own.
        if english.mimetype != "text/html" or 300 <= english.status_code < 400:
            continue
        pages += 1
        other = client.get(url, headers={"Accept-Language": locale})
        assert other.status_code == english.status_code, url
        page = other.get_data(as_text=True)
        assert f'<html lang="{locale}"' in page, url
        same = (visible_words(page, locale) & visible_words(english.get_data(as_text=True), "en")
                ) - NAMES - CODES - SHARED[locale]
        if same:
            left[url] = sorted(same)
    assert pages > 20
    assert not left, "\n".join(f"{url}: {' '.join(words)}" for url, words in left.items())
