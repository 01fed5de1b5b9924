"""Part 1, the scoring engine: tallies scored per second on one core, every check on.

The rounds are realistic and mixed: every preset and a house-rule set with a special book
and minimums that follow the score; two and three teams; cards counted kind by kind or
as points; books, red threes, exact draws and one team going out. Each round gets a rule
set of its own, read from JSON as a request reads it, so nothing computed for one round's
rules is found again on the object for the next.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace

from handfoot_score.engine.checks import tally_problems
from handfoot_score.engine.presets import PRESETS
from handfoot_score.engine.rules import RuleSet
from handfoot_score.engine.rules_json import rules_from_dict, rules_to_dict
from handfoot_score.engine.scoring import score_round
from handfoot_score.engine.tally import CardCounts, Points, TableBooks, Tally

from .report import Row, median

TARGET = 100_000
#: One house-rule set beside the presets: a book of sevens, minimums that follow the score.
HOUSE = {"base": "classic", "id": "house-sevens", "name": "House sevens",
         "special_books": [{"id": "sevens", "name": "Book of sevens", "bonus": 1000,
                            "kind": "four_to_seven", "rank": "7"}],
         "meld_minimum_by_score": [[None, 50], [1500, 90], [3000, 120], [5000, 150]]}


@dataclass(frozen=True)
class Deal:
    """One round to score: its rules, its number and every team's tally."""

    rules: RuleSet
    number: int
    tallies: tuple[Tally, ...]


def rule_sets() -> list[dict[str, object]]:
    """Every rule set the rounds are played under, as stored with a game."""
    house = {**rules_to_dict(PRESETS["classic"]), **HOUSE}
    del house["base"]
    return [rules_to_dict(rules) for rules in PRESETS.values()] + [house]


def deals(count: int, seed: int = 7) -> list[Deal]:
    """``count`` valid rounds, drawn at random and kept only when the engine accepts them."""
    chance = random.Random(seed)
    stored = rule_sets()
    found: list[Deal] = []
    while len(found) < count:
        rules = rules_from_dict(chance.choice(stored))
        number = chance.randint(1, len(rules.rounds))
        teams = chance.choice((2, 2, 3))
        tallies = _round_tallies(chance, rules, number, teams)
        if not tally_problems(rules, number, tallies):
            found.append(Deal(rules, number, tallies))
    return found


def _round_tallies(chance: random.Random, rules: RuleSet, number: int, teams: int
                   ) -> tuple[Tally, ...]:
    goer = chance.randrange(teams) if chance.random() < 0.9 else None
    return tuple(_tally(chance, rules, number, team == goer, team) for team in range(teams))


def _tally(chance: random.Random, rules: RuleSet, number: int, went_out: bool, team: int
           ) -> Tally:
    needed = rules.round(number).going_out_books
    clean = max(needed.clean, chance.randint(0, 3)) if went_out else chance.randint(0, 2)
    dirty = max(needed.dirty, chance.randint(0, 2)) if went_out else chance.randint(0, 2)
    wild = needed.wild if went_out else int(rules.books.wild is not None and chance.random() < .1)
    special = ()
    if rules.special_books and chance.random() < 0.3:
        special = ((rules.special_books[0].id, 1),)
    naturals = 7 * clean + (rules.dirty_book_min_naturals or 0) * dirty + chance.randint(3, 12)
    if special:
        naturals += 7
    wilds = dirty * (7 - (rules.dirty_book_min_naturals or 0)) + 7 * wild + chance.randint(0, 3)
    sevens = 7 if special else 0
    aces = chance.randint(0, min(6, naturals - sevens))
    low = sevens + chance.randint(0, (naturals - aces - sevens) // 2)
    jokers = chance.randint(0, min(3, wilds))
    melded = CardCounts(jokers=jokers, twos=wilds - jokers, aces=aces,
                        eight_to_king=naturals - aces - low, four_to_seven=low)
    left = CardCounts() if went_out else CardCounts(
        jokers=chance.randint(0, 1), aces=chance.randint(0, 2),
        eight_to_king=chance.randint(0, 4), four_to_seven=chance.randint(0, 4),
        black_threes=chance.randint(0, 1))
    if chance.random() < 0.3:
        melded = Points(melded.face_value(rules.card_values))
    if chance.random() < 0.3:
        left = Points(left.face_value(rules.card_values))
    return Tally(
        melded=melded, left=left,
        books=TableBooks(clean=clean, dirty=dirty, wild=wild, special=special),
        red_threes_down=chance.randint(0, 2), red_threes_left=chance.randint(0, 1),
        went_out=went_out, exact_draws=int(rules.exact_draw_bonus > 0 and chance.random() < .2),
        name=f"Team {team + 1}", score_before=chance.randrange(-500, 8000, 5),
    )


def tallies_per_second(rounds: list[Deal], repeat: int) -> float:
    """Score every round ``repeat`` times on fresh rule sets; tallies scored per second."""
    batches = [[replace(deal, rules=_fresh(deal.rules)) for deal in rounds]
               for _ in range(repeat)]
    scored = sum(len(deal.tallies) for deal in rounds) * repeat
    began = time.process_time()
    for batch in batches:
        for deal in batch:
            score_round(deal.rules, deal.number, deal.tallies)
    return scored / (time.process_time() - began)


def _fresh(rules: RuleSet) -> RuleSet:
    """An equal rule set that is a new object, as each request reads its own."""
    return replace(rules)


def run(quick: bool) -> list[Row]:
    """Time the engine (median of several runs) and say whether it meets the target."""
    rounds = deals(200 if quick else 1_000)
    runs = 3 if quick else 7
    rates = [tallies_per_second(rounds, 1 if quick else 5) for _ in range(runs)]
    rate = median(rates)
    teams = sum(len(deal.tallies) for deal in rounds)
    return [Row("1 engine", f"tallies scored per second, one core ({len(rounds)} rounds, "
                            f"{teams} tallies, CPU time, {runs} runs)",
                f"{rate:,.0f}", f">= {TARGET:,}", rate >= TARGET)]
