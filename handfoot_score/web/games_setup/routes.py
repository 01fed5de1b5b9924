"""The new-game page: rules (a preset, saved house rules, or changed right here), teams, dealer."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from wtforms import DateField, FieldList, Form, FormField, HiddenField, SelectField, StringField
from wtforms.validators import Length, Optional

from handfoot_score.engine.errors import EngineError, InvalidRules, Problem
from handfoot_score.engine.limits import MAX_PLAYERS_PER_TEAM, MAX_TEAMS, MIN_TEAMS
from handfoot_score.engine.rules import RuleSet
from handfoot_score.engine.rules_json import rules_from_dict, rules_to_dict
from handfoot_score.engine.table import player_count, seating
from handfoot_score.languages.i18n import say
from handfoot_score.services import games, leagues
from handfoot_score.services import rules as rules_service
from handfoot_score.services.leagues import LeagueView
from handfoot_score.services.words import gettext as _
from handfoot_score.services.words import lazy_gettext as _l
from handfoot_score.services.words import ngettext
from handfoot_score.storage.models import NOTE_LENGTH, PLACE_LENGTH
from handfoot_score.web.shared.device_rules import list_rules, rules_of_this_device
from handfoot_score.web.shared.edit_codes import edit_code_for
from handfoot_score.web.shared.flask_form import FlaskForm
from handfoot_score.web.shared.rules_form import HouseRulesForm, house_rules_form_data, preset_words
from handfoot_score.web.shared.win_chances import table_chances

bp = Blueprint("games_setup", __name__)


def _strip(text: str | None) -> str | None:
    return " ".join(text.split()) if text else text


class TeamForm(Form):
    """A team's name and its players (up to three; a player on their own is a team of one)."""

    name = StringField(_l("Team name"), filters=[_strip], validators=[Optional(), Length(max=60)])
    players = FieldList(
        StringField(_l("Player"), filters=[_strip], validators=[Optional(), Length(max=60)]),
        min_entries=MAX_PLAYERS_PER_TEAM, max_entries=MAX_PLAYERS_PER_TEAM)


class NewGameForm(FlaskForm):
    """Everything a table settles before the first deal."""

    league = HiddenField()
    rules_choice = SelectField(_l("Rules"), description=_l(
        "Pick a set of rules; change any number below under \u201cChange house rules\u201d."))
    teams = FieldList(FormField(TeamForm), min_entries=MIN_TEAMS, max_entries=MAX_TEAMS)
    first_dealer = SelectField(_l("Who deals first?"), coerce=int, default=0)
    house = FormField(HouseRulesForm, _l("House rules"))
    save_as = StringField(_l("Save these rules as\u2026"), filters=[_strip],
                          validators=[Optional(), Length(max=100)],
                          description=_l("Give them a name to play them again. Leave empty "
                                         "to use them for this game only."))
    note = StringField(_l("Note"), filters=[_strip],
                       validators=[Optional(), Length(max=NOTE_LENGTH)],
                       description=_l("Optional, for the history: \u201cGrandma\u2019s "
                                      "birthday\u201d."))
    place = StringField(_l("Where"), filters=[_strip],
                        validators=[Optional(), Length(max=PLACE_LENGTH)])
    played_on = DateField(_l("Played on"), validators=[Optional()],
                          description=_l("Leave empty for the day the game starts."))

    def fill_choices(self) -> None:
        """Offer the presets and this device's saved rule sets (with the league's, and the
        set a link chose), and the seats as the names now stand."""
        self.rules_choice.choices = [
            (r.id, _(r.name)) for r in rules_service.list_presets()] + [
            (r.id, r.name) for r in rules_of_this_device(self.league.data or None,
                                                          self.rules_choice.data)]
        for number, team in enumerate(self.teams, start=1):
            team.form.name.label.text = _("Team %(number)s: name", number=number)
            for place, player in enumerate(team.form.players, start=1):
                player.label.text = _("Team %(number)s: player %(place)s", number=number,
                                      place=place)
        self.first_dealer.choices = [
            (index, _seat_label(seat.player, self.team_name(seat.team)))
            for index, seat in enumerate(seating(self.team_players()))]

    def team_players(self) -> list[tuple[str, ...]]:
        """Each team's players as typed (a team with none is one seat in its own name)."""
        return [tuple(players) or (self.team_name(i),)
                for i, players in enumerate(self.typed_players())]

    def typed_players(self) -> list[list[str]]:
        """Each team's players as typed, the empty boxes left out."""
        return [[p for p in team.form.players.data if p] for team in self.teams]

    def team_name(self, index: int) -> str:
        """The team's name as typed, or "Team N" (as the service will name it)."""
        return self.teams[index].form.name.data or _("Team %(number)s", number=index + 1)

    def decks_words(self) -> str | None:
        """How many decks the game will use, with the rules and players as they stand."""
        per_player = bool(self.house.form.deck_per_player.data)
        players = player_count(self.typed_players())
        decks = self.house.form.decks_in_play(players)
        if decks is None:
            return None
        if per_player and players is not None:
            return ngettext("This game uses %(num)s deck: one for each player.",
                            "This game uses %(num)s decks: one for each player.", decks)
        if per_player:
            return ngettext("This game uses %(num)s deck. Name every team's players to play "
                            "one deck for each player.", "This game uses %(num)s decks. Name "
                            "every team's players to play one deck for each player.", decks)
        return ngettext("This game uses %(num)s deck.", "This game uses %(num)s decks.", decks)

    def game_body(self, rules: dict[str, Any]) -> dict[str, Any]:
        """The set-up as typed, in the shape the JSON API sends: both are read by
        ``games.read_setup``."""
        return {
            "league": self.league.data or None,
            "rules": rules,
            "teams": [{"name": self.team_name(i), "players": players}
                      for i, players in enumerate(self.typed_players())],
            "first_dealer": self.first_dealer.data or 0,
            "note": self.note.data or None,
            "place": self.place.data or None,
            "played_on": self.played_on.data.isoformat() if self.played_on.data else None,
        }


