"""The kinds of mistake the engine can point at, each naming the team and field."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input: which team (or None), which field, and why."""

    field: str
    message: str
    team: int | None = None

    def as_dict(self) -> dict[str, object]:
        """The problem as the JSON API reports it."""
        return {"team": self.team, "field": self.field, "message": self.message}


class EngineError(ValueError):
    """Base of the engine's errors: carries one or more problems."""

    def __init__(self, problems: list[Problem] | Problem) -> None:
        self.problems: tuple[Problem, ...] = (
            (problems,) if isinstance(problems, Problem) else tuple(problems)
        )
        super().__init__("; ".join(_describe(p) for p in self.problems))


def _describe(problem: Problem) -> str:
    where = problem.field if problem.team is None else f"team {problem.team + 1} {problem.field}"
    return f"{where}: {problem.message}"


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
