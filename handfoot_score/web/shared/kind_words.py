"""The words of the kinds of card and book, in every form the pages say them: one entry a
kind, keyed by the engine's kind, so a kind is named the same wherever it is shown.

A special book has no entry: the table typed its name, and ``book_words`` makes its words
from that name as the pages use it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from functools import cache
from typing import TypeAlias

from flask_babel.speaklater import LazyString

from handfoot_score.engine.books import MIXED_WILD, BookKind
from handfoot_score.engine.cards import CardKind
from handfoot_score.languages.i18n import current_locale
from handfoot_score.services.words import lazy_gettext as _l
from handfoot_score.services.words import ngettext

#: A count with its words, in the reader's language: 2 -> "2 jokers".
Counted = Callable[[int], str]
#: Words as a page shows them: a translation looked up when shown, or a name a table typed.
Words: TypeAlias = LazyString | str


@dataclass(frozen=True)
class CardWords:
    """How the pages say one kind of card; None where no page says it that way."""

    #: "Jokers": the input of its count, a group of one rank on the count page.
    label: Words
    #: "2 jokers": a tally in a few words.
    counted: Counted | None = None
    #: "Jokers on the table", "Jokers left": its inputs named in the error summary.
    on_the_table: Words | None = None
    left: Words | None = None
    #: "Joker": its row of the card values on the rules card.
    name: Words | None = None
    #: "8s to Kings": the cards a special book may be made of, on the house-rules form.
    made_of: Words | None = None
    #: "Book of sevens (all 4s to 7s)": a special book of this kind on the rules card.
    special_book: Words | None = None


@dataclass(frozen=True)
class BookWords:
    """How the pages say one kind of book; None where no page says it that way."""

    #: "Clean book": its bonus on the round's facts and the rules card.
    name: Words
    #: "Clean books": its counter, its line of the going-out checklist, its tally input.
    label: Words
    #: "2 clean books": the books going out needs.
    counted: Counted
    #: "2 clean": a tally, or the books of a round on the rules card, in a few words.
    short: Counted
    #: "clean book": read aloud with the counter's buttons.
    one: Words | None = None
    #: "+ clean": the counter's button.
    button: Words | None = None
    #: "Wild book of one kind": its name where mixed wild books count apart.
    name_apart: Words | None = None


#: Every kind of card a tally counts or a special book is made of.
CARD_WORDS: dict[CardKind, CardWords] = {
    CardKind.JOKER: CardWords(
        label=_l("Jokers"), name=_l("Joker"),
        counted=lambda n: ngettext("%(num)s joker", "%(num)s jokers", n),
        on_the_table=_l("Jokers on the table"), left=_l("Jokers left")),
    CardKind.TWO: CardWords(
        label=_l("Twos"), name=_l("Two"),
        counted=lambda n: ngettext("%(num)s two", "%(num)s twos", n),
        on_the_table=_l("Twos on the table"), left=_l("Twos left")),
    CardKind.ACE: CardWords(
        label=_l("Aces"), name=_l("Ace"), made_of=_l("Aces"),
        counted=lambda n: ngettext("%(num)s ace", "%(num)s aces", n),
        on_the_table=_l("Aces on the table"), left=_l("Aces left"),
        special_book=_l("%(name)s (all aces)")),
    CardKind.EIGHT_TO_KING: CardWords(
        label=_l("8 to King"), made_of=_l("8s to Kings"),
        counted=lambda n: ngettext("%(num)s card 8 to King", "%(num)s cards 8 to King", n),
        on_the_table=_l("8 to King on the table"), left=_l("8 to King left"),
        special_book=_l("%(name)s (all 8s to Kings)")),
    CardKind.FOUR_TO_SEVEN: CardWords(
        label=_l("4 to 7"), made_of=_l("4s to 7s"),
        counted=lambda n: ngettext("%(num)s card 4 to 7", "%(num)s cards 4 to 7", n),
        on_the_table=_l("4 to 7 on the table"), left=_l("4 to 7 left"),
        special_book=_l("%(name)s (all 4s to 7s)")),
    CardKind.BLACK_THREE: CardWords(
        label=_l("Black threes"), name=_l("Black three"), made_of=_l("Black threes"),
        counted=lambda n: ngettext("%(num)s black three", "%(num)s black threes", n),
        on_the_table=_l("Black threes on the table"), left=_l("Black threes left"),
        special_book=_l("%(name)s (all black threes)")),
    CardKind.RED_THREE: CardWords(
        label=_l("Red threes"), made_of=_l("Red threes"),
        special_book=_l("%(name)s (all red threes)")),
}

#: Every standard kind of book, and the mixed wild book where the rules count it apart.
BOOK_WORDS: dict[str, BookWords] = {
    BookKind.CLEAN: BookWords(
        name=_l("Clean book"), label=_l("Clean books"), one=_l("clean book"),
        button=_l("+ clean"),
        counted=lambda n: ngettext("%(num)s clean book", "%(num)s clean books", n),
        short=lambda n: ngettext("%(num)s clean", "%(num)s clean", n)),
    BookKind.DIRTY: BookWords(
        name=_l("Dirty book"), label=_l("Dirty books"), one=_l("dirty book"),
        button=_l("+ dirty"),
        counted=lambda n: ngettext("%(num)s dirty book", "%(num)s dirty books", n),
        short=lambda n: ngettext("%(num)s dirty", "%(num)s dirty", n)),
    BookKind.WILD: BookWords(
        name=_l("Wild book"), label=_l("Wild books"), one=_l("wild book"),
        button=_l("+ wild"), name_apart=_l("Wild book of one kind"),
        counted=lambda n: ngettext("%(num)s wild book", "%(num)s wild books", n),
        short=lambda n: ngettext("%(num)s wild", "%(num)s wild", n)),
    MIXED_WILD: BookWords(
        name=_l("Wild book of jokers and twos"), label=_l("Mixed wild books"),
        counted=lambda n: ngettext("%(num)s mixed wild book", "%(num)s mixed wild books", n),
        short=lambda n: ngettext("%(num)s mixed wild", "%(num)s mixed wild", n)),
}


def book_words(kind: str, name: str) -> BookWords:
    """The words of a standard book, or of the special book ``kind`` that a table named
    ``name`` (named "Sevens": "2 Sevens books", "+ sevens" in English)."""
    if kind in BOOK_WORDS:
        return BOOK_WORDS[kind]
    return BookWords(
        name=name, label=name, one=in_a_sentence(name),
        button="+ " + in_a_sentence(name.removesuffix(" book")),
        counted=lambda n: ngettext("%(num)s %(name)s book", "%(num)s %(name)s books", n,
                                   name=name),
        short=lambda n: ngettext("%(num)s %(book)s", "%(num)s %(book)s", n,
                                 book=in_a_sentence(name)))


def book_words_said() -> Mapping[str, BookWords]:
    """``BOOK_WORDS``, each word already in the request's language: a page that shows a few
    dozen of them looks each up once per language, not each time it is shown."""
    return _book_words_in(current_locale())


@cache
def _book_words_in(locale: str) -> Mapping[str, BookWords]:
    """Every standard book's words in ``locale``, the request's language when first asked."""
    return {kind: replace(words, name=str(words.name), label=str(words.label),
                          one=_said(words.one), button=_said(words.button),
                          name_apart=_said(words.name_apart))
            for kind, words in BOOK_WORDS.items()}


def _said(words: Words | None) -> str | None:
    return None if words is None else str(words)


def in_a_sentence(name: str) -> str:
    """A name a table typed, as it reads inside a sentence: lower case in English ("a
    sevens book"), as typed in every other language (German nouns keep their capitals)."""
    return name.lower() if current_locale() == "en" else name
