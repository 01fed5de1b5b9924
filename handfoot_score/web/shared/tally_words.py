"""The count page's words: a team's tally in a few words (what another phone saved, shown
when a save is refused), and the engine's problems as a player says them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import reduce

from babel.lists import format_list

from handfoot_score.engine.books import MIXED_WILD, BookKind
from handfoot_score.engine.cards import CardKind
from handfoot_score.engine.errors import N_, Problem, counted
from handfoot_score.engine.kind_sentences import TOO_MANY, said_of
from handfoot_score.engine.tally import (
    COUNT_FIELDS,
    Cards,
    Points,
    RankCounts,
    Tally,
)
from handfoot_score.languages.i18n import current_locale
from handfoot_score.services.words import gettext as _
from handfoot_score.services.words import ngettext
from handfoot_score.web.shared.kind_words import BOOK_WORDS, CARD_WORDS, Counted, book_words

#: Each kind of card a tally counts, with its count, by the name it is counted under.
_CARD_COUNTS: dict[str, Counted] = {name: words for name, kind in COUNT_FIELDS
                                    if (words := CARD_WORDS[kind].counted)}


def and_list(names: Sequence[str]) -> str:
    """Names in a sentence: "Owls", "Owls and Foxes", "Owls, Foxes and Bats".

    >>> and_list(["Owls"]), and_list(["Owls", "Foxes", "Bats"]), and_list([])
    ('Owls', 'Owls, Foxes and Bats', '')
    """
    if len(names) < 2:
        return "".join(names)
    if current_locale() != "en":
        # As the language lists things: "A, B und C", "A、B、C".
        return format_list(list(names), locale=current_locale())
    return _("%(first)s and %(last)s", first=", ".join(names[:-1]), last=names[-1])


def all_and(names: Sequence[str]) -> str:
    """Names joined with "and" between each two: "Owls and Foxes and Bats"."""
    return reduce(lambda first, last: _("%(first)s and %(last)s", first=first, last=last),
                  names) if names else ""


def tally_words(tally: Tally) -> str:
    """The tally as one line, counts that are 0 left out.

    >>> tally_words(Tally(melded=Points(230), left=Points(85), red_threes_left=1))
    'on the table 230 points; left 85 points; 1 red three caught'
    >>> from handfoot_score.engine.tally import CardCounts, TableBooks
    >>> tally_words(Tally(melded=CardCounts(aces=4), books=TableBooks(clean=1), went_out=True))
    'on the table 4 aces; left nothing; books: 1 clean; went out'
    """
    words = [_("on the table %(cards)s", cards=_cards(tally.melded)),
             _("left %(cards)s", cards=_cards(tally.left))]
    books = ", ".join(BOOK_WORDS[kind].short(count) if kind in BOOK_WORDS
                      else _("%(count)s %(book)s", count=count, book=kind)
                      for kind, count in tally.books.as_counts().items() if count)
    if books:
        words.append(_("books: %(books)s", books=books))
    if count := tally.red_threes_down:
        words.append(ngettext("%(num)s red three laid down", "%(num)s red threes laid down",
                              count))
    if count := tally.red_threes_left:
        words.append(ngettext("%(num)s red three caught", "%(num)s red threes caught", count))
    if count := tally.exact_draws:
        words.append(ngettext("%(num)s exact draw", "%(num)s exact draws", count))
    if tally.first_meld:
        words.append(_("laid down first"))
    if tally.went_out:
        words.append(_("went out"))
    return "; ".join(words)


def _cards(cards: Cards) -> str:
    if isinstance(cards, Points):
        return ngettext("%(num)s point", "%(num)s points", cards.points)
    if isinstance(cards, RankCounts):  # house rules: cards counted by rank
        return ", ".join(f"{count} \N{MULTIPLICATION SIGN} {rank}"
                         for rank, count in cards.as_words().items() if count) or _("nothing")
    listed = ", ".join(_CARD_COUNTS[kind](count)
                       for kind, _kind in COUNT_FIELDS
                       if kind in _CARD_COUNTS and (count := getattr(cards, kind)))
    return listed or _("nothing")


def plural(count: int, thing: str, things: str | None = None) -> str:
    """A count with its English noun, singular or plural as the count asks (for logs).

    >>> plural(1, "book"), plural(2, "book"), plural(0, "red three")
    ('1 book', '2 books', '0 red threes')
    """
    return f"{count} {thing if count == 1 else things or thing + 's'}"


#: The first input of the cards on the table, counted card by card or as points.
_ON_THE_TABLE = ("melded.jokers", "melded.points")


def _as_count(value: object) -> int:
    return value if isinstance(value, int) else 0


#: Going out needs more books, one sentence per kind: the field, team and values are filled
#: in (a special book is named as the rules name it).
_MISSING: dict[str, Problem] = {
    BookKind.CLEAN: counted(
        "books", "going out in round %(round)s needs %(books)s: %(num)s more clean book "
        "is missing", "going out in round %(round)s needs %(books)s: %(num)s more clean books "
        "are missing", 0),
    BookKind.DIRTY: counted(
        "books", "going out in round %(round)s needs %(books)s: %(num)s more dirty book "
        "is missing", "going out in round %(round)s needs %(books)s: %(num)s more dirty books "
        "are missing", 0),
    BookKind.WILD: counted(
        "books", "going out in round %(round)s needs %(books)s: %(num)s more wild book "
        "is missing", "going out in round %(round)s needs %(books)s: %(num)s more wild books "
        "are missing", 0),
    MIXED_WILD: counted(
        "books", "going out in round %(round)s needs %(books)s: %(num)s more mixed "
        "wild book is missing", "going out in round %(round)s needs %(books)s: %(num)s more "
        "mixed wild books are missing", 0),
}
_MISSING_SPECIAL = counted(
    "books", "going out in round %(round)s needs %(books)s: %(num)s more %(name)s book is "
    "missing", "going out in round %(round)s needs %(books)s: %(num)s more %(name)s books are "
    "missing", 0)


def _going_out(problem: Problem, kind: str, name: object, need: int, short: int) -> Problem:
    """Going out needs more books: the sentence says how many more, of which kind."""
    values = {"round": problem.values.get("round"),
              "books": book_words(kind, str(name)).counted(need)}
    if kind not in _MISSING:
        values["name"] = name
    return said_of(_MISSING.get(kind, _MISSING_SPECIAL), problem.field, short, problem.team,
                   **values)


def _supply(problem: Problem, kind: CardKind) -> Problem:
    """More cards of a kind than the decks hold, said with the kind's own words."""
    values = problem.values
    decks = _as_count(values.get("num"))
    held = ngettext("%(num)s deck holds only %(supply)s", "%(num)s decks hold only %(supply)s",
                    decks, supply=values.get("supply"))
    return replace(problem, message=_TOO_MANY[kind], plural=None,
                   values={"total": values.get("total"), "held": held})


