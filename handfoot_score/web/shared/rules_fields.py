"""The inputs of the house-rules form, each reading numbers as a card table writes them:
"1,500", a typographic minus, score steps line by line, "9: 5, 8: 5", notes one a line."""

from __future__ import annotations

import re
from typing import Any

from flask_babel.speaklater import LazyString
from markupsafe import Markup, escape
from wtforms import Field, IntegerField, StringField
from wtforms.form import BaseForm
from wtforms.validators import StopValidation
from wtforms.widgets import Select, TextArea, TextInput, html_params

from handfoot_score.services.typed_in import whole_number
from handfoot_score.services.words import gettext as _
from handfoot_score.web.shared.flask_form import Choice

_WHOLE_NUMBER = re.compile(r"[-\u2212]?[0-9][0-9,]*")
_NAMED_NUMBER = re.compile(r"([A-Za-z0-9_]+)\s*[:=]?\s*([0-9][0-9,]*)")
_SCORE_STEP = re.compile(r"(below|[-\u2212]?[0-9][0-9,]*)\s*:\s*([0-9][0-9,]*)", re.IGNORECASE)


def _number(text: str) -> int:
    """A whole number as typed: "1,500" and a typographic minus are fine; a ValueError for
    more digits than any rule needs (it is read inside the form's own error handling)."""
    digits = text.replace(",", "").replace("\u2212", "-")
    if len(digits.lstrip("-").lstrip("0")) > 12:
        raise ValueError(_("That number is far too big: write at most 12 digits."))
    return int(digits)


def stripped(text: str | None) -> str | None:
    """A line of text without the spaces around it (a filter for text inputs)."""
    return text.strip() if text else text


class UntypedTextInput(TextInput):
    """A text input written without type="text", every input's type unless it says otherwise,
    and without value="" when empty: the house-rules form has some 60 (page weight)."""

    @staticmethod
    def html_params(**kwargs: object) -> str:
        """The input's attributes as WTForms writes them, less those two."""
        # html_params leaves out an attribute whose value is False.
        if kwargs.get("type") == "text":
            kwargs["type"] = False
        if kwargs.get("value") in ("", None):
            kwargs["value"] = False
        return html_params(**kwargs)


class PlainOptionsSelect(Select):
    """A select whose options are written without value= where it is their text (a card
    rank), as a browser then sends the text."""

    # WTForms 3.3 hands render_option one Choice; its stubs describe 3.2's
    # render_option(value, label, selected), hence the ignore.
    @classmethod
    def render_option(cls, choice: Choice, **kwargs: Any) -> Markup:  # type: ignore[override]
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

    def __init__(self, label: str | LazyString, blank_ok: bool = False, **kwargs: Any) -> None:
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
            raise ValueError(_("Write a whole number, like 50."))
        self.data = _number(text)

    def pre_validate(self, form: BaseForm) -> None:
        if self.data is None and not self.blank_ok and not self.process_errors:
            raise StopValidation(_("Fill this in."))


class LinesArea(TextArea):
    """WTForms' text area, for a field whose data is read from its lines, not kept as text
    (a TextAreaField's)."""

    def __call__(self, field: Field, **kwargs: object) -> Markup:
        # WTForms writes any field's _value() in it; its stubs take a StringField only.
        return super().__call__(field, **kwargs)  # type: ignore[arg-type]


class ScoreStepsField(Field):
    """Lines of "from score: minimum", the first maybe "below: minimum"; blank means None."""

    widget = LinesArea()
    data: list[list[int | None]] | None

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
                # The examples are what the field reads ("below" included): never translated.
                raise ValueError(_("Line %(number)s: write a score, a colon and the minimum, "
                                   "like %(example)s (or %(first)s on the first line).",
                                   number=number, example="15,000: 90", first="below: 50"))
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


class NamedNumbersField(Field):
    """Names with a number each, as "9: 5, 8: 5" or "sevens 1"; blank is none.

    ``upper`` writes the names in capitals (card ranks), else in small letters (book codes).
    """

    widget = UntypedTextInput()
    data: dict[str, int]

    def __init__(self, label: str | LazyString, upper: bool = False, example: str = "9: 5",
                 **kwargs: Any) -> None:
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
                raise ValueError(_("Write each as a name and a number, like %(example)s.",
                                   example=self.example))
            name = match[1].upper() if self.upper else match[1].lower()
            self.data[name] = _number(match[2])

    def _value(self) -> str:
        if self.raw_data:
            return str(self.raw_data[0])
        return ", ".join(f"{name}: {number}" for name, number in (self.data or {}).items())


class NotesField(Field):
    """Notes for the table, one a line."""

    widget = LinesArea()
    data: list[str]

    def process_data(self, value: Any) -> None:
        self.data = [str(note) for note in value or []]

    def process_formdata(self, valuelist: list[Any]) -> None:
        if valuelist:
            self.data = [line.strip() for line in str(valuelist[0]).splitlines() if line.strip()]

    def _value(self) -> str:
        return str(self.raw_data[0]) if self.raw_data else "\n".join(self.data or [])
