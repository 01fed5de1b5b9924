"""The board: a league on the club's TV or projector (1920 x 1080), read across the room.

It shows the standings, tonight's tables (the rotation being played of the night drawn
today, each table's game with its round and totals) or else the games in play, and the last
results, and follows them live with nobody touching it: ``static/js/board.js`` fetches the
board again every few seconds and swaps it in place, keeping the last one shown while the
server cannot be reached; without JavaScript the page refreshes itself. It never scrolls:
what does not fit is shown a page at a time, each page in turn. Which page shows is the
``tick`` in the address, counted on by each refresh, so the script and the refresh page
the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from flask import Blueprint, abort, render_template, request
from flask.typing import ResponseReturnValue

from handfoot_score.services import club_nights, league_play, standings
from handfoot_score.services.leagues import LeagueNotFound
from handfoot_score.services.standings import Column

bp = Blueprint("board", __name__)

#: How often the board asks again, in seconds: it is at most this far behind the games.
TICK_SECONDS = 4
#: How many ticks a page of the standings or of the games stays before the next one.
TICKS_PER_PAGE = 3
#: What fits 1080 pixels in type readable across a room.
STANDINGS_PER_PAGE = 10
GAMES_PER_PAGE = 4
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
    def of(cls, rows: Sequence[T], size: int, tick: int) -> BoardPage[T]:
        """The page of ``rows`` shown at ``tick``, in pages of ``size``.

        >>> page = BoardPage.of(range(25), 10, 7)
        >>> page.number, page.pages, page.rows[0], len(page.rows)
        (3, 3, 20, 5)
        >>> BoardPage.of([], 10, 5).pages
        1
        """
        pages = max(1, -(-len(rows) // size))
        index = tick // TICKS_PER_PAGE % pages
        return cls(rows=tuple(rows[index * size:(index + 1) * size]), number=index + 1,
                   pages=pages, first=index * size)


@bp.get("/leagues/<league_id>/board")
def board(league_id: str) -> ResponseReturnValue:
    """The league's board, its pages turned by ``?tick=``."""
    tick = request.args.get("tick", 0, type=int) % MOST_TICKS
    try:
        table = standings.league_standings(league_id, sort=Column.RATING)
        night = club_nights.tonight(league_id)
        # Tonight's tables take the place of the games in play: no need to read those.
        playing = [] if night else league_play.games_in_play(league_id)
        results = league_play.finished_games(league_id, limit=LAST_RESULTS)
    except LeagueNotFound:
        abort(404)
    return render_template(
        "leagues/board.html", league=table.league,
        players=BoardPage.of(table.players, STANDINGS_PER_PAGE, tick),
        games=BoardPage.of(playing, GAMES_PER_PAGE, tick), results=results,
        night=night,
        tables=BoardPage.of(night.rotation.tables, GAMES_PER_PAGE, tick) if night else None,
        next_tick=(tick + 1) % MOST_TICKS, tick_seconds=TICK_SECONDS)
