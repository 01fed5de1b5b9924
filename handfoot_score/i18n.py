"""The languages of the app: which one a request gets, its catalogue, and the engine's
problems in words.

The catalogues (``translations/<locale>/LC_MESSAGES/messages.po``) are committed as text
and compiled in memory when the app starts, so nothing else needs running. A page's
language is the one this device picked at the foot of a page (a cookie), else the phone's
(``Accept-Language``); the JSON API answers in ``Accept-Language`` only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from io import BytesIO

from babel import Locale, support
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from flask import Flask, has_request_context, request
from flask_babel import Babel, Domain, _get_current_context, get_locale
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

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
        return translations()


def translations() -> support.NullTranslations:
    """The catalogue of the request's language, found once per request.

    A page asks for a hundred words, each through this; the language is chosen once per
    request, so the catalogue is kept where Flask-Babel keeps the request's language
    (``refresh()`` and ``force_locale()`` clear it there when the language changes).
    """
    context = _get_current_context()
    if context is None:
        return compiled("en")
    found: support.NullTranslations | None = getattr(context, "babel_translations", None)
    if found is None:
        locale = str(get_locale())
        found = compiled(locale if locale in LOCALES else "en")
        context.babel_translations = found
    return found


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
    return _code(locale) if locale is not None else "en"


@cache
def _code(locale: Locale) -> str:
    """A language's code, worked out once per language: every number on a page asks."""
    return str(locale)


def language_context() -> dict[str, object]:
    """Every page knows its language, for ``<html lang>`` and the picker, and has its
    words' catalogue at hand: ``_()`` and ``{% trans %}`` then look each word up in it,
    not the request's language again for each of a page's hundred words."""
    catalogue = translations()
    gettext = _page_gettext(catalogue)
    return {"locale": current_locale(), "language_names": LANGUAGE_NAMES,
            "_": gettext, "gettext": gettext, "ngettext": _page_ngettext(catalogue)}


def _page_gettext(catalogue: support.NullTranslations) -> Callable[..., str]:
    """Jinja's new-style ``gettext`` (escaped, formatted with its values) on one catalogue."""
    look_up = catalogue.ugettext

    @pass_context
    def gettext(context: Context, message: str, /, **values: object) -> str:
        words = look_up(message)
        return (Markup(words) if context.eval_ctx.autoescape else words) % values
    return gettext


def _page_ngettext(catalogue: support.NullTranslations) -> Callable[..., str]:
    """Jinja's new-style ``ngettext`` on one catalogue; ``num`` is the count unless given."""
    look_up = catalogue.ungettext

    @pass_context
    def ngettext(context: Context, singular: str, plural: str, num: int, /,
                 **values: object) -> str:
        values.setdefault("num", num)
        words = look_up(singular, plural, num)
        return (Markup(words) if context.eval_ctx.autoescape else words) % values
    return ngettext


def init_i18n(app: Flask) -> None:
    """Give the app its languages, and compile every catalogue now rather than mid-game."""
    _Babel(app, locale_selector=select_locale)
    # The templates' words go straight to the request's catalogue, not through
    # Flask-Babel's domain lookup on every word.
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda s: translations().ugettext(s),
        ngettext=lambda s, p, n: translations().ungettext(s, p, n),
        newstyle=True,
        pgettext=lambda c, s: translations().upgettext(c, s),
        npgettext=lambda c, s, p, n: translations().unpgettext(c, s, p, n),
    )
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
    catalogue = translations()
    if problem.plural is not None:
        count = problem.values.get("num", 0)
        words = catalogue.ungettext(problem.message, problem.plural,
                                       count if isinstance(count, int) else 0)
    else:
        words = catalogue.ugettext(problem.message)
    return words % values if values else words
