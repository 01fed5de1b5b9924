"""Part 10, slips caught: of the slips people make typing a round, how many are flagged
before Save (a refusal, the page's and the API's 422, or a warning), and how often an honest
round is warned about?

Honest rounds are dealt card by card from a shuffled shoe of the game's decks, under each
preset, two and three teams: each team is dealt its hands and feet, plays a number of turns
(each draws two and discards one; a few take the pile), lays down the red threes it draws
and draws again; it makes books of real ranks (the team that goes out at least those its
round asks for), clean or within the wild-card limits, melds what else it can (three or more
naturals of a rank, wild cards within the limits) and holds the rest. Then one slip at a
time is made on a copy of the counts as they are typed: two counts run together (Next
missed: "7", "5" typed as 75 in one count, the next left empty), a digit dropped, a digit
doubled, a count forgotten, the counts typed one box off, a left count typed in the table's
box, two teams' counts swapped. Only slips that change a score count. The engine is asked
directly (``tally_problems``, ``tally_warnings``), seeded, so the figures repeat.

    .venv/bin/python -m benchmarks.slips [ROUNDS]
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from handfoot_score.engine.cards import BOOK_SIZE, DECK_SUPPLY, CardKind
from handfoot_score.engine.checks import tally_problems
from handfoot_score.engine.presets import PRESETS
from handfoot_score.engine.rules import RuleSet
from handfoot_score.engine.scoring import score_team
from handfoot_score.engine.tally import CardCounts, TableBooks, Tally
from handfoot_score.engine.warnings import tally_warnings

from .report import Row

ROUNDS = 1000
QUICK_ROUNDS = 60
SEED = 33
TARGET_FLAGGED = 0.65
#: The tables dealt: (teams, players a team) for each preset; pagat's six play as two teams
#: of three or three of two, with a deck a player.
TABLES = ((2, 2), (3, 2), (2, 3))
#: The natural ranks, four of each in a deck: an ace, six of 8 to King, four of 4 to 7.
NATURAL_RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4")
KIND_OF_RANK = {"A": CardKind.ACE, **dict.fromkeys(("K", "Q", "J", "10", "9", "8"),
                                                    CardKind.EIGHT_TO_KING),
                **dict.fromkeys(("7", "6", "5", "4"), CardKind.FOUR_TO_SEVEN)}
#: The counts a team types, in the page's order: on the table, then left in hand and foot.
BOXES = (("melded", "jokers"), ("melded", "twos"), ("melded", "aces"),
         ("melded", "eight_to_king"), ("melded", "four_to_seven"),
         ("left", "jokers"), ("left", "twos"), ("left", "aces"), ("left", "eight_to_king"),
         ("left", "four_to_seven"), ("left", "black_threes"))
FIELD_OF_KIND = {CardKind.JOKER: "jokers", CardKind.TWO: "twos", CardKind.ACE: "aces",
                 CardKind.EIGHT_TO_KING: "eight_to_king",
                 CardKind.FOUR_TO_SEVEN: "four_to_seven", CardKind.BLACK_THREE: "black_threes"}

Counts = list[dict[str, int]]  # a team's counts typed: {"melded": {...}, "left": {...}} flat


@dataclass(frozen=True)
class Table:
    """A round's rules, its tallies and each team's players."""

    rules: RuleSet
    round: int
    tallies: tuple[Tally, ...]
    players: tuple[int, ...]


def shoe(rules: RuleSet, draw: random.Random) -> list[str]:
    """Every card of the game's decks, shuffled: natural ranks, "JK", "2", "B3", "R3"."""
    cards = [rank for rank in NATURAL_RANKS for _ in range(4 * rules.decks)]
    cards += ["JK"] * (DECK_SUPPLY[CardKind.JOKER] * rules.decks)
    cards += ["2"] * (DECK_SUPPLY[CardKind.TWO] * rules.decks)
    cards += ["B3"] * (2 * rules.decks) + ["R3"] * (2 * rules.decks)
    draw.shuffle(cards)
    return cards


class _ShoeShort(Exception):
    """The shoe ran short of the cards a book needs: the round is dealt again."""


def honest_round(rules_id: str, teams: int, players: int, draw: random.Random) -> Table:
    """A round played card by card (see the module's words), one team going out."""
    while True:
        try:
            return _dealt_round(rules_id, teams, players, draw)
        except _ShoeShort:
            continue


