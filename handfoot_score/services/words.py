"""The service layer's words for people, in the language of the request being answered.

Messages that exceptions carry (a conflict, a busy database, a wrong edit code) are put in
words when raised, which is inside the request, so they are in its language; outside a
request they are English. Flask-Babel ships no type information: these give it. ``say``
is the one way a ``Problem`` is put in words, the pages' and the services' alike.
"""

from __future__ import annotations

from babel.lists import format_list
from flask import has_request_context
from flask_babel import get_locale as _get_locale
from flask_babel.speaklater import LazyString

from handfoot_score.languages.i18n import catalogue, say

__all__ = ["gettext", "lazy_gettext", "names_list", "ngettext", "say"]


def gettext(message: str, **values: object) -> str:
    """``message`` in the request's language, ``%(name)s`` filled from ``values``."""
    if not has_request_context():
        return message % values if values else message
    # As Flask-Babel's ``gettext`` says it, from the catalogue looked up once a request:
    # the count page says some fifty words here, and Flask-Babel looks the catalogue up
    # for each.
    words: str = catalogue().ugettext(message)
    return words % values if values else words


def lazy_gettext(message: str, **values: object) -> LazyString:
    """``message`` put in words when it is shown, by ``gettext`` above, in the language of
    the request showing it (a form's labels and hints, made once a process). As Flask-Babel's
    ``lazy_gettext``, but from the catalogue looked up once a request: the count page shows
    some sixty, and Flask-Babel looks the catalogue up for each."""
    return LazyString(gettext, message, **values)


def ngettext(singular: str, plural: str, num: int, **values: object) -> str:
    """The singular or the plural for ``num`` in the request's language (``%(num)s`` is it)."""
    if not has_request_context():
        return (singular if num == 1 else plural) % {"num": num, **values}
    words: str = catalogue().ungettext(singular, plural, num)
    return words % {"num": num, **values}


def names_list(names: list[str]) -> str:
    """Names people typed, listed as the request's language lists them ("Us and Them")."""
    if len(names) == 1:
        return names[0]
    locale = _get_locale() if has_request_context() else None
    return str(format_list(names, locale=str(locale) if locale is not None else "en"))
