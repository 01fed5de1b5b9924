"""The score sheet: each team's round totals, and everything that follows from them.

Running totals, a team's score before a round, the meld minimums that follow the score and
the winners are worked out here and nowhere else.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from .rules import RuleSet
from .table import winners


@dataclass(frozen=True)
class Scoresheet:
    """The rounds recorded so far, each as every team's round total (team by position).

    >>> from handfoot_score.engine.presets import PRESETS
    >>> sheet = Scoresheet(PRESETS["classic"], 2).with_round((120, -35)).with_round((40, 300))
    >>> sheet.running_totals
    ((120, -35), (160, 265))
    >>> sheet.totals_before(2), sheet.totals
    ((120, -35), (160, 265))
    """

    rules: RuleSet
    team_count: int
    rounds: tuple[tuple[int, ...], ...] = ()

    def __post_init__(self) -> None:
        if self.team_count < 1:
            raise ValueError(f"a score sheet needs at least one team, not {self.team_count}")
        if len(self.rounds) > len(self.rules.rounds):
            raise ValueError(f"these rules have {len(self.rules.rounds)} rounds, "
                             f"not {len(self.rounds)}")
        for number, row in enumerate(self.rounds, start=1):
            if len(row) != self.team_count:
                raise ValueError(f"round {number} has {len(row)} totals for "
                                 f"{self.team_count} teams")

    @classmethod
    def of(cls, rules: RuleSet, team_count: int, rounds: Iterable[Sequence[int]]
           ) -> Scoresheet:
        """A sheet of the rounds recorded, each as every team's round total."""
        return cls(rules, team_count, tuple(tuple(row) for row in rounds))

    def with_round(self, totals: Sequence[int]) -> Scoresheet:
        """This sheet with the next round's totals added."""
        return Scoresheet(self.rules, self.team_count, (*self.rounds, tuple(totals)))

    @cached_property
    def running_totals(self) -> tuple[tuple[int, ...], ...]:
        """Each team's total after each round."""
        totals = (0,) * self.team_count
        rows = []
        for row in self.rounds:
            totals = tuple(total + points for total, points in zip(totals, row))
            rows.append(totals)
        return tuple(rows)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each team's total so far."""
        return self.running_totals[-1] if self.rounds else (0,) * self.team_count

    def totals_before(self, round_number: int) -> tuple[int, ...]:
        """Each team's total before round ``round_number`` was played (the rounds before it
        must be on the sheet)."""
        if not 1 <= round_number <= len(self.rounds) + 1:
            raise ValueError(f"round {round_number} does not follow the "
                             f"{len(self.rounds)} rounds on the sheet")
        return self.running_totals[round_number - 2] if round_number > 1 \
            else (0,) * self.team_count

    def totals_after(self, round_number: int, round_totals: Sequence[int]) -> tuple[int, ...]:
        """Each team's total after round ``round_number`` if it scored ``round_totals``, the
        rounds after it left out (a round being counted, or corrected, before it is saved).

        >>> from handfoot_score.engine.presets import PRESETS
        >>> Scoresheet(PRESETS["classic"], 2).with_round((120, -35)).totals_after(2, (5, 50))
        (125, 15)
        """
        return tuple(total + points
                     for total, points in zip(self.totals_before(round_number), round_totals))

    def meld_minimums(self, round_number: int) -> tuple[int, ...]:
        """Each team's opening-meld minimum in a round (they differ where it follows the
        score)."""
        return tuple(self.rules.meld_minimum(round_number, score)
                     for score in self.totals_before(round_number))

    @property
    def complete(self) -> bool:
        """Every round of the rules is on the sheet."""
        return len(self.rounds) == len(self.rules.rounds)

    @property
    def winners(self) -> tuple[int, ...]:
        """Team positions with the highest total once every round is played, else none."""
        return winners(self.totals) if self.complete else ()
