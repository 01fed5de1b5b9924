"""The rules pages: a reminder card for one rule set, and house rules made from a preset."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from handfoot_score.engine.errors import InvalidRules
from handfoot_score.engine.rules_json import rules_to_dict
from handfoot_score.services.games import get_game
from handfoot_score.services.rules import get_rules, list_presets, resolve_rules, save_rules
from handfoot_score.services.words import gettext as _
from handfoot_score.web.shared.device_rules import list_rules
from handfoot_score.web.shared.rules_card import RulesCard
from handfoot_score.web.shared.rules_form import SaveHouseRulesForm, house_rules_form_data

bp = Blueprint("rules", __name__)


@bp.get("/rules/<rules_id>")
def rules_card(rules_id: str) -> str:
    """One rule set on a reminder card for the table; a saved set opened by its link is
    listed on this device's pages from then on, as a game opened by its link is."""
    card = RulesCard.of(get_rules(rules_id))
    list_rules(card.rules.id)
    return render_template("rules/card.html", card=card)


@bp.get("/games/<game_id>/rules")
def game_rules(game_id: str) -> str:
    """The reminder card for the rules a game is played under, house rules included."""
    return render_template("rules/card.html", card=RulesCard.of(get_game(game_id).rules))


@bp.route("/rules/house", methods=["GET", "POST"])
def house_rules() -> ResponseReturnValue:
    """The house-rules form, filled in with the preset named by ``?base=``; saving keeps the
    rules under their name to pick for any game."""
    if request.method == "GET":
        base = get_rules(request.args.get("base") or list_presets()[0].id)
        form = SaveHouseRulesForm(base=base.id, rules=house_rules_form_data(rules_to_dict(base)))
        return render_template("rules/house.html", form=form, base=base)
    form = SaveHouseRulesForm()
    base = get_rules(form.base.data or list_presets()[0].id)
    rounds = request.form.get("rules_round")
    if rounds:
        form.rules.form.change_rounds(rounds)
        return render_template("rules/house.html", form=form, base=base)
    if not form.validate():
        return render_template("rules/house.html", form=form, base=base), 422
    try:
        saved = save_rules(form.rules.form.name.data or "",
                           resolve_rules(form.rules.form.to_rules_dict()))
    except InvalidRules as error:
        form.rules.form.show_problems(error.problems)
        return render_template("rules/house.html", form=form, base=base), 422
    list_rules(saved.id)
    flash(_("Saved \u201c%(name)s\u201d. Pick it when you start a new game.", name=saved.name),
          "success")
    return redirect(url_for("rules.rules_card", rules_id=saved.id), code=303)
