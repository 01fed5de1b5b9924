"""One team's count in the round tally form: its cards on the table and left (or their
points), books, red threes, and the inputs only some house rules ask for; and the one way
what its inputs hold becomes the team's tally (``team_tally``)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from flask_babel.speaklater import LazyString
from wtforms import BooleanField, Field, HiddenField
from wtforms.form import Form
from wtforms.widgets import NumberInput

from handfoot_score.engine.books import MIXED_WILD, BookKind
from handfoot_score.engine.cards import CardKind, Rank, group_name, ranks_of, run_parts
from handfoot_score.engine.rules import RuleSet
from handfoot_score.engine.tally import COUNT_FIELDS, LEFT_FIELDS, MELDED_FIELDS
from handfoot_score.services.words import gettext as _
from handfoot_score.services.words import lazy_gettext as _l
from handfoot_score.web.shared.kind_words import BOOK_WORDS, CARD_WORDS

# Whole numbers only; anything else goes to the service as typed, to be refused there in
# the words the JSON API uses. Twelve digits keep int() far from its length limit.
_WHOLE = re.compile(r"-?[0-9]{1,12}")


#: The JSON tally parts a team counts in card kinds or, in points mode, as plain points.
CARD_PARTS = ("melded", "left")


class CountField(Field):
    """A count typed: blank is 0 and is shown blank, so typing 6 gives 6; text that is no
    whole number is kept."""

    # Text that is no count is kept, for the service to refuse in the JSON API's words: a
    # number input, not an IntegerField, whose data is a number only.
    widget = NumberInput()
    data: int | str | None

    def process_formdata(self, valuelist: list[Any]) -> None:
        """Read the typed text; the service judges anything that is not a count."""
        if valuelist:
            self.data = typed_count(valuelist[0])

    def _value(self) -> str:
        if self.raw_data:
            return str(self.raw_data[0])
        return "" if self.data in (None, 0) else str(self.data)

    def set(self, value: int | str | None) -> None:
        """Show ``value`` instead of whatever was typed."""
        self.data = value
        self.raw_data = None


def typed_count(typed: object) -> int | str:
    """A count as typed: blank is 0, a whole number its number, anything else the text."""
    text = str(typed).strip()
    if not text:
        return 0
    return int(text) if _WHOLE.fullmatch(text) else text


def count_field(label: str | LazyString, description: str | LazyString | None = None
                ) -> CountField:
    """A count input that is 0 until something is typed."""
    # The description names the input in the error summary, where its group is not seen.
    return CountField(label, default=0, description=description or label)


class _CountWay(Form):
    """How a team's count is typed: card by card or in points, and which of its saves the
    page showed."""

    points_mode = BooleanField(_l("Count in points instead"))
    # The version of the team's count saved from its own phone that the page showed, 0 for
    # none: a save based on an older one is refused rather than overwriting it unseen.
    part_version = HiddenField()
    # Which way the page showed the counts, so a switch ticked without JavaScript shows
    # the points inputs before anything is saved.
    points_shown = HiddenField()


class _CardInputs(_CountWay):
    """A count of each kind of card on the table and left: melded_jokers, ...,
    left_black_threes (made after the choice and before the rest of the count, the order
    the page shows them)."""


# Added to the class by name, as WTForms adds fields to a form class made before them.
for _name, _kind in COUNT_FIELDS:
    setattr(_CardInputs, f"melded_{_name}",
            count_field(CARD_WORDS[_kind].label, CARD_WORDS[_kind].on_the_table))
for _name, _kind in COUNT_FIELDS:
    setattr(_CardInputs, f"left_{_name}",
            count_field(CARD_WORDS[_kind].label, CARD_WORDS[_kind].left))


class TeamTallyForm(_CardInputs):
    """One team's count: cards on the table and left (or their points), books, red threes.

    Every rule set gets a subclass with a field for each of its special books.
    """

    melded_points = count_field(_l("Points on the table"))
    left_points = count_field(_l("Points left in hands and feet"), _l("Points left"))
    books_clean = count_field(BOOK_WORDS[BookKind.CLEAN].label)
    books_dirty = count_field(BOOK_WORDS[BookKind.DIRTY].label)
    books_wild = count_field(BOOK_WORDS[BookKind.WILD].label)
    red_threes_down = count_field(_l("Red threes laid down"))
    red_threes_left = count_field(_l("Red threes caught"))
    exact_draws = count_field(_l("Exact draws"))

    def holds(self, name: str) -> object:
        """What the input ``name`` holds: the ``data`` that ``team_tally`` and its kin read."""
        return self[name].data

    def count(self, name: str) -> CountField:
        """The count input ``name`` (a form's inputs follow its rules, so are found by name)."""
        field = self[name]
        assert isinstance(field, CountField), name
        return field


def team_tally_form(rules: RuleSet) -> type[TeamTallyForm]:
    """The team form for these rules: a field for each special book and house-rule input."""
    specials: dict[str, Field] = {f"books_{book.id}": count_field(book.name)
                                  for book in rules.special_books}
    specials |= _house_rule_fields(rules)
    return type("TeamTally", (TeamTallyForm,), specials)


def counts_by_groups(rules: RuleSet) -> bool:
    """Whether the values by rank split a kind, so the page counts groups of equal value."""
    values = rules.card_values
    return bool(values.by_rank) and any(values.splits(kind) for _, kind in COUNT_FIELDS)


def rank_groups(rules: RuleSet, threes: bool) -> list[tuple[str, str, int]]:
    """(name in a tally's by_rank, words, value) of every group of equal value, in the
    order of the kinds; black threes only where ``threes``."""
    return [(group_name(group.ranks), _one_rank(group.ranks[0]) if len(group.ranks) == 1
             else _run_words(group.ranks), group.value)
            for _, kind in COUNT_FIELDS if threes or kind is not CardKind.BLACK_THREE
            for group in rules.card_values.groups_of(kind)]


def _run_words(ranks: tuple[Rank, ...]) -> str:
    """A run of ranks as the reader's language says it: "8 to King", "8 and 9"."""
    phrase, low, high = run_parts(ranks)
    return _(phrase, low=_(low), high=_(high))


def _one_rank(rank: Rank) -> str:
    """A rank counted on its own: named as its kind where the kind has no other rank
    ("Aces"), else in plain figures ("Ks")."""
    return str(CARD_WORDS[rank.kind].label) if len(ranks_of(rank.kind)) == 1 else f"{rank}s"


def _house_rule_fields(rules: RuleSet) -> dict[str, Field]:
    """A team's inputs that only some house rules ask for: groups of equal value, mixed
    wild books, laying down first."""
    fields: dict[str, Field] = {}
    if counts_by_groups(rules):
        for part in CARD_PARTS:
            for name, words, _value in rank_groups(rules, True):
                description = (_("%(cards)s on the table", cards=words) if part == "melded"
                               else _("%(cards)s left", cards=words))
                fields[f"{part}_by_rank_{name.replace('-', '_')}"] = count_field(
                    words, description)
    if rules.books.mixed_wild is not None:
        fields[f"books_{MIXED_WILD}"] = count_field(BOOK_WORDS[MIXED_WILD].label)
    if rules.first_meld_bonus:
        fields["first_meld"] = BooleanField(_l("Laid down first"))
    return fields


def card_keys(rules: RuleSet, part: str) -> tuple[str, ...]:
    """The card kinds counted on the table (``melded``) or in hands and feet (``left``).

    Black threes are melded only where a special book is made of them, or by the team
    going out where the rules say so. Where the values by rank split a kind, every card
    is counted in the groups of equal value the rules make (``by_rank_8_9``).
    """
    threes = part == "left" or rules.black_threes_melded
    if counts_by_groups(rules):
        return tuple(f"by_rank_{name.replace('-', '_')}"
                     for name, _words, _value in rank_groups(rules, threes))
    if part == "left":
        return LEFT_FIELDS
    return MELDED_FIELDS + (("black_threes",) if threes else ())


def book_kinds(rules: RuleSet) -> tuple[str, ...]:
    """The books these rules score: clean, dirty, wild where allowed, special books."""
    wild = ("wild",) if rules.books.wild is not None else ()
    mixed = (MIXED_WILD,) if rules.books.mixed_wild is not None else ()
    return ("clean", "dirty", *wild, *mixed, *(book.id for book in rules.special_books))


def team_tally(rules: RuleSet, data: Callable[[str], Any], went_out: bool) -> dict[str, Any]:
    """A team's tally in the JSON shape the service reads, from what its inputs hold
    (``data`` of an input's name, as the team form names them): the one way the form's
    inputs become a tally."""
    tally: dict[str, Any] = {}
    for part in CARD_PARTS:
        if data("points_mode"):
            tally[part] = {"points": data(f"{part}_points")}
        elif counts_by_groups(rules):
            tally[part] = {"by_rank": {
                key.removeprefix("by_rank_").replace("_", "-"): data(f"{part}_{key}")
                for key in card_keys(rules, part)}}
        else:
            tally[part] = {key: data(f"{part}_{key}") for key in card_keys(rules, part)}
    tally["books"] = {kind: data(f"books_{kind}") for kind in book_kinds(rules)}
    tally["red_threes_down"] = data("red_threes_down")
    tally["red_threes_left"] = data("red_threes_left")
    if rules.exact_draw_bonus > 0:
        tally["exact_draws"] = data("exact_draws")
    if rules.first_meld_bonus:
        tally["first_meld"] = bool(data("first_meld"))
    tally["went_out"] = went_out
    return tally


def counted_nothing(rules: RuleSet, data: Callable[[str], Any]) -> bool:
    """Whether a team counted no card, on the table nor left (blank and 0 are nothing)."""
    return not any(
        counted(data(f"{part}_points")) if data("points_mode")
        else any(counted(data(f"{part}_{key}")) for key in card_keys(rules, part))
        for part in CARD_PARTS)


def switch_flipped(data: Callable[[str], object]) -> bool:
    """Whether a team's points switch was flipped since the page showed its inputs (``data``
    of an input's name, as for ``team_tally``)."""
    return bool(data("points_mode")) != (data("points_shown") == "1")


def asked_about(empty_ok: str | None) -> set[str]:
    """The teams (their numbers) a save already asked about having nothing counted, as the
    page sends them back in ``empty_ok``."""
    return set((empty_ok or "").split())


def counted(value: object) -> bool:
    """Whether anything but blank or 0 was entered in a count."""
    return value not in (None, 0, "")
