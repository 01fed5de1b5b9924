"""The house-rules form: every number of a rule set, asked in the words of the card table.

The form's fields mirror the JSON shape of a rule set (``rules_to_dict``), so filling
it and reading it back are nearly a copy, and an engine Problem's field path
("rounds.1.pile_take") leads straight to the input it is about.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from flask_wtf import FlaskForm
from markupsafe import Markup, escape
from wtforms import (
    BooleanField,
    Field,
    FieldList,
    Form,
    FormField,
    HiddenField,
    IntegerField,
    SelectChoice,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms.form import BaseForm
from wtforms.validators import DataRequired, StopValidation
from wtforms.widgets import Select, TextInput

from handfoot_score.engine.cards import CardKind, Rank
from handfoot_score.engine.errors import Problem
from handfoot_score.engine.limits import MAX_ROUNDS
from handfoot_score.engine.rules import BOOK_TYPES, MAX_SPECIAL_BOOKS
from handfoot_score.services.typed_in import whole_number

#: Rows for special books a form shows at least; "Add a special book" adds more.
SPECIAL_BOOK_ROWS = 1
#: Keys of the JSON shape the form does not ask for: the caller picks the id.
NOT_ASKED = ("id", "dirty_book_min_naturals")

_WHOLE_NUMBER = re.compile(r"[-\u2212]?[0-9][0-9,]*")
_NAMED_NUMBER = re.compile(r"([A-Za-z0-9_]+)\s*[:=]?\s*([0-9][0-9,]*)")
_SCORE_STEP = re.compile(r"(below|[-\u2212]?[0-9][0-9,]*)\s*:\s*([0-9][0-9,]*)", re.IGNORECASE)
_KIND_NAMES = {
    CardKind.ACE: "Aces",
    CardKind.EIGHT_TO_KING: "8s to Kings",
    CardKind.FOUR_TO_SEVEN: "4s to 7s",
    CardKind.BLACK_THREE: "Black threes",
    CardKind.RED_THREE: "Red threes",
}
KIND_CHOICES = [SelectChoice("", "Any natural cards"),
                *(SelectChoice(k.value, name) for k, name in _KIND_NAMES.items())]
RANK_CHOICES = [SelectChoice("", "Any of those cards"),
                *(SelectChoice(r.value) for r in Rank if not r.is_wild)]


def _number(text: str) -> int:
    """A whole number as typed: "1,500" and a typographic minus are fine; a ValueError for
    more digits than any rule needs (it is read inside the form's own error handling)."""
    digits = text.replace(",", "").replace("\u2212", "-")
    if len(digits.lstrip("-").lstrip("0")) > 12:
        raise ValueError("That number is far too big: write at most 12 digits.")
    return int(digits)


def _strip(text: str | None) -> str | None:
    return text.strip() if text else text


def _or_blank(value: str | None) -> str:
    """A select left at its first option, whether the rule set said null or nothing."""
    return value or ""


class UntypedTextInput(TextInput):
    """A text input written without type="text", every input's type unless it says otherwise,
    and without value="" when empty: the house-rules form has some 60 (page weight)."""

    input_type = False  # html_params leaves out an attribute whose value is False

    def __call__(self, field: Field, **kwargs: Any) -> Any:
        kwargs.setdefault("value", field._value() or False)
        return super().__call__(field, **kwargs)


class PlainOptionsSelect(Select):
    """A select whose options are written without value= where it is their text (a card
    rank), as a browser then sends the text."""

    @classmethod
    def render_option(cls, choice: SelectChoice, **kwargs: Any) -> Any:
        if choice.label in (None, choice.value) and not kwargs and not choice.render_kw:
            selected = " selected" if choice.selected else ""
            return Markup(f"<option{selected}>{escape(choice.value)}</option>")
        return super().render_option(choice, **kwargs)


class UntypedStringField(StringField):
    """A line of text, its input written without type="text"."""

    widget = UntypedTextInput()


class WholeNumberField(IntegerField):
    """A whole number typed on a phone's number pad; blank is None (an error unless blank_ok).

    The page's <form> says autocomplete="off", for all its inputs at once."""

    widget = UntypedTextInput()

    def __init__(self, label: str, blank_ok: bool = False, **kwargs: Any) -> None:
        render_kw = {"inputmode": "numeric", **kwargs.pop("render_kw", {})}
        super().__init__(label, render_kw=render_kw, **kwargs)
        self.blank_ok = blank_ok

    def _value(self) -> str:
        if self.raw_data:
            return str(self.raw_data[0])
        return "" if self.data is None else str(self.data)

    def process_formdata(self, valuelist: list[Any]) -> None:
        if not valuelist:
            return
        text = str(valuelist[0]).strip()
        self.data = None
        if not text:
            return
        if not _WHOLE_NUMBER.fullmatch(text):
            raise ValueError("Write a whole number, like 50.")
        self.data = _number(text)

    def pre_validate(self, form: BaseForm) -> None:
        if self.data is None and not self.blank_ok and not self.process_errors:
            raise StopValidation("Fill this in.")


class ScoreStepsField(TextAreaField):
    """Lines of "from score: minimum", the first maybe "below: minimum"; blank means None."""

    def process_data(self, value: Any) -> None:
        self.data = [list(step) for step in value] if value else None
        self.line_numbers = list(range(1, len(self.data or []) + 1))

    def process_formdata(self, valuelist: list[Any]) -> None:
        if not valuelist:
            return
        self.data, self.line_numbers = None, []
        steps: list[list[int | None]] = []
        for number, line in enumerate(str(valuelist[0]).splitlines(), start=1):
            if not line.strip():
                continue
            match = _SCORE_STEP.fullmatch(line.strip())
            if match is None:
                raise ValueError(f"Line {number}: write a score, a colon and the minimum, "
                                 "like 15,000: 90 (or below: 50 on the first line).")
            start = None if match[1].lower() == "below" else _number(match[1])
            steps.append([start, _number(match[2])])
            self.line_numbers.append(number)
        self.data = steps or None

    def _value(self) -> str:
        if self.raw_data:
            return str(self.raw_data[0])
        return "\n".join(
            f"{'below' if start is None else f'{start:,}'}: {minimum:,}"
            for start, minimum in self.data or []
        )

    def line_of(self, step: str) -> int | None:
        """The text line of step number ``step`` (0-based, as the engine counts)."""
        index = whole_number(step)
        index = -1 if index is None else index
        return self.line_numbers[index] if 0 <= index < len(self.line_numbers) else None


class NamedNumbersField(UntypedStringField):
    """Names with a number each, as "9: 5, 8: 5" or "sevens 1"; blank is none.

    ``upper`` writes the names in capitals (card ranks), else in small letters (book codes).
    """

    def __init__(self, label: str, upper: bool = False, example: str = "9: 5", **kwargs: Any
                 ) -> None:
        render_kw = {"autocapitalize": "off" if not upper else "characters",
                     **kwargs.pop("render_kw", {})}
        super().__init__(label, render_kw=render_kw, **kwargs)
        self.upper = upper
        self.example = example

    def process_data(self, value: Any) -> None:
        self.data = {str(k): int(v) for k, v in (value or {}).items()}

    def process_formdata(self, valuelist: list[Any]) -> None:
        if not valuelist:
            return
        self.data = {}
        for item in re.split(r"[,;\n]+", str(valuelist[0])):
            if not item.strip():
                continue
            match = _NAMED_NUMBER.fullmatch(item.strip())
            if match is None:
                raise ValueError(f"Write each as a name and a number, like {self.example}.")
            name = match[1].upper() if self.upper else match[1].lower()
            self.data[name] = _number(match[2])

    def _value(self) -> str:
        if self.raw_data:
            return str(self.raw_data[0])
        return ", ".join(f"{name}: {number}" for name, number in (self.data or {}).items())


class NotesField(TextAreaField):
    """Notes for the table, one a line."""

    def process_data(self, value: Any) -> None:
        self.data = [str(note) for note in value or []]

    def process_formdata(self, valuelist: list[Any]) -> None:
        if valuelist:
            self.data = [line.strip() for line in str(valuelist[0]).splitlines() if line.strip()]

    def _value(self) -> str:
        return str(self.raw_data[0]) if self.raw_data else "\n".join(self.data or [])


class BookCountsForm(Form):
    """Books of each kind a team needs to go out."""

    clean = WholeNumberField("Clean")
    dirty = WholeNumberField("Dirty")
    wild = WholeNumberField("Wild")
    special = NamedNumbersField(
        "Special books", example="sevens: 1",
        description="Code and count, like sevens: 1. Empty: none.")

    def as_rules_data(self) -> dict[str, Any]:
        """The books in the JSON shape: special books by code beside clean, dirty, wild."""
        return {"clean": self.clean.data, "dirty": self.dirty.data, "wild": self.wild.data,
                **(self.special.data or {})}


class RoundForm(Form):
    """One round: its opening minimum, going out, and the discard pile."""

    meld_minimum = WholeNumberField("Opening-meld minimum")
    going_out_bonus = WholeNumberField("Bonus for going out")
    going_out_books = FormField(BookCountsForm, "Books needed to go out")
    pile_take = WholeNumberField("Cards taken from the pile")
    exact_draw_cards = WholeNumberField("Cards for an exact draw", blank_ok=True)


class CardValuesForm(Form):
    """Points for each kind of card."""

    joker = WholeNumberField("Joker")
    two = WholeNumberField("Two (wild)")
    ace = WholeNumberField("Ace")
    eight_to_king = WholeNumberField("8, 9, 10, Jack, Queen, King")
    four_to_seven = WholeNumberField("4, 5, 6, 7")
    black_three = WholeNumberField("Black three caught in hand or foot (penalty)",
                                   description="This is also its card value.")
    by_rank = NamedNumbersField(
        "Points by rank", upper=True,
        description="Only for ranks worth something else than their group above, like "
                    "8: 5, 9: 5 where 8s and 9s are worth 5. Ranks A K Q J 10 9 8 7 6 5 4. "
                    "Leave empty if every card is worth its group's points.")


class BookBonusesForm(Form):
    """Bonus for each finished book."""

    clean = WholeNumberField("Clean book (no wild cards)")
    dirty = WholeNumberField("Dirty book (with wild cards)")
    wild = WholeNumberField("Wild book (wild cards only)", blank_ok=True,
                            description="Leave empty if wild books are not allowed.")
    mixed_wild = WholeNumberField(
        "Mixed wild book (jokers and twos together)", blank_ok=True,
        description="Leave empty to count every wild book the same. Filled in, the wild "
                    "book above is one of a single kind: all jokers or all twos.")


class SpecialBookForm(Form):
    """One special book with its own bonus, such as a book of sevens. Left empty: not used."""

    name = UntypedStringField("Name", filters=[_strip], description="For example: Book of sevens.")
    bonus = WholeNumberField("Bonus", blank_ok=True)
    kind = SelectField("Made of", choices=KIND_CHOICES, filters=[_or_blank],
                       description="Choose the cards to have them checked against the decks.")
    rank = SelectField("Only this rank", choices=RANK_CHOICES, filters=[_or_blank],
                       widget=PlainOptionsSelect())
    id = UntypedStringField("Short code", filters=[_strip],
                     description="Small letters and _ only. Leave empty to make one from the name.")

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
        for field, message in ((self.name, "Give the book a name."),
                               (self.bonus, "Fill this in.")):
            if field.data in (None, "") and not field.errors:
                field.errors.append(message)
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

    down = WholeNumberField("Red three laid down (bonus)")
    left = WholeNumberField("Red three caught in hand or foot (penalty)")
    down_when_not_out = WholeNumberField(
        "Red three laid down by a team that did not go out (bonus)", blank_ok=True,
        description="Leave empty for the same bonus whoever went out.")


class BlackThreeForm(Form):
    """Black threes melded by the team going out."""

    meld_when_going_out = BooleanField(
        "The team going out may meld black threes",
        description="Each counts its card value on the table; caught in hand it still costs it.")


class WildLimitsForm(Form):
    """How many wild cards a meld may hold."""

    naturals_per_wild = WholeNumberField(
        "Natural cards needed for each wild card",
        description="With 2, a meld with 2 wild cards needs at least 4 natural cards. "
                    "0 for no such rule.")
    max_per_meld = WholeNumberField("Most wild cards in one meld", blank_ok=True,
                                    description="Leave empty for no limit.")
    min_naturals_with_wild = WholeNumberField(
        "Fewest natural cards in a meld with any wild card", description="0 for no such rule.")
    wild_melds = BooleanField("Melds of wild cards only are allowed")


class HouseRulesForm(Form):
    """Every number of a rule set. Embed with FormField, or use prefix="rules-"."""

    name = UntypedStringField("Name of these rules", filters=[_strip],
                       validators=[DataRequired("Give these rules a name.")],
                       description="As you will see it when you start a game.")
    decks = WholeNumberField("Decks of cards", description="Each deck has 54 cards with 2 jokers.")
    hand_size = WholeNumberField("Cards dealt for each hand")
    foot_size = WholeNumberField("Cards dealt for each foot")
    rounds = FieldList(FormField(RoundForm), "Round", min_entries=1, max_entries=MAX_ROUNDS)
    meld_minimum_by_score = ScoreStepsField(
        "Opening-meld minimum by total score",
        description="Leave empty to use each round's minimum. Otherwise write one line for "
                    "each step: a total score, a colon, and the minimum from that score on. "
                    "The first line may say below instead of a score, for the scores "
                    "under the next line's. For example: below: 50, then 15,000: 90, "
                    "then 30,000: 120 on the lines under it.",
        render_kw={"rows": 5})
    card_values = FormField(CardValuesForm, "Points for each card")
    books = FormField(BookBonusesForm, "Bonus for each finished book")
    special_books = FieldList(FormField(SpecialBookForm), "Special book",
                              min_entries=SPECIAL_BOOK_ROWS)
    red_three = FormField(RedThreeForm, "Red threes")
    black_three = FormField(BlackThreeForm, "Black threes")
    first_meld_bonus = WholeNumberField(
        "Bonus for laying down first",
        description="For the team that lays down its opening meld first in a round. "
                    "0 if you do not play it.")
    exact_draw_bonus = WholeNumberField(
        "Bonus for an exact draw",
        description="For picking up exactly the number of cards the round asks for. "
                    "0 if you do not play it.")
    wilds = FormField(WildLimitsForm, "Wild cards")
    pile_needs_opened = BooleanField(
        "To take the discard pile, the team must have opened already (or open with it)")
    notes = NotesField("Notes for the table", description="One note on each line.",
                       render_kw={"rows": 6})

    @property
    def can_add_round(self) -> bool:
        """Whether another round fits in a rule set."""
        return len(self.rounds) < MAX_ROUNDS

    @property
    def can_remove_round(self) -> bool:
        """Whether a round can go: a rule set keeps at least one."""
        return len(self.rounds) > 1

    @property
    def can_add_special_book(self) -> bool:
        """Whether a rule set may hold another special book."""
        return len(self.special_books) < MAX_SPECIAL_BOOKS

    def change_rounds(self, action: str) -> bool:
        """Add a round (a copy of the last) or remove the last, or add an empty special-book
        row ("add_book", a button of the same rules_round name); False if that cannot be done."""
        if action == "add" and self.can_add_round:
            self.rounds.append_entry(self.rounds.entries[-1].data)
        elif action == "remove" and self.can_remove_round:
            self.rounds.pop_entry()
        elif action == "add_book" and self.can_add_special_book:
            self.special_books.append_entry()
        else:
            return False
        return True

    def to_rules_dict(self) -> dict[str, Any]:
        """The rule set in the JSON shape rules_from_dict reads, without an id."""
        data = {name: field.data for name, field in self._fields.items()}
        data["name"] = data["name"] or ""
        data["special_books"] = [row.form.to_dict() for row in self._used_special_rows()]
        data["rounds"] = [{**entry.data, "going_out_books":
                           entry.form.going_out_books.form.as_rules_data()}
                          for entry in self.rounds]
        return data

    def show_problems(self, problems: Iterable[Problem]) -> list[Problem]:
        """Put each problem under the input it names; return those that fit no input.

        The ones returned are also kept in ``form_errors``, so the form shows them on top.
        """
        unplaced: list[Problem] = []
        for problem in problems:
            path = problem.field.removeprefix("rules.").split(".")
            message = problem.message[:1].upper() + problem.message[1:]
            field, message = self._field_for(path, message)
            if field is None:
                unplaced.append(problem)
                self.form_errors.append(f"{problem.field}: {problem.message}")
            else:
                field.errors = [*field.errors, message]
        return unplaced

    def error_summary(self) -> list[tuple[str | None, str]]:
        """Every error on the form as (id of its input, or None; "where: what"), in page order."""
        summary: list[tuple[str | None, str]] = [(None, error) for error in self.form_errors]
        for field, where in _inputs(self, ()):
            summary.extend((field.id, f"{', '.join(where)}: {error}") for error in field.errors)
        return summary

    def _used_special_rows(self) -> list[FormField]:
        return [row for row in self.special_books if row.form.is_filled]

    def _field_for(self, path: list[str], message: str) -> tuple[Field | None, str]:
        """The input a problem's path leads to, and the message to show under it."""
        if path[0] == "meld_minimum_by_score":
            steps = self.meld_minimum_by_score
            line = steps.line_of(path[1]) if len(path) > 1 else None
            what = {"from_score": ", the score", "minimum": ", the minimum"}.get(path[-1], "")
            return steps, f"Line {line}{what}: {message}" if line else message
        node: Any = self
        for part in path:
            if isinstance(node, FormField):
                node = node.form
            if isinstance(node, FieldList):
                rows = self._used_special_rows() if node is self.special_books else node.entries
                index = whole_number(part)
                if index is None or index >= len(rows):
                    return None, message
                node = rows[index]
            elif isinstance(node, BaseForm) and part in node:
                node = node[part]
            elif isinstance(node, BookCountsForm) and part not in BOOK_TYPES:
                return node.special, f"{part}: {message}"
            elif isinstance(node, NamedNumbersField):
                return node, f"{part}: {message}"
            else:
                return None, message
        if isinstance(node, (FormField, FieldList, BaseForm)):
            return None, message
        return node, message


def _inputs(form: BaseForm, where: tuple[str, ...]) -> Iterator[tuple[Field, tuple[str, ...]]]:
    """Every input of ``form`` with the words that say where it is ("Round 2", label).

    Top-level groups add no words: their inputs' labels already say what they are.
    """
    for field in form:
        if isinstance(field, FieldList):
            for entry in field.entries:
                yield from _inputs(entry.form, (*where, f"{field.label.text} {entry.index + 1}"))
        elif isinstance(field, FormField):
            yield from _inputs(field.form, (*where, field.label.text) if where else where)
        else:
            yield field, (*where, field.label.text)


def house_rules_form_data(rules: Mapping[str, Any]) -> dict[str, Any]:
    """Data to fill HouseRulesForm from a rule set in the JSON shape (``rules_to_dict``)."""
    data = {key: value for key, value in rules.items() if key not in NOT_ASKED}
    data["rounds"] = [
        {**game_round, "going_out_books": {
            **{kind: game_round["going_out_books"].get(kind, 0) for kind in BOOK_TYPES},
            "special": {k: v for k, v in game_round["going_out_books"].items()
                        if k not in BOOK_TYPES}}}
        for game_round in rules.get("rounds", [])
    ]
    return data


class SaveHouseRulesForm(FlaskForm):
    """The house-rules page's form: the rules (prefix "rules-") and the preset they start from."""

    base = HiddenField()
    rules = FormField(HouseRulesForm)
