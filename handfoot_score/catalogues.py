"""The catalogues of translations, kept in step with the words the code asks for.

``flask --app app translations update`` reads every message the code and the templates mark
(as ``pybabel extract`` would with ``babel.cfg`` and the keywords below), writes
``translations/messages.pot`` and brings each language's ``messages.po`` up to date: new
messages arrive untranslated, messages no longer asked for are dropped.
``flask --app app translations check`` lists what is missing; ``flask --app app translations
add xx`` starts a new language. The app compiles the ``.po`` files itself when it starts
(``handfoot_score.i18n``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import click
from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po
from flask.cli import AppGroup

from handfoot_score import PROJECT_ROOT
from handfoot_score.i18n import LOCALES, TRANSLATIONS, catalogue_path

#: What marks a message: gettext's usual names, the engine's ``N_`` and ``counted`` (its
#: second and third arguments are the words for one and for many), and the lazy forms the
#: forms' labels use.
KEYWORDS = {**DEFAULT_KEYWORDS, "counted": (2, 3), "_l": None, "lazy_gettext": None,
            "lazy_ngettext": (1, 2)}
TEMPLATE = TRANSLATIONS / "messages.pot"
_PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")

translations = AppGroup("translations", help="Keep the catalogues in step with the code.")


def extract() -> Catalog:
    """Every message the code and the templates ask to translate."""
    with open(PROJECT_ROOT / "babel.cfg", encoding="utf-8") as config:
        method_map, options_map = parse_mapping_cfg(config)
    catalogue = Catalog(project="handfoot_score", fuzzy=False)
    for filename, line, message, comments, context in extract_from_dir(
            str(PROJECT_ROOT), method_map, options_map, KEYWORDS,
            comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
        catalogue.add(message, None, [(filename, line)], auto_comments=comments,
                      context=context)
    return catalogue


def read(locale: str) -> Catalog:
    """One language's catalogue as committed."""
    with open(catalogue_path(locale), "rb") as po:
        return read_po(po, locale=locale)


def write(catalogue: Catalog, path: Path | str) -> None:
    """Write a catalogue without line numbers, so a moved line changes no catalogue."""
    with open(path, "wb") as po:
        write_po(po, catalogue, width=100, no_location=True, sort_output=True,
                 include_previous=False, ignore_obsolete=True)


def placeholders(text: str) -> set[str]:
    """The ``%(name)s`` values a message fills in."""
    return set(_PLACEHOLDER.findall(text))


def missing(locale: str, template: Catalog | None = None) -> Iterator[str]:
    """What is wrong with one language's catalogue, one line each: a message it lacks or
    leaves empty or fuzzy, or a translation that drops or invents a placeholder."""
    template = template or extract()
    catalogue = read(locale)
    for message in template:
        if not message.id:
            continue
        translated = catalogue.get(message.id)
        yield from _wrong(locale, message, translated)


def _wrong(locale: str, message: Message, translated: Message | None) -> Iterator[str]:
    key = message.id if isinstance(message.id, str) else message.id[0]
    if translated is None or translated.fuzzy:
        yield f"{locale}: no translation of {key!r}"
        return
    texts = translated.string if isinstance(translated.string, tuple) else (translated.string,)
    if not all(texts):
        yield f"{locale}: no translation of {key!r}"
        return
    ids = message.id if isinstance(message.id, tuple) else (message.id,)
    wanted = set().union(*(placeholders(text) for text in ids))
    for text in texts:
        found = placeholders(text)
        # A language may say "one" in words for the count of one, and leave ``num`` out.
        dropped = wanted - found - ({"num"} if len(texts) > 1 else set())
        if dropped or found - wanted:
            yield (f"{locale}: {key!r} is translated {text!r}, which fills "
                   f"{sorted(found)} instead of {sorted(wanted)}")
        if "%" in _PLACEHOLDER.sub("", text).replace("%%", ""):
            yield f"{locale}: {text!r} (for {key!r}) has a % that is not a placeholder"


@translations.command("update")
def update_command() -> None:
    """Extract the messages, write messages.pot and update every language's catalogue."""
    template = extract()
    write(template, TEMPLATE)
    for locale in LOCALES[1:]:
        catalogue = read(locale)
        catalogue.update(template, no_fuzzy_matching=True)
        write(catalogue, catalogue_path(locale))
        click.echo(f"{locale}: {len(list(missing(locale, template)))} messages to translate")


@translations.command("check")
def check_command() -> None:
    """List every message some language lacks; fail if there is one."""
    template = extract()
    problems = [line for locale in LOCALES[1:] for line in missing(locale, template)]
    for line in problems:
        click.echo(line)
    click.echo(f"{len(template)} messages, {len(problems)} problems")
    if problems:
        raise SystemExit(1)


@translations.command("add")
@click.argument("locale")
def add_command(locale: str) -> None:
    """Start a catalogue for a new language (then add it to LOCALES in i18n.py)."""
    Locale.parse(locale)
    catalogue = Catalog(locale=locale, project="handfoot_score")
    catalogue.update(extract(), no_fuzzy_matching=True)
    path = Path(catalogue_path(locale))
    path.parent.mkdir(parents=True, exist_ok=True)
    write(catalogue, path)
    click.echo(f"wrote {path}: translate it, then add {locale!r} to LOCALES")
