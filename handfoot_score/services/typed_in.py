"""What players type in, held to one policy on SQLite and PostgreSQL alike.

Names and codes are text a person could type: no control characters, no NUL (PostgreSQL
cannot store it) and no lone UTF-16 surrogate (no database can encode it); a name fits its
column even after case-folding, since a roster keys names by their folded spelling (60 × "ß"
folds to 120 characters). Counts, ids and versions typed into a form or an address are ASCII
digits within what an integer column holds: "²" and "١" are digits to Python, not to us.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterator
from datetime import date
from typing import Any

from handfoot_score.engine.errors import MOST_PROBLEMS, N_, Problem

from .errors import InvalidInput

#: The most characters of a team's or a player's name.
MAX_NAME = 60
#: The largest number an INTEGER column holds on PostgreSQL (and the most our ids reach).
STORED_INT_MAX = 2**31 - 1
#: Digits a stored number can have, leading zeros aside.
_MOST_DIGITS = len(str(STORED_INT_MAX))
#: Leading zeros allowed before a number is refused as too long to be typed by hand.
_MOST_TYPED = 20
#: The characters no database stores: NUL, and the halves of a UTF-16 pair on their own
#: (every field of every form is searched for them, so in one pass of the regex engine).
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
#: Whitespace that tidying a name turns into a space, so it is not refused.
_SPACING = frozenset("\t\n\r")

#: The earliest and latest day people may type for a game played or a season started:
#: what a table means, not all that dates can hold.
FIRST_DAY, LAST_DAY = date(1900, 1, 1), date(9999, 12, 31)


def unstorable(text: str) -> str | None:
    """What makes ``text`` impossible to store on one of the databases, or None.

    >>> unstorable("Ann"), unstorable("a\\x00"), unstorable("x\\ud800")
    (None, 'must not hold the NUL character', 'must not hold a lone UTF-16 surrogate')
    """
    found = _UNSTORABLE.search(text)
    if found is None:
        return None
    if found.group() == "\x00":
        return N_("must not hold the NUL character")
    return N_("must not hold a lone UTF-16 surrogate")


def untypable(text: str) -> str | None:
    """What makes ``text`` no name or code a person types (control characters included), or
    None; tabs and line breaks are spacing and pass.

    >>> untypable("Ann\\tLee"), untypable("Ann\\x07")
    (None, 'must not hold control characters')
    """
    problem = unstorable(text)
    if problem is not None:
        return problem
    if any(unicodedata.category(c) == "Cc" and c not in _SPACING for c in text):
        return N_("must not hold control characters")
    return None


def fits(name: str, limit: int) -> bool:
    """Whether ``name`` and its case-folded key both fit a column of ``limit`` characters.

    >>> fits("ß" * 60, 60), fits("ß" * 30, 60)
    (False, True)
    """
    return 0 < len(name) <= limit and len(name.casefold()) <= limit


def tidy_name(value: object, limit: int) -> str | None:
    """A name with its spacing tidied, or None unless it is typable text of 1 to ``limit``
    characters, case-folded included.

    >>> tidy_name("  Ann   Lee ", 60), tidy_name("Ann\\x00", 60), tidy_name("ß" * 60, 60)
    ('Ann Lee', None, None)
    """
    if not isinstance(value, str) or untypable(value) is not None:
        return None
    name = " ".join(value.split())
    return name if fits(name, limit) else None


def read_name(value: object, limit: int, field: str, team: int | None = None
              ) -> str | Problem:
    """``value`` as a name or a line of text (``tidy_name``), or the problem that refuses it,
    naming ``field`` (and ``team``): every name typed is refused in the same words.

    >>> read_name("  Ann   Lee ", 60, "name")
    'Ann Lee'
    >>> print(read_name("Ann\\x07", 60, "name"))
    must be text of 1 to 60 characters, no control characters
    """
    name = tidy_name(value, limit)
    return text_problem(field, limit, team) if name is None else name


def text_problem(field: str, limit: int, team: int | None = None) -> Problem:
    """The problem of text that is no text of 1 to ``limit`` characters without control
    characters, in the words every such field is refused with."""
    return Problem(field, N_("must be text of 1 to %(most)s characters, no control characters"),
                   team, {"most": limit})


def read_names(value: object, limit: int, most_names: int, field: str,
               team: int | None = None) -> tuple[str, ...] | Problem:
    """``value`` as a list of up to ``most_names`` names (``tidy_name``, each of 1 to
    ``limit`` characters), or the problem that refuses it, naming ``field`` (and ``team``).

    >>> read_names([" Ann ", "Bob"], 60, 3, "players")
    ('Ann', 'Bob')
    >>> print(read_names(["Ann", ""], 60, 3, "players"))
    must list up to 3 names of 1 to 60 characters, no control characters
    """
    names = [tidy_name(name, limit) for name in value] if isinstance(value, list) else [None]
    if None in names or len(names) > most_names:
        return Problem(field, N_("must list up to %(players)s names of 1 to %(most)s "
                                 "characters, no control characters"), team,
                       {"players": most_names, "most": limit})
    return tuple(name for name in names if name is not None)


def whole_number(text: object, maximum: int = STORED_INT_MAX) -> int | None:
    """The number ``text`` spells in ASCII digits, if it is from 0 to ``maximum``; else None.

    >>> whole_number("12"), whole_number("²"), whole_number("0" * 400), whole_number("9" * 5000)
    (12, None, None, None)
    """
    if not isinstance(text, str) or not 0 < len(text) <= _MOST_TYPED:
        return None
    if not (text.isascii() and text.isdigit()) or len(text.lstrip("0")) > _MOST_DIGITS:
        return None
    number = int(text)
    return number if number <= maximum else None


def fits_column(number: int) -> bool:
    """Whether a whole number fits an INTEGER column (a total, a count, a version).

    >>> fits_column(2**31 - 1), fits_column(2**31), fits_column(-(2**31))
    (True, False, True)
    """
    return -STORED_INT_MAX - 1 <= number <= STORED_INT_MAX


def read_json(text: str) -> object:
    """The value JSON ``text`` holds. Raises ValueError (``json``'s own) when it is not JSON,
    and InvalidInput naming each key an object gives twice, where ``json.loads`` would keep
    the last one silently: which value was meant cannot be told, and another reader of the
    same bytes may keep the first.

    >>> read_json('{"name": "Club", "name": "Other"}')
    Traceback (most recent call last):
    handfoot_score.services.errors.InvalidInput: name: is given twice in one object
    """
    return json.loads(text, object_pairs_hook=_once_each)


def _once_each(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object of JSON as a dict, unless it gives a key twice."""
    found = dict(pairs)
    if len(found) == len(pairs):
        return found
    seen: set[str] = set()
    twice: dict[str, None] = {}
    for key, _ in pairs:
        if key in seen:
            twice[key] = None
        seen.add(key)
    # Named as JSON spells it, within ASCII: a key may hold what no page can show (NUL).
    raise InvalidInput([Problem(json.dumps(key)[1:-1], N_("is given twice in one object"))
                        for key in list(twice)[:MOST_PROBLEMS]])


def unstorable_strings(value: object) -> Iterator[tuple[str, str]]:
    """Each place in decoded JSON holding a key or string that cannot be stored, as the path
    to it (``teams.0.name``) and what is wrong; walked without recursion, however deep, and
    spelling a path only where something is wrong (a body may hold a million places).

    >>> list(unstorable_strings({"teams": [{"name": "A\\x00"}]}))
    [('teams.0.name', 'must not hold the NUL character')]
    """
    path: list[object] = []  # the keys down to the container being walked; the body's is ""
    waiting: list[Iterator[tuple[object, object]]] = [iter((("", value),))]
    while waiting:
        for key, item in waiting[-1]:
            # Decoded JSON holds just these types: asking for them is quicker than isinstance.
            if type(item) is str:
                problem = unstorable(item)
                if problem is not None:
                    yield _spelled([*path, key]), problem
            elif type(item) is list:
                path.append(key)
                waiting.append(iter(enumerate(item)))
                break
            elif type(item) is dict:
                path.append(key)
                inner: list[tuple[object, object]] = []
                for name, held in item.items():
                    problem = unstorable(str(name))
                    if problem is None:
                        inner.append((name, held))
                    else:
                        # The key cannot be named as it is (nor echoed back): name where it is.
                        yield _spelled(path), \
                            "has a key " + problem.replace("must not hold", "holding")
                waiting.append(iter(inner))
                break
        else:
            waiting.pop()
            if path:
                path.pop()


def _spelled(path: list[object]) -> str:
    """A path of keys from the body down, as the API names a field: ``teams.0.name``."""
    return ".".join(map(str, path[1:])) or "body"
