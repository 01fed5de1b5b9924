"""The round tally form: what every team counted in one round, as the page shows it.

The form's inputs go to the one tally reader in the JSON shape the API sends
(``to_teams``, read by ``services.tallies.read_entered``, which names each mistake the same
way for both), so the page, its live preview and the JSON API all score through one service
path; the form is filled from the engine's ``Tally`` a game stores (``from_tallies``). Each
team's inputs are a ``team_tally_form``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

from flask_babel import get_locale
from wtforms import Field, FieldList, FormField, HiddenField, RadioField

from handfoot_score.engine.books import MIXED_WILD
from handfoot_score.engine.cards import CardKind
from handfoot_score.engine.errors import Problem
from handfoot_score.engine.rules import RuleSet
from handfoot_score.engine.tally import COUNT_FIELDS, Points, RankCounts, Tally
from handfoot_score.engine.warnings import CARDS
from handfoot_score.languages.i18n import say
from handfoot_score.services.typed_in import whole_number
from handfoot_score.services.words import gettext as _
from handfoot_score.web.counting.team_tally_form import (
    CARD_PARTS,
    TeamTallyForm,
    asked_about,
    book_kinds,
    card_keys,
    counted_nothing,
    rank_groups,
    switch_flipped,
    team_tally,
    team_tally_form,
)
from handfoot_score.web.shared.flask_form import FlaskForm, SelectChoice
from handfoot_score.web.shared.formats import points as _points
from handfoot_score.web.shared.tally_words import all_and, problem_words

#: Form classes kept, one for each rule set, teams and language a table counts with lately.
FORM_CLASSES_KEPT = 256
NOBODY_WENT_OUT = "nobody"


@dataclass(frozen=True)
class ErrorLink:
    """One line of the error summary: whose input, which one, what is wrong."""

    text: str
    target: str | None

    def as_dict(self) -> dict[str, str | None]:
        """The line as the preview's JSON carries it."""
        return {"text": self.text, "input": self.target}


