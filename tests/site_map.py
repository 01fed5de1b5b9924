"""Every page of the app with real ids in it, for the tests that walk them all.

A route whose address takes a value named here is visited once for each sample value;
a route that takes any other value stops the walk until a sample is added below.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import sqlalchemy as sa
from flask import Flask
from werkzeug.routing import Rule

from handfoot_score.extensions import db
from handfoot_score.services import games, leagues, rules
from handfoot_score.services.tallies import read_entered

TEAMS = [{"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}]
#: Scores a team some points without anybody going out.
QUIET = {"melded": {"eight_to_king": 10}}
#: Where the walks stop: pages for scripts and people, not files or JSON.
NOT_PAGES = ("static", "api.")


def make_samples(app: Flask) -> dict[str, list[Any]]:
    """Store a game in play, a finished game, a league and saved house rules; return the
    values each kind of address part can take."""
    with app.app_context():
        league = leagues.create_league({"name": "Thursday club"})
        playing = games.create_game(games.read_setup(
            {"rules": "classic", "teams": TEAMS, "league": league.id}))
        games.record_round(playing.id, read_entered([QUIET, QUIET]))
        games.tap_book(playing.id, 0, "clean", 1)
        finished = games.create_game(games.read_setup({"rules": "italian", "teams": TEAMS}))
        for _ in finished.rules.rounds:
            games.record_round(finished.id, read_entered([QUIET, QUIET]))
        saved = rules.save_rules("Grandma's", rules.get_rules("pagat"))
        roster = leagues.get_league(league.id).players
    return {
        "game_id": [playing.id, finished.id],
        "number": [1, 2],
        "team": [0],
        "rules_id": ["classic", saved.id],
        "league_id": [league.id],
        "player_id": [roster[0].id],
        "filename": ["css/app.css"],
    }


def addresses(app: Flask, samples: dict[str, list[Any]], method: str = "GET",
              pages_only: bool = False) -> Iterator[tuple[Rule, str]]:
    """Each route that answers ``method``, with an address built from the sample values."""
    adapter = app.url_map.bind("localhost")
    for rule in sorted(app.url_map.iter_rules(), key=lambda r: r.rule):
        if method not in (rule.methods or ()):
            continue
        if pages_only and rule.endpoint.startswith(NOT_PAGES):
            continue
        missing = sorted(rule.arguments - samples.keys())
        if missing:
            raise LookupError(f"{rule.rule} takes {missing}: add sample values to "
                              "make_samples in tests/site_map.py")
        names = sorted(rule.arguments)
        for values in itertools.product(*(samples[name] for name in names)):
            yield rule, adapter.build(rule.endpoint, dict(zip(names, values)))


ALEMBIC_VERSION = sa.table("alembic_version", sa.column("version_num"))


def database_rows(app: Flask) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, Alembic's too, in a fixed order: to compare before and
    after. (test_migrations proves the models name every table the migrations make.)"""
    with app.app_context(), db.engine.connect() as connection:
        return {
            table.name: sorted((tuple(row) for row in connection.execute(sa.select(table))),
                               key=repr)
            for table in [*db.metadata.sorted_tables, ALEMBIC_VERSION]
        }
