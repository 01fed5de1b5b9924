"""A league's export, read a chunk of games at a time and written a game at a time, so its
memory does not grow with the league: the pages and the API stream it (``pieces``).

The document is read in two passes over one snapshot of the league's games: the first reads
each game's id, rules and season only (the rule sets come before the games in the document,
each numbered where it is first played), the second reads ``CHUNK_GAMES`` whole games at a
time and turns each into its part of the document.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import defer

from handfoot_score.extensions import db
from handfoot_score.storage.models import Game, GameStatus, LeagueGame, SeasonGame

from .. import leagues, seasons
from ..games.records import WHOLE_GAME
from ..games.state import GameNotes
from .document import FORMAT, VERSION

#: Whole games read per query: a few hundred kilobytes of rows at a time.
CHUNK_GAMES = 100


@dataclass(frozen=True)
class ListedGame:
    """A game of the export as the first pass reads it: its id, and the places of its rule
    set and of its season (None outside the seasons exported) in the document."""

    game_id: str
    rules: int
    season: int | None


@dataclass(frozen=True)
class LeagueExport:
    """A league's document, its games not read yet: everything but the games (``head``, in
    the document's order), and the games to read (``listed``)."""

    head: dict[str, Any]
    listed: tuple[ListedGame, ...]

    def games(self) -> Iterator[dict[str, Any]]:
        """The games' documents in the order played, ``CHUNK_GAMES`` read at a time (their
        rules are numbered already: not read again)."""
        for start in range(0, len(self.listed), CHUNK_GAMES):
            chunk = self.listed[start:start + CHUNK_GAMES]
            read = {game.id: game for game in db.session.scalars(
                select(Game).where(Game.id.in_([each.game_id for each in chunk]))
                .options(*WHOLE_GAME, defer(Game.rules_data))).unique()}
            for each in chunk:
                if each.game_id in read:  # deleted since the first pass: left out
                    yield _game_document(read[each.game_id], each)

    def document(self) -> dict[str, Any]:
        """The whole document at once (for a league small enough to hold)."""
        return {**self.head, "games": list(self.games())}

    def pieces(self, encoder: json.JSONEncoder) -> Iterator[str]:
        """The document as ``encoder.encode(self.document())`` writes it, a game at a time."""
        marker = uuid.uuid4().hex
        text = encoder.encode({**self.head, "games": marker})
        before, after = text.split(json.dumps(marker), 1)
        yield before
        yield from _list_pieces(self.games(), encoder, depth=1)
        yield after


def league_export(league_id: str, season: str | None = None) -> LeagueExport:
    """The league's export: all of it, or with ``season`` (a season's id) only that season
    and its games. Raises LeagueNotFound, or InvalidInput naming ``season``."""
    league = leagues.league_record(league_id)
    chosen = seasons.choose_season(league.id, season or seasons.ALL_TIME)
    kept = chosen.seasons if chosen.season is None else (chosen.season,)
    places = {each.id: place for place, each in enumerate(kept)}
    query = (select(Game.id, Game.rules_data, SeasonGame.season_id)
             .join(LeagueGame, LeagueGame.game_id == Game.id)
             .outerjoin(SeasonGame, SeasonGame.game_id == Game.id)
             .where(LeagueGame.league_id == league.id))
    if chosen.season is not None:
        query = query.where(SeasonGame.season_id == chosen.season.id)
    rule_sets: dict[str, int] = {}
    listed = []
    for row in db.session.execute(query.order_by(Game.created_at, Game.id)
                                  .execution_options(yield_per=CHUNK_GAMES * 10)):
        key = json.dumps(row.rules_data, sort_keys=True)
        listed.append(ListedGame(row.id, rule_sets.setdefault(key, len(rule_sets)),
                                 places.get(row.season_id)))
    head = {
        "format": FORMAT,
        "version": VERSION,
        "name": league.name,
        "created_at": moment_text(league.created_at),
        "rules": [json.loads(key) for key in rule_sets],
        "players": [{"name": player.name} for player in league.players],
        "seasons": [{"name": each.name, "starts_on": each.starts_on.isoformat()}
                    for each in kept],
    }
    return LeagueExport(head, tuple(listed))


def export_league(league_id: str, season: str | None = None) -> dict[str, Any]:
    """The league as one JSON-ready document (``league_export``, read whole)."""
    return league_export(league_id, season).document()


def moment_text(moment: datetime) -> str:
    """A stored moment as ISO 8601 in UTC."""
    return leagues.utc(moment).astimezone(UTC).isoformat()


def _game_document(game: Game, listed: ListedGame) -> dict[str, Any]:
    """One game's part of the document."""
    document: dict[str, Any] = {
        "played_at": moment_text(game.created_at),
        "status": game.status,
        "rules": listed.rules,
        "first_dealer": game.first_dealer,
        "teams": [{"name": team.name, "players": [p.name for p in team.players]}
                  for team in game.teams],
        "rounds": [{"teams": [tally.data for tally in game_round.tallies]}
                   for game_round in game.rounds],
    }
    if listed.season is not None:
        document["season"] = listed.season
    notes = GameNotes(game.note, game.place, game.played_on).as_dict()
    document.update((name, value) for name, value in notes.items() if value is not None)
    if game.status == GameStatus.PLAYING:
        document["books"] = [dict(team.books_data) for team in game.teams]
        document["red_threes_down"] = [team.red_threes_down or 0 for team in game.teams]
        document["counts"] = [
            {"team": part.team_position, "version": part.version, "tally": part.data}
            for part in game.parts if part.round_number == len(game.rounds) + 1]
    return document


def _list_pieces(items: Iterator[Any], encoder: json.JSONEncoder, depth: int
                 ) -> Iterator[str]:
    """A list ``depth`` levels down a document, as ``encoder`` writes it, an item at a
    time (an item's own lines indented as deep as the list's)."""
    if encoder.indent is None:
        inner = ""
        opening, between, closing = "[", encoder.item_separator, "]"
    else:
        step = " " * encoder.indent if isinstance(encoder.indent, int) else encoder.indent
        inner = "\n" + step * (depth + 1)
        opening, between = "[" + inner, encoder.item_separator + inner
        closing = "\n" + step * depth + "]"
    separator = opening
    for item in items:
        text = encoder.encode(item)
        yield separator + (text.replace("\n", inner) if inner else text)
        separator = between
    yield "[]" if separator is opening else closing
