"""The round screen, the book counters, stopping a game, and the games listed on the home page."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from handfoot_score import create_app
from handfoot_score.engine.presets import PRESETS
from handfoot_score.engine.tally import CardCounts
from handfoot_score.services.tallies import read_entered
from handfoot_score.web.shared.formats import deduction, points
from tests.conftest import TEST_CONFIG
from tests.form_data import form_values
from tests.game_pages import (
    QUIET,
    TOKEN,
    TWO_TEAMS,
    get_text,
    page_text,
    record,
    start_game,
    state_of,
    team_panel_text,
)

SCORE_RULES = {"base": "classic", "meld_minimum_by_score": [[None, 50], [15000, 90]]}
#: 30 clean books and just the naturals to make them: 16,900 points in one round.
BIG_ROUND = {"melded": {"aces": 20, "eight_to_king": 110, "four_to_seven": 80},
             "books": {"clean": 30}}


@pytest.mark.parametrize("rules_id", sorted(PRESETS))
def test_round_screen_shows_what_every_round_asks(
        app: Flask, client: FlaskClient, rules_id: str) -> None:
    rules = PRESETS[rules_id]
    game_id = start_game(app, rules_id)
    for number, game_round in enumerate(rules.rounds, start=1):
        page = client.get(f"/games/{game_id}").get_data(as_text=True)
        text = get_text(client, f"/games/{game_id}")
        assert f"Round {number} of {len(rules.rounds)}" in text
        assert f"Opening meld {points(game_round.meld_minimum)} points" in text
        assert (f"a hand of {rules.hand_size} cards and a foot of {rules.foot_size} cards"
                in text)
        assert f"You get the top {game_round.pile_take} cards (all if fewer)" in text
        assert "not be a black three" in text
        assert ("Your team must have opened or open now" in text) == rules.pile_needs_opened
        going_out = text.split("To go out ", 1)[1].split(" Going out earns", 1)[0].lower()
        for kind in ("clean", "dirty", "wild"):
            count = getattr(game_round.going_out_books, kind)
            assert (f"{count} {kind} book" in going_out) == (count > 0), going_out
        assert f"Going out earns {points(game_round.going_out_bonus)}." in text
        assert f"{deduction(rules.red_three.left)} each caught in a hand or foot" in text
        assert f"{deduction(rules.card_values.black_three)} each left in a hand or foot" in text
        if game_round.exact_draw_cards:
            assert f"Grab exactly {game_round.exact_draw_cards} cards" in text
        else:
            assert "Exact draw" not in text
        assert ('name="kind" value="wild"' in page) == (rules.books.wild is not None)
        assert f'href="/games/{game_id}/rounds/{number}"' in page
        assert f"game={game_id}" in page and f"round={number}" in page
        assert f'href="/games/{game_id}/rules"' in page
        record(app, game_id, QUIET, {})
    assert client.get(f"/games/{game_id}").location == f"/games/{game_id}/over"


def test_minimum_follows_each_teams_score(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app, SCORE_RULES)
    text = get_text(client, f"/games/{game_id}")
    assert "Us (score 0) 50 points" in text
    assert "Them (score 0) 50 points" in text
    state = record(app, game_id, BIG_ROUND, QUIET)
    assert state.totals == (16_900, 100)
    text = get_text(client, f"/games/{game_id}")
    assert "Round 2 of 4" in text
    assert "Us (score 16,900) 90 points" in text
    assert "Them (score 100) 50 points" in text
    assert state.meld_minimums(2) == (90, 50)


def test_the_deal_passes_to_the_left_each_round(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app, "pagat")
    expected = [
        ("Ann (Us) deals the hands.", "Bob (Us) deals the feet.", "Cy (Them) plays first."),
        ("Cy (Them) deals the hands.", "Di (Them) deals the feet.", "Bob (Us) plays first."),
        ("Bob (Us) deals the hands.", "Ann (Us) deals the feet.", "Di (Them) plays first."),
        ("Di (Them) deals the hands.", "Cy (Them) deals the feet.", "Ann (Us) plays first."),
    ]
    for number, lines in enumerate(expected, start=1):
        text = get_text(client, f"/games/{game_id}")
        deal = state_of(app, game_id).deal(number)
        assert lines[0].startswith(deal.hands_dealer.player)
        assert lines[2].startswith(deal.first_player.player)
        for line in lines:
            assert line in text
        record(app, game_id, QUIET, {})


def test_a_team_without_player_names_deals_both(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app, "classic", [{"name": "North"}, {"name": "South"}],
                         first_dealer=1)
    text = get_text(client, f"/games/{game_id}")
    assert "South deals the hands and the feet." in text
    assert "North plays first." in text


def tap(client: FlaskClient, game_id: str, team: int, kind: str, change: int) -> None:
    """Press a book counter's button; it must come back to the team's panel."""
    response = client.post(f"/games/{game_id}/books",
                           data={"team": team, "kind": kind, "change": change})
    assert response.status_code == 303
    assert response.location == f"/games/{game_id}#team-{team}"




def test_book_taps_tick_off_the_going_out_checklist(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app, "classic")
    assert "✗ Clean books: 0 of 2 not yet" in team_panel_text(client, game_id, 0)
    tap(client, game_id, 0, "clean", 1)
    assert "✗ Clean books: 1 of 2 not yet" in team_panel_text(client, game_id, 0)
    tap(client, game_id, 0, "clean", 1)
    panel = team_panel_text(client, game_id, 0)
    assert "✓ Clean books: 2 of 2 done" in panel
    assert "✗ Dirty books: 0 of 2 not yet" in panel
    assert "All the books needed to go out are made." not in panel
    for kind in ("dirty", "dirty", "wild"):
        tap(client, game_id, 0, kind, 1)
    panel = team_panel_text(client, game_id, 0)
    assert "✓ Wild books: 1 of 1 done" in panel
    assert "All the books needed to go out are made." in panel
    assert "✗ Clean books: 0 of 2 not yet" in team_panel_text(client, game_id, 1)
    tap(client, game_id, 0, "wild", -1)
    assert "✗ Wild books: 0 of 1 not yet" in team_panel_text(client, game_id, 0)
    tap(client, game_id, 1, "clean", -1)
    assert state_of(app, game_id).books[1].clean == 0
    assert state_of(app, game_id).books_lacking(0) == {"wild": 1}


def test_special_books_have_their_own_counter(app: Flask, client: FlaskClient) -> None:
    rules = {"base": "italian", "special_books": [
        {"id": "sevens", "name": "Book of sevens", "bonus": 1500, "kind": "four_to_seven",
         "rank": "7"}]}
    game_id = start_game(app, rules)
    text = get_text(client, f"/games/{game_id}")
    assert "Book of sevens 1,500 each" in text
    assert "+ book of sevens" in text
    tap(client, game_id, 1, "sevens", 1)
    assert state_of(app, game_id).books[1].special_count("sevens") == 1
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'aria-label="take back one book of sevens from Them"' in page
    assert "Book of sevens 1,500 each &minus; made: 1 + book of sevens" in team_panel_text(
        client, game_id, 1)


def test_special_books_needed_to_go_out_are_on_the_checklist(
        app: Flask, client: FlaskClient) -> None:
    rules = {"base": "italian", "special_books": [
        {"id": "sevens", "name": "Book of sevens", "bonus": 1500}],
        "rounds": [{"meld_minimum": 50, "going_out_bonus": 100, "pile_take": 7,
                    "going_out_books": {"clean": 1, "dirty": 0, "wild": 0,
                                        "sevens": 1}}]}
    game_id = start_game(app, rules)
    assert "1 clean book and 1 sevens book" in get_text(client, f"/games/{game_id}")
    assert "✗ Book of sevens: 0 of 1 not yet" in team_panel_text(client, game_id, 0)
    tap(client, game_id, 0, "clean", 1)
    assert "All the books needed to go out are made." not in team_panel_text(client, game_id, 0)
    tap(client, game_id, 0, "sevens", 1)
    panel = team_panel_text(client, game_id, 0)
    assert "✓ Book of sevens: 1 of 1 done" in panel
    assert "All the books needed to go out are made." in panel
    assert "✗ Book of sevens: 0 of 1 not yet" in team_panel_text(client, game_id, 1)


@pytest.mark.parametrize("data", [
    {"team": 0, "kind": "clean", "change": 2},
    {"team": 0, "kind": "clean"},
    {"team": "x", "kind": "clean", "change": 1},
    {"team": 5, "kind": "clean", "change": 1},
    {"team": 0, "kind": "wild", "change": 1},
    {"team": 0, "kind": "sevens", "change": 1},
])
def test_a_tap_that_no_button_sends_is_refused(
        app: Flask, client: FlaskClient, data: dict[str, object]) -> None:
    game_id = start_game(app, "pagat")
    before = state_of(app, game_id)
    assert client.post(f"/games/{game_id}/books", data=data).status_code == 400
    assert state_of(app, game_id).version == before.version


def test_a_tap_after_the_game_is_over_goes_back_with_a_message(
        app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app, "classic")
    client.post(f"/games/{game_id}/abandon")
    response = client.post(f"/games/{game_id}/books",
                           data={"team": 0, "kind": "clean", "change": 1})
    assert response.status_code == 303
    assert response.location == f"/games/{game_id}"
    text = page_text(client.get(response.location))
    assert "The game is over." in text
    assert "This game was stopped" in text


def test_abandon_asks_first_then_leaves_the_home_list(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app, "classic")
    client.get(f"/games/{game_id}")  # opened on this device: listed on its home page
    assert f'href="/games/{game_id}"' in client.get("/").get_data(as_text=True)
    page = client.get(f"/games/{game_id}/abandon").get_data(as_text=True)
    assert "Stop this game? Its rounds stay saved but it leaves the list of games in play." in (
        " ".join(re.sub(r"<[^>]+>", " ", page).split()))
    assert f'action="/games/{game_id}/abandon"' in page
    assert state_of(app, game_id).status == "playing"
    response = client.post(f"/games/{game_id}/abandon")
    assert (response.status_code, response.location) == (303, "/")
    home = client.get("/").get_data(as_text=True)
    assert "The game was stopped. Its rounds stay saved." in home
    assert f'href="/games/{game_id}"' not in home
    assert state_of(app, game_id).status == "abandoned"
    text = get_text(client, f"/games/{game_id}")
    assert "This game was stopped" in text
    assert client.get(f"/games/{game_id}/abandon").location == f"/games/{game_id}"
    again = client.post(f"/games/{game_id}/abandon")
    assert (again.status_code, again.location) == (303, f"/games/{game_id}")


def test_a_finished_game_cannot_be_abandoned(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app, "classic")
    for _ in range(4):
        record(app, game_id, QUIET, {})
    assert client.get(f"/games/{game_id}/abandon").location == f"/games/{game_id}"
    assert client.post(f"/games/{game_id}/abandon").location == f"/games/{game_id}"
    assert state_of(app, game_id).status == "finished"


def test_home_lists_games_in_play_to_resume(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app, "classic")
    record(app, game_id, QUIET, {"melded": {"eight_to_king": 25}})
    over = start_game(app, "classic")
    for _ in range(4):
        record(app, over, QUIET, {})
    for opened in (game_id, over):  # the home page lists the games this device opened
        client.get(f"/games/{opened}")
    page = client.get("/").get_data(as_text=True)
    text = page_text(client.get("/"))
    assert 'href="/games/new"' in page
    assert f'href="/games/{game_id}"' in page
    assert f'href="/games/{over}"' not in page
    assert "Us 100 Them 250 Round 2 of 4 · last played just now Resume" in text


@pytest.mark.parametrize("method, path", [
    ("get", "/games/{}"),
    ("get", "/games/{}/abandon"),
    ("post", "/games/{}/abandon"),
    ("post", "/games/{}/books"),
    ("get", "/games/{}/scoreboard"),
    ("get", "/games/{}/over"),
    ("post", "/games/{}/again"),
])
def test_unknown_games_are_not_found(client: FlaskClient, method: str, path: str) -> None:
    data = {"team": 0, "kind": "clean", "change": 1}
    response = getattr(client, method)(path.format("no-such-game"), data=data)
    assert response.status_code == 404
    assert "There is no page at this address." in page_text(response)


def test_looking_changes_nothing(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(app, "classic")
    record(app, game_id, QUIET, {})
    tap(client, game_id, 0, "clean", 1)
    before = state_of(app, game_id)
    for path in ("/", "/games/{}", "/games/{}/scoreboard", "/games/{}/over",
                 "/games/{}/abandon", "/games/{}/books", "/games/{}/again"):
        assert client.get(path.format(game_id)).status_code in (200, 302, 405)
    after = state_of(app, game_id)
    assert after == before
    assert len(after.rounds) == 1


def test_every_form_carries_a_csrf_token() -> None:
    app = create_app({**TEST_CONFIG, "WTF_CSRF_ENABLED": True})
    client = app.test_client()
    game_id = start_game(app, "classic")
    refused = client.post(f"/games/{game_id}/books",
                          data={"team": 0, "kind": "clean", "change": 1})
    assert refused.status_code == 400
    pages = [client.get(f"/games/{game_id}").get_data(as_text=True),
             client.get(f"/games/{game_id}/abandon").get_data(as_text=True)]
    for _ in range(4):
        record(app, game_id, QUIET, {})
    pages.append(client.get(f"/games/{game_id}/over").get_data(as_text=True))
    for page in pages:
        forms = re.findall(r'<form[^>]*method="post".*?</form>', page, re.S)
        # The footer's colours and language: all a forged post could change (it is exempt).
        forms = [form for form in forms if 'action="/theme"' not in form]
        assert forms
        for form in forms:
            assert TOKEN.search(form)
    token = TOKEN.search(pages[0])
    assert token is not None
    accepted = client.post(f"/games/{game_id}/abandon", data={"csrf_token": token.group(1)})
    assert accepted.status_code == 303


def test_a_correction_typed_before_the_edit_code_is_asked_is_kept_through_the_question(
        app: Flask) -> None:
    code = "river and stone"
    with app.app_context():
        from handfoot_score.services import games, leagues

        league_id = leagues.create_league({"name": "Guarded", "edit_code": code}).id
        game_id = games.create_game(games.read_setup({"rules": "classic", "league": league_id,
                                                      "teams": TWO_TEAMS}), edit_code=code).id
        games.record_round(game_id, read_entered([QUIET, {}]))
    client = app.test_client()
    count_page = f"/games/{game_id}/rounds/1"
    typed = {name: value for name, value in
             form_values(client.get(count_page).get_data(as_text=True)).items()
             if name not in ("next", "theme")}
    typed["teams-0-melded_eight_to_king"] = "14"
    typed["teams-1-melded_four_to_seven"] = "3"
    # Each team holds the 52 cards dealt to it.
    typed["teams-0-left_eight_to_king"] = "38"
    typed["teams-1-left_eight_to_king"] = "49"
    correct = f"{count_page}/correct"
    asked = client.post(correct, data=typed)
    assert asked.status_code == 403, page_text(asked)[:1500]
    page = asked.get_data(as_text=True)
    assert f'action="/leagues/{league_id}/unlock"' in page
    assert '<input type="hidden" name="teams-0-melded_eight_to_king" value="14">' in page
    assert "What you typed is kept" in page
    carried = {**{k: v for k, v in typed.items() if k != "csrf_token"},
               "next": correct, "repost": "1"}
    wrong = client.post(f"/leagues/{league_id}/unlock", data={**carried, "edit_code": "x" * 8})
    assert wrong.status_code == 403
    assert 'name="teams-0-melded_eight_to_king" value="14"' in wrong.get_data(as_text=True)
    assert state_of(app, game_id).rounds[0].tallies[0].melded == CardCounts(eight_to_king=10)
    right = client.post(f"/leagues/{league_id}/unlock", data={**carried, "edit_code": code})
    assert right.status_code == 307
    assert right.location == correct
    again = client.post(right.location, data={**carried, "edit_code": code})
    assert again.status_code == 303, again.get_data(as_text=True)[:3000]
    assert state_of(app, game_id).rounds[0].tallies[0].melded == CardCounts(eight_to_king=14)


def test_the_light_or_dark_choice_is_a_cookie_and_goes_back_only_to_this_site(
        client: FlaskClient) -> None:
    chosen = client.post("/theme", data={"theme": "dark", "next": "/rules"})
    assert chosen.status_code == 303 and chosen.location == "/rules"
    assert 'data-theme="dark"' in client.get("/rules").get_data(as_text=True)
    away = client.post("/theme", data={"theme": "light", "next": "//elsewhere.example/x"})
    assert away.location == "/"
    assert 'data-theme="light"' in client.get("/rules").get_data(as_text=True)
    client.post("/theme", data={"theme": "auto", "next": "/rules"})
    assert "data-theme" not in client.get("/rules").get_data(as_text=True)
    client.post("/theme", data={"theme": "purple", "next": "/rules"})
    assert "data-theme" not in client.get("/rules").get_data(as_text=True)
