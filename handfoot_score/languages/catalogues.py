"""The catalogues of translations, kept in step with the words the code asks for by Babel's
own commands (``pybabel``), run with this project's settings:

``flask --app app translations update`` extracts every message the code and the templates
mark into ``translations/messages.pot``, brings each language's ``messages.po`` up to date
(new messages arrive untranslated, messages no longer asked for are dropped) and compiles
them; ``translations compile`` compiles the ``.po`` files into the ``messages.mo`` files the
app reads (run it after translating); ``translations check`` lists what is missing or
wrong; ``translations add xx`` starts a new language.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from tempfile import TemporaryDirectory

import click
from babel.messages.catalog import Catalog, Message
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po
from flask.cli import AppGroup

from handfoot_score import PROJECT_ROOT
from handfoot_score.languages.i18n import LOCALES, TRANSLATIONS

#: What marks a message besides gettext's usual names (``N_`` among them): the engine's
#: ``counted`` (its second and third arguments are the words for one and for many), and the
#: lazy forms the forms' labels use.
KEYWORDS = ("counted:2,3", "_l", "lazy_gettext", "lazy_ngettext:1,2")
TEMPLATE = TRANSLATIONS / "messages.pot"
#: How wide Babel writes a catalogue's lines, as the committed ones are. (The template is
#: also written sorted, which the catalogues follow, and without line numbers, so a moved
#: line changes no catalogue.)
WIDTH = "100"
_PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")

translations = AppGroup("translations", help="Keep the catalogues in step with the code.")


def pybabel(command: str, *arguments: str) -> None:
    """Run one of Babel's own commands, as ``pybabel command arguments...`` would."""
    # Babel's command line carries no type hints.
    status = CommandLineInterface().run(  # type: ignore[no-untyped-call]
        ["pybabel", "--quiet", command, *arguments])
    if status:
        # Babel has said what is wrong (a catalogue that does not compile, say).
        raise click.ClickException(f"pybabel {command} failed")


def extract_to(template: Path) -> None:
    """Write every message the code and the templates ask to translate into ``template``."""
    pybabel("extract", "--mapping-file", str(PROJECT_ROOT / "babel.cfg"),
            *(f"--keyword={keyword}" for keyword in KEYWORDS),
            "--add-comments", "TRANSLATORS:", "--strip-comments", "--no-location",
            "--sort-output", "--width", WIDTH, "--project", "handfoot_score",
            "--output-file", str(template), str(PROJECT_ROOT))


def extract() -> Catalog:
    """Every message the code and the templates ask to translate (no file is written)."""
    with TemporaryDirectory() as folder:
        template = Path(folder) / "messages.pot"
        extract_to(template)
        return read(template)


def read(path: Path | str, locale: str | None = None) -> Catalog:
    """A catalogue (or the template) as it is written."""
    with open(path, "rb") as po:
        return read_po(po, locale=locale)


def catalogue_path(locale: str) -> Path:
    """Where a language's catalogue is kept."""
    return TRANSLATIONS / locale / "LC_MESSAGES" / "messages.po"


def compile_catalogues(folder: Path | str = TRANSLATIONS) -> None:
    """Compile every language's ``messages.po`` in ``folder`` into its ``messages.mo``."""
    pybabel("compile", "--directory", str(folder))


def placeholders(text: str) -> set[str]:
    """The ``%(name)s`` values a message fills in."""
    return set(_PLACEHOLDER.findall(text))


def missing(locale: str, template: Catalog | None = None) -> Iterator[str]:
    """What is wrong with one language's catalogue, one line each: a message it lacks or
    leaves empty or fuzzy, or a translation that drops or invents a placeholder."""
    template = template or extract()
    catalogue = read(catalogue_path(locale), locale)
    for message in template:
        if not message.id:
            continue
        translated = catalogue.get(message.id)
        yield from _wrong(locale, message, translated)


def _texts(words: str | tuple[str, ...] | list[str] | None) -> tuple[str, ...]:
    """A message's words: one text for a plain message, one for each form of a plural."""
    if words is None:
        return ("",)
    return (words,) if isinstance(words, str) else tuple(words)


def _wrong(locale: str, message: Message, translated: Message | None) -> Iterator[str]:
    ids = _texts(message.id)
    key = ids[0]
    if translated is None or translated.fuzzy:
        yield f"{locale}: no translation of {key!r}"
        return
    texts = _texts(translated.string)
    if not all(texts):
        yield f"{locale}: no translation of {key!r}"
        return
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
    """Extract the messages, write messages.pot, update and compile every catalogue."""
    extract_to(TEMPLATE)
    pybabel("update", "--input-file", str(TEMPLATE), "--output-dir", str(TRANSLATIONS),
            "--no-fuzzy-matching", "--ignore-obsolete", "--width", WIDTH)
    compile_catalogues()
    template = read(TEMPLATE)
    for locale in LOCALES[1:]:
        click.echo(f"{locale}: {len(list(missing(locale, template)))} messages to translate")


@translations.command("compile")
def compile_command() -> None:
    """Compile every catalogue into the messages.mo the app reads."""
    compile_catalogues()
    click.echo(f"compiled {', '.join(LOCALES[1:])}")


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
    extract_to(TEMPLATE)
    pybabel("init", "--input-file", str(TEMPLATE), "--output-dir", str(TRANSLATIONS),
            "--locale", locale, "--width", WIDTH)
    click.echo(f"wrote {catalogue_path(locale)}: translate it, then add {locale!r} to "
               "LOCALES and run translations compile")
