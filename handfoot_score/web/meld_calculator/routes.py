"""The meld calculator: tap in the melds you hold and see whether they open the round.

Every button submits a GET form, so the page changes no state on the server, works without
JavaScript, and any step can be bookmarked or shared.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from wtforms import Form, IntegerField, SelectField

from handfoot_score.engine.errors import N_, EngineError, Problem, UnknownRules
from handfoot_score.engine.rules import RuleSet
from handfoot_score.engine.rules_json import rules_to_dict
from handfoot_score.languages.i18n import say
from handfoot_score.services.games import GameNotFound, get_game
from handfoot_score.services.rules import get_rules, list_presets
from handfoot_score.services.scoring import meld_check_request
from handfoot_score.services.words import lazy_gettext as _l
from handfoot_score.web.meld_calculator.meld_state import (
    Melds,
    laid_melds,
    next_melds,
    serialize_melds,
)
from handfoot_score.web.shared.flask_form import SelectChoice
from handfoot_score.web.shared.rules_form import preset_words

bp = Blueprint("meld_calculator", __name__)

DEFAULT_RULES = "classic"

#: The card buttons, highest first: (card as the meld check reads it, its name aloud).
CARD_BUTTONS = (
    ("A", _l("ace")), ("K", _l("king")), ("Q", _l("queen")), ("J", _l("jack")),
    ("10", _l("ten")), ("9", _l("nine")), ("8", _l("eight")), ("7", _l("seven")),
    ("6", _l("six")), ("5", _l("five")), ("4", _l("four")), ("3", _l("three")),
    ("2", _l("two, wild")), ("JK", _l("joker, wild")),
)

#: The buttons that change the melds; after one, the page moves to a clean address so a
#: reload does not press it again.
_ACTIONS = ("add", "new", "undo", "clear")
#: The query parameters that say what is judged, kept across a button press.
_KEPT = ("rules", "round", "score", "game")

#: Which field of the page a problem from the meld check is about.
_FIELD_OF_PROBLEM = {"rules": "rules", "round": "round", "score_before": "score"}


class OpeningForm(Form):
    """The rules, round and score the melds are judged under; read from the query string."""

    rules = SelectField(_l("Rules"), default=DEFAULT_RULES)
    round = SelectField(_l("Round"), default="1")
    score = IntegerField(_l("Your team's score before this round"))


@bp.get("/meld-calculator")
def meld_calculator() -> ResponseReturnValue:
    """Apply the button pressed to the melds, judge them, and say whether they open."""
    form = OpeningForm(request.args)
    melds, trouble = next_melds(request.args.get("melds", ""), request.args)
    if not trouble and any(action in request.args for action in _ACTIONS):
        # Any, as url_for takes: a str would not match its keyword-only arguments.
        kept: dict[str, Any] = {key: request.args[key] for key in _KEPT if request.args.get(key)}
        return redirect(url_for("meld_calculator.meld_calculator",
                                melds=serialize_melds(melds), **kept), code=303)
    problems = [Problem("melds", trouble)] if trouble else []
    check = None
    status = 200
    try:
        rules = _rules_judged(form)
    except UnknownRules as error:
        rules, status = get_rules(DEFAULT_RULES), 404
        problems.append(Problem("rules", N_("there are no rules called %(name)s"),
                                values={"name": repr(error.rules_id)}))
    else:
        try:
            check = meld_check_request(_meld_check_body(rules, melds))
        except EngineError as error:
            problems.extend(error.problems)
    _fill_form(form, rules, problems)
    page = render_template(
        "meld_calculator.html", form=form, rules=rules, melds=melds,
        game_id=request.args.get("game"),
        state=serialize_melds(melds), check=check, problems=problems,
        field_of_problem=_FIELD_OF_PROBLEM, card_buttons=CARD_BUTTONS,
    )
    return page, status


def _rules_judged(form: OpeningForm) -> RuleSet:
    """The rules of the game named by ``?game=`` (house rules included), or those chosen."""
    game_id = request.args.get("game")
    if game_id:
        try:
            return get_game(game_id).rules
        except GameNotFound:
            raise UnknownRules(game_id) from None
    return get_rules(form.rules.data or DEFAULT_RULES)


def _fill_form(form: OpeningForm, rules: RuleSet, problems: list[Problem]) -> None:
    """Offer the presets and the rules' rounds, and show each problem at its field."""
    # Rules saved by a table are not offered, but stay chosen when a link names them.
    offered = list_presets()
    offered += [rules] if rules not in offered else []
    form.rules.choices = [(offered_rules.id, preset_words(rules_to_dict(offered_rules))["name"])
                          for offered_rules in offered]
    form.round.choices = [SelectChoice(str(number)) for number in range(1, len(rules.rounds) + 1)]
    for problem in problems:
        if problem.field in _FIELD_OF_PROBLEM:
            getattr(form, _FIELD_OF_PROBLEM[problem.field]).errors = [say(problem)]


def _meld_check_body(rules: RuleSet, melds: Melds) -> dict[str, Any]:
    """The meld check request for the page's query string; the service judges every value.

    The score goes along only where the rules' minimum follows it, so a score left in a
    link never stops a check under rules that ignore it.
    """
    body: dict[str, Any] = {
        "rules": rules.id if request.args.get("game") is None else rules_to_dict(rules),
        "round": _whole_number(request.args.get("round") or "1"),
        "melds": laid_melds(melds),
    }
    score = request.args.get("score", "").strip()
    if score and rules.meld_minimum_by_score is not None:
        body["score_before"] = _whole_number(score)
    return body


def _whole_number(text: str) -> int | str:
    # Text that is not a number goes to the service as it is, to be refused there in the
    # same words the JSON API uses.
    try:
        return int(text)
    except ValueError:
        return text
