"""The board: a league on the club's TV or projector (720p to 4K), read across the room.

It shows the standings, tonight's tables (the rotation being played of the night drawn
today, each table's game with its round and totals) and every other league game in play,
and the last results, and follows them live with nobody touching it:
``static/js/board.js`` fetches the board again every few seconds and swaps it in place,
keeping the last one shown while the server cannot be reached; without JavaScript the page
refreshes itself. It never scrolls: what does not fit is shown a page at a time, each page
in turn. Which page shows is the ``tick`` in the address, counted on by each refresh, so the
script and the refresh page the same way.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from flask import Blueprint, render_template, request
from flask.typing import ResponseReturnValue

from handfoot_score.services import club_nights, league_play, standings
from handfoot_score.services.club_nights import Tonight
from handfoot_score.services.games import GameState
from handfoot_score.services.standings import Column
from handfoot_score.services.words import gettext as _

bp = Blueprint("board", __name__)

#: How often the board asks again, in seconds: it is at most this far behind the games.
TICK_SECONDS = 4
#: How many ticks a page of the standings or of the games stays before the next one.
TICKS_PER_PAGE = 3
#: What the board holds, in lines of its type, on any screen: every size is a share of the
#: screen's height (static/css/board.css), so what fits a 720p projector fits a 4K TV. A
#: name too long for its line wraps onto the next and takes that line from the page.
STANDINGS_LINES = 10
#: The games: a card takes its heading's line, each team's line(s), and one for its frame.
GAMES_LINES = 16
RESULTS_LINES = 3
#: How many characters a line holds (a wide character, as in Japanese, counts two): across
#: the standings, whose headings take theirs from the names' (in the reader's language: the
#: columns are as wide as their headings), though never below the fewest; beside a game's
#: total, with the total; across the last results.
STANDINGS_CHARS = 32
#: The most characters "Wins" and "Games" may take together before the board writes them short.
LONGEST_HEADINGS = 14
FEWEST_NAME_CHARS = 6
TEAM_CHARS = 40
RESULT_CHARS = 88
#: The last results read first, of which as many are shown as their lines allow.
LAST_RESULTS = 3
#: The largest tick the address takes: the count starts again from there.
MOST_TICKS = 10**6

T = TypeVar("T")


@dataclass(frozen=True)
class BoardPage(Generic[T]):
    """The part of a list a board shows now: which page of how many, and what is on it."""

    rows: tuple[T, ...]
    number: int
    pages: int
    first: int

    @classmethod
    def of(cls, rows: Sequence[T], lines: int, tick: int,
           lines_of: Callable[[T], int] = lambda row: 1) -> BoardPage[T]:
        """The page of ``rows`` shown at ``tick``, each page holding as many rows as fit in
        ``lines`` (a row takes ``lines_of(row)``; one that takes more has a page alone).

        >>> page = BoardPage.of(range(25), 10, 7)
        >>> page.number, page.pages, page.rows[0], len(page.rows)
        (3, 3, 20, 5)
        >>> BoardPage.of([], 10, 5).pages
        1
        >>> lines = [1, 2, 1, 1, 3]
        >>> [BoardPage.of(lines, 4, tick, int).rows for tick in (0, TICKS_PER_PAGE)]
        [(1, 2, 1), (1, 3)]
        """
        pages: list[list[T]] = [[]]
        used = 0
        for row in rows:
            taken = lines_of(row)
            if pages[-1] and used + taken > lines:
                pages.append([])
                used = 0
            pages[-1].append(row)
            used += taken
        index = tick // TICKS_PER_PAGE % len(pages)
        return cls(rows=tuple(pages[index]), number=index + 1, pages=len(pages),
                   first=sum(len(page) for page in pages[:index]))


@dataclass(frozen=True)
class BoardGame:
    """A game on the board: one of tonight's tables (started or not), or a league game in
    play that no table of tonight's started (a game started by hand, by walk-ins, say)."""

    #: The element's id: ``table-3`` for tonight's third table, ``game-<id>`` for another.
    key: str
    table: int | None
    game: GameState | None
    #: Each team as the room knows it: its players, else its name.
    teams: tuple[str, ...]

    @property
    def lines(self) -> int:
        """The lines its card takes: a heading, each team's names, and the frame."""
        totals = self.game.totals if self.game else (0,) * len(self.teams)
        return 2 + sum(lines_for(f"{team} {total:,}", TEAM_CHARS)
                       for team, total in zip(self.teams, totals))


def standings_headings() -> tuple[str, str, str, str]:
    """The standings' headings on the board: player, rating, wins and games, the last two
    as the league's narrow table writes them ("W", "G") in a language whose words for them
    are too long to leave the names room (Gaelic's "Buannachdan", "Geamannan")."""
    wins, games = _("Wins"), _("Games")
    if width(wins) + width(games) > LONGEST_HEADINGS:
        wins, games = _("W"), _("G")
    return _("Player"), _("Rating"), wins, games


def lines_for(text: str, per_line: int) -> int:
    """How many lines ``text`` takes where a line holds ``per_line`` characters.

    >>> lines_for("Evangeline", 16), lines_for("Maximiliane-Charlotte", 16), lines_for("", 16)
    (1, 2, 1)
    """
    return max(1, -(-width(text) // per_line))


def width(text: str) -> int:
    """How many characters wide ``text`` is, a wide one (as in Japanese) counting two.

    >>> width("Games"), width("試合")
    (5, 4)
    """
    return sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text)


def games_shown(night: Tonight | None, playing: Sequence[GameState]) -> list[BoardGame]:
    """Tonight's tables first, then every other league game in play, the longest running
    first."""
    shown = []
    if night is not None:
        shown = [BoardGame(f"table-{table.number}", table.number, night.game_at(table),
                           tuple(" & ".join(team) for team in table.plan.teams))
                 for table in night.rotation.tables]
    at_tables = {card.game.id for card in shown if card.game}
    return shown + [BoardGame(f"game-{game.id}", None, game,
                              tuple(" & ".join(team.players) or team.name for team in game.teams))
                    for game in playing if game.id not in at_tables]


def result_lines(game: GameState) -> int:
    """The lines a finished game takes among the last results."""
    text = " · ".join(f"★ {' & '.join(team.players) or team.name} {total:,}"
                      for team, total in zip(game.teams, game.totals))
    return lines_for(text, RESULT_CHARS)


@bp.get("/leagues/<league_id>/board")
def board(league_id: str) -> ResponseReturnValue:
    """The league's board, its pages turned by ``?tick=``."""
    tick = request.args.get("tick", 0, type=int) % MOST_TICKS
    table = standings.league_standings(league_id, sort=Column.RATING)
    night = club_nights.tonight(league_id)
    playing = league_play.games_in_play(league_id)
    finished = league_play.finished_games(league_id, limit=LAST_RESULTS)
    headings = standings_headings()
    name_chars = max(FEWEST_NAME_CHARS, STANDINGS_CHARS - sum(map(width, headings[1:])))
    return render_template(
        "leagues/board.html", league=table.league, night=night, headings=headings,
        players=BoardPage.of(table.players, STANDINGS_LINES, tick,
                             lambda row: lines_for(row.name, name_chars)),
        games=BoardPage.of(games_shown(night, playing), GAMES_LINES, tick,
                           lambda card: card.lines),
        results=BoardPage.of(finished, RESULTS_LINES, 0, result_lines).rows,
        next_tick=(tick + 1) % MOST_TICKS, tick_seconds=TICK_SECONDS)
