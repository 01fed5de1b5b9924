"""A league as one JSON document and back: an export imports to the same league, and a
broken or hostile document changes nothing and says what is wrong."""

from __future__ import annotations

import copy
import io
import json
import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from datetime import UTC, datetime
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from handfoot_score.extensions import db
from handfoot_score.services import games, league_backup, leagues, standings, tally_parts
from handfoot_score.services.league_backup import InvalidBackup
from handfoot_score.services.player_history import player_history
from handfoot_score.services.standings import Standings
from handfoot_score.services.tallies import read_entered, read_entered_tally
from handfoot_score.storage.models import League, LeagueImport
from tests.site_map import database_rows

HOUSE_RULES = {"base": "classic", "red_three": {"down": 200, "left": 400},
               "exact_draw_bonus": 50,
               "special_books": [{"id": "sevens", "name": "Book of sevens",
                                  "kind": "four_to_seven", "bonus": 700}]}
CARDS = {"melded": {"jokers": 2, "twos": 3, "aces": 4, "eight_to_king": 14,
                    "four_to_seven": 7},
         "left": {"black_threes": 1, "eight_to_king": 2},
         "books": {"clean": 2, "dirty": 1}, "red_threes_down": 1}
POINTS = {"melded": {"points": 585}, "left": {"points": 35}, "red_threes_left": 1,
          "name": "The points team"}


def stored_league_ids() -> list[str]:
    """Every league stored, whoever made it (inside an app context)."""
    return list(db.session.scalars(sa.select(League.id)))


def figures(table: Standings) -> list[tuple[Any, ...]]:
    """Every line of the standings, without the database ids."""
    return [(row.players, row.games, row.wins, row.ties, row.losses, row.points, row.best)
            for row in table.players + table.teams]


def play(league_id: str, rules: object, teams: list[list[str]], rounds: list[list[Any]],
         stop: bool = False) -> str:
    game = games.create_game(games.read_setup({
        "rules": rules, "league": league_id, "first_dealer": 1,
        "teams": [{"name": f"Team {i}", "players": players} for i, players in enumerate(teams)]}))
    for tallies in rounds:
        games.record_round(game.id, read_entered(tallies))
    if stop:
        games.abandon_game(game.id)
    return game.id


@pytest.fixture
def exported(app: Flask) -> dict[str, Any]:
    """The export of a league with house rules, card and points tallies, partners and
    players on their own, and games finished, in play and stopped."""
    with app.app_context():
        league_id = leagues.create_league({"name": "Season 2025"}).id
        play(league_id, HOUSE_RULES, [["Ann", "Bob"], ["Cy", "Di"]], [[CARDS, POINTS]] * 4)
        play(league_id, "pagat", [["Ann"], ["Cy"], ["Eve"]],
             [[POINTS, {}, {"left": {"points": 120}}]] * 4)
        play(league_id, "italian", [["Bob", "Eve"], ["Di", "Ann"]], [[{}, POINTS]])
        play(league_id, HOUSE_RULES, [["Cy"], ["Bob"]], [[POINTS, CARDS]] * 2, stop=True)
        return league_backup.export_league(league_id)


def test_the_document_holds_rules_players_games_and_tallies_as_entered(
        exported: dict[str, Any]) -> None:
    assert exported["format"] == "handfoot_score.league" and exported["version"] == 2
    assert exported["name"] == "Season 2025"
    assert [player["name"] for player in exported["players"]] == ["Ann", "Bob", "Cy", "Di", "Eve"]
    assert len(exported["rules"]) == 3  # the house rules, written once for two games
    assert exported["rules"][0]["red_three"] == {"down": 200, "left": 400,
                                                 "down_when_not_out": None}
    assert [game["rules"] for game in exported["games"]] == [0, 1, 2, 0]
    assert [game["status"] for game in exported["games"]] == \
        ["finished", "finished", "playing", "abandoned"]
    first = exported["games"][0]
    assert first["teams"] == [{"name": "Team 0", "players": ["Ann", "Bob"]},
                              {"name": "Team 1", "players": ["Cy", "Di"]}]
    assert first["rounds"][0] == {"teams": [CARDS, POINTS]}
    assert first["first_dealer"] == 1
    assert set(first) == {"played_at", "status", "rules", "first_dealer", "teams", "rounds"}


def test_export_import_export_round_trips_exactly(app: Flask, exported: dict[str, Any]) -> None:
    with app.app_context():
        copy_id = league_backup.import_league(copy.deepcopy(exported))
        again = league_backup.export_league(copy_id)
        original = next(i for i in stored_league_ids() if i != copy_id)
        before = standings.league_standings(original)
        after = standings.league_standings(copy_id)
    assert again == exported
    assert figures(after) == figures(before)


