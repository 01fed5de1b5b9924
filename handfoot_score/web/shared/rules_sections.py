
"""The sections of the house-rules form, one per part of the game: a round and the books
it needs to go out, card values, book bonuses, special books, red and black threes, wild
cards. Each mirrors one object of a rule set's JSON shape."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from wtforms import BooleanField, Form, FormField, SelectField

from handfoot_score.engine.cards import CardKind, Rank
from handfoot_score.services.words import gettext as _
from handfoot_score.services.words import lazy_gettext as _l
from handfoot_score.web.shared.flask_form import SelectChoice
from handfoot_score.web.shared.kind_words import CARD_WORDS
from handfoot_score.web.shared.rules_fields import (
    NamedNumbersField,
    PlainOptionsSelect,
    UntypedStringField,
    WholeNumberField,
    stripped,
)

KIND_CHOICES = [SelectChoice("", _l("Any natural cards")),
                *(SelectChoice(kind.value, words.made_of) for kind, words in CARD_WORDS.items()
                  if words.made_of)]
RANK_CHOICES = [SelectChoice("", _l("Any of those cards")),
                *(SelectChoice(r.value) for r in Rank if not r.is_wild)]


def _or_blank(value: str | None) -> str:
    """A select left at its first option, whether the rule set said null or nothing."""
    return value or ""


class BookCountsForm(Form):
    """Books of each kind a team needs to go out."""

    clean = WholeNumberField(_l("Clean"))
    dirty = WholeNumberField(_l("Dirty"))
    wild = WholeNumberField(_l("Wild"))
    special = NamedNumbersField(
        _l("Special books"), example="sevens: 1",
        description=_l("Code and count, like sevens: 1. Empty: none."))

    def as_rules_data(self) -> dict[str, Any]:
        """The books in the JSON shape: special books by code beside clean, dirty, wild."""
        return {"clean": self.clean.data, "dirty": self.dirty.data, "wild": self.wild.data,
                **(self.special.data or {})}


class RoundForm(Form):
    """One round: its opening minimum, going out, and the discard pile."""

    meld_minimum = WholeNumberField(_l("Opening-meld minimum"))
    going_out_bonus = WholeNumberField(_l("Bonus for going out"))
    going_out_books = FormField(BookCountsForm, _l("Books needed to go out"))
    pile_take = WholeNumberField(_l("Cards taken from the pile"))
    exact_draw_cards = WholeNumberField(_l("Cards for an exact draw"), blank_ok=True)


class CardValuesForm(Form):
    """Points for each kind of card."""

    joker = WholeNumberField(CARD_WORDS[CardKind.JOKER].name)
    two = WholeNumberField(_l("Two (wild)"))
    ace = WholeNumberField(CARD_WORDS[CardKind.ACE].name)
    eight_to_king = WholeNumberField(_l("8, 9, 10, Jack, Queen, King"))
    four_to_seven = WholeNumberField(_l("4, 5, 6, 7"))
    black_three = WholeNumberField(_l("Black three caught in hand or foot (penalty)"),
                                   description=_l("This is also its card value."))
    by_rank = NamedNumbersField(
        _l("Points by rank"), upper=True,
        description=_l("Only for ranks worth something else than their group above, like "
                       "8: 5, 9: 5 where 8s and 9s are worth 5. Ranks A K Q J 10 9 8 7 6 5 4. "
                       "Leave empty if every card is worth its group's points."))


class BookBonusesForm(Form):
    """Bonus for each finished book."""

    clean = WholeNumberField(_l("Clean book (no wild cards)"))
    dirty = WholeNumberField(_l("Dirty book (with wild cards)"))
    wild = WholeNumberField(_l("Wild book (wild cards only)"), blank_ok=True,
                            description=_l("Leave empty if wild books are not allowed."))
    mixed_wild = WholeNumberField(
        _l("Mixed wild book (jokers and twos together)"), blank_ok=True,
        description=_l("Leave empty to count every wild book the same. Filled in, the wild "
                       "book above is one of a single kind: all jokers or all twos."))


class SpecialBookForm(Form):
    """One special book with its own bonus, such as a book of sevens. Left empty: not used."""

    name = UntypedStringField(_l("Name"), filters=[stripped],
                              description=_l("For example: Book of sevens."))
    bonus = WholeNumberField(_l("Bonus"), blank_ok=True)
    kind = SelectField(_l("Made of"), choices=KIND_CHOICES, filters=[_or_blank],
                       description=_l("Choose the cards to have them checked against the decks."))
    rank = SelectField(_l("Only this rank"), choices=RANK_CHOICES, filters=[_or_blank],
                       widget=PlainOptionsSelect())
    id = UntypedStringField(_l("Short code"), filters=[stripped], description=_l(
        "Small letters and _ only. Leave empty to make one from the name."))

    @property
    def is_filled(self) -> bool:
        """Whether anything was written or chosen in this row."""
        return any(str(value or "").strip() for value in (
            self.name.data, self.bonus._value(), self.kind.data, self.rank.data, self.id.data))

    def validate(self, extra_validators: Mapping[str, Any] | None = None) -> bool:
        """A row that is used needs a name, a bonus and its cards."""
        valid = super().validate(extra_validators)
        if not self.is_filled:
            return valid
        for field, message in ((self.name, _("Give the book a name.")),
                               (self.bonus, _("Fill this in."))):
            if field.data in (None, "") and not field.errors:
                field.errors = [*field.errors, message]
                valid = False
        return valid

    def to_dict(self) -> dict[str, Any]:
        """The book in the JSON shape; a missing code is made from the name."""
        name = self.name.data or ""
        code = self.id.data or re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")
        if code and not code[0].isalpha():
            code = f"book_{code}"
        return {"id": code[:32], "name": name, "bonus": self.bonus.data,
                "kind": self.kind.data or None, "rank": self.rank.data or None}


class RedThreeForm(Form):
    """Red threes: laid down for a bonus, or caught for a penalty."""

    down = WholeNumberField(_l("Red three laid down (bonus)"))
    left = WholeNumberField(_l("Red three caught in hand or foot (penalty)"))
    down_when_not_out = WholeNumberField(
        _l("Red three laid down by a team that did not go out (bonus)"), blank_ok=True,
        description=_l("Leave empty for the same bonus whoever went out."))


class BlackThreeForm(Form):
    """Black threes melded by the team going out."""

    meld_when_going_out = BooleanField(
        _l("The team going out may meld black threes"), description=_l(
            "Each counts its card value on the table; caught in hand it still costs it."))


class WildLimitsForm(Form):
    """How many wild cards a meld may hold."""

    naturals_per_wild = WholeNumberField(
        _l("Natural cards needed for each wild card"),
        description=_l("With 2, a meld with 2 wild cards needs at least 4 natural cards. "
                       "0 for no such rule."))
    max_per_meld = WholeNumberField(_l("Most wild cards in one meld"), blank_ok=True,
                                    description=_l("Leave empty for no limit."))
    min_naturals_with_wild = WholeNumberField(
        _l("Fewest natural cards in a meld with any wild card"),
        description=_l("0 for no such rule."))
    wild_melds = BooleanField(_l("Melds of wild cards only are allowed"))
