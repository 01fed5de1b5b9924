"""The languages of the app: which one a request gets, how it writes a number, and the
engine's problems in its words.

The catalogues are ``translations/<locale>/LC_MESSAGES/messages.po``, compiled by Babel
(``flask --app app translations compile``) into the ``messages.mo`` beside each, which is
committed too, so a fresh clone needs no build step; Flask-Babel loads them as it always
does. A page's language is the one this device picked at the foot of a page (a cookie),
else the phone's (``Accept-Language``); the JSON API answers in ``Accept-Language`` only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from decimal import Decimal
from functools import cache, lru_cache
from typing import Protocol, runtime_checkable

from babel import Locale
from babel.numbers import format_decimal
from babel.support import Translations
from flask import Flask, g, has_request_context, request
from flask_babel import Babel, get_locale, get_translations

from handfoot_score import PROJECT_ROOT
from handfoot_score.engine.errors import Problem

#: Every language the app speaks, English first (the words in the code).
LOCALES = ("en", "et", "de", "gd", "ja", "it")
#: Each language in its own words, as the picker at the foot of every page shows it.
LANGUAGE_NAMES = {"en": "English", "et": "Eesti", "de": "Deutsch", "gd": "Gàidhlig",
                  "ja": "日本語", "it": "Italiano"}
COOKIE = "lang"
#: Where a request keeps its catalogue once looked up (``flask.g``).
_CATALOGUE = "catalogue"
TRANSLATIONS = PROJECT_ROOT / "translations"
#: A real minus sign: wider than a hyphen, so a negative score is hard to misread.
MINUS = "\u2212"


def chosen_locale() -> str | None:
    """The language this device picked, if it picked one of ours."""
    chosen = request.cookies.get(COOKIE)
    return chosen if chosen in LOCALES else None


def select_locale() -> str:
    """The language of this request: the device's choice (pages only), else the phone's."""
    if not request.path.startswith("/api/"):
        chosen = chosen_locale()
        if chosen:
            return chosen
    return request.accept_languages.best_match(LOCALES) or "en"


def current_locale() -> str:
    """The language of the request being answered ("en" outside a request)."""
    locale = get_locale()
    return _code(locale) if locale is not None else "en"


@cache
def _code(locale: Locale) -> str:
    """A language's code, worked out once per language: every number on a page asks."""
    return str(locale)


@lru_cache(maxsize=8192)
def _grouped(value: int | Decimal, locale: str, pattern: str | None = None) -> str:
    """``value`` with the digits grouped as ``locale`` groups them (a score sheet repeats)."""
    return format_decimal(value, format=pattern, locale=locale).replace("-", MINUS)


def number(value: int | Decimal, pattern: str | None = None) -> str:
    """A number as the request's language writes it: digits grouped the local way
    (``4,430``, ``4.430``, ``4 430``) and a real minus sign; ``pattern`` is Babel's."""
    return _grouped(value, current_locale(), pattern)


def language_context() -> dict[str, object]:
    """Every page knows its language, for ``<html lang>`` and the picker."""
    return {"locale": current_locale(), "language_names": LANGUAGE_NAMES}


def catalogue() -> Translations:
    """The catalogue of the request's language, looked up once per request: a page asks it
    for some ninety words, and Flask-Babel's ``get_translations`` works out the locale anew
    each time it is asked."""
    found: Translations | None = g.get(_CATALOGUE)
    if found is None:
        found = get_translations()
        setattr(g, _CATALOGUE, found)
    return found


@runtime_checkable
class GettextEnvironment(Protocol):
    """A Jinja environment with the i18n extension Flask-Babel adds, which puts this method
    on it (Jinja's ``Environment.extend``, documented with the extension), where Jinja's
    types cannot show it."""

    def install_gettext_callables(
            self, gettext: Callable[[str], str], ngettext: Callable[[str, str, int], str],
            newstyle: bool | None = None, pgettext: Callable[[str, str], str] | None = None,
            npgettext: Callable[[str, str, str, int], str] | None = None) -> None:
        """Give templates these functions for their words."""


def init_i18n(app: Flask) -> None:
    """Give the app its languages: Flask-Babel with the compiled catalogues, choosing each
    request's language with ``select_locale``; templates take their words from the request's
    catalogue (Jinja's own ``install_gettext_callables``, as Flask-Babel calls it, with the
    catalogue looked up once a request)."""
    Babel(app, locale_selector=select_locale,
          default_translation_directories=str(TRANSLATIONS))
    environment = app.jinja_env
    if not isinstance(environment, GettextEnvironment):
        raise RuntimeError("Flask-Babel has not given Jinja its i18n extension")
    environment.install_gettext_callables(
        gettext=lambda message: catalogue().ugettext(message),
        ngettext=lambda singular, plural, n: catalogue().ungettext(singular, plural, n),
        newstyle=True,
        pgettext=lambda context, message: catalogue().upgettext(context, message),
        npgettext=lambda context, singular, plural, n: catalogue().unpgettext(
            context, singular, plural, n),
    )
    # Jinja's ``_`` looks ``gettext`` up in the template's context on every call, so that a
    # context may bring its own; none of ours does, and a page says some hundred words
    # (the round screen: 0.2 ms of its 2.6 ms of templates). ``_`` is that ``gettext``.
    app.jinja_env.globals["_"] = app.jinja_env.globals["gettext"]
    app.context_processor(language_context)


def _shown(value: object) -> object:
    """A problem's value as the reader's language writes it: numbers grouped the local way."""
    if isinstance(value, int) and not isinstance(value, bool):
        return number(value)
    return value


def say(problem: Problem) -> str:
    """A problem (or a warning) of the engine or the services, in the words of the request's
    language with its numbers written the language's way; English outside a request."""
    if not has_request_context():
        return problem.text
    values: Mapping[str, object] = {key: _shown(value) for key, value in problem.values.items()}
    # Looked up in the catalogue, not through ``ngettext``: the count picks the plural form,
    # while the ``num`` the words show is the count written the language's way.
    words_of = catalogue()
    if problem.plural is not None:
        count = problem.values.get("num", 0)
        words: str = words_of.ungettext(problem.message, problem.plural,
                                        count if isinstance(count, int) else 0)
    else:
        words = words_of.ugettext(problem.message)
    return words % values if values else words
