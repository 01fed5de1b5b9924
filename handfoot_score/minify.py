"""Scripts, stylesheets and the web manifest as a phone gets them: without the comments and
spaces that keep the files in static/ readable.

A phone at the card table downloads every byte on a first visit (issue #10: at most 30 KB a
page), and comments are for the people who edit the files, not for the browser. Only what
a browser reads the same way is dropped: the result means exactly what the file means.
"""

from __future__ import annotations

import json
import re

import rjsmin

#: A CSS string (kept as it is) or comment (dropped).
_CSS_STRING_OR_COMMENT = re.compile(r"""("(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*')|/\*.*?\*/""", re.S)
_CSS_STRING = re.compile(r"""("(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*')""")
#: A space no browser needs: beside a brace, semicolon, comma or child combinator, or
#: after a colon. (Not before a colon: "a :hover" is not "a:hover". Not beside + or -,
#: which calc() needs spaced, nor beside a parenthesis: "and (" needs its space.)
_CSS_SPACE = re.compile(r" ?([{};,>]) ?|(:) ")
#: The zero before a decimal point: 0.5rem is .5rem.
_CSS_LEADING_ZERO = re.compile(r"(?<![\w.#-])0(\.[0-9])")


def javascript(source: str) -> str:
    """The script without comments and the spaces and line breaks it does not need."""
    return str(rjsmin.jsmin(source, keep_bang_comments=False)).strip()


def css(source: str) -> str:
    """The stylesheet without comments, spaces between rules, or a rule's last semicolon.

    >>> css('a > b { margin: 0.5rem 10.5px; } /* why */ p { font: 1rem "Segoe UI", serif; }')
    'a>b{margin:.5rem 10.5px}p{font:1rem "Segoe UI",serif}'
    """
    without_comments = _CSS_STRING_OR_COMMENT.sub(lambda m: m[1] or " ", source)
    return "".join(piece if quoted else _tidy_css(piece) for piece, quoted in
                   _pieces(_CSS_STRING, without_comments)).strip()


def _pieces(quoted: re.Pattern[str], text: str) -> list[tuple[str, bool]]:
    """The text cut into the parts ``quoted`` matches (True) and those between (False)."""
    parts = quoted.split(text)
    return [(part, index % 2 == 1) for index, part in enumerate(parts) if part]


def _tidy_css(code: str) -> str:
    """CSS outside strings, its spaces cut to those a browser needs."""
    code = _CSS_SPACE.sub(lambda m: m[1] or m[2], re.sub(r"\s+", " ", code))
    return _CSS_LEADING_ZERO.sub(r"\1", code.replace(";}", "}"))


def manifest(source: str) -> str:
    """The JSON without the spaces and line breaks that indent it."""
    return json.dumps(json.loads(source), ensure_ascii=False, separators=(",", ":"))
