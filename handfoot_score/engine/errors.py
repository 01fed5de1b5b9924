"""The kinds of mistake the engine can point at, each naming the team and field."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from itertools import islice


def N_(message: str) -> str:
    """Mark ``message`` for the catalogues (``pybabel extract``); it is translated at the edge."""
    return message


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input: which team (or None), which field, and why.

    ``message`` is the code of the problem: its English words with ``%(name)s`` where a
    value goes (the key of its translations in every catalogue), and ``values`` fill them.
    A message that counts something gives its ``plural`` too, and counts with ``num``.
    The web and the API put it in the reader's language (``handfoot_score.languages.i18n.say``).
    """

    field: str
    message: str
    team: int | None = None
    values: Mapping[str, object] = dataclass_field(default_factory=dict, hash=False)
    plural: str | None = None

    @property
    def text(self) -> str:
        """The problem in English words, values filled in."""
        words = self.message
        if self.plural is not None and self.values.get("num") != 1:
            words = self.plural
        return words % self.values if self.values else words

    def __str__(self) -> str:
        """The English words (a page that has not put the problem in its language yet)."""
        return self.text

    def as_dict(self) -> dict[str, object]:
        """The problem as the JSON API reports it (in English; the API translates it)."""
        return {"team": self.team, "field": self.field, "message": self.text}


def counted(field: str, singular: str, plural: str, num: int, team: int | None = None,
            **values: object) -> Problem:
    """A problem that counts something: its words for one and for many (marked for the
    catalogues as a plural pair), ``num`` the count.

    >>> counted("books", "needs %(num)s book", "needs %(num)s books", 3).text
    'needs 3 books'
    """
    return Problem(field, singular, team, {"num": num, **values}, plural)


#: The most problems one error carries: more than a table's worst round has (six teams,
#: every field wrong), few enough that the answer naming them stays small whatever was sent.
MOST_PROBLEMS = 200


class EngineError(ValueError):
    """Base of the engine's errors: carries one or more problems (the first MOST_PROBLEMS)."""

    def __init__(self, problems: Iterable[Problem] | Problem) -> None:
        self.problems: tuple[Problem, ...] = (
            (problems,) if isinstance(problems, Problem)
            else tuple(islice(problems, MOST_PROBLEMS))
        )
        super().__init__("; ".join(_describe(p) for p in self.problems))


def _describe(problem: Problem) -> str:
    where = problem.field if problem.team is None else f"team {problem.team + 1} {problem.field}"
    return f"{where}: {problem.text}"


class InvalidRules(EngineError):
    """A rule set that cannot be played: a negative bonus, no rounds, ..."""


class UnknownRules(LookupError):
    """No preset or saved rule set has this id."""

    def __init__(self, rules_id: str) -> None:
        self.rules_id = rules_id
        super().__init__(f"unknown rules {rules_id!r}")


class InvalidTally(EngineError):
    """A tally that cannot be true under the rules: more cards than the decks hold, ..."""


class UnknownCard(EngineError):
    """A card name the meld checker cannot read."""
