"""Flask-WTF's ``FlaskForm``, the base of every page's form, with the types Flask-WTF does
not ship.

The type checker sees WTForms' ``Form`` (typed by its stubs) with the methods of
Flask-WTF's public API the pages call; at run time the name is Flask-WTF's own class,
unchanged. Every form imports its base from here, so the description lives in one place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

__all__ = ["FlaskForm"]

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from typing import Any

    from markupsafe import Markup
    from wtforms import Field, Form

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
    from flask_wtf import FlaskForm
