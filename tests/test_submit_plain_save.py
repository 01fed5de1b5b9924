"""A plain save of the round being played is read without binding the form: it must read
exactly what the bound form reads, and leave to the bound form every post it cannot judge."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from flask import Flask, request, session
from flask_wtf.csrf import generate_csrf
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from handfoot_score import create_app
from handfoot_score.engine.cards import CardKind, Rank
from handfoot_score.engine.presets import CLASSIC, PAGAT
from handfoot_score.engine.rules import RuleSet, SpecialBook
from handfoot_score.web.tally_form import RoundTallyForm, plain_save
from tests.conftest import TEST_CONFIG

NAMES = ("Us", "Them")
SEVENS = SpecialBook("sevens", "Book of sevens", 1500, CardKind.FOUR_TO_SEVEN, Rank.SEVEN)
RANKED = replace(CLASSIC, id="ranked", card_values=replace(
    CLASSIC.card_values, by_rank=((Rank.NINE, 5), (Rank.EIGHT, 5))))
HOUSE = replace(PAGAT, id="house", special_books=(SEVENS,), first_meld_bonus=100)
RULES = [CLASSIC, PAGAT, RANKED, HOUSE]
#: What a phone may type in a count: blank, numbers, spaces, and text that is no number.
TYPED = st.sampled_from(["", "0", "3", " 12 ", "-2", "x", "1.5", "0007"])


def team_inputs(app: Flask, rules: RuleSet) -> list[str]:
    """The names of a team's inputs on the page under these rules."""
    with app.test_request_context():
        form = RoundTallyForm.for_game(rules, NAMES)
        return [field.short_name for field in form.teams[0].form]


@st.composite
def posts(draw: st.DrawFn, inputs: list[str]) -> dict[str, str]:
    """A posted tally form: some of each team's inputs typed, its switches and who went
    out as a page (or a phone's own request) may send them."""
    data: dict[str, str] = {}
    for team in range(len(NAMES)):
        for name in draw(st.lists(st.sampled_from(inputs), unique=True)):
            data[f"teams-{team}-{name}"] = draw(TYPED)
        points = draw(st.sampled_from([None, "y", "", "false"]))
        if points is not None:
            data[f"teams-{team}-points_mode"] = points
        # The page shows the counts the way the switch asks, unless it was flipped since.
        shown = "1" if points == "y" else draw(st.sampled_from(["", None]))
        if draw(st.integers(0, 4)) == 0:
            shown = draw(st.sampled_from([None, "", "1"]))
        if shown is not None:
            data[f"teams-{team}-points_shown"] = shown
        if draw(st.integers(0, 4)):
            part = "points" if points == "y" else draw(st.sampled_from(["jokers", "aces"]))
            data[f"teams-{team}-{draw(st.sampled_from(['melded', 'left']))}_{part}"] = "3"
        version = draw(st.sampled_from([None, "", "0", "2", "v"]))
        if version is not None:
            data[f"teams-{team}-part_version"] = version
    # Mostly a save as a page sends it; now and then what no page sends.
    went_out = draw(st.sampled_from(["nobody", "0", "1"] * 3 + [None, "2", ""]))
    if went_out is not None:
        data["went_out"] = went_out
    for name, values in (("request_key", ["", "k" * 32]), ("empty_ok", ["", "0", "0 1"]),
                         ("version", ["", "1"]), ("step", ["show", "save"])):
        if draw(st.integers(0, 3)) == 0:
            data[name] = draw(st.sampled_from(values))
    return data


@pytest.mark.parametrize("rules", RULES, ids=lambda rules: rules.id)
@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_plain_save_reads_what_the_bound_form_reads(app: Flask, rules: RuleSet,
                                                     data: st.DataObject) -> None:
    inputs = team_inputs(app, rules)
    posted = data.draw(posts(inputs))
    with app.test_request_context(method="POST", data=posted):
        plain = plain_save(rules, NAMES, request.form)
        form = RoundTallyForm.for_game(rules, NAMES)
        saves = (posted.get("step") != "show" and not form.mode_changed() and form.validate()
                 and not form.version.data and not form.nothing_counted())
        if plain is None:
            # Left to the bound form: a post that does not save as it stands, or one that
            # leaves a team's inputs out altogether.
            assert not saves or not _all_teams(posted)
            return
        assert saves, "a plain save is a post the bound form would save as it stands"
        assert plain.teams == form.to_teams()
        assert plain.part_versions == form.part_versions()
        assert plain.request_key == (form.request_key.data or None)


def _all_teams(posted: dict[str, Any]) -> bool:
    """Whether the post has inputs of every team (the form's entries are the teams posted)."""
    return all(any(key.startswith(f"teams-{team}-") for key in posted)
               for team in range(len(NAMES)))


def a_save(**changes: str) -> dict[str, str]:
    """A post that saves: cards counted for both teams, who went out answered."""
    data = {"teams-0-melded_aces": "4", "teams-1-left_twos": "1", "went_out": "nobody",
            "teams-0-part_version": "0", "teams-1-part_version": "0",
            "request_key": "k" * 32}
    data.update(changes)
    return {key: value for key, value in data.items() if value != "(none)"}


def test_a_plain_save_gives_each_teams_tally(app: Flask) -> None:
    with app.test_request_context(method="POST", data=a_save(went_out="1")):
        plain = plain_save(CLASSIC, NAMES, request.form)
    assert plain is not None
    us, them = plain.teams
    assert us["melded"]["aces"] == 4 and us["went_out"] is False
    assert them["left"]["twos"] == 1 and them["went_out"] is True
    assert plain.part_versions == [0, 0]
    assert plain.request_key == "k" * 32


@pytest.mark.parametrize("changes", [
    {"step": "show"},                                     # Enter: show the score, save nothing
    {"version": "1"},                                     # a correction
    {"went_out": "(none)"},                               # who went out not answered
    {"went_out": "2"},                                    # no such team
    {"teams-1-points_mode": "y"},                         # a switch flipped without scripts
    {"teams-1-left_twos": ""},                            # nothing counted, not asked yet
    {"teams-2-melded_aces": "1"},                         # a team the game does not have
], ids=str)
def test_the_bound_form_takes_what_a_plain_save_cannot_judge(app: Flask,
                                                            changes: dict[str, str]) -> None:
    with app.test_request_context(method="POST", data=a_save(**changes)):
        assert plain_save(CLASSIC, NAMES, request.form) is None


def test_a_team_asked_about_saves_with_nothing_counted(app: Flask) -> None:
    with app.test_request_context(method="POST",
                                  data=a_save(**{"teams-1-left_twos": "", "empty_ok": "1"})):
        plain = plain_save(CLASSIC, NAMES, request.form)
    assert plain is not None
    assert plain.teams[1]["left"]["twos"] == 0


def test_an_expired_page_is_left_to_the_bound_form() -> None:
    app = create_app({**TEST_CONFIG, "WTF_CSRF_ENABLED": True})
    with app.test_request_context(method="POST", data=a_save(csrf_token="stale")):
        assert plain_save(CLASSIC, NAMES, request.form) is None
    with app.test_request_context():
        token = generate_csrf()
        raw = dict(session)
    with app.test_request_context(method="POST", data=a_save(csrf_token=token)):
        session.update(raw)
        assert plain_save(CLASSIC, NAMES, request.form) is not None
