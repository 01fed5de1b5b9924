"""How the templates are read: without the indentation that only helps their authors.

A phone at the card table downloads every byte of a page (issue #10 keeps each page under
30 KB), and an indented template sends its indentation too. Stripping the spaces that
start each line when a template is read costs nothing per request, and HTML shows the
same: a line break still separates the words on either side. No template has a ``<pre>``
or ``<textarea>`` whose lines it would change. ``babel.cfg`` reads templates through the
same extension, so the catalogues' messages are the words the pages ask for.
"""

from __future__ import annotations

import re

from flask import Flask
from jinja2.ext import Extension

_INDENT = re.compile(r"\n[ \t]+")


class StripIndent(Extension):
    """Drop the spaces and tabs that start each line of a template's source."""

    def preprocess(self, source: str, name: str | None, filename: str | None = None) -> str:
        return _INDENT.sub("\n", source)


def configure_templates(app: Flask) -> None:
    """Read templates without indentation; a ``{% trans %}`` block is one line of words."""
    app.jinja_env.add_extension(StripIndent)
    app.jinja_env.policies["ext.i18n.trimmed"] = True