def _dealt_round(rules_id: str, teams: int, players: int, draw: random.Random) -> Table:
    rules = PRESETS[rules_id].for_players(teams * players)
    number = draw.randint(1, len(rules.rounds))
    cards = shoe(rules, draw)
    dealt = players * (rules.hand_size + rules.foot_size)
    stock = len(cards) - teams * dealt - 1
    turns = draw.randint(6, max(6, min(24, stock // (2 * teams * players) - 2)))
    out = draw.randrange(teams)
    tallies = [_team(rules, number, cards, dealt + players * turns + draw.choice((0, 0, 2, 4, 6)),
                     team == out, draw) for team in range(teams)]
    return Table(rules, number, tuple(tallies), (players,) * teams)


def _take(cards: list[str], wanted: Callable[[str], bool]) -> str | None:
    for index in range(len(cards) - 1, -1, -1):
        if wanted(cards[index]):
            return cards.pop(index)
    return None


def _team(rules: RuleSet, number: int, cards: list[str], held: int, went_out: bool,
          draw: random.Random) -> Tally:
    """One team's tally: its books picked from the shoe, then the rest of what it holds drawn
    card by card, melded where it can be, held where not."""
    needed = rules.round(number).going_out_books
    clean = (needed.clean if went_out else 0) + draw.choice((0, 0, 1, 1, 2))
    dirty = ((needed.dirty if went_out else 0) + draw.choice((0, 1, 1, 2))
             if rules.dirty_book_min_naturals is not None else 0)
    wild = (needed.wild if went_out else 0) if rules.books.wild is not None else 0
    table: Counter[str] = Counter()
    wild_cards = ("JK", "2")
    ranks_in_books: set[str] = set()
    for book, count in (("clean", clean), ("dirty", dirty), ("wild", wild)):
        for _ in range(count):
            naturals = 0 if book == "wild" else BOOK_SIZE if book == "clean" else draw.choice(
                [n for n in range(rules.dirty_book_min_naturals or BOOK_SIZE, BOOK_SIZE)
                 if rules.wilds.allows(n, BOOK_SIZE - n)])
            stock = Counter(cards)
            ranks = [r for r in NATURAL_RANKS if stock[r] >= naturals and r not in ranks_in_books]
            if not ranks or stock["JK"] + stock["2"] < BOOK_SIZE - naturals:
                raise _ShoeShort
            rank = draw.choice(ranks)
            ranks_in_books.add(rank)
            for _ in range(naturals):
                _take(cards, rank.__eq__)
            for _ in range(BOOK_SIZE - naturals):
                card = _take(cards, draw.choice(wild_cards).__eq__) or \
                    _take(cards, wild_cards.__contains__)
                table[card or "JK"] += 1  # never None: the wild cards were counted above
            table[rank] += naturals
    hand: Counter[str] = Counter()
    red_down = red_left = 0
    in_hand = max(0, held - sum(table.values()))
    while in_hand:
        card = cards.pop()
        if card == "R3" and (went_out or draw.random() < 0.8):
            red_down += 1  # laid down at once and replaced
            continue
        if card == "R3":
            red_left += 1  # in a foot never picked up
        else:
            hand[card] += 1
        in_hand -= 1
    _meld(rules, table, hand, ranks_in_books, draw)
    return Tally(melded=_counts(table), left=_counts(hand),
                 books=TableBooks(clean=clean, dirty=dirty, wild=wild),
                 red_threes_down=red_down if rules.red_three.down else 0,
                 red_threes_left=red_left, went_out=went_out)


def _meld(rules: RuleSet, table: Counter[str], hand: Counter[str], booked: set[str],
          draw: random.Random) -> None:
    """Meld from the hand what can be: three to six naturals of a rank not in a book, some
    with wild cards the limits allow."""
    for rank in NATURAL_RANKS:
        naturals = min(hand[rank], BOOK_SIZE - 1)
        if rank in booked or naturals < 3 or draw.random() < 0.2:
            continue
        hand[rank] -= naturals
        table[rank] += naturals
        wilds = 0
        while (naturals + wilds + 1 < BOOK_SIZE and rules.wilds.allows(naturals, wilds + 1)
               and (hand["JK"] or hand["2"]) and draw.random() < 0.5):
            wild = "2" if hand["2"] else "JK"
            hand[wild] -= 1
            table[wild] += 1
            wilds += 1


def _counts(cards: Counter[str]) -> CardCounts:
    kinds: Counter[CardKind] = Counter()
    for card, count in cards.items():
        kind = (CardKind.JOKER if card == "JK" else CardKind.TWO if card == "2"
                else CardKind.BLACK_THREE if card == "B3" else KIND_OF_RANK[card])
        kinds[kind] += count
    return CardCounts(**{FIELD_OF_KIND[kind]: count for kind, count in kinds.items()})


# The slips: each takes the teams' typed counts and a draw, and makes one slip (or None
# where this round gives it no count to make it on).

def _typed(tally: Tally) -> list[int]:
    return [getattr(getattr(tally, part), name) for part, name in BOXES]


def _with_typed(tally: Tally, boxes: list[int]) -> Tally:
    values = dict(zip(BOXES, boxes))
    return replace(tally, melded=CardCounts(**{n: v for (p, n), v in values.items()
                                               if p == "melded"}),
                   left=CardCounts(**{n: v for (p, n), v in values.items() if p == "left"}))


Slip = Callable[[list[list[int]], random.Random], list[list[int]] | None]


def _one_team(change: Callable[[list[int], random.Random], list[int] | None]) -> Slip:
    def slip(typed: list[list[int]], draw: random.Random) -> list[list[int]] | None:
        team = draw.randrange(len(typed))
        changed = change(list(typed[team]), draw)
        if changed is None:
            return None
        return [changed if each == team else boxes for each, boxes in enumerate(typed)]
    return slip


def _typed_boxes(boxes: list[int]) -> list[int]:
    return [index for index, value in enumerate(boxes) if value]


def run_together(boxes: list[int], draw: random.Random) -> list[int] | None:
    """Next missed: a count's digits and the next count's in one box, the next empty."""
    typed = _typed_boxes(boxes)
    if len(typed) < 2:
        return None
    at = draw.randrange(len(typed) - 1)
    first, second = typed[at], typed[at + 1]
    boxes[first], boxes[second] = int(f"{boxes[first]}{boxes[second]}"), 0
    return boxes


def digit_dropped(boxes: list[int], draw: random.Random) -> list[int] | None:
    """One digit of a count not typed (a one-digit count left empty)."""
    return _one_digit_retyped(boxes, draw, lambda digits, at: digits[:at] + digits[at + 1:])


def digit_doubled(boxes: list[int], draw: random.Random) -> list[int] | None:
    """One digit of a count typed twice."""
    return _one_digit_retyped(boxes, draw,
                              lambda digits, at: digits[:at] + digits[at] + digits[at:])


def _one_digit_retyped(boxes: list[int], draw: random.Random,
                       retype: Callable[[str, int], str]) -> list[int] | None:
    """A count drawn from those typed, one of its digits (drawn too) typed as ``retype``
    says; nothing when no count was typed."""
    typed = _typed_boxes(boxes)
    if not typed:
        return None
    box = draw.choice(typed)
    digits = str(boxes[box])
    boxes[box] = int(retype(digits, draw.randrange(len(digits))) or "0")
    return boxes


def forgotten(boxes: list[int], draw: random.Random) -> list[int] | None:
    """A count not typed at all."""
    typed = _typed_boxes(boxes)
    if not typed:
        return None
    boxes[draw.choice(typed)] = 0
    return boxes


def one_box_off(boxes: list[int], draw: random.Random) -> list[int] | None:
    """From one count on, each typed into the box after its own (within the table's counts
    or the left ones), the last one's count lost."""
    typed = _typed_boxes(boxes)
    if not typed:
        return None
    start = draw.choice(typed)
    end = 5 if start < 5 else len(BOXES)
    if start == end - 1:
        return None
    boxes[start + 1:end] = boxes[start:end - 1]
    boxes[start] = 0
    return boxes


def left_as_table(boxes: list[int], draw: random.Random) -> list[int] | None:
    """A count of cards left typed in the table's box of its kind, over what was there."""
    kinds = [index for index in range(5) if boxes[5 + index]]
    if not kinds:
        return None
    kind = draw.choice(kinds)
    boxes[kind], boxes[5 + kind] = boxes[5 + kind], 0
    return boxes


def teams_swapped(typed: list[list[int]], draw: random.Random) -> list[list[int]] | None:
    """Two teams' counts typed each in the other's boxes (their books and who went out as
    tapped)."""
    first, second = draw.sample(range(len(typed)), 2)
    swapped = list(typed)
    swapped[first], swapped[second] = typed[second], typed[first]
    return swapped


SLIPS: dict[str, Slip] = {
    "two counts run together": _one_team(run_together),
    "a digit dropped": _one_team(digit_dropped),
    "a digit doubled": _one_team(digit_doubled),
    "a count forgotten": _one_team(forgotten),
    "counts one box off": _one_team(one_box_off),
    "a left count in the table's box": _one_team(left_as_table),
    "two teams' counts swapped": teams_swapped,
}


@dataclass
class Tallied:
    """What the slips of one kind came to."""

    made: int = 0
    refused: int = 0
    flagged: int = 0


def flags(table: Table, tallies: list[Tally]) -> tuple[bool, bool]:
    """Whether these tallies are refused, and whether they are refused or warned about."""
    if tally_problems(table.rules, table.round, tallies):
        return True, True
    warned = [w for w in tally_warnings(table.rules, tallies, table.players)
              if w.field != "went_out"]
    return False, bool(warned)


def tables(rounds: int, seed: int = SEED) -> Iterator[Table]:
    """``rounds`` honest rounds under each preset and table, seeded."""
    draw = random.Random(seed)
    for rules_id in sorted(PRESETS):
        for teams, players in TABLES:
            if players == 3 and not PRESETS[rules_id].deck_per_player:
                continue
            for _ in range(rounds):
                yield honest_round(rules_id, teams, players, draw)


def measure(rounds: int, seed: int = SEED) -> tuple[dict[str, Tallied], int, int, int]:
    """Each kind of slip's figures, the honest rounds dealt, those refused, those warned."""
    draw = random.Random(seed + 1)
    results = {name: Tallied() for name in SLIPS}
    honest = honest_refused = honest_warned = 0
    for table in tables(rounds, seed):
        honest += 1
        refused, flagged = flags(table, list(table.tallies))
        honest_refused += refused
        honest_warned += flagged and not refused
        typed = [_typed(tally) for tally in table.tallies]
        scores = [score_team(table.rules, table.round, t).total for t in table.tallies]
        for name, slip in SLIPS.items():
            slipped = slip(typed, draw)
            if slipped is None:
                continue
            tallies = [_with_typed(t, boxes) for t, boxes in zip(table.tallies, slipped)]
            if [score_team(table.rules, table.round, t).total for t in tallies] == scores:
                continue  # a slip that changes no score
            refused, flagged = flags(table, tallies)
            result = results[name]
            result.made += 1
            result.refused += refused
            result.flagged += flagged
    return results, honest, honest_refused, honest_warned


def run(quick: bool) -> list[Row]:
    """The benchmark's rows: by kind of slip, and in all against the targets."""
    results, honest, refused, warned = measure(QUICK_ROUNDS if quick else ROUNDS)
    rows = [Row("10 slips caught", f"{name}: flagged (refused alone)",
                f"{_share(r.flagged, r.made)} ({_share(r.refused, r.made)}) of {r.made:,}")
            for name, r in results.items()]
    made = sum(r.made for r in results.values())
    flagged = sum(r.flagged for r in results.values())
    refused_slips = sum(r.refused for r in results.values())
    rows.append(Row("10 slips caught", "all slips that change a score: flagged (refused alone)",
                    f"{_share(flagged, made)} ({_share(refused_slips, made)}) of {made:,}",
                    f"≥ {TARGET_FLAGGED:.0%}", made > 0 and flagged >= TARGET_FLAGGED * made))
    rows.append(Row("10 slips caught", "honest rounds refused or warned about",
                    f"{refused + warned} of {honest:,}", "0", refused + warned == 0))
    return rows


def _share(part: int, whole: int) -> str:
    return f"{part / whole:.0%}" if whole else "—"


if __name__ == "__main__":
    slips, dealt, refused_honest, warned_honest = measure(
        int(sys.argv[1]) if len(sys.argv) > 1 else ROUNDS)
    for kind, tallied in slips.items():
        print(f"{kind}: {tallied.flagged} of {tallied.made} flagged, {tallied.refused} refused")
    print(f"honest rounds: {dealt}, refused {refused_honest}, warned {warned_honest}")
