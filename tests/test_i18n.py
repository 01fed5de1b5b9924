"""The app's languages: which one a request gets, the picker at the foot of every page,
numbers written the local way, the API's errors in the request's language, and catalogues
that translate every message the code asks for, keeping every placeholder."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from babel.numbers import format_decimal
from babel.support import NullTranslations, Translations
from flask import Flask
from flask.testing import FlaskClient

from handfoot_score.engine.errors import counted
from handfoot_score.engine.presets import PRESETS
from handfoot_score.languages.catalogues import compile_catalogues, extract, missing, placeholders
from handfoot_score.languages.i18n import LOCALES, TRANSLATIONS, say
from handfoot_score.services import games
from handfoot_score.services.tallies import read_entered
from tests.site_map import QUIET, TEAMS

#: Nothing here can answer differently on PostgreSQL: SQLite only (tests/conftest.py).
pytestmark = pytest.mark.one_database

TRANSLATED = [locale for locale in LOCALES if locale != "en"]


def compiled(locale: str) -> NullTranslations:
    """One language's compiled catalogue, loaded as Flask-Babel loads it."""
    return Translations.load(str(TRANSLATIONS), [locale])


@pytest.fixture(scope="module")
def template() -> object:
    return extract()


@pytest.mark.parametrize("locale", TRANSLATED)
def test_every_message_is_translated_and_keeps_its_placeholders(template: object,
                                                               locale: str) -> None:
    problems = list(missing(locale, template))  # type: ignore[arg-type]
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:60])


def test_every_compiled_catalogue_is_what_compiling_its_po_gives_now(tmp_path: Path) -> None:
    fresh = tmp_path / "translations"
    shutil.copytree(TRANSLATIONS, fresh, ignore=shutil.ignore_patterns("*.mo"))
    compile_catalogues(fresh)
    stale = [locale for locale in TRANSLATED
             if (fresh / locale / "LC_MESSAGES" / "messages.mo").read_bytes()
             != (TRANSLATIONS / locale / "LC_MESSAGES" / "messages.mo").read_bytes()]
    assert not stale, f"{stale}: run flask --app app translations compile, and commit"


def test_the_check_sees_a_dropped_placeholder() -> None:
    assert placeholders("Round %(number)s of %(count)s") == {"number", "count"}
    assert placeholders("%(num)d books, 100%% sure") == {"num"}


def html_lang(client: FlaskClient, url: str = "/", **headers: str) -> str:
    page = client.get(url, headers=headers).get_data(as_text=True)
    start = page.index('<html lang="') + len('<html lang="')
    return page[start:page.index('"', start)]


@pytest.mark.parametrize(("accept", "locale"), [
    ("de-DE,de;q=0.9,en;q=0.8", "de"), ("ja", "ja"), ("et-EE", "et"), ("gd", "gd"),
    ("it-IT,it;q=0.9", "it"), ("fr-FR,fr;q=0.9", "en"), ("fr,it;q=0.5", "it"), ("", "en"),
])
def test_a_page_is_in_the_phones_language(client: FlaskClient, accept: str,
                                          locale: str) -> None:
    assert html_lang(client, "/", **{"Accept-Language": accept}) == locale


def test_the_language_picked_on_a_page_outranks_the_phones(client: FlaskClient) -> None:
    answer = client.post("/theme", data={"language": "gd", "next": "/rules"})
    assert answer.status_code == 303 and answer.headers["Location"].endswith("/rules")
    assert "lang=gd" in answer.headers["Set-Cookie"]
    assert html_lang(client, "/rules", **{"Accept-Language": "de"}) == "gd"
    page = client.get("/rules").get_data(as_text=True)
    assert 'value="gd" lang="gd" aria-current="true">Gàidhlig<' in page


def test_a_language_the_app_does_not_speak_changes_nothing(client: FlaskClient) -> None:
    client.post("/theme", data={"language": "ja", "next": "/"})
    answer = client.post("/theme", data={"language": "xx", "next": "/"})
    assert answer.status_code == 303 and "Set-Cookie" not in answer.headers
    assert html_lang(client) == "ja"


