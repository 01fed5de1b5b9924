
"""The house-rules form: every number of a rule set, asked in the words of the card table.

The form's fields mirror the JSON shape of a rule set (``rules_to_dict``), so filling
it and reading it back are nearly a copy, and an engine Problem's field path
("rounds.1.pile_take") leads straight to the input it is about. Its sections (a round,
card values, books, threes, wild cards) are in ``rules_sections``, its inputs in
``rules_fields``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from functools import reduce
from typing import Any

from wtforms import BooleanField, Field, FieldList, Form, FormField, HiddenField, SelectField
from wtforms.form import BaseForm
from wtforms.validators import DataRequired

from handfoot_score.engine.errors import Problem
from handfoot_score.engine.limits import MAX_ROUNDS
from handfoot_score.engine.presets import PRESETS
from handfoot_score.engine.rules import BOOK_TYPES, MAX_SPECIAL_BOOKS, BookGrowth, decks_for
from handfoot_score.languages.i18n import say
from handfoot_score.services.typed_in import whole_number
from handfoot_score.services.words import gettext as _
from handfoot_score.services.words import lazy_gettext as _l
from handfoot_score.web.shared.flask_form import FlaskForm, SelectChoice
from handfoot_score.web.shared.rules_fields import (
    NamedNumbersField,
    NotesField,
    ScoreStepsField,
    UntypedStringField,
    WholeNumberField,
    stripped,
)
from handfoot_score.web.shared.rules_sections import (
    BlackThreeForm,
    BookBonusesForm,
    BookCountsForm,
    CardValuesForm,
    RedThreeForm,
    RoundForm,
    SpecialBookForm,
    WildLimitsForm,
)

#: Rows for special books a form shows at least; "Add a special book" adds more.
SPECIAL_BOOK_ROWS = 1
#: What a finished book may take, as the form offers it.
FINISHED_BOOK_CHOICES = [
    SelectChoice(BookGrowth.NONE.value, _l("Nothing: seven cards is the most")),
    SelectChoice(BookGrowth.NATURALS.value, _l("Natural cards of its rank, no wild cards")),
    SelectChoice(BookGrowth.ANY.value, _l("Any card, within the wild-card limits")),
]
#: Keys of the JSON shape the form does not ask for: the caller picks the id.
NOT_ASKED = ("id", "dirty_book_min_naturals")


class HouseRulesForm(Form):
    """Every number of a rule set. Embed with FormField, or use prefix="rules-"."""

    name = UntypedStringField(_l("Name of these rules"), filters=[stripped],
                              validators=[DataRequired(_l("Give these rules a name."))],
                              description=_l("As you will see it when you start a game."))
    decks = WholeNumberField(_l("Decks of cards"),
                             description=_l("Each deck has 54 cards with 2 jokers."))
    deck_per_player = BooleanField(
        _l("One deck per player"),
        description=_l("Each game then uses as many decks as it has players."))
    hand_size = WholeNumberField(_l("Cards dealt for each hand"))
    foot_size = WholeNumberField(_l("Cards dealt for each foot"))
    rounds = FieldList(FormField(RoundForm), _l("Round"), min_entries=1, max_entries=MAX_ROUNDS)
    meld_minimum_by_score = ScoreStepsField(
        _l("Opening-meld minimum by total score"),
        description=_l("Leave empty to use each round's minimum. Otherwise write one line for "
                       "each step: a total score, a colon, and the minimum from that score on. "
                       "The first line may say below instead of a score, for the scores "
                       "under the next line's. For example: below: 50, then 15,000: 90, "
                       "then 30,000: 120 on the lines under it."),
        render_kw={"rows": 5})
    card_values = FormField(CardValuesForm, _l("Points for each card"))
    books = FormField(BookBonusesForm, _l("Bonus for each finished book"))
    add_to_finished_book = SelectField(_l("Cards added to a finished book"),
                                       choices=FINISHED_BOOK_CHOICES,
                                       description=_l("Its bonus stays the same."))
    special_books = FieldList(FormField(SpecialBookForm), _l("Special book"),
                              min_entries=SPECIAL_BOOK_ROWS)
    red_three = FormField(RedThreeForm, _l("Red threes"))
    black_three = FormField(BlackThreeForm, _l("Black threes"))
    first_meld_bonus = WholeNumberField(
        _l("Bonus for laying down first"),
        description=_l("For the team that lays down its opening meld first in a round. "
                       "0 if you do not play it."))
    exact_draw_bonus = WholeNumberField(
        _l("Bonus for an exact draw"),
        description=_l("For picking up exactly the number of cards the round asks for. "
                       "0 if you do not play it."))
    wilds = FormField(WildLimitsForm, _l("Wild cards"))
    pile_needs_opened = BooleanField(
        _l("To take the discard pile, the team must have opened already (or open with it)"))
    notes = NotesField(_l("Notes for the table"), description=_l("One note on each line."),
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

    def decks_in_play(self, players: int | None) -> int | None:
        """The decks a game of ``players`` players (None: not known) would use under the
        rules as typed; None while that depends on a number of decks not typed as one."""
        per_player, decks = bool(self.deck_per_player.data), self.decks.data
        if isinstance(decks, int):
            return decks_for(decks, per_player, players)
        return players if per_player else None

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
        data = {field.short_name: field.data for field in self}
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
            said = say(problem)
            field, message = self._field_for(path, said[:1].upper() + said[1:])
            if field is None:
                unplaced.append(problem)
                self.form_errors.append(_("%(where)s: %(problem)s", where=problem.field,
                                          problem=said))
            else:
                field.errors = [*field.errors, message]
        return unplaced

    def error_summary(self) -> list[tuple[str | None, str]]:
        """Every error on the form as (id of its input, or None; "where: what"), in page order."""
        summary: list[tuple[str | None, str]] = [(None, error) for error in self.form_errors]
        for field, where in _inputs(self, ()):
            place = reduce(lambda outer, inner: _("%(outer)s, %(inner)s", outer=outer,
                                                  inner=inner), where)
            summary.extend((field.id, _("%(where)s: %(problem)s", where=place, problem=error))
                           for error in field.errors)
        return summary

    def _used_special_rows(self) -> list[FormField[SpecialBookForm]]:
        return [row for row in self.special_books if row.form.is_filled]

    def _field_for(self, path: list[str], message: str) -> tuple[Field | None, str]:
        """The input a problem's path leads to, and the message to show under it."""
        if path[0] == "meld_minimum_by_score":
            steps = self.meld_minimum_by_score
            line = steps.line_of(path[1]) if len(path) > 1 else None
            if not line:
                return steps, message
            if path[-1] == "from_score":
                return steps, _("Line %(line)s, the score: %(problem)s", line=line,
                                problem=message)
            if path[-1] == "minimum":
                return steps, _("Line %(line)s, the minimum: %(problem)s", line=line,
                                problem=message)
            return steps, _("Line %(line)s: %(problem)s", line=line, problem=message)
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
                return node.special, _("%(where)s: %(problem)s", where=part, problem=message)
            elif isinstance(node, NamedNumbersField):
                return node, _("%(where)s: %(problem)s", where=part, problem=message)
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
                yield from _inputs(entry.form, (*where, _entry_words(field, entry.index + 1)))
        elif isinstance(field, FormField):
            yield from _inputs(field.form, (*where, field.label.text) if where else where)
        else:
            yield field, (*where, field.label.text)


def _entry_words(rows: FieldList[Any], number: int) -> str:
    """Which row of a list an input is in, as its heading says it: "Round 2"."""
    if rows.short_name == "rounds":
        return _("Round %(number)s", number=number)
    if rows.short_name == "special_books":
        return _("Special book %(number)s", number=number)
    return _("%(what)s %(number)s", what=rows.label.text, number=number)


def preset_words(rules: Mapping[str, Any]) -> dict[str, Any]:
    """A preset's name and table notes in the reader's language (they are our words, the
    catalogues hold them); a table's own rules as they were typed."""
    if rules.get("id") not in PRESETS:
        return {"name": rules.get("name"), "notes": list(rules.get("notes") or [])}
    return {"name": _(rules["name"]), "notes": [_(note) for note in rules.get("notes") or []]}


def house_rules_form_data(rules: Mapping[str, Any]) -> dict[str, Any]:
    """Data to fill HouseRulesForm from a rule set in the JSON shape (``rules_to_dict``):
    a preset's name and notes in the reader's language, to change or keep."""
    data = {key: value for key, value in rules.items() if key not in NOT_ASKED}
    data.update(preset_words(rules))
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
