"""What the round screen shows of a game: the score sheet, each team's book and red-three
counters and going-out checklist, and the Undo of the round just recorded on this phone."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from handfoot_score.engine.books import MIXED_WILD
from handfoot_score.engine.rules import BOOK_TYPES, BookCounts, BookKind, RuleSet
from handfoot_score.services.games import GameState
from handfoot_score.services.undo import can_undo
from handfoot_score.services.words import gettext as _
from handfoot_score.web.shared.kind_words import BOOK_WORDS, BookWords, book_words, book_words_said
from handfoot_score.web.shared.tally_words import and_list

#: Where the round just recorded on this phone waits in the session, with what each team
#: scored and the game version its record left (``games/_recorded.html`` shows it).
JUST_RECORDED = "just_recorded"


@dataclass(frozen=True)
class BookCounter:
    """One counter on a team's panel: how many books of a kind the team has made this round."""

    kind: str
    label: str
    one: str
    button: str
    count: int
    bonus: int


@dataclass(frozen=True)
class ChecklistLine:
    """One kind of book the team needs to go out: how many it has, how many it needs."""

    label: str
    have: int
    need: int
    done: bool


@dataclass(frozen=True)
class TeamPanel:
    """A team on the round screen: its total, opening minimum, counters and checklist."""

    position: int
    name: str
    players: tuple[str, ...]
    total: int
    meld_minimum: int
    counters: tuple[BookCounter, ...]
    checklist: tuple[ChecklistLine, ...]
    #: The red threes the team laid down this round, as tapped.
    red_threes: int
    #: The team saved its own count of the round: its checklist follows that count, and
    #: its counters are put away (the count page takes the saved count, not later taps).
    counted: bool = False

    @property
    def books_done(self) -> bool:
        """The team has every book it needs to go out this round."""
        return all(line.done for line in self.checklist)


@dataclass(frozen=True)
class ScoreSheet:
    """The game as written on paper: a row per recorded round, a column per team, the totals
    at the foot, and who leads (none before the first round or while every team is level)."""

    names: tuple[str, ...]
    rows: tuple[tuple[int, tuple[int, ...]], ...]
    totals: tuple[int, ...]
    leaders: frozenset[int]

    @property
    def leader_names(self) -> str:
        """Who leads, in words: "Owls", "Owls and Foxes", or "" when nobody does."""
        names = [self.names[position] for position in sorted(self.leaders)]
        return and_list(names)


def score_sheet(state: GameState) -> ScoreSheet:
    """The score sheet of a game so far."""
    totals = state.totals
    best = max(totals)
    level = not state.rounds or all(total == best for total in totals)
    return ScoreSheet(
        names=tuple(team.name for team in state.teams),
        rows=tuple((game_round.number, tuple(score.total for score in game_round.scores))
                   for game_round in state.rounds),
        totals=totals,
        leaders=frozenset() if level else frozenset(
            position for position, total in enumerate(totals) if total == best),
    )


def undo_offer(state: GameState, kept: object) -> dict[str, Any] | None:
    """The round this phone just recorded (``kept``, as the session holds it), to show with
    its Undo while the game's last write is that round's record: a reload keeps the offer, a
    book tap or any other write on any phone ends it."""
    if not isinstance(kept, dict) or kept.get("game") != state.id:
        return None
    return kept if can_undo(state, kept.get("round"), kept.get("version")) else None


def team_panels(state: GameState, round_number: int) -> tuple[TeamPanel, ...]:
    """Every team's panel for the round being played."""
    minimums = state.meld_minimums(round_number)
    return tuple(
        TeamPanel(
            position=team.position,
            name=team.name,
            players=team.players,
            total=total,
            meld_minimum=minimum,
            counters=_counters(state, team.position),
            checklist=_checklist(state, round_number, team.position),
            red_threes=state.red_threes[team.position],
            counted=state.part(team.position) is not None,
        )
        for team, total, minimum in zip(state.teams, state.totals, minimums)
    )


def book_phrase(books: BookCounts) -> str:
    """The books required to go out, in words: "2 clean books, 2 dirty books and 1 wild book".

    >>> book_phrase(BookCounts(clean=1, dirty=1)), book_phrase(BookCounts())
    ('1 clean book and 1 dirty book', 'no books')
    """
    parts = [BOOK_WORDS[kind].counted(count) for kind in BOOK_TYPES
             if (count := getattr(books, kind))]
    # Without the rules at hand, a special book is named by its code.
    parts += [book_words(book_id, book_id).counted(count)
              for book_id, count in books.special if count]
    if not parts:
        return _("no books")
    return and_list(parts)


def book_kinds(rules: RuleSet) -> tuple[tuple[str, str, int], ...]:
    """Every kind of book these rules score: (kind, name, bonus), special books last."""
    said = book_words_said()
    standard = [(kind, str(said[kind].name), bonus) for kind in BOOK_TYPES
                if (bonus := getattr(rules.books, kind)) is not None]
    special = [(book.id, book.name, book.bonus) for book in rules.special_books]
    return tuple(standard + special)


def _counters(state: GameState, team: int) -> tuple[BookCounter, ...]:
    counts = state.books[team].as_counts()
    said = book_words_said()
    return tuple(_counter(said.get(kind) or book_words(kind, name), kind, counts.get(kind, 0),
                          bonus)
                 for kind, name, bonus in book_kinds(state.rules))


def _counter(words: BookWords, kind: str, count: int, bonus: int) -> BookCounter:
    return BookCounter(kind=kind, label=str(words.label), one=str(words.one),
                       button=str(words.button), count=count, bonus=bonus)


def _checklist(state: GameState, round_number: int, team: int) -> tuple[ChecklistLine, ...]:
    required = state.rules.round(round_number).going_out_books.as_counts()
    have = state.books_made(team).as_counts()
    # A mixed wild book is a wild book when books are counted to go out.
    have[BookKind.WILD] = have.get(BookKind.WILD, 0) + have.get(MIXED_WILD, 0)
    said = book_words_said()
    names: dict[str, str] = {kind: str(said[kind].label) for kind in BOOK_TYPES}
    names.update((book.id, book.name) for book in state.rules.special_books)
    lacking = state.books_lacking(team)
    return tuple(
        ChecklistLine(label=names.get(kind, kind), have=have.get(kind, 0), need=need,
                      done=kind not in lacking)
        for kind, need in required.items() if need
    )