class RoundTallyForm(FlaskForm):
    """Every team's tally for one round, with who went out and what guards the save.

    Build it with ``for_game``: the teams and the rules decide which fields it has.
    """

    request_key = HiddenField()
    version = HiddenField()
    # The teams the save already asked about ("Foxes has nothing counted"), by position, so
    # it asks once.
    empty_ok = HiddenField()
    # The counts the save already warned about ("0:cards 1:melded.four_to_seven"), so it
    # asks once, and again if another count looks wrong.
    warned_ok = HiddenField()
    rules: RuleSet
    team_names: tuple[str, ...]
    #: The id of each count's description, by the count's field id.
    hint_ids: dict[str, str]
    teams: FieldList[FormField[TeamTallyForm]]
    went_out: RadioField

    @classmethod
    def for_game(cls, rules: RuleSet, team_names: Sequence[str], **kwargs: Any
                 ) -> RoundTallyForm:
        """The form for these rules and teams, read from the request when it was posted."""
        form_class = _form_class(cls, rules, tuple(team_names), str(get_locale()))
        form: RoundTallyForm = form_class(**kwargs)
        form.rules = rules
        form.team_names = tuple(team_names)
        # Each count's worth is its description: a short id for it, as the page has some 36.
        form.hint_ids = {field.id: f"h{team}-{number}" for team, entry in enumerate(form.teams)
                         for number, field in enumerate(entry.form)}
        return form

    @property
    def book_kinds(self) -> tuple[str, ...]:
        """The books these rules score: clean, dirty, wild where allowed, special books."""
        return book_kinds(self.rules)

    @property
    def counts_exact_draws(self) -> bool:
        """Whether these rules give an exact-draw bonus."""
        return self.rules.exact_draw_bonus > 0

    def card_keys(self, part: str) -> tuple[str, ...]:
        """The card kinds counted on the table (``melded``) or left (``left``)."""
        return card_keys(self.rules, part)

    def card_fields(self, team: int, part: str) -> list[Field]:
        """The inputs of one team's cards on the table or left, kind by kind."""
        entry = self.teams[team]
        return [entry[f"{part}_{key}"] for key in self.card_keys(part)]

    def book_fields(self, team: int) -> list[Field]:
        """The inputs of one team's books."""
        entry = self.teams[team]
        return [entry[f"books_{kind}"] for kind in self.book_kinds]

    def hints(self) -> dict[str, str]:
        """What each input of a team is worth, by field name, shown under its label."""
        rules = self.rules
        bonuses = {"clean": rules.books.clean, "dirty": rules.books.dirty,
                   "wild": rules.books.wild or 0, MIXED_WILD: rules.books.mixed_wild or 0,
                   **{book.id: book.bonus for book in rules.special_books}}
        hints = {f"{part}_{key}": _each(rules.card_values.of(kind))
                 for part in CARD_PARTS for key, kind in COUNT_FIELDS}
        hints |= {f"{part}_by_rank_{name.replace('-', '_')}": _each(value)
                  for part in CARD_PARTS for name, _words, value in rank_groups(rules, True)}
        hints["first_meld"] = _("%(points)s points; one team a round",
                                points=_points(rules.first_meld_bonus))
        hints["red_threes_down"] = (_each(rules.red_three.down) if rules.red_three.down
                                    else _("No points under these rules, but count them"))
        if rules.red_three.down_when_not_out is not None:
            hints["red_threes_down"] = _("%(points)s each if this team went out, else %(other)s",
                                         points=_points(rules.red_three.down),
                                         other=_points(rules.red_three.down_when_not_out))
        hints |= {f"books_{kind}": _each(bonus) for kind, bonus in bonuses.items()}
        # Caught in a hand or foot: the label says so, the column is the cards left.
        hints["red_threes_left"] = _each(-rules.red_three.left)
        hints["exact_draws"] = _each(rules.exact_draw_bonus)
        hints["melded_points"] = _("What all cards in books and melds are worth, no bonuses")
        hints["left_points"] = _("What all cards in hands and feet are worth; taken off")
        return hints

    def to_teams(self) -> list[dict[str, Any]]:
        """Every team's inputs in the JSON shape the tally reader reads."""
        return [self._tally(team) for team in range(len(self.teams))]

    def part(self, team: int) -> dict[str, Any]:
        """One team's inputs, saved as that team's own count, for the tally reader."""
        return self._tally(team)

    def part_versions(self) -> list[int | str]:
        """The count version of each team's saved count the page showed, for
        ``games.read_count_versions`` (text that is no number goes as it is, to be refused
        there)."""
        return [_count_version(entry.part_version.data) for entry in self.teams]

    def show_part_versions(self, versions: Sequence[int]) -> None:
        """Base the form on these versions of the teams' saved counts."""
        for entry, version in zip(self.teams, versions):
            entry.part_version.data = str(version)

    def _tally(self, team: int) -> dict[str, Any]:
        entry = self.teams[team]
        return team_tally(self.rules, entry.form.holds,
                          self.went_out.data == str(team))

    def from_tallies(self, tallies: Sequence[Tally]) -> None:
        """Show these tallies, each the way it was counted: kind by kind, by rank, or in
        points."""
        for team, tally in enumerate(tallies[:len(self.teams)]):
            entry = self.teams[team]
            in_points = any(isinstance(cards, Points) for cards in (tally.melded, tally.left))
            for part in CARD_PARTS:
                cards = tally.melded if part == "melded" else tally.left
                ranked = {f"by_rank_{group.replace('-', '_')}": count for group, count
                          in cards.as_words().items()} if isinstance(cards, RankCounts) else {}
                for key in self.card_keys(part):
                    entry.form.count(f"{part}_{key}").set(ranked.get(key, getattr(cards, key, 0)))
                # A tally from the API may give one part in points and the other in cards;
                # the page shows both in points then, the cards at their face value.
                entry.form.count(f"{part}_points").set(
                    cards.points if isinstance(cards, Points)
                    else cards.face_value(self.rules.card_values) if in_points else 0)
            entry.points_mode.data = in_points
            books = tally.books.as_counts()
            for kind in self.book_kinds:
                entry.form.count(f"books_{kind}").set(books.get(kind, 0))
            for key in ("red_threes_down", "red_threes_left", "exact_draws"):
                entry.form.count(key).set(getattr(tally, key))
            if self.rules.first_meld_bonus:
                entry.first_meld.data = tally.first_meld
            if tally.went_out:
                self.went_out.data = str(team)
        self.show_chosen_modes()

    def nothing_counted(self, only: int | None = None) -> list[int]:
        """The teams (or the ``only`` one shown) with no card counted, on the table nor left,
        that the save has not asked about yet."""
        asked = asked_about(self.empty_ok.data)
        return [team for team, entry in enumerate(self.teams)
                if only in (None, team) and str(team) not in asked
                and counted_nothing(self.rules, entry.form.holds)]

    @cached_property
    def grid_rows(self) -> dict[str, int]:
        """The row of each team's count in its grid on the page, by the end of its input's
        name: a row per kind of card on the table, a kind left beside it (a kind counted
        only left below them), red threes caught, exact draws where the rules count them
        (typed too), a row for the note on the taps, each book, red threes laid down, the
        points switch, then each team's score where teams share the grid (``preview``, the
        first team's row). Counted in points, points on the table and left take the first
        two rows."""
        melded = self.card_keys("melded")
        rows = {f"melded_{key}": row for row, key in enumerate(melded, 1)}
        rows |= {f"left_{key}": rows[f"melded_{key}"] for key in self.card_keys("left")
                 if key in melded}
        below = [f"left_{key}" for key in self.card_keys("left") if key not in melded]
        below += ["red_threes_left", *(["exact_draws"] if self.counts_exact_draws else []),
                  "tapped", *(f"books_{kind}" for kind in self.book_kinds), "red_threes_down",
                  "points_mode", "preview"]
        rows |= {name: row for row, name in enumerate(below, len(melded) + 1)}
        return rows | {"melded_points": 1, "left_points": 2}

    @cached_property
    def stacked_rows(self) -> dict[str, int]:
        """The row of each team's count when three teams share one grid on a phone, a
        column each (games/tally.html): too narrow for a kind on the table and left side by
        side, the page stacks them: the teams' names (three rows, "On the table" beside the
        last) and the kinds on the table, "Left in hands and feet" and its kinds with red
        threes caught, exact draws, the note on the taps, each book, red threes laid down,
        the points switch, then each team's score (``preview``, the first team's row).
        Counted in points, a part's points take its first row."""
        order = [*(f"melded_{key}" for key in self.card_keys("melded")),
                 "heading_left", *(f"left_{key}" for key in self.card_keys("left")),
                 "red_threes_left", *(["exact_draws"] if self.counts_exact_draws else []),
                 "tapped", *(f"books_{kind}" for kind in self.book_kinds), "red_threes_down",
                 "points_mode", "preview"]
        rows = {name: row for row, name in enumerate(order, 4)}
        return rows | {"heading_melded": 3, "melded_points": 4,
                       "left_points": rows["heading_left"] + 1}

    @cached_property
    def most(self) -> dict[str, int]:
        """The most each count can be, by the end of its input's name: every card of its
        kind in the game's decks, for points all the cards' worth: the input's max. Counts by
        rank and of books have none."""
        rules = self.rules
        most = {f"{part}_{key}": rules.supply(kind)
                for part in CARD_PARTS for key, kind in COUNT_FIELDS}
        red_threes = rules.supply(CardKind.RED_THREE)
        return most | {f"{part}_points": rules.most_points(part) for part in CARD_PARTS} | {
            "red_threes_left": red_threes, "red_threes_down": red_threes}

    @property
    def counted_alike(self) -> bool:
        """Whether every team is shown counting the same way: all card by card, or all in
        points (two such teams on one phone share one grid)."""
        return len({entry.points_shown.data == "1" for entry in self.teams}) == 1

    def has_counts(self, team: int) -> bool:
        """Whether a team has a card counted, on the table or left: its count's problems are
        shown from then on, not before anything is typed."""
        return not counted_nothing(self.rules, self.teams[team].form.holds)

    def ask_about(self, teams: Sequence[int]) -> str:
        """Note that the save asked about these teams; the question, naming them."""
        self.empty_ok.data = " ".join(str(team) for team in teams)
        names = [self.team_names[team] for team in teams]
        return _("Nothing is counted for %(teams)s on the table or left in hands and feet "
                 "— save anyway? Press Save again to save, or count first.",
                 teams=all_and(names))

    def not_asked_yet(self, warnings: Sequence[Mapping[str, Any]], only: int | None = None
                      ) -> list[Mapping[str, Any]]:
        """The warnings about counts (of the ``only`` team shown) the save has not asked
        about yet; who went out is the page's own question, asked there, and a team's cards
        all told are not asked about again once the save asked if it has nothing counted."""
        asked = set((self.warned_ok.data or "").split())
        empty = asked_about(self.empty_ok.data)
        return [warning for warning in warnings
                if warning["team"] is not None and only in (None, warning["team"])
                and _warned(warning) not in asked
                and not (warning["field"] == CARDS and str(warning["team"]) in empty)]

    def ask_about_warnings(self, warnings: Sequence[Mapping[str, Any]]) -> str:
        """Note that the save asked about these warnings; the question, naming the teams."""
        asked = set((self.warned_ok.data or "").split()) | {_warned(w) for w in warnings}
        self.warned_ok.data = " ".join(sorted(asked))
        teams = sorted({int(warning["team"]) for warning in warnings})
        return _("Some counts of %(teams)s look unlikely (the warnings say which) — save "
                 "anyway? Press Save again to save, or check them first.",
                 teams=all_and([self.team_names[team] for team in teams]))

    def mode_changed(self) -> bool:
        """Whether a team's points switch was flipped since the page showed its inputs."""
        return any(switch_flipped(entry.form.holds) for entry in self.teams)

    def show_chosen_modes(self) -> None:
        """Show each team's inputs the way its points switch asks."""
        for entry in self.teams:
            entry.points_shown.data = "1" if entry.points_mode.data else ""

    def attach(self, problems: Sequence[Problem]) -> list[ErrorLink]:
        """Put each problem on the input it is about; the lines of the error summary."""
        for problem in map(self._in_words, problems):
            field = self._field_of(problem)
            if field is None:
                continue
            message = _sentence(say(problem))
            team = self._team_name(problem.team) if field is self.went_out else ""
            field.errors = [*field.errors, _where(team, message) if team else message]
        return [self.describe(problem) for problem in problems]

    def _in_words(self, problem: Problem) -> Problem:
        points = problem.team is not None and 0 <= problem.team < len(self.teams) and \
            bool(self.teams[problem.team].points_mode.data)
        return problem_words(problem, self.team_names, points)

    def describe(self, problem: Problem) -> ErrorLink:
        """A problem as one line naming the team and input, linked to that input."""
        problem = self._in_words(problem)
        field = self._field_of(problem)
        if field is None:
            # A warning about a team's cards all told is about no one count: the team says it.
            name = _plain(problem.field) if problem.team is not None and \
                problem.field != CARDS else ""
            target = None
        else:
            name = str(field.description or field.label.text)
            target = f"{field.id}-0" if field is self.went_out else field.id
        where = " — ".join(part for part in (self._team_name(problem.team), name) if part)
        message = _sentence(say(problem))
        return ErrorLink(_where(where, message) if where else message, target)

    def refusals(self, only: int | None = None) -> list[ErrorLink]:
        """What ``validate`` refused: a choice that is not offered, or none made (on the
        ``only`` team's own page, whether that team went out)."""
        links = []
        for name, messages in self.errors.items():
            if name == "went_out" and only is not None:
                team = self._team_name(only)
                asked = _("Choose \u201c%(yes)s\u201d or \u201c%(no)s\u201d.",
                          yes=_("Yes, %(team)s went out", team=team), no=_("No"))
                self.went_out.errors = [asked]
                links.append(ErrorLink(_("Did %(team)s go out?", team=team) + " " + asked,
                                       f"{self.went_out.id}-{only}"))
            elif name == "went_out":
                asked = _("Choose a team, or \u201c%(nobody)s\u201d.",
                          nobody=_("No one: the stock ran out"))
                self.went_out.errors = [asked]
                links.append(ErrorLink(_("Who went out: %(problem)s", problem=asked),
                                       f"{self.went_out.id}-0"))
            else:
                links += [ErrorLink(str(message), None) for message in messages]
        return links

    def _field_of(self, problem: Problem) -> Field | None:
        if problem.field == "went_out":
            return self.went_out
        if problem.team is None or not 0 <= problem.team < len(self.teams):
            return None
        entry = self.teams[problem.team]
        name = ("books_clean" if problem.field == "books"
                else re.sub(r"[.-]", "_", problem.field))
        if name not in entry.form:
            return None
        field = entry[name]
        return field if self._shown(problem.team, field) else None

    def _shown(self, team: int, field: Field) -> bool:
        entry = self.teams[team]
        shown = [*self.book_fields(team), entry.red_threes_down, entry.red_threes_left]
        if self.counts_exact_draws:
            shown.append(entry.exact_draws)
        if self.rules.first_meld_bonus:
            shown.append(entry.first_meld)
        for part in CARD_PARTS:
            shown += [entry[f"{part}_points"]] if entry.points_mode.data \
                else self.card_fields(team, part)
        return any(field is other for other in shown)

    def _team_name(self, team: int | None) -> str:
        if team is None or not 0 <= team < len(self.team_names):
            return ""
        return self.team_names[team]


