"""``FlaskForm``, the base of every page's form: Flask-WTF's, reading the posted names'
entry numbers by the one policy of ``services.typed_in``, with the types Flask-WTF does not
ship.

A list's entries are numbered in the posted names (``teams-1-name`` is team 1's). WTForms
takes any Unicode digits there for a number and fails on "²" or 5,000 digits (a 500), so the
base's ``Meta.wrap_formdata`` (WTForms' documented hook for the posted data) drops, before
any field reads them, the names numbered with what is no stored whole number: such a name is
no entry, and the form answers as it does without it.

The type checker sees WTForms' ``Form`` (typed by its stubs) with the methods of
Flask-WTF's public API the pages call. Every form imports its base from here, so the
description lives in one place; so do WTForms 3.3's ``Choice`` and ``SelectChoice``, which
its stubs (describing 3.2) leave out.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from werkzeug.datastructures import MultiDict
from wtforms import Field, Form

# New in WTForms 3.3; its stubs describe 3.2. The one import every form takes them from.
from wtforms.fields.choices import Choice, SelectChoice  # type: ignore[attr-defined]

from handfoot_score.engine.errors import Problem
from handfoot_score.languages.i18n import say
from handfoot_score.services.typed_in import whole_number

__all__ = ["Choice", "FlaskForm", "SelectChoice", "misnumbered", "show_problems",
           "without_misnumbered"]

#: What separates the parts of a posted name: WTForms' own default.
SEPARATOR = "-"


def misnumbered(name: str) -> bool:
    """Whether a posted name holds a part WTForms would take for an entry's number (any
    Unicode digits) that is no stored whole number.

    >>> misnumbered("teams-1-name"), misnumbered("teams-²-name"), misnumbered("t-" + "9" * 5000)
    (False, True, True)
    >>> misnumbered("teams-0-players-١"), misnumbered("teams-x-name"), misnumbered("csrf_token")
    (True, False, False)
    """
    return any(part.isdigit() and whole_number(part) is None
               for part in name.split(SEPARATOR))


def without_misnumbered(formdata: MultiDict[str, Any] | None) -> MultiDict[str, Any] | None:
    """The posted data without its misnumbered names; itself when it has none.

    >>> without_misnumbered(MultiDict([("teams-²-name", "A"), ("n", "1"), ("n", "2")]))
    MultiDict([('n', '1'), ('n', '2')])
    """
    if formdata is None or not any(misnumbered(name) for name in formdata):
        return formdata
    return MultiDict([(name, value) for name in formdata if not misnumbered(name)
                      for value in formdata.getlist(name)])


def show_problems(form: Form, problems: Iterable[Problem], fallback: Field) -> None:
    """Put a service's problems beside the fields they name, in the page's language; a
    problem naming no field of the form goes beside ``fallback``."""
    for problem in problems:
        field = form[problem.field] if problem.field in form else fallback
        field.errors = [*field.errors, say(problem)]


if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from markupsafe import Markup

    class FlaskForm(Form):
        """A WTForms form read from the request, with Flask-WTF's CSRF token."""

        def is_submitted(self) -> bool:
            """Whether the request posts a form."""

        def validate_on_submit(
                self, extra_validators: Mapping[str, Sequence[Any]] | None = None) -> bool:
            """Whether the request posts this form and every field is valid."""

        def hidden_tag(self, *fields: Field | str) -> Markup:
            """The form's hidden inputs (its CSRF token among them), written out."""
else:
    import flask_wtf

    class FlaskForm(flask_wtf.FlaskForm):
        """A WTForms form read from the request, with Flask-WTF's CSRF token."""

        class Meta(flask_wtf.FlaskForm.Meta):
            """Flask-WTF's options, with the posted data read by the house's policy."""

            def wrap_formdata(self, form, formdata):
                """The posted data as Flask-WTF finds it, without misnumbered names."""
                return without_misnumbered(super().wrap_formdata(form, formdata))
