"""The headings of a league's standings: each column's words, and the link that sorts by
it (the league's page and its printout)."""

from __future__ import annotations

from dataclasses import dataclass

from flask import (
    url_for,
)

from handfoot_score.services.standings import Column, Standings
from handfoot_score.services.words import lazy_gettext as _l

#: Each column's heading, the short form a narrow table shows, and whether phones see it.
COLUMNS = {
    Column.RATING: (_l("Club rating"), _l("Rating"), False),
    Column.GAMES: (_l("Games"), _l("G"), True), Column.WINS: (_l("Wins"), _l("W"), False),
    Column.TIES: (_l("Ties"), _l("T"), False), Column.LOSSES: (_l("Losses"), _l("L"), False),
    Column.POINTS: (_l("Points"), _l("Pts"), False),
    Column.AVG_POINTS: (_l("Points per game"), _l("Avg"), True),
    Column.BEST: (_l("Best game"), _l("Best"), True),
    Column.WIN_PCT: (_l("Win percentage"), _l("Win %"), True),
}


@dataclass(frozen=True)
class Header:
    """A standings column heading: a link that sorts by it, and how it is sorted now."""

    column: Column
    label: str
    short: str
    url: str
    aria_sort: str | None
    css: str


def sort_links(table: Standings, season: str | None = None) -> dict[Column, str]:
    """The address that sorts the standings by each column (numbers highest first, names A
    to Z); the column sorted now sorts the other way round. The players' and the partners'
    tables share them, so a page builds each once; they keep the ``season`` asked for."""
    links = {}
    for column in Column:
        descending = column is not Column.NAME
        if column is table.sort:
            descending = not table.descending
        links[column] = url_for("leagues.league", league_id=table.league.id,
                                sort=column.value, order="desc" if descending else "asc",
                                season=season)
    return links


def headers(table: Standings, first: str, links: dict[Column, str]) -> list[Header]:
    """The headings of a standings table whose first column is called ``first``, each a
    link from ``links`` that sorts by it."""
    result = []
    for column in Column:
        label, short, wide = (first, first, False) if column is Column.NAME else COLUMNS[column]
        result.append(Header(
            column=column, label=str(label), short=str(short), url=links[column],
            aria_sort=None if column is not table.sort
            else ("descending" if table.descending else "ascending"),
            css="wide" if wide else ""))
    return result