def _count_version(typed: str | None) -> int | str:
    """A saved count's version as the page sent it, 0 for none: its number, or the text that
    is no number, for ``games.read_count_versions`` to refuse."""
    text = typed or "0"
    number = whole_number(text)
    return text if number is None else number


@lru_cache(maxsize=FORM_CLASSES_KEPT)
def _form_class(base: type[RoundTallyForm], rules: RuleSet, team_names: tuple[str, ...],
                locale: str) -> type[RoundTallyForm]:
    """The form class for these rules and teams in the reader's language (its labels are
    said in it): made once and kept, as WTForms sorts a class's fields when first used."""
    team_form = team_tally_form(rules)
    # The teams first: a round mostly ends with one going out, the stock rarely runs out.
    choices = [*(SelectChoice(str(i), name) for i, name in enumerate(team_names)),
               SelectChoice(NOBODY_WENT_OUT, _("No one: the stock ran out"))]
    return type("RoundTally", (base,), {
        "teams": FieldList(FormField(team_form), min_entries=len(team_names),
                           max_entries=len(team_names)),
        "went_out": RadioField(_("Who went out?"), choices=choices, default=None),
    })


def _sentence(message: str) -> str:
    """A message as a sentence: its first letter a capital (in any language that has them)."""
    return message[:1].upper() + message[1:]


def _each(points: int) -> str:
    """Points a card or book is worth, written the reader's way: "1,500 each", "je 1.500"."""
    return _("%(points)s each", points=_points(points))


def _warned(warning: Mapping[str, Any]) -> str:
    """A warning as the form remembers it was asked about: its team and count."""
    return f"{warning['team']}:{warning['field']}"


def _where(where: str, message: str) -> str:
    """A problem after the team or input it is about: "Owls — Clean books: Must be ..."."""
    return _("%(where)s: %(problem)s", where=where, problem=message)


def _plain(field: str) -> str:
    """A field path as words, for problems no input shows (``request_key``)."""
    return field.replace(".", " ").replace("_", " ").capitalize()
