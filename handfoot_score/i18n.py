"""The languages of the app: which one a request gets, its catalogue, and the engine's
problems in words.

The catalogues (``translations/<locale>/LC_MESSAGES/messages.po``) are committed as text
and compiled in memory when the app starts, so nothing else needs running. A page's
language is the one this device picked at the foot of a page (a cookie), else the phone's
(``Accept-Language``); the JSON API answers in ``Accept-Language`` only.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from io import BytesIO

from babel import support
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from flask import Flask, has_request_context, request
from flask_babel import Babel, Domain, get_locale, get_translations

from handfoot_score import PROJECT_ROOT
from handfoot_score.engine.errors import Problem

#: Every language the app speaks, English first (the words in the code).
LOCALES = ("en", "et", "de", "gd", "ja", "it")
#: Each language in its own words, as the picker at the foot of every page shows it.
LANGUAGE_NAMES = {"en": "English", "et": "Eesti", "de": "Deutsch", "gd": "Gàidhlig",
                  "ja": "日本語", "it": "Italiano"}
COOKIE = "lang"
TRANSLATIONS = PROJECT_ROOT / "translations"


def catalogue_path(locale: str) -> str:
    """Where a language's catalogue is kept."""
    return str(TRANSLATIONS / locale / "LC_MESSAGES" / "messages.po")


@cache
def compiled(locale: str) -> support.Translations:
    """One language's catalogue, compiled from its ``.po`` file once per process."""
    if locale == "en":
        return support.Translations()
    with open(catalogue_path(locale), "rb") as po:
        catalogue = read_po(po, locale=locale)
    mo = BytesIO()
    write_mo(mo, catalogue, use_fuzzy=False)
    mo.seek(0)
    return support.Translations(fp=mo)


class _CompiledDomain(Domain):
    """Flask-Babel's domain, reading the catalogues compiled in memory."""

    def get_translations(self) -> support.NullTranslations:
        locale = get_locale()
        return compiled(str(locale) if str(locale) in LOCALES else "en")


class _Babel(Babel):
    @property
    def domain_instance(self) -> Domain:
        return _DOMAIN


_DOMAIN = _CompiledDomain()


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
    return str(locale) if locale is not None else "en"


def language_context() -> dict[str, object]:
    """Every page knows its language, for ``<html lang>`` and the picker."""
    return {"locale": current_locale(), "language_names": LANGUAGE_NAMES}


def init_i18n(app: Flask) -> None:
    """Give the app its languages, and compile every catalogue now rather than mid-game."""
    _Babel(app, locale_selector=select_locale)
    app.context_processor(language_context)
    for locale in LOCALES:
        compiled(locale)


def _shown(value: object) -> object:
    """A problem's value as the reader's language writes it: numbers grouped the local way."""
    if isinstance(value, int) and not isinstance(value, bool):
        from handfoot_score.web.formats import points

        return points(value)
    return value


def say(problem: Problem) -> str:
    """A problem (or a warning) of the engine or the services, in the words of the request's
    language with its numbers written the language's way; English outside a request."""
    if not has_request_context():
        return problem.text
    values: Mapping[str, object] = {key: _shown(value) for key, value in problem.values.items()}
    translations = get_translations()
    if problem.plural is not None:
        count = problem.values.get("num", 0)
        words = translations.ungettext(problem.message, problem.plural,
                                       count if isinstance(count, int) else 0)
    else:
        words = translations.ugettext(problem.message)
    return words % values if values else words