def test_an_imported_game_plays_on(app: Flask, exported: dict[str, Any]) -> None:
    with app.app_context():
        copy_id = league_backup.import_league(exported)
        bob = leagues.get_league(copy_id).players[1]
        playing = next(game for game in player_history(copy_id, bob.id).games
                       if game.status == "playing")
        state, created = games.record_round(playing.game_id, read_entered([{}, POINTS]))
    assert created and state.current_round == 3


def test_scores_come_from_the_engine_never_the_document(app: Flask,
                                                       exported: dict[str, Any]) -> None:
    planted = copy.deepcopy(exported)
    planted["games"][0]["rounds"][0]["teams"][1]["score_before"] = 99_999
    with app.app_context():
        copy_id = league_backup.import_league(planted)
        assert figures(standings.league_standings(copy_id)) == \
            figures(standings.league_standings(_original(copy_id)))


def _original(copy_id: str) -> str:
    return next(i for i in stored_league_ids() if i != copy_id)


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """A change to the document: put ``value`` at ``path`` (keys and indexes by dots)."""
    def change(document: dict[str, Any]) -> None:
        *parents, last = [int(part) if part.isdigit() else part for part in path.split(".")]
        target: Any = document
        for part in parents:
            target = target[part]
        target[last] = value
    return change


