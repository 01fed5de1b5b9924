"""Play at the table between rounds: tapping books and red threes as they are laid down,
and stopping a game."""

from __future__ import annotations

from handfoot_score.engine.errors import N_, Problem
from handfoot_score.engine.limits import most_books, most_red_threes
from handfoot_score.engine.rules import BOOK_TYPES, RuleSet
from handfoot_score.storage.models import GameStatus

from ..errors import InvalidInput
from ..locking import write_transaction
from ..words import gettext
from .access import require_edit_code
from .errors import GameConflict, StaleBookCount, StaleRedThreeCount
from .state import GameState
from .writes import GameWrite, game_write


@write_transaction
def tap_book(game_id: str, team: int, kind: str, change: int,
             seen: int | None = None) -> GameState:
    """Count a book a team completed during play (or take one back), up to the most books
    of a kind the decks allow (a league's backup takes no more).

    ``seen`` is the count the phone showed: if another phone changed it since, the tap is
    refused (both phones may have seen the same book made), telling the count as it is now.
    """
    _check_tap(change, seen)
    if not isinstance(kind, str):
        raise InvalidInput(Problem("kind", N_("must be a kind of book")))
    with game_write(game_id) as write:
        rules = _in_play(write, team, "books").rules
        if kind not in BOOK_TYPES and rules.special_book(kind) is None:
            raise InvalidInput(Problem("books", N_("%(kind)s is not a book of these rules"),
                                       team, {"kind": repr(kind)}))
        if kind == "wild" and rules.books.wild is None:
            raise InvalidInput(Problem("books.wild", N_("these rules allow no wild books"),
                                       team))
        row = write.game.teams[team]
        now = row.books_data.get(kind, 0)
        if seen is not None and seen != now:
            raise StaleBookCount(_changed_meanwhile(rules, kind, row.name, now),
                                 f"books.{kind}", team=team, kind=kind, count=now)
        count = _tapped(now, change, most_books(rules.decks), f"books.{kind}", team)
        row.books_data = {**row.books_data, kind: count}
    return write.written


@write_transaction
def tap_red_threes(game_id: str, team: int, change: int, seen: int | None = None
                   ) -> GameState:
    """Count a red three a team laid down during play (or take one back), up to the red
    threes the decks hold; ``seen`` is the count the phone showed, as for a book."""
    _check_tap(change, seen)
    with game_write(game_id) as write:
        rules = _in_play(write, team, "red_threes_down").rules
        row = write.game.teams[team]
        now = row.red_threes_down or 0
        if seen is not None and seen != now:
            raise StaleRedThreeCount(
                gettext("Another phone changed the red threes laid down by %(team)s to "
                        "%(count)s meanwhile: tap again if you still mean to change it.",
                        team=row.name, count=now), "red_threes_down", team=team, count=now)
        row.red_threes_down = _tapped(now, change, most_red_threes(rules.decks),
                                      "red_threes_down", team)
    return write.written


def _check_tap(change: object, seen: object) -> None:
    """Refuse a tap that is not one more or one fewer, or whose count shown is no count."""
    if type(change) is not int or change not in (1, -1):
        raise InvalidInput(Problem("change", N_("must be 1 or -1")))
    if seen is not None and type(seen) is not int:
        raise InvalidInput(Problem("seen", N_("must be the count the phone showed")))


def _tapped(now: int, change: int, most: int, field: str, team: int) -> int:
    """A counter's count after a tap: one more, refused once it holds ``most`` (all the
    decks have), or one fewer, never below none."""
    if change > 0 and now >= most:
        raise InvalidInput(Problem(field, N_("must be 0 to %(most)s"), team, {"most": most}))
    return max(0, now + change)


def _in_play(write: GameWrite, team: object, field: str) -> GameState:
    """The state of a game written for a tap on one of its teams' counters, refused unless
    a round is being played and the team is one of the game's."""
    if write.state.current_round is None:
        raise GameConflict(gettext("The game is over."), field)
    if type(team) is not int or not 0 <= team < len(write.state.teams):
        raise InvalidInput(Problem("team", N_("no such team")))
    return write.state


@write_transaction
def abandon_game(game_id: str, *, edit_code: str | None = None) -> None:
    """Stop a game without finishing it; its rounds stay stored.

    In a league with an edit code, ``edit_code`` must be its code.
    """
    with game_write(game_id) as write:
        if write.game.status == GameStatus.PLAYING:
            require_edit_code(write.game, edit_code)
            write.game.status = GameStatus.ABANDONED


def _changed_meanwhile(rules: RuleSet, kind: str, team: str, now: int) -> str:
    """A tap refused as stale, in words: one sentence per kind of book (a special book is
    named as its rules name it)."""
    special = rules.special_book(kind)
    if special is not None:
        return gettext("Another phone changed the %(book)s books of %(team)s to %(count)s "
                       "meanwhile: tap again if you still mean to change it.", team=team,
                       book=special.name, count=now)
    if kind == "clean":
        return gettext("Another phone changed the clean books of %(team)s to %(count)s "
                       "meanwhile: tap again if you still mean to change it.", team=team,
                       count=now)
    if kind == "dirty":
        return gettext("Another phone changed the dirty books of %(team)s to %(count)s "
                       "meanwhile: tap again if you still mean to change it.", team=team,
                       count=now)
    return gettext("Another phone changed the wild books of %(team)s to %(count)s meanwhile: "
                   "tap again if you still mean to change it.", team=team, count=now)