def test_every_page_offers_every_language_in_its_own_words(client: FlaskClient) -> None:
    page = client.get("/", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    for code, name in (("en", "English"), ("et", "Eesti"), ("de", "Deutsch"),
                       ("gd", "Gàidhlig"), ("ja", "日本語"), ("it", "Italiano")):
        assert f'name="language" value="{code}" lang="{code}"' in page
        assert f">{name}</button>" in page


def scoreboard(app: Flask, client: FlaskClient, language: str) -> str:
    with app.app_context():
        game = games.create_game(games.read_setup({"rules": "classic", "teams": TEAMS})).id
        big = {"melded": {"eight_to_king": 35}, "books": {"clean": 4}}
        games.record_round(game, read_entered([big, QUIET]))
    answer = client.get(f"/games/{game}/scoreboard", headers={"Accept-Language": language})
    return answer.get_data(as_text=True)


@pytest.mark.parametrize(("locale", "written"), [
    ("en", "2,350"), ("de", "2.350"), ("it", "2.350"), ("et", "2\u00a0350"), ("ja", "2,350"),
])
def test_scores_are_written_the_local_way(app: Flask, client: FlaskClient, locale: str,
                                          written: str) -> None:
    assert f">{written}<" in scoreboard(app, client, locale)


@pytest.mark.parametrize(("locale", "hint"), [
    ("en", "1,500 each"), ("de", "je 1.500"), ("et", "1\u00a0500 iga eest"),
])
def test_the_count_pages_hints_write_points_the_local_way(app: Flask, client: FlaskClient,
                                                          locale: str, hint: str) -> None:
    with app.app_context():
        game = games.create_game(games.read_setup({"rules": "classic", "teams": TEAMS})).id
    page = client.get(f"/games/{game}/rounds/1", headers={"Accept-Language": locale})
    assert hint in page.get_data(as_text=True)


def test_the_api_answers_in_the_requests_language_with_english_keys(
        client: FlaskClient) -> None:
    body = {"rules": "classic", "teams": []}
    english = client.post("/api/v1/games", json=body).get_json()
    german = client.post("/api/v1/games", json=body,
                         headers={"Accept-Language": "de"}).get_json()
    assert [(e["team"], e["field"]) for e in english["errors"]] == \
        [(e["team"], e["field"]) for e in german["errors"]]
    assert english["errors"] == [{"team": None, "field": "teams",
                                  "message": "must list 2 to 6 teams"}]
    assert german["errors"][0]["message"] == \
        compiled("de").gettext("must list %(least)s to %(most)s teams") % {"least": 2, "most": 6}
    assert german["errors"][0]["message"] != english["errors"][0]["message"]


def test_the_api_ignores_the_language_picked_for_the_pages(client: FlaskClient) -> None:
    client.post("/theme", data={"language": "de", "next": "/"})
    answer = client.get("/api/v1/games/nope", headers={"Accept-Language": "en"}).get_json()
    assert answer["errors"][0]["message"] == "There is no game at this address."


SINGULAR = ("%(num)s mixed wild book holds at least one joker and one two; counted: "
            "jokers %(jokers)s, twos %(twos)s")
PLURAL = ("%(num)s mixed wild books hold at least one joker and one two each; counted: "
          "jokers %(jokers)s, twos %(twos)s")


@pytest.mark.parametrize("locale", TRANSLATED)
def test_an_engine_problem_is_said_in_the_readers_language_with_its_numbers_grouped(
        app: Flask, locale: str) -> None:
    problem = counted("books.mixed_wild", SINGULAR, PLURAL, 2, 0, jokers=1200, twos=0)
    assert problem.text == ("2 mixed wild books hold at least one joker and one two each; "
                            "counted: jokers 1200, twos 0")
    with app.test_request_context(headers={"Accept-Language": locale}):
        said = say(problem)
    words = compiled(locale).ngettext(SINGULAR, PLURAL, 2)
    assert words not in (SINGULAR, PLURAL)
    assert said == words % {"num": "2", "jokers": written(1200, locale), "twos": "0"}


def written(value: int, locale: str) -> str:
    return format_decimal(value, locale=locale)


#: The calls that mark a message in Python, and which arguments are its words.
MARKERS = {"_": (0,), "gettext": (0,), "_l": (0,), "lazy_gettext": (0,), "N_": (0,),
           "ngettext": (0, 1), "lazy_ngettext": (0, 1), "counted": (1, 2)}


def marked_in_python() -> set[tuple[str, str]]:
    """Every literal message a Python call marks, found by reading the code's syntax trees
    (Babel's own reader misses a call nested in another call's arguments)."""
    import ast

    from handfoot_score import PROJECT_ROOT

    found = set()
    for path in (PROJECT_ROOT / "handfoot_score").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            for place in MARKERS.get(name or "", ()):
                words = node.args[place] if place < len(node.args) else None
                if isinstance(words, ast.Constant) and isinstance(words.value, str):
                    found.add((path.name, words.value))
    return found


def test_every_message_marked_in_the_code_reaches_the_catalogues(template: object) -> None:
    ids: set[str] = set()
    for message in template:  # type: ignore[attr-defined]
        ids.update([message.id] if isinstance(message.id, str) else message.id)
    marked = marked_in_python()
    assert len(marked) > 300
    lost = sorted(f"{where}: {words!r}" for where, words in marked if words not in ids)
    assert not lost, "\n".join(lost)


@pytest.mark.parametrize("locale", ["de", "ja"])
def test_a_preset_started_in_another_language_is_still_the_preset(
        app: Flask, client: FlaskClient, locale: str) -> None:
    from tests.form_data import form_values

    headers = {"Accept-Language": locale}
    page = client.get("/games/new?rules=pagat", headers=headers).get_data(as_text=True)
    values = form_values(page)
    german_name = compiled(locale).gettext(PRESETS["pagat"].name)
    assert values["house-name"] == german_name != PRESETS["pagat"].name
    notes = [compiled(locale).gettext(note) for note in PRESETS["pagat"].notes]
    assert values["house-notes"].splitlines() == notes
    values.update({"teams-0-name": "Uns", "teams-1-name": "Sie", "action": "start"})
    answer = client.post("/games/new", data=values, headers=headers)
    assert answer.status_code == 303, answer.get_data(as_text=True)[:2000]
    game_id = answer.headers["Location"].rsplit("/", 1)[1]
    with app.app_context():
        assert games.get_game(game_id).rules == PRESETS["pagat"]


def test_the_standings_spreadsheet_has_the_readers_words_and_machine_figures(
        app: Flask, client: FlaskClient) -> None:
    from handfoot_score.services import leagues

    with app.app_context():
        league = leagues.create_league({"name": "Donnerstag"})
        game = games.create_game(games.read_setup(
            {"rules": "classic", "teams": TEAMS, "league": league.id})).id
        for _ in range(4):
            games.record_round(game, read_entered([{"melded": {"eight_to_king": 35},
                                                    "books": {"clean": 4}}, QUIET]))
    url = f"/leagues/{league.id}/standings.csv"
    german = client.get(url, headers={"Accept-Language": "de"}).get_data(as_text=True)
    english = client.get(url, headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert english.splitlines()[0] == \
        "kind,name,games,wins,ties,losses,points,avg_points,best_game,win_pct"
    assert german.splitlines()[0] == \
        "Art,Name,Partien,Siege,Unentschieden,Niederlagen,Punkte,Schnitt,Beste Partie,Siegquote"
    assert german.splitlines()[1] == "Spieler,Ann,1,1,0,0,9400,9400.0,9400,100.0"
    assert english.splitlines()[1] == "player,Ann,1,1,0,0,9400,9400.0,9400,100.0"


def test_an_http_error_is_said_in_the_readers_language_on_pages_and_in_the_api(
        client: FlaskClient) -> None:
    api = client.delete("/api/v1/rules", headers={"Accept-Language": "de"})
    assert api.status_code == 405
    assert api.get_json()["errors"][0]["message"] == \
        compiled("de").gettext("This address does not take that kind of request.")
    page = client.delete("/rules", headers={"Accept-Language": "ja"})
    assert page.status_code == 405 and 'lang="ja"' in page.get_data(as_text=True)
    assert compiled("ja").gettext("This address does not take that kind of request.") in \
        page.get_data(as_text=True)
    english = client.delete("/api/v1/rules").get_json()["errors"][0]["message"]
    assert english == "This address does not take that kind of request."
