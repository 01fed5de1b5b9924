"""League pages: this device's list, opening a league by its link and starting a new one,
standings (of a season, or all time), starting a season, a player's games, backup and
restore."""

from __future__ import annotations

import json
import re

from flask import (
    Blueprint,
    abort,
    flash,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_wtf.file import FileField, FileRequired
from wtforms import PasswordField, StringField
from wtforms.validators import InputRequired, Length, Optional

from handfoot_score.engine.errors import N_, EngineError, Problem
from handfoot_score.services import (
    league_backup,
    league_versions,
    leagues,
    seasons,
    standings,
)
from handfoot_score.services.edit_codes import MAX_EDIT_CODE, MIN_EDIT_CODE
from handfoot_score.services.errors import InvalidInput
from handfoot_score.services.heavy_reads import HeavyRead
from handfoot_score.services.leagues import LeagueNotFound
from handfoot_score.services.new_edit_codes import TooManyNewCodes
from handfoot_score.services.player_history import player_history
from handfoot_score.services.typed_in import read_json
from handfoot_score.services.words import gettext as _
from handfoot_score.services.words import lazy_gettext as _l
from handfoot_score.serving.streaming import streamed
from handfoot_score.web.leagues.player_chart import results_chart
from handfoot_score.web.leagues.rating_chart import rating_chart
from handfoot_score.web.leagues.season_switch import NewSeasonForm, season_links
from handfoot_score.web.shared.conditional_pages import conditional_page
from handfoot_score.web.shared.edit_codes import (
    checked_edit_code_for,
    edit_code_for,
    list_league,
    listed_leagues,
    remember,
)
from handfoot_score.web.shared.flask_form import FlaskForm, show_problems
from handfoot_score.web.shared.redirects import SEE_OTHER
from handfoot_score.web.shared.standings_headers import headers, sort_links

bp = Blueprint("leagues", __name__)

EDIT_CODE_LENGTH = _l("An edit code needs %(least)s or more characters (up to %(most)s).",
                      least=MIN_EDIT_CODE, most=MAX_EDIT_CODE)
EDIT_CODE_HINT = _l("Optional. A passphrase of %(least)s or more characters: with one, only "
                    "people who know it can start, correct or stop the league's games.",
                    least=MIN_EDIT_CODE)
#: A restore of thousands of games takes a minute or so: when to try again after another's.
IMPORT_RETRY_SECONDS = 30
#: How a league's exported file is written: readable, every letter as it is.
EXPORT_JSON = json.JSONEncoder(ensure_ascii=False, indent=1)
#: What a league id is made of (``secrets.token_urlsafe``), within its column's length.
_LEAGUE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
IMPORT_CODE_HINT = _l("Optional. A passphrase of %(least)s or more characters to protect the "
                      "restored league (the file holds no edit code).", least=MIN_EDIT_CODE)


class NewLeagueForm(FlaskForm):
    """A league's name and, if it wants one, its edit code."""

    name = StringField(_l("League name"), validators=[
        InputRequired(_l("Give the league a name.")), Length(max=leagues.MAX_LEAGUE_NAME)])
    edit_code = PasswordField(_l("Edit code"), validators=[
        Optional(), Length(min=MIN_EDIT_CODE, max=MAX_EDIT_CODE,
                           message=EDIT_CODE_LENGTH)])


class ImportForm(FlaskForm):
    """A league's exported file, and an edit code for the league it becomes."""

    document = FileField(_l("Exported league (.json)"), validators=[
        FileRequired(_l("Choose the file the league was exported to."))])
    edit_code = PasswordField(_l("Edit code for the restored league"), validators=[
        Optional(), Length(min=MIN_EDIT_CODE, max=MAX_EDIT_CODE,
                           message=EDIT_CODE_LENGTH)])


@bp.route("/leagues", methods=["GET", "POST"])
def league_index() -> ResponseReturnValue:
    """The leagues this device created, unlocked or opened; a field to open another by its
    link, and a form to start one."""
    form = NewLeagueForm()
    if not form.validate_on_submit():
        return _index_page(form, 422 if form.is_submitted() else 200)
    code = form.edit_code.data or None
    try:
        league = leagues.create_league({"name": form.name.data, "edit_code": code})
    except EngineError as error:
        show_problems(form, error.problems, form.name)
        return _index_page(form, 422)
    except TooManyNewCodes as error:
        form.edit_code.errors = [error.message]
        response = make_response(_index_page(form, 429))
        response.headers["Retry-After"] = str(error.retry_after)
        return response
    list_league(league.id)
    if code is not None:
        remember(league.id, leagues.unlock(league.id, code))
    return redirect(url_for("leagues.league", league_id=league.id), SEE_OTHER)


@bp.get("/leagues/open")
def open_league() -> ResponseReturnValue:
    """Open a league by its link or id, as someone shared it (``?link=``)."""
    typed = request.args.get("link", "")
    league_id = league_id_in(typed)
    if league_id is not None:
        try:
            leagues.get_league(league_id)
        except LeagueNotFound:
            pass
        else:
            return redirect(url_for("leagues.league", league_id=league_id), SEE_OTHER)
    error = (_("Paste the league's link, or type its id.") if not typed.strip() else
             _("No league has this link: check it with whoever shared it."))
    return _index_page(NewLeagueForm(formdata=None), 404, typed=typed, link_error=error)


def league_id_in(typed: str) -> str | None:
    """The league id in a league's link (any page of it) or typed on its own; None if the
    text holds none.

    >>> league_id_in("https://cards.example.org/leagues/dM3vQ_x-1/players/4?x=1")
    'dM3vQ_x-1'
    >>> league_id_in(" dM3vQ_x-1 "), league_id_in("/games/abc"), league_id_in("")
    ('dM3vQ_x-1', None, None)
    """
    text = typed.strip()
    found = re.search(r"/leagues/([^/?#]+)", text)
    candidate = found.group(1) if found else text
    return candidate if _LEAGUE_ID.fullmatch(candidate) else None


def _index_page(form: NewLeagueForm, status: int, typed: str = "",
                link_error: str | None = None) -> ResponseReturnValue:
    return render_template("leagues/index.html", leagues=leagues.leagues_with_ids(
        listed_leagues()), form=form, hint=EDIT_CODE_HINT, typed=typed,
        link_error=link_error), status


@bp.get("/leagues/<league_id>")
def league(league_id: str) -> ResponseReturnValue:
    """The standings, sortable by any column (``?sort=points&order=asc``); 304 while the
    league's games are unchanged, and whether this device may change them."""
    version = league_versions.standings_version(league_id)
    unlocked = edit_code_for(league_id) is not None
    page = conditional_page((version, unlocked),
                            lambda: _standings(league_id, unlocked))
    list_league(league_id)
    return page


def _standings(league_id: str, unlocked: bool, season_form: NewSeasonForm | None = None
               ) -> str:
    try:
        table = standings.league_standings(league_id, sort=request.args.get("sort"),
                                           order=request.args.get("order"),
                                           season=request.args.get("season"))
    except InvalidInput:
        abort(404)
    # The season asked for, kept by the page's links: none asked, the season being played,
    # whichever it is when a link is followed.
    season = request.args.get("season") or None
    links = sort_links(table, season)
    return render_template("leagues/show.html", table=table,
                           player_headers=headers(table, _("Player"), links),
                           team_headers=headers(table, _("Partners"), links),
                           unlocked=unlocked, season=season,
                           season_links=season_links(table.seasons, "leagues.league",
                                                     league_id=table.league.id),
                           season_form=season_form or NewSeasonForm(formdata=None))


@bp.post("/leagues/<league_id>/seasons")
def start_season(league_id: str) -> ResponseReturnValue:
    """Start a new season of the league (its edit code, if it has one, asked as for its
    games, and before the form is read); the league's next games are played in it."""
    leagues.get_league(league_id)
    code = checked_edit_code_for(league_id)
    form = NewSeasonForm()
    if form.validate_on_submit():
        try:
            season = seasons.start_season(league_id, form.name.data, form.day(), edit_code=code)
        except InvalidInput as error:
            show_problems(form, error.problems, form.name)
        else:
            flash(_("The season %(name)s has started: the league's next games are played in "
                    "it.", name=season.name), "success")
            return redirect(url_for("leagues.league", league_id=league_id), SEE_OTHER)
    return _standings(league_id, edit_code_for(league_id) is not None, form), 422


@bp.get("/leagues/<league_id>/players/<int:player_id>")
def league_player(league_id: str, player_id: int) -> ResponseReturnValue:
    """A player's games in the league, how each ended, a chart of their results (all of
    them, or one season's: ``?season=``) and one of their club rating over all their games
    (the ratings carry across seasons)."""
    try:
        history = player_history(league_id, player_id,
                                 request.args.get("season") or seasons.ALL_TIME)
    except InvalidInput:
        abort(404)
    return render_template("leagues/player.html", history=history,
                           chart=results_chart(history.name, history.results),
                           rating=rating_chart(history.name, history.ratings),
                           season_links=season_links(
                               history.seasons, "leagues.league_player",
                               league_id=history.league.id, player_id=history.player_id))


@bp.get("/leagues/<league_id>/export")
def export_league(league_id: str) -> ResponseReturnValue:
    """The whole league as a JSON file to keep (and to import again), sent a game at a time
    while it is read (a heavy read: 503 while others take every slot)."""
    with HeavyRead() as read:
        try:
            export = league_backup.league_export(league_id, request.args.get("season"))
        except InvalidInput:
            abort(404)
        return streamed(read, export.pieces(EXPORT_JSON), "application/json", {
            "Content-Disposition": _attachment(export.head["name"], "json")})


@bp.get("/leagues/<league_id>/standings.csv")
def standings_csv(league_id: str) -> ResponseReturnValue:
    """The standings as a spreadsheet file (a heavy read: 503 while others take every
    slot)."""
    with HeavyRead() as read:
        try:
            lines = standings.standings_csv(league_id, request.args.get("season"))
            name = leagues.get_league(league_id).name
        except InvalidInput:
            abort(404)
        return streamed(read, lines, "text/csv", {
            "Content-Disposition": _attachment(name + " standings", "csv")})


@bp.route("/leagues/import", methods=["GET", "POST"])
def import_league() -> ResponseReturnValue:
    """Restore a league from its exported file; a broken file changes nothing and says why."""
    form = ImportForm()
    if not form.validate_on_submit():
        status = 422 if form.is_submitted() else 200
        return _import_page(form, (), status)
    code = form.edit_code.data or None
    try:
        # While another restore runs, the file is not even read.
        with league_backup.one_restore_at_a_time():
            # The form may be a little bigger than the file (FORM_BYTES): the file itself is
            # held to what the API takes.
            data = form.document.data.read(league_backup.MAX_DOCUMENT_BYTES + 1)
            if len(data) > league_backup.MAX_DOCUMENT_BYTES:
                return _import_page(form, (Problem("document", N_(
                    "must be at most %(most)s MiB, as the API takes"), values={
                        "most": league_backup.MAX_DOCUMENT_BYTES // 2**20}),), 413)
            try:
                document = read_json(data.decode("utf-8"))
            except InvalidInput as twice:
                return _import_page(form, twice.problems, 422)
            except (UnicodeDecodeError, ValueError, RecursionError):
                return _import_page(form, (Problem("document", N_("is not a JSON file")),),
                                    422)
            league_id = league_backup.import_league(document, edit_code=code)
    except EngineError as error:
        return _import_page(form, error.problems, 422)
    except league_backup.ImportUnderWay as busy:
        form.document.errors = [busy.message]
        return _import_page(form, (), 503, {"Retry-After": str(IMPORT_RETRY_SECONDS)})
    except TooManyNewCodes as error:
        form.edit_code.errors = [error.message]
        return _import_page(form, (), 429, {"Retry-After": str(error.retry_after)})
    list_league(league_id)
    if code is not None:
        remember(league_id, leagues.unlock(league_id, code))
    flash(_("The league is restored."), "success")
    return redirect(url_for("leagues.league", league_id=league_id), SEE_OTHER)


def _import_page(form: ImportForm, problems: tuple[Problem, ...], status: int,
                 headers: dict[str, str] | None = None) -> ResponseReturnValue:
    return render_template("leagues/import.html", form=form, problems=problems,
                           hint=IMPORT_CODE_HINT), status, headers or {}


def _attachment(name: str, extension: str) -> str:
    """A download's Content-Disposition, its file name made safe from the league's name."""
    slug = "-".join(re.findall(r"[a-z0-9]+", name.lower()))[:60] or "league"
    return f'attachment; filename="{slug}.{extension}"'
