"""The meld calculator's cards as its page carries them in the query string: ``K.K.K.JK|A.A.2``.

Melds are separated by ``|`` and cards by ``.``. Only the last meld may be empty: it is
one just started with "New meld". Card names are kept as written; the meld checker, not
this module, decides which are cards.
"""

from __future__ import annotations

from collections.abc import Mapping

from handfoot_score.services.words import gettext as _

MELD_SEPARATOR = "|"
CARD_SEPARATOR = "."
#: More cards than any opening needs; keeps the page and its links a sensible size.
MAX_CARDS = 100
#: "JOKER" is the longest spelling the meld checker reads.
MAX_CARD_CHARS = 8
#: Room for the most cards, each at its longest with a separator and a space or two: only
#: this much of a longer text is read, to say what is wrong with it.
MAX_TEXT = MAX_CARDS * (MAX_CARD_CHARS + 4)

Melds = tuple[tuple[str, ...], ...]


class MeldStateError(ValueError):
    """Melds or a card the calculator cannot carry: too many cards, or a garbled card."""


def parse_melds(text: str) -> Melds:
    """Read ``K.K.K|A.A.2``; empty melds go, except a last one just started.

    >>> parse_melds("K.K.JK|A.A.2")
    (('K', 'K', 'JK'), ('A', 'A', '2'))
    >>> parse_melds("K.K.K|"), parse_melds(""), parse_melds("|.|K..Q")
    ((('K', 'K', 'K'), ()), (), (('K', 'Q'),))
    """
    melds = tuple(
        cards
        for meld in text[:MAX_TEXT + 1].split(MELD_SEPARATOR)
        if (cards := tuple(card.strip() for card in meld.split(CARD_SEPARATOR) if card.strip()))
    )
    for card in (card for meld in melds for card in meld):
        _check_card(card)
    _check_count(melds)
    if len(text) > MAX_TEXT:
        raise MeldStateError(_("The calculator holds at most %(most)s cards.", most=MAX_CARDS))
    if melds and text.rstrip().endswith(MELD_SEPARATOR):
        return (*melds, ())
    return melds


def serialize_melds(melds: Melds) -> str:
    """Write melds the way ``parse_melds`` reads them.

    >>> serialize_melds((("K", "K", "JK"), ("A",), ()))
    'K.K.JK|A|'
    """
    return MELD_SEPARATOR.join(CARD_SEPARATOR.join(meld) for meld in melds)


def card_count(melds: Melds) -> int:
    """How many cards the melds hold."""
    return sum(len(meld) for meld in melds)


def add_card(melds: Melds, card: str) -> Melds:
    """Add ``card`` to the last meld, or start the first meld with it.

    >>> add_card((("K", "K"),), "JK"), add_card((), "A")
    ((('K', 'K', 'JK'),), (('A',),))
    """
    card = card.strip()
    _check_card(card)
    if not melds:
        added: Melds = ((card,),)
    else:
        added = (*melds[:-1], (*melds[-1], card))
    _check_count(added)
    return added


def new_meld(melds: Melds) -> Melds:
    """Start an empty meld after the last, unless the last is still empty.

    >>> new_meld((("K", "K", "K"),)), new_meld((("K", "K", "K"), ())), new_meld(())
    ((('K', 'K', 'K'), ()), (('K', 'K', 'K'), ()), ())
    """
    if melds and melds[-1]:
        return (*melds, ())
    return melds


def undo(melds: Melds) -> Melds:
    """Take back the last card added, or the empty meld just started.

    >>> undo((("K", "K", "K"), ("A",))), undo((("K", "K", "K"), ())), undo((("A",),))
    ((('K', 'K', 'K'), ()), (('K', 'K', 'K'),), ())
    """
    if not melds:
        return melds
    if not melds[-1]:
        return melds[:-1]
    last = melds[-1][:-1]
    if not last and len(melds) == 1:
        return ()
    return (*melds[:-1], last)


def clear(melds: Melds) -> Melds:
    """Start again with no melds."""
    return ()


def laid_melds(melds: Melds) -> list[list[str]]:
    """The melds that hold cards, as the meld check takes them.

    >>> laid_melds((("K", "K", "K"), ()))
    [['K', 'K', 'K']]
    """
    return [list(meld) for meld in melds if meld]


def apply_action(melds: Melds, action: Mapping[str, str]) -> Melds:
    """Apply the page's button: ``clear``, ``undo``, ``new`` or ``add=<card>``, else nothing.

    Only one button is pressed at a time; should a link carry several, the first of that
    order wins.

    >>> apply_action((("K", "K"),), {"add": "K"}), apply_action((("K",),), {"show": ""})
    ((('K', 'K', 'K'),), (('K',),))
    """
    if "clear" in action:
        return clear(melds)
    if "undo" in action:
        return undo(melds)
    if "new" in action:
        return new_meld(melds)
    if "add" in action:
        return add_card(melds, action["add"])
    return melds


def next_melds(text: str, action: Mapping[str, str]) -> tuple[Melds, str | None]:
    """The melds after the action, and why not when it could not be done.

    Melds that cannot be read give way to none; an action that cannot be done leaves
    the melds as they were.

    >>> next_melds("K.K", {"add": "K"})
    ((('K', 'K', 'K'),), None)
    >>> next_melds("K.K", {"add": "K.K"})
    ((('K', 'K'),), "'K.K' is not one card.")
    """
    try:
        melds = parse_melds(text)
    except MeldStateError as error:
        return (), _("%(problem)s Start again with no cards.", problem=error)
    try:
        return apply_action(melds, action), None
    except MeldStateError as error:
        return melds, str(error)


def _check_card(card: str) -> None:
    if not card:
        raise MeldStateError(_("Choose a card to add."))
    if MELD_SEPARATOR in card or CARD_SEPARATOR in card:
        raise MeldStateError(_("%(card)s is not one card.", card=repr(card)))
    if len(card) > MAX_CARD_CHARS:
        raise MeldStateError(_("%(card)s… is not a card.", card=repr(card[:MAX_CARD_CHARS])))


def _check_count(melds: Melds) -> None:
    if card_count(melds) > MAX_CARDS:
        raise MeldStateError(_("The calculator holds at most %(most)s cards.", most=MAX_CARDS))
