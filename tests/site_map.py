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
from handfoot_score.services import club_nights, games, leagues, rules
from handfoot_score.services.tallies import read_entered

TEAMS = [{"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}]
#: Scores a team some points without anybody going out.
QUIET = {"melded": {"eight_to_king": 10}}
#: Where the walks stop: pages for scripts and people, not files or JSON.
NOT_PAGES = ("static", "api.")


#: Who is at the sample league's club night.
NIGHT = ["Ann", "Bob", "Cy", "Di", "Eve", "Flo", "Gus", "Hal"]


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
        night = club_nights.create_night(league.id, club_nights.night_setup(NIGHT, 2))
    return {
        "game_id": [playing.id, finished.id],
        "number": [1, 2],
        "team": [0],
        "rules_id": ["classic", saved.id],
        "league_id": [league.id],
        "player_id": [roster[0].id],
        "night_id": [night.id],
        "rotation": [1],
        "table": [1],
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


#: The query strings each page reads, with ``{name}`` for a sample value: a link, a typed
#: code or a sort asks nothing to be changed either.
QUERIES = {
    "joining.join": ["code=WRQNG2", "code={join_code}", "code={join_code_spaced}", "code="],
    "counting.tally": ["team=0", "team=1", "team=9"],
    "play.game": ["team=0"],
    "games_setup.new_game": ["rules={saved_rules}", "league={league_id}",
                      "rules={saved_rules}&league={league_id}", "rules=nonsense"],
    "rules.house_rules": ["base=pagat", "base={saved_rules}"],
    "meld_calculator.meld_calculator": ["game={game_id}", "rules={saved_rules}&round=2&score=500",
                              "melds=K.K&add=K", "melds=K.K.K&undo=1"],
    "leagues.open_league": ["link={league_id}", "link=http://localhost/leagues/{league_id}",
                            "link=nobody"],
    "leagues.league": ["sort=points&order=asc", "sort=games&order=desc"],
    "league_access.unlock_league": ["next=/leagues/{league_id}"],
    "api.leagues.league_standings": ["sort=points&order=asc"],
    "static": ["v=000000000000"],
}


def with_queries(app: Flask, samples: dict[str, list[Any]],
                 rule: Rule, url: str) -> list[str]:
    """``url`` on its own, and with each query string its page reads."""
    with app.app_context():
        code = games.get_game(samples["game_id"][0]).join_code or ""
    values = {"join_code": code, "join_code_spaced": f" {code[:3].lower()} {code[3:]} ",
              "saved_rules": samples["rules_id"][-1], "game_id": samples["game_id"][0],
              "league_id": samples["league_id"][0]}
    return [url] + [f"{url}?{query.format(**values)}"
                    for query in QUERIES.get(rule.endpoint, [])]


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