#: More cards of a kind than the decks hold, one sentence per kind.
_TOO_MANY = {
    CardKind.JOKER: N_("%(total)s jokers counted over all teams, but %(held)s"),
    CardKind.TWO: N_("%(total)s twos counted over all teams, but %(held)s"),
    CardKind.ACE: N_("%(total)s aces counted over all teams, but %(held)s"),
    CardKind.EIGHT_TO_KING: N_("%(total)s cards 8 to King counted over all teams, but "
                               "%(held)s"),
    CardKind.FOUR_TO_SEVEN: N_("%(total)s cards 4 to 7 counted over all teams, but %(held)s"),
    CardKind.BLACK_THREE: N_("%(total)s black threes counted over all teams, but %(held)s"),
    CardKind.RED_THREE: N_("%(total)s red threes counted over all teams, but %(held)s"),
}
#: The engine's sentence for too many cards of a kind, with that kind.
_KIND_TOO_MANY = {sentence.message: kind for kind, sentence in TOO_MANY.items()}
_NATURALS = "these books need natural cards"
_WILDS = "these books need wild cards"
_BOOK_CARDS = "%(num)s book holds at least %(cards)s cards"
_GOES_OUT = "only one team goes out in a round"
_FIRST = "only one team lays down first in a round"


def problem_words(problem: Problem, team_names: Sequence[str], points_mode: bool = False
                  ) -> Problem:
    """The problem as a player would say it, on the field that caused it, teams by name.

    >>> problem_words(counted("books.clean", "going out in round %(round)s needs %(num)s more "
    ...               "clean book (%(needed)s in all)", "going out in round %(round)s needs "
    ...               "%(num)s more clean books (%(needed)s in all)", 1, 0, round=2,
    ...               needed=2), ["Owls"]).text
    'going out in round 2 needs 2 clean books: 1 more clean book is missing'
    >>> problem_words(counted("books.dirty", "%(num)s book holds at least %(cards)s cards; "
    ...               "counted on the table: %(counted)s", "%(num)s books hold at least "
    ...               "%(cards)s cards; counted on the table: %(counted)s", 5, 1, cards=35,
    ...               counted=30), ["Owls", "Foxes"]).text
    'the books counted (5 books) hold at least 35 cards; 30 cards counted on the table'
    """
    message, values = problem.message, problem.values
    if message.startswith("going out in round") and "needed" in values:
        kind = problem.field.removeprefix("books.")
        return _going_out(problem, kind, values.get("name", kind),
                          _as_count(values.get("needed")), _as_count(values.get("num")))
    card_field = _ON_THE_TABLE[points_mode]
    need, got = _as_count(values.get("needed")), values.get("counted")
    if message.startswith(_NATURALS):
        return counted(card_field, "the books counted need at least %(num)s natural card "
                       "(aces, 8 to King, 4 to 7) on the table; %(counted)s counted",
                       "the books counted need at least %(num)s natural cards (aces, 8 to "
                       "King, 4 to 7) on the table; %(counted)s counted", need, problem.team,
                       counted=got)
    if message.startswith(_WILDS):
        return counted(card_field, "the books counted need at least %(num)s wild card "
                       "(jokers, twos) on the table; %(counted)s counted",
                       "the books counted need at least %(num)s wild cards (jokers, twos) on "
                       "the table; %(counted)s counted", need, problem.team, counted=got)
    if message.startswith(_BOOK_CARDS):
        books = ngettext("%(num)s book", "%(num)s books", _as_count(values.get("num")))
        return counted(card_field, "the books counted (%(books)s) hold at least %(cards)s "
                       "cards; %(num)s card counted on the table", "the books counted "
                       "(%(books)s) hold at least %(cards)s cards; %(num)s cards counted on "
                       "the table", _as_count(got), problem.team, books=books,
                       cards=values.get("cards"))
    if message in _KIND_TOO_MANY:
        return _supply(problem, _KIND_TOO_MANY[message])
    if message.startswith((_GOES_OUT, _FIRST)):
        position = _as_count(values.get("first")) - 1
        name = team_names[position] if 0 <= position < len(team_names) else _("another team")
        said = (N_("only one team goes out in a round, and %(name)s went out")
                if message.startswith(_GOES_OUT)
                else N_("only one team lays down first in a round, and %(name)s laid down "
                        "first"))
        return replace(problem, message=said, plural=None, values={"name": name})
    return problem