def _seat_label(player: str, team_name: str) -> str:
    """A seat as the dealer list shows it: "Ann (Owls)", or just "Owls" for a team whose
    players have no names yet (the same words static/js/new_game.js writes as names are typed)."""
    return player if player == team_name else f"{player} ({team_name})"


@bp.route("/games/new", methods=["GET", "POST"])
def new_game() -> ResponseReturnValue:
    """Set up a game; the buttons that add teams or rounds show the form again, nothing saved."""
    if request.method == "GET":
        chosen = _chosen_rules(request.args.get("rules"))
        form = NewGameForm(formdata=None, data={
            "rules_choice": chosen.id, "house": house_rules_form_data(rules_to_dict(chosen)),
            "league": request.args.get("league", "")})
        form.fill_choices()
        return _page(form)
    form = NewGameForm()
    action = request.form.get("action", "start")
    if action != "start" or request.form.get("rules_round"):
        return _show_again(form, action)
    form.fill_choices()
    if not form.validate():
        return _page(form, open_rules=bool(form.house.errors))
    try:
        state = games.create_game(games.read_setup(form.game_body(_rules_to_play(form))),
                                  edit_code=edit_code_for(form.league.data or None),
                                  save_rules_as=form.save_as.data or None)
    except InvalidRules as error:
        form.house.form.show_problems(error.problems)
        return _page(form, open_rules=True), 422
    except EngineError as error:
        _show_team_problems(form, error.problems)
        return _page(form), 422
    if form.save_as.data:
        list_rules(state.rules.id)
    return redirect(url_for("play.game", game_id=state.id), code=303)


def _chosen_rules(rules_id: str | None) -> RuleSet:
    if rules_id:
        try:
            return rules_service.get_rules(rules_id)
        except LookupError:
            flash(_("Those rules are not known here; here are the classic ones."), "error")
    return rules_service.list_presets()[0]


def _show_again(form: NewGameForm, action: str) -> ResponseReturnValue:
    """Add or remove a team or a round, or load other rules, and show the form as typed."""
    if action == "add_team" and len(form.teams) < MAX_TEAMS:
        form.teams.append_entry()
    elif action == "remove_team" and len(form.teams) > MIN_TEAMS:
        form.teams.pop_entry()
    elif action == "load_rules":
        chosen = _chosen_rules(form.rules_choice.data)
        form.house.process(None, house_rules_form_data(rules_to_dict(chosen)))
    rounds = request.form.get("rules_round")
    if rounds:
        form.house.form.change_rounds(rounds)
    form.fill_choices()
    return _page(form, open_rules=bool(rounds) or action in ("load_rules", "house_rules"))


def _page(form: NewGameForm, open_rules: bool = False) -> str:
    """The new-game page; in a league, its roster is offered for the players' names."""
    league = _league(form.league.data)
    teams = [(form.team_name(i), players) for i, players in enumerate(form.typed_players())]
    return render_template("games/new.html", form=form, open_rules=open_rules, league=league,
                           chances=table_chances(league.id if league else None, teams))


def _league(league_id: str | None) -> LeagueView | None:
    return leagues.get_league(league_id) if league_id else None


def _rules_to_play(form: NewGameForm) -> dict[str, Any]:
    """The rules from the form (saved with the game when the table gave them a name)."""
    chosen = _chosen_rules(form.rules_choice.data)
    rules = form.house.form.to_rules_dict()
    unchanged = _same_rules(rules, chosen)
    if unchanged and not form.save_as.data:
        # The preset itself, in its own words: the form showed them in the reader's language.
        return rules_to_dict(chosen)
    rules["id"] = chosen.id if unchanged else f"{chosen.id}-house"[:64]
    shown = preset_words(rules_to_dict(chosen))
    if not unchanged and rules["name"] in (chosen.name, shown["name"]):
        rules["name"] = _("%(name)s with house rules", name=shown["name"])[:100]
    return rules


def _same_rules(rules: dict[str, Any], chosen: RuleSet) -> bool:
    """Whether the form's rules are ``chosen``'s: compared as rule sets, not as form dicts;
    a preset's notes as the form showed them, in the reader's language, are its own."""
    notes = rules.get("notes")
    if notes == preset_words(rules_to_dict(chosen))["notes"]:
        notes = list(chosen.notes)
    try:
        read = rules_from_dict({**rules, "id": chosen.id, "name": chosen.name, "notes": notes})
    except InvalidRules:
        return False
    return read == chosen


def _show_team_problems(form: NewGameForm, problems: tuple[Problem, ...]) -> None:
    for problem in problems:
        team = form.teams[problem.team].form if problem.team is not None and \
            problem.team < len(form.teams) else None
        target = {"name": team.name if team else None,
                  "players": team.players.entries[0] if team else None,
                  "first_dealer": form.first_dealer, "note": form.note,
                  "place": form.place, "played_on": form.played_on}.get(problem.field)
        if target is None:
            form.form_errors.append(say(problem))
        else:
            target.errors = [*target.errors, say(problem)]