def _drop(path: str) -> Callable[[dict[str, Any]], None]:
    def change(document: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target: Any = document
        for part in parents:
            target = target[int(part) if part.isdigit() else part]
        del target[last]
    return change


BROKEN = [
    # wrong types
    ("name is a number", _set("name", 7), "name"),
    ("games is an object", _set("games", {}), "games"),
    ("a tally count is text", _set("games.0.rounds.0.teams.0.melded.jokers", "two"),
     "games[0].rounds[0].melded.jokers"),
    ("first dealer is text", _set("games.0.first_dealer", "Ann"), "games[0].first_dealer"),
    ("played at is not a moment", _set("games.1.played_at", "last Tuesday"),
     "games[1].played_at"),
    ("a moment without its zone", _set("created_at", "2025-03-12T20:00:00"), "created_at"),
    ("a moment past the year 9999 in UTC", _set("created_at", "9999-12-31T23:59:59-01:00"),
     "created_at"),
    ("a moment before the year 1 in UTC", _set("games.1.played_at", "0001-01-01T00:00:00+01:00"),
     "games[1].played_at"),
    ("a player is a string", _set("players.0", "Ann"), "players[0]"),
    # missing or unknown keys
    ("no games", _drop("games"), "games"),
    ("a game without rounds", _drop("games.0.rounds"), "games[0].rounds"),
    ("an unknown key", _set("colour", "red"), "colour"),
    ("a planted score", _set("games.0.rounds.0.teams.0.total", 99_999),
     "games[0].rounds[0].total"),
    # impossible tallies and games
    ("more jokers than the decks hold", _set("games.0.rounds.0.teams.0.melded.jokers", 999),
     "games[0].rounds[0].melded.jokers"),
    ("wild books where none are allowed", _set("games.1.rounds.0.teams.0.books", {"wild": 1}),
     "games[1].rounds[0].books.wild"),
    ("a finished game a round short", _set("games.1.rounds", []), "games[1].rounds"),
    ("a status that is not one", _set("games.1.status", "won"), "games[1].status"),
    ("a player not on the roster", _set("games.0.teams.0.players", ["Zed", "Bob"]),
     "games[0].teams.players"),
    ("a player twice at one table", _set("games.0.teams.1.players", ["Ann", "Di"]),
     "games[0].players"),
    ("a name on the roster twice", _set("players.1", {"name": " ANN "}), "players[1]"),
    # unknown rules
    ("a rule set that is not there", _set("games.0.rules", 7), "games[0].rules"),
    ("a rule set named, not given", _set("rules.1", "pagat"), "rules[1]"),
    ("a rule with an unknown key", _set("rules.0.trumps", "hearts"), "rules[0].trumps"),
    ("a rule that cannot be", _set("rules.0.decks", 0), "rules[0].decks"),
    ("another format", _set("format", "canasta.league"), "format"),
    ("a later version", _set("version", 3), "format"),
    # sizes
    ("too many games", _set("games", [{}] * (league_backup.MAX_GAMES + 1)), "games"),
    ("too many players", _set("players", [{"name": f"P{n}"} for n in range(
        league_backup.MAX_ROSTER_PLAYERS + 1)]), "players"),
    ("a name too long", _set("name", "x" * 101), "name"),
    ("a team name too long", _set("games.0.teams.0.name", "x" * 61), "games[0].name"),
]


@pytest.mark.parametrize(("change", "field"), [(c, f) for _, c, f in BROKEN],
                         ids=[name for name, _, _ in BROKEN])
def test_a_broken_document_changes_nothing_and_says_where(
        app: Flask, exported: dict[str, Any], change: Callable[[dict[str, Any]], None],
        field: str) -> None:
    document = copy.deepcopy(exported)
    change(document)
    before = database_rows(app)
    with app.app_context(), pytest.raises(InvalidBackup) as raised:
        league_backup.import_league(document)
    assert field in [problem.field for problem in raised.value.problems], \
        raised.value.problems
    assert database_rows(app) == before


def test_a_document_of_many_mistakes_reports_the_first_fifty(app: Flask,
                                                             exported: dict[str, Any]) -> None:
    document = copy.deepcopy(exported)
    document["games"] = [copy.deepcopy(document["games"][0]) for _ in range(200)]
    for game in document["games"]:
        game["rounds"][0]["teams"][0]["melded"]["jokers"] = 999
    with app.app_context(), pytest.raises(InvalidBackup) as raised:
        league_backup.import_league(document)
    assert len(raised.value.problems) == league_backup.MAX_PROBLEMS


@pytest.mark.parametrize("document", [None, [], "league", 42])
def test_a_document_that_is_not_an_object(app: Flask, document: object) -> None:
    with app.app_context(), pytest.raises(InvalidBackup) as raised:
        league_backup.import_league(document)
    assert raised.value.problems[0].field == "body"


def test_a_body_over_the_import_limit_is_a_413(client: FlaskClient) -> None:
    body = b" " * (league_backup.MAX_DOCUMENT_BYTES + 1)
    response = client.post("/api/v1/leagues/import", data=body,
                           content_type="application/json")
    assert response.status_code == 413


def test_a_deeply_nested_document_is_a_400(client: FlaskClient) -> None:
    body = "[" * 100_000 + "]" * 100_000
    response = client.post("/api/v1/leagues/import", data=body,
                           content_type="application/json")
    assert response.status_code == 400


def test_every_house_rule_of_issue_13_round_trips_through_a_league_file(app: Flask) -> None:
    from tests.test_api_score import HOUSE_13, THEM_13, US_13

    with app.app_context():
        league_id = leagues.create_league({"name": "House rules"}).id
        play(league_id, HOUSE_13, [["Ann"], ["Bob"]], [[US_13, THEM_13]] * 4)
        exported = league_backup.export_league(league_id)
        copy_id = league_backup.import_league(copy.deepcopy(exported))
        again = league_backup.export_league(copy_id)
        before = figures(standings.league_standings(league_id))
        after = figures(standings.league_standings(copy_id))
    rules = exported["rules"][0]
    assert rules["red_three"]["down_when_not_out"] == 50
    assert rules["black_three"] == {"meld_when_going_out": True}
    assert rules["books"]["mixed_wild"] == 1000
    assert rules["card_values"]["by_rank"] == {"9": 5, "8": 5}
    assert rules["rounds"][0]["going_out_books"]["sevens"] == 1
    assert rules["first_meld_bonus"] == 100
    assert rules["special_books"][1]["kind"] is None
    assert again == exported
    assert after == before
    # Four rounds of 3685 and of 655, each worked out by hand in test_api_score
    assert sorted({row[5] for row in after}) == [4 * 655, 4 * 3685]


# The live state of a game in play: issue 15's defect 11.


@pytest.fixture
def in_play(app: Flask) -> dict[str, Any]:
    """The export of a league whose game in play has book taps and one team's saved count."""
    with app.app_context():
        league_id = leagues.create_league({"name": "Live"}).id
        game_id = play(league_id, HOUSE_RULES, [["Ann", "Bob"], ["Cy", "Di"]],
                       [[CARDS, POINTS]])
        games.tap_book(game_id, 0, "clean", 1)
        games.tap_book(game_id, 0, "clean", 1)
        games.tap_book(game_id, 1, "sevens", 1)
        games.tap_red_threes(game_id, 1, 1)
        tally_parts.save_part(game_id, 2, 1, read_entered_tally(POINTS, 1), 0)
        tally_parts.save_part(game_id, 2, 1, read_entered_tally({"melded": {"points": 90}}, 1), 1)
        return league_backup.export_league(league_id)


def test_a_game_in_play_exports_its_book_taps_and_saved_counts(in_play: dict[str, Any]
                                                               ) -> None:
    game = in_play["games"][0]
    assert game["books"] == [{"clean": 2}, {"sevens": 1}]
    assert game["red_threes_down"] == [0, 1]
    assert game["counts"] == [{"team": 1, "version": 2, "tally": {"melded": {"points": 90}}}]


def test_the_live_state_imports_back_and_exports_the_same(app: Flask,
                                                          in_play: dict[str, Any]) -> None:
    with app.app_context():
        copy_id = league_backup.import_league(copy.deepcopy(in_play))
        assert league_backup.export_league(copy_id) == in_play
        bob = leagues.get_league(copy_id).players[1]
        game_id = player_history(copy_id, bob.id).games[0].game_id
        state = games.get_game(game_id)
        assert state.books[0].clean == 2 and state.books[1].special == (("sevens", 1),)
        assert state.red_threes == (0, 1)
        assert [(part.team, part.version) for part in state.parts] == [(1, 2)]
        # The imported count is the one the table goes on from: the last team's count
        # records the round.
        stale = pytest.raises(games.GameConflict)
        with stale:
            tally_parts.save_part(game_id, 2, 1, read_entered_tally(POINTS, 1), 1)
        _, recorded = tally_parts.save_part(game_id, 2, 0, read_entered_tally(CARDS, 0), 0)
    assert recorded


def test_a_document_without_live_state_still_imports(app: Flask,
                                                     in_play: dict[str, Any]) -> None:
    document = copy.deepcopy(in_play)
    del document["games"][0]["books"], document["games"][0]["counts"]
    del document["games"][0]["red_threes_down"]
    with app.app_context():
        copy_id = league_backup.import_league(document)
        game = league_backup.export_league(copy_id)["games"][0]
    assert game["books"] == [{}, {}] and game["counts"] == []
    assert game["red_threes_down"] == [0, 0]


LIVE_BROKEN = [
    ("a book of no such kind", _set("games.0.books.0", {"tens": 1}), "games[0].books"),
    ("a book count too big", _set("games.0.books.1", {"sevens": 10**9}),
     "games[0].books.sevens"),
    ("too many red threes laid down", _set("games.0.red_threes_down", [0, 10**9]),
     "games[0].red_threes_down"),
    ("red threes for one team of two", _set("games.0.red_threes_down", [1]),
     "games[0].red_threes_down"),
    ("books for one team of two", _set("games.0.books", [{}]), "games[0].books"),
    ("a count for a team twice", _set("games.0.counts", [
        {"team": 0, "version": 1, "tally": {}}, {"team": 0, "version": 2, "tally": {}}]),
     "games[0].counts"),
    ("a count of no team", _set("games.0.counts.0.team", 5), "games[0].counts.team"),
    ("a count of version 0", _set("games.0.counts.0.version", 0), "games[0].counts.version"),
    ("an impossible count", _set("games.0.counts.0.tally", {"melded": {"jokers": 999}}),
     "games[0].counts.melded.jokers"),
    ("a count with an unknown key", _set("games.0.counts.0.colour", "red"),
     "games[0].colour"),
    ("live state of a finished game", lambda document: document["games"][0].update(
        status="finished", rounds=document["games"][0]["rounds"] * 4), "games[0].status"),
]


@pytest.mark.parametrize(("change", "field"), [(c, f) for _, c, f in LIVE_BROKEN],
                         ids=[name for name, _, _ in LIVE_BROKEN])
def test_broken_live_state_changes_nothing_and_says_where(
        app: Flask, in_play: dict[str, Any], change: Callable[[dict[str, Any]], None],
        field: str) -> None:
    document = copy.deepcopy(in_play)
    change(document)
    before = database_rows(app)
    with app.app_context(), pytest.raises(InvalidBackup) as raised:
        league_backup.import_league(document)
    assert field in [problem.field for problem in raised.value.problems], \
        raised.value.problems
    assert database_rows(app) == before


# Bounded imports: issue 15's defect 10, the import part.


def test_a_mistake_in_a_late_chunk_changes_nothing(app: Flask, exported: dict[str, Any],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Chunks stored before the mistake is read are deleted again."""
    monkeypatch.setattr(league_backup, "CHUNK_GAMES", 1)
    document = copy.deepcopy(exported)
    document["games"][3]["rounds"][0]["teams"][0]["melded"]["points"] = "lots"
    before = database_rows(app)
    with app.app_context(), pytest.raises(InvalidBackup) as raised:
        league_backup.import_league(document)
    assert [p.field for p in raised.value.problems] == ["games[3].rounds[0].melded.points"]
    assert database_rows(app) == before


def test_chunks_store_the_same_league(app: Flask, exported: dict[str, Any],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(league_backup, "CHUNK_GAMES", 1)
    with app.app_context():
        copy_id = league_backup.import_league(copy.deepcopy(exported))
        assert league_backup.export_league(copy_id) == exported


@contextmanager
def held_elsewhere(app: Flask, holding: Callable[[], AbstractContextManager[None]]
                   ) -> Iterator[None]:
    """``holding()`` entered by another thread, in the app's context, until the block ends:
    another request of this process holding it meanwhile."""
    entered, done = threading.Event(), threading.Event()

    def hold() -> None:
        with app.app_context(), holding():
            entered.set()
            done.wait(30)

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert entered.wait(10)
        yield
    finally:
        done.set()
        holder.join()


@contextmanager
def an_import_running(app: Flask) -> Iterator[None]:
    """A league being imported, as another import sees it: its slot marked in the database
    and its lock held, here by another thread, until the block ends."""
    with app.app_context():
        running = leagues.create_league({"name": "Being restored"}).id
        db.session.add(LeagueImport(slot=league_backup.IMPORT_SLOT, league_id=running))
        db.session.commit()
    with held_elsewhere(app, league_backup.holding_the_import_slot):
        yield


def test_one_import_at_a_time(app: Flask, client: FlaskClient, exported: dict[str, Any]
                              ) -> None:
    with an_import_running(app):
        before = database_rows(app)
        response = client.post("/api/v1/leagues/import", json=exported)
        assert response.status_code == 503
        assert int(response.headers["Retry-After"]) >= 1
        assert "Another league is being restored" in response.json["errors"][0]["message"]
        page = client.post("/leagues/import", data={"document": (
            io.BytesIO(json.dumps(exported).encode()), "league.json")},
            content_type="multipart/form-data")
        assert page.status_code == 503 and page.headers["Retry-After"] == "30"
        assert "Another league is being restored" in page.get_data(as_text=True)
        assert database_rows(app) == before


NOT_JSON = b"{ this is no JSON: were it read, the answer would be 400 or 422 }"


def test_an_import_while_another_runs_is_refused_before_its_body_is_read(
        app: Flask, client: FlaskClient) -> None:
    with an_import_running(app):
        response = client.post("/api/v1/leagues/import", data=NOT_JSON,
                               content_type="application/json")
        assert response.status_code == 503, response.get_json()
        page = client.post("/leagues/import", data={"document": (io.BytesIO(NOT_JSON),
                                                                 "x.json")},
                           content_type="multipart/form-data")
        assert page.status_code == 503
        assert "Another league is being restored" in page.get_data(as_text=True)


def test_imports_sent_at_once_to_one_server_read_one_document(app: Flask,
                                                              client: FlaskClient) -> None:
    """While one restore reads its document in this process (before it has claimed the slot
    in the database), another is refused at once, unread: four sent together never hold four
    documents in memory."""
    with held_elsewhere(app, league_backup.one_restore_at_a_time):
        response = client.post("/api/v1/leagues/import", data=NOT_JSON,
                               content_type="application/json")
        assert response.status_code == 503, response.get_json()
        page = client.post("/leagues/import", data={"document": (io.BytesIO(NOT_JSON),
                                                                 "x.json")},
                           content_type="multipart/form-data")
        assert page.status_code == 503
    after = client.post("/api/v1/leagues/import", data=NOT_JSON, content_type="application/json")
    assert after.status_code == 400, after.get_json()


def test_an_import_that_died_gives_way_and_is_deleted(app: Flask, exported: dict[str, Any]
                                                      ) -> None:
    """Its slot marked a moment ago, but its lock held by no one: its process is gone."""
    with app.app_context():
        dead = league_backup.import_league(copy.deepcopy(exported))
        db.session.add(LeagueImport(slot=league_backup.IMPORT_SLOT, league_id=dead,
                                    touched_at=datetime.now(UTC)))
        db.session.commit()
        copy_id = league_backup.import_league(copy.deepcopy(exported))
        assert stored_league_ids().count(dead) == 0
        assert league_backup.export_league(copy_id) == exported
        assert db.session.scalar(sa.select(sa.func.count()).select_from(LeagueImport)) == 0
