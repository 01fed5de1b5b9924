"""What the tally checks say of one kind of card or book: a sentence a kind, since the
words of a kind are part of its sentence in every language (no sentence is built from
pieces). Each is marked for the catalogues and translated at the edge."""

from __future__ import annotations

from dataclasses import replace

from .books import BookKind
from .cards import CardKind
from .errors import N_, Problem, counted


def said_of(sentence: Problem, field: str, num: int, team: int | None,
            **values: object) -> Problem:
    """A counting sentence from the tables below, said of ``field`` of ``team``, ``num`` its
    count."""
    return replace(sentence, field=field, team=team, values={"num": num, **values})


#: A special book of one kind short of cards, one sentence per kind.
SPECIAL_SHORT = {
    CardKind.JOKER: counted(
        "books", "%(num)s special book of jokers needs %(cards)s such cards on the table, but "
        "%(counted)s are counted", "%(num)s special books of jokers need %(cards)s such cards "
        "on the table, but %(counted)s are counted", 0),
    CardKind.TWO: counted(
        "books", "%(num)s special book of twos needs %(cards)s such cards on the table, but "
        "%(counted)s are counted", "%(num)s special books of twos need %(cards)s such cards "
        "on the table, but %(counted)s are counted", 0),
    CardKind.ACE: counted(
        "books", "%(num)s special book of aces needs %(cards)s such cards on the table, but "
        "%(counted)s are counted", "%(num)s special books of aces need %(cards)s such cards "
        "on the table, but %(counted)s are counted", 0),
    CardKind.EIGHT_TO_KING: counted(
        "books", "%(num)s special book of eight to kings needs %(cards)s such cards on the "
        "table, but %(counted)s are counted", "%(num)s special books of eight to kings need "
        "%(cards)s such cards on the table, but %(counted)s are counted", 0),
    CardKind.FOUR_TO_SEVEN: counted(
        "books", "%(num)s special book of four to sevens needs %(cards)s such cards on the "
        "table, but %(counted)s are counted", "%(num)s special books of four to sevens need "
        "%(cards)s such cards on the table, but %(counted)s are counted", 0),
    CardKind.BLACK_THREE: counted(
        "books", "%(num)s special book of black threes needs %(cards)s such cards on the "
        "table, but %(counted)s are counted", "%(num)s special books of black threes need "
        "%(cards)s such cards on the table, but %(counted)s are counted", 0),
    CardKind.RED_THREE: counted(
        "books", "%(num)s special book of red threes needs %(cards)s such cards on the "
        "table, but %(counted)s are counted", "%(num)s special books of red threes need "
        "%(cards)s such cards on the table, but %(counted)s are counted", 0),
}


#: A kind of card counted as one whose ranks the rules value apart, one message per kind
#: (the words of a kind are part of its sentence in every language).
SPLIT_KIND = {
    CardKind.JOKER: N_("jokers are not all worth the same under these rules: count them by "
                       "rank in %(field)s, as %(groups)s"),
    CardKind.TWO: N_("twos are not all worth the same under these rules: count them by "
                     "rank in %(field)s, as %(groups)s"),
    CardKind.ACE: N_("aces are not all worth the same under these rules: count them by "
                     "rank in %(field)s, as %(groups)s"),
    CardKind.EIGHT_TO_KING: N_("eight to king are not all worth the same under these rules: "
                               "count them by rank in %(field)s, as %(groups)s"),
    CardKind.FOUR_TO_SEVEN: N_("four to seven are not all worth the same under these rules: "
                               "count them by rank in %(field)s, as %(groups)s"),
    CardKind.BLACK_THREE: N_("black threes are not all worth the same under these rules: "
                             "count them by rank in %(field)s, as %(groups)s"),
}


#: More cards of a kind than the decks hold, one sentence per kind (its words in the
#: sentence), counting the decks.
TOO_MANY = {
    CardKind.JOKER: counted(
        "", "%(total)s cards of kind joker counted over all teams so far, but "
        "%(num)s deck holds only %(supply)s", "%(total)s cards of kind joker counted "
        "over all teams so far, but %(num)s decks hold only %(supply)s", 0),
    CardKind.TWO: counted(
        "", "%(total)s cards of kind two counted over all teams so far, but "
        "%(num)s deck holds only %(supply)s", "%(total)s cards of kind two counted "
        "over all teams so far, but %(num)s decks hold only %(supply)s", 0),
    CardKind.ACE: counted(
        "", "%(total)s cards of kind ace counted over all teams so far, but "
        "%(num)s deck holds only %(supply)s", "%(total)s cards of kind ace counted "
        "over all teams so far, but %(num)s decks hold only %(supply)s", 0),
    CardKind.EIGHT_TO_KING: counted(
        "", "%(total)s cards of kind eight to king counted over all teams so far, but "
        "%(num)s deck holds only %(supply)s", "%(total)s cards of kind eight to king counted "
        "over all teams so far, but %(num)s decks hold only %(supply)s", 0),
    CardKind.FOUR_TO_SEVEN: counted(
        "", "%(total)s cards of kind four to seven counted over all teams so far, but "
        "%(num)s deck holds only %(supply)s", "%(total)s cards of kind four to seven counted "
        "over all teams so far, but %(num)s decks hold only %(supply)s", 0),
    CardKind.BLACK_THREE: counted(
        "", "%(total)s cards of kind black three counted over all teams so far, but "
        "%(num)s deck holds only %(supply)s", "%(total)s cards of kind black three counted "
        "over all teams so far, but %(num)s decks hold only %(supply)s", 0),
    CardKind.RED_THREE: counted(
        "", "%(total)s cards of kind red three counted over all teams so far, but "
        "%(num)s deck holds only %(supply)s", "%(total)s cards of kind red three counted "
        "over all teams so far, but %(num)s decks hold only %(supply)s", 0),
}


#: Books a team lacks to go out, one sentence per standard kind, and one for a special book
#: (named as the rules name it): ``num`` is how many more it needs, the number the sentence
#: counts, and ``needed`` how many the round asks for in all.
GOING_OUT: dict[str, Problem] = {
    BookKind.CLEAN: counted(
        "books", "going out in round %(round)s needs %(num)s more clean book (%(needed)s in "
        "all)", "going out in round %(round)s needs %(num)s more clean books (%(needed)s in "
        "all)", 0),
    BookKind.DIRTY: counted(
        "books", "going out in round %(round)s needs %(num)s more dirty book (%(needed)s in "
        "all)", "going out in round %(round)s needs %(num)s more dirty books (%(needed)s in "
        "all)", 0),
    BookKind.WILD: counted(
        "books", "going out in round %(round)s needs %(num)s more wild book (%(needed)s in "
        "all)", "going out in round %(round)s needs %(num)s more wild books (%(needed)s in "
        "all)", 0),
}
GOING_OUT_SPECIAL = counted(
    "books", "going out in round %(round)s needs %(num)s more %(name)s book (%(needed)s in "
    "all)", "going out in round %(round)s needs %(num)s more %(name)s books (%(needed)s in "
    "all)", 0)
