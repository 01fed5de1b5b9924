"""The JSON API's description, OpenAPI 3.1, served at ``/api/v1/openapi.json``.

Written here as data, a plain dict, with a few helpers for the shapes every answer shares
(the error body, the statuses any request can meet). Kept true by the tests: every answer
the test suite receives from ``/api/v1`` is checked against it (tests/conftest.py), a test
fails if a route is added without it (tests/test_openapi.py), and CI runs Schemathesis
against a served app with it (.ci/schemathesis)."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from handfoot_score.engine.books import BookGrowth, BookKind
from handfoot_score.engine.seating_plan import SixSeats
from handfoot_score.services.club_nights import MAX_SEED
from handfoot_score.services.games.rounds import MAX_REQUEST_KEY
from handfoot_score.services.league_backup.document import FORMAT, READ_VERSIONS
from handfoot_score.storage.models import GameStatus

Schema = dict[str, Any]


def or_null(schema: Schema) -> Schema:
    """The schema, or null: where the API reads null as the value left out."""
    return {**schema, "type": [schema["type"], "null"]}


COUNT: Schema = {"type": "integer", "minimum": 0}
WHOLE: Schema = {"type": "integer"}
NUMBER: Schema = {"type": "number"}
FLAG: Schema = {"type": "boolean"}
TEXT: Schema = {"type": "string"}
DAY: Schema = {"type": "string", "format": "date"}
NULLABLE_TEXT = or_null(TEXT)
NULLABLE_WHOLE = or_null(WHOLE)
NULLABLE_COUNT = or_null(COUNT)
NULLABLE_DAY = or_null(DAY)
ID: Schema = {"type": "string", "description": "An id, as the API gave it."}
#: Counts by name (books by kind, special books by id; cards by rank).
COUNTS: Schema = {"type": "object", "additionalProperties": COUNT}


def ref(name: str) -> Schema:
    return {"$ref": f"#/components/schemas/{name}"}


def obj(properties: dict[str, Schema], required: tuple[str, ...] = (),
        closed: bool = True) -> Schema:
    """An object with these properties. Closed unless said otherwise: the API refuses a key
    it does not know in a body (422 naming it), and an answer that gains a key the
    description does not list is an answer that drifted."""
    schema: Schema = {"type": "object", "properties": properties}
    if required:
        schema["required"] = list(required)
    if closed:
        schema["additionalProperties"] = False
    return schema


def whole_obj(properties: dict[str, Schema]) -> Schema:
    """An answer's object, every key always there (null where it holds nothing)."""
    return obj(properties, required=tuple(properties))


def array(items: Schema) -> Schema:
    return {"type": "array", "items": items}


def one_of(*schemas: Schema) -> Schema:
    return {"oneOf": list(schemas)}


def words(choices: type[StrEnum]) -> Schema:
    """One of the words of a choice the code names (a game's status, say), as it is sent."""
    return {"enum": [choice.value for choice in choices]}


#: What each status means, for every operation's answers.
STATUS_WORDS = {
    "304": "Not changed since the ETag sent in If-None-Match.",
    "400": "The request cannot be read: its body is not JSON, or its Host is malformed.",
    "403": "A protected league's edit code is missing or wrong (X-Edit-Code).",
    "404": "Nothing is stored under an id in the address (or no route is there).",
    "405": "The method is not one this address takes.",
    "409": "The write does not fit the game as it stands now; ``current`` says what another "
           "phone stored meanwhile, where that was the reason.",
    "413": "The body is larger than the API takes.",
    "415": "The body is not sent as application/json.",
    "422": "A field holds what cannot be: each error names its team and field.",
    "429": "Too many wrong codes (or new edit codes) from this address lately: Retry-After "
           "says when to try again.",
    "503": "The database is busy (or other heavy reads take every slot): nothing was saved; "
           "Retry-After says when to try again.",
}
#: What any request may meet: a malformed Host, a route's wrong method, a busy database.
ANY_REQUEST = ("400", "405", "503")
#: What a request with a JSON body may meet besides.
WITH_BODY = ("413", "415", "422")
#: What a request that takes a protected league's edit code may meet besides: no code or a
#: wrong one, and too many wrong ones from this address.
EDIT_CODE_CHECKED = ("403", "429")
#: The answers that say when to try again.
WAIT_AND_RETRY = ("429", "503")


def header(description: str, schema: Schema) -> Schema:
    return {"description": description, "required": True, "schema": schema}


RETRY_AFTER = header("Seconds to wait before trying again.",
                     {"type": "string", "pattern": "^[0-9]+$"})
LOCATION = header("The address of what the answer names.", TEXT)
ETAG = header("The game's version, as a weak ETag.",
              {"type": "string", "pattern": '^W/"[0-9]+"$'})


def shared_error(code: str) -> Schema:
    """The answer of one error status: the shared error body, and when to try again where
    the status says to."""
    shared: Schema = {"description": STATUS_WORDS[code],
                      "content": {"application/json": {"schema": ref("Errors")}}}
    if code in WAIT_AND_RETRY:
        shared["headers"] = {"Retry-After": RETRY_AFTER}
    return shared


#: Each error status's answer, once, for every operation to refer to.
ERROR_ANSWERS = {f"Error{code}": shared_error(code) for code in STATUS_WORDS if code >= "400"}


def error_answers(*codes: str) -> dict[str, Schema]:
    """The error answers, each the shared one of its status (``ERROR_ANSWERS``)."""
    return {code: {"$ref": f"#/components/responses/Error{code}"} for code in codes}


def answer(description: str, schema: Schema, **headers: Schema) -> Schema:
    described = {"description": description,
                 "content": {"application/json": {"schema": schema}}}
    if headers:
        described["headers"] = headers
    return described


def body(schema: Schema) -> Schema:
    return {"required": True, "content": {"application/json": {"schema": schema}}}


def path_parameter(name: str, schema: Schema = ID) -> Schema:
    return {"name": name, "in": "path", "required": True, "schema": schema}


def query_parameter(name: str, description: str) -> Schema:
    return {"name": name, "in": "query", "required": False, "schema": TEXT,
            "description": description}


EDIT_CODE: Schema = {"name": "X-Edit-Code", "in": "header", "required": False,
                     "schema": TEXT, "description": "A protected league's edit code."}


def operation(name: str, summary: str, answers: dict[str, Schema], *errors: str,
              request: Schema | None = None, example: object = None,
              parameters: list[Schema] | None = None) -> Schema:
    """One operation: its id, its answers, and the errors its kind of request may meet
    besides; a request body with an example of one the API takes."""
    codes = sorted({*errors, *ANY_REQUEST, *(WITH_BODY if request else ())})
    described: Schema = {"operationId": name, "summary": summary,
                         "responses": {**answers, **error_answers(*codes)}}
    if request is not None:
        described["requestBody"] = body(request)
        if example is not None:
            described["requestBody"]["content"]["application/json"]["example"] = example
    if parameters:
        described["parameters"] = parameters
    return described


def links(answer: Schema, operations: tuple[str, ...], **parameters: str) -> Schema:
    """The answer, with links to the operations its id opens (what a client calls next)."""
    return {**answer, "links": {**answer.get("links", {}),
                                **{name: {"operationId": name, "parameters": parameters}
                                   for name in operations}}}


def body_link(answer: Schema, name: str, request_body: object, **parameters: str) -> Schema:
    """The answer, with a link to an operation whose body it gives (its join code, the
    export to import again, the version to undo on top of)."""
    link: Schema = {"operationId": name, "requestBody": request_body}
    if parameters:
        link["parameters"] = parameters
    return {**answer, "links": {**answer.get("links", {}), name: link}}


#: Cards counted one way: in points, by rank (a rank or a run of ranks: ``"8-9"``), or kind
#: by kind. An answer gives the way they were counted, keys holding nothing left out.
CARDS = obj({"jokers": COUNT, "twos": COUNT, "aces": COUNT, "eight_to_king": COUNT,
             "four_to_seven": COUNT, "black_threes": COUNT, "points": WHOLE,
             "by_rank": COUNTS})
TALLY_PARTS: dict[str, Schema] = {
    "name": NULLABLE_TEXT, "melded": CARDS, "left": CARDS, "books": COUNTS,
    "red_threes_down": COUNT, "red_threes_left": COUNT, "exact_draws": COUNT,
    "went_out": FLAG, "first_meld": FLAG, "score_before": NULLABLE_WHOLE}
#: One team's count of a round, as a game stores it and shows it back.
TALLY = obj(TALLY_PARTS)
#: A tally to score on its own, naming its team's players so the checks know its cards.
SCORED_TALLY = obj({**TALLY_PARTS, "players": array(TEXT)})
TEAM_SCORE = whole_obj({
    "name": NULLABLE_TEXT, "melded_points": WHOLE, "book_points": WHOLE,
    "red_three_points": WHOLE, "going_out_points": WHOLE, "bonus_points": WHOLE,
    "left_points": WHOLE, "total": WHOLE, "meld_minimum": WHOLE})
PROBLEM = whole_obj({"team": NULLABLE_COUNT, "field": NULLABLE_TEXT, "message": TEXT})
FIGURES = {"rating": WHOLE, "games": COUNT, "wins": COUNT, "ties": COUNT, "losses": COUNT,
           "points": WHOLE, "avg_points": NUMBER, "best": WHOLE, "win_pct": NUMBER}
SKILL = {"rating": WHOLE, "mu": NUMBER, "sigma": NUMBER, "games": COUNT}
SEASON = whole_obj({"id": WHOLE, "name": TEXT, "starts_on": DAY})
GAME_STATUS = words(GameStatus)
SIX_SEATS = words(SixSeats)
STARTED_GAME = whole_obj({"id": ID, "join_code": NULLABLE_TEXT, "status": GAME_STATUS})
#: A team's count of the round being played, as saved (no tally: none saved yet).
SAVED_COUNT = whole_obj({"team": COUNT, "version": COUNT,
                         "tally": one_of(TALLY, {"type": "null"})})
RULE_SET = whole_obj({
    "id": TEXT, "name": TEXT, "decks": COUNT, "hand_size": COUNT, "foot_size": COUNT,
    "rounds": array(whole_obj({"meld_minimum": WHOLE, "going_out_bonus": WHOLE,
                               "going_out_books": COUNTS, "pile_take": COUNT,
                               "exact_draw_cards": NULLABLE_COUNT})),
    "meld_minimum_by_score": {"type": ["array", "null"], "items": {
        "type": "array", "items": NULLABLE_WHOLE, "minItems": 2, "maxItems": 2},
        "description": "Steps [from_score, minimum], lowest first (the first from null)."},
    "card_values": whole_obj({"joker": WHOLE, "two": WHOLE, "ace": WHOLE,
                              "eight_to_king": WHOLE, "four_to_seven": WHOLE,
                              "black_three": WHOLE,
                              "by_rank": {"type": "object", "additionalProperties": WHOLE}}),
    "books": whole_obj({"clean": WHOLE, "dirty": WHOLE, "wild": NULLABLE_WHOLE,
                        "mixed_wild": NULLABLE_WHOLE}),
    "special_books": array(whole_obj({"id": TEXT, "name": TEXT, "bonus": WHOLE,
                                      "kind": NULLABLE_TEXT, "rank": NULLABLE_TEXT})),
    "red_three": whole_obj({"down": WHOLE, "left": WHOLE, "down_when_not_out": NULLABLE_WHOLE}),
    "black_three": whole_obj({"meld_when_going_out": FLAG}),
    "exact_draw_bonus": WHOLE, "first_meld_bonus": WHOLE,
    "wilds": whole_obj({"naturals_per_wild": COUNT, "max_per_meld": NULLABLE_COUNT,
                        "min_naturals_with_wild": COUNT, "wild_melds": FLAG}),
    "pile_needs_opened": FLAG, "notes": array(TEXT),
    "add_to_finished_book": words(BookGrowth),
    "deck_per_player": FLAG,
    "dirty_book_min_naturals": {**NULLABLE_COUNT,
                                "description": "Read only: accepted back and ignored."}})
#: What another phone stored meanwhile, by what the refused write was about.
CURRENT = one_of(
    whole_obj({"round": COUNT, "version": COUNT, "teams": array(TALLY)}),
    whole_obj({"parts": array(SAVED_COUNT)}),
    SAVED_COUNT,
    whole_obj({"team": COUNT, "kind": TEXT, "count": COUNT}),
    whole_obj({"team": COUNT, "count": COUNT}),
    whole_obj({"version": COUNT}))
#: A team as a new game takes it; a league's import reads a game's teams the same way (a
#: team without a name is named as a new game's is: "Team 2").
NEW_TEAM = obj({"name": TEXT, "players": array(TEXT)})
#: A game's part of a league's export: as played, its tallies as stored.
EXPORTED_GAME = obj({
    "played_at": TEXT, "status": GAME_STATUS, "rules": COUNT, "first_dealer": COUNT,
    "teams": array(NEW_TEAM),
    "rounds": array(whole_obj({"teams": array({"type": "object"})})),
    # Read as left out when null.
    "season": NULLABLE_COUNT, "note": NULLABLE_TEXT, "place": NULLABLE_TEXT,
    "played_on": NULLABLE_DAY, "books": or_null(array(COUNTS)),
    "red_threes_down": or_null(array(COUNT)),
    "counts": or_null(array(whole_obj({"team": COUNT, "version": COUNT,
                                       "tally": {"type": "object"}})))},
    required=("played_at", "status", "rules", "first_dealer", "teams", "rounds"))

SCHEMAS: dict[str, Schema] = {
    "Errors": obj({"errors": {**array(ref("Problem")), "minItems": 1},
                   "current": {**CURRENT,
                               "description": "On 409: what another phone stored meanwhile."}},
                  required=("errors",)),
    "Problem": PROBLEM,
    "RuleSet": RULE_SET,
    "Tally": TALLY,
    "TeamScore": TEAM_SCORE,
    "Game": whole_obj({
        "id": ID, "rules": ref("RuleSet"), "status": GAME_STATUS, "version": COUNT,
        "teams": array(whole_obj({"name": TEXT, "players": array(TEXT)})),
        "rounds": array(whole_obj({"number": COUNT, "version": COUNT,
                                   "teams": array(ref("TeamScore")),
                                   "tallies": array(ref("Tally"))})),
        "totals": array(WHOLE), "current_round": NULLABLE_COUNT,
        "meld_minimum": or_null(array(WHOLE)),
        "books": array(COUNTS), "red_threes_down": array(COUNT), "finished": FLAG,
        "winners": array(COUNT), "join_code": NULLABLE_TEXT,
        "parts": array(whole_obj({"team": COUNT, "version": COUNT, "tally": ref("Tally")})),
        "note": NULLABLE_TEXT, "place": NULLABLE_TEXT,
        "played_on": NULLABLE_DAY}),
    "Night": whole_obj({
        "id": ID, "league": ID, "players": array(TEXT), "games_each": COUNT, "seed": WHOLE,
        "rules": TEXT, "six_seats": SIX_SEATS,
        "rotations": array(whole_obj({
            "tables": array(whole_obj({"teams": array(array(TEXT)),
                                       "game": one_of(STARTED_GAME, {"type": "null"})})),
            "sitting_out": array(TEXT)}))}),
    "LeagueExport": obj({
        "format": {"const": FORMAT}, "version": {"enum": list(READ_VERSIONS)},
        "name": TEXT, "created_at": TEXT, "rules": array({"type": "object"}),
        "players": array(whole_obj({"name": TEXT})),
        "seasons": array(whole_obj({"name": TEXT, "starts_on": DAY})),
        "games": array(EXPORTED_GAME)},
        required=("format", "version", "name", "created_at", "rules", "players", "games")),
}

GAME = ref("Game")
GAME_ID = path_parameter("game_id")
LEAGUE_ID = path_parameter("league_id")
ROUND_NUMBER = path_parameter("number", COUNT)
TEAM = path_parameter("team", COUNT)
SEASON_QUERY = query_parameter("season", "A season's id, or all for all time.")
#: A preset's or saved set's id, a whole rule set, or a preset with changes
#: (``{"base": "pagat", ...}``).
RULES: Schema = {"oneOf": [TEXT, {"type": "object"}]}

OWLS = {"name": "Owls", "players": ["Ann", "Bob"]}
FOXES = {"name": "Foxes", "players": ["Cy", "Di"]}
#: A round as a table counts it (docs/api/index.md's first example).
ROUND = [{"melded": {"jokers": 4, "twos": 5, "aces": 4, "eight_to_king": 17,
                     "four_to_seven": 21},
          "left": {"black_threes": 1}, "books": {"clean": 2, "dirty": 2, "wild": 1},
          "red_threes_down": 1, "went_out": True},
         {"melded": {"points": 285}, "left": {"points": 40}, "red_threes_left": 1}]
#: What a game's id opens, and a league's.
GAME_OPERATIONS = ("game", "change_notes", "record_round", "tap_book", "tap_red_threes")
LEAGUE_OPERATIONS = ("league_standings", "league_ratings", "predictions", "export_league",
                     "create_night")

PATHS: dict[str, dict[str, Schema]] = {
    "/api/v1/openapi.json": {"get": operation(
        "openapi", "This description.",
        {"200": answer("The API's OpenAPI 3.1 description.", {"type": "object"})})},
    "/api/v1/rules": {"get": operation(
        "rules_index", "The presets a request may name.",
        {"200": answer("Each preset's id and name.", whole_obj({"presets": array(whole_obj(
            {"id": TEXT, "name": TEXT}))}))})},
    "/api/v1/rules/{rules_id}": {"get": operation(
        "rules_detail", "One rule set, in full.",
        {"200": answer("The rule set.", ref("RuleSet"))}, "404",
        parameters=[path_parameter("rules_id")])},
    "/api/v1/score": {"post": operation(
        "score", "Score one round from each team's tally; what is possible but unlikely "
        "comes back in warnings.",
        {"200": answer("Each team's score, and the warnings.", whole_obj({
            "round": COUNT, "teams": array(ref("TeamScore")),
            "warnings": array(ref("Problem"))}))},
        "404", request=obj({"rules": RULES, "round": COUNT, "teams": array(SCORED_TALLY)},
                           required=("rules", "round", "teams")),
        example={"rules": "classic", "round": 1, "teams": ROUND})},
    "/api/v1/meld-check": {"post": operation(
        "meld_check", "Judge melds and whether they meet the round's opening minimum.",
        {"200": answer("Each meld judged, and the opening.", whole_obj({
            "valid": FLAG, "points": WHOLE, "meld_minimum": WHOLE, "meets_minimum": FLAG,
            "melds": array(whole_obj({
                "cards": array(TEXT), "kind": words(BookKind),
                "book": FLAG, "points": WHOLE, "valid": FLAG, "problems": array(TEXT)}))}))},
        "404", request=obj({"rules": RULES, "round": COUNT, "melds": array(array(TEXT)),
                            "score_before": NULLABLE_WHOLE},
                           required=("rules", "round", "melds")),
        example={"rules": "classic", "round": 2,
                 "melds": [["K", "K", "K", "JK"], ["A", "A", "A"]]})},
    "/api/v1/games": {"post": operation(
        "create_game", "Start a game.",
        {"201": body_link(links(answer("The game, its address in Location.", GAME,
                                       Location=LOCATION),
                                GAME_OPERATIONS, game_id="$response.body#/id"),
                          "join", {"code": "$response.body#/join_code"})},
        *EDIT_CODE_CHECKED, "404", request=obj({
            "rules": RULES, "teams": array(NEW_TEAM),
            "first_dealer": COUNT, "league": {**NULLABLE_TEXT, "description":
                                              "A league's id; null or left out for none."},
            "note": NULLABLE_TEXT, "place": NULLABLE_TEXT, "played_on": NULLABLE_TEXT},
            required=("rules", "teams")),
        example={"rules": "classic", "teams": [OWLS, FOXES]}, parameters=[EDIT_CODE])},
    "/api/v1/games/{game_id}": {"get": operation(
        "game", "A game's state; its ETag is the game's version.",
        {"200": answer("The game.", GAME, ETag=ETAG),
         "304": {"description": STATUS_WORDS["304"], "headers": {"ETag": ETAG}}},
        "404", parameters=[GAME_ID, {"name": "If-None-Match", "in": "header",
                                     "required": False, "schema": TEXT}])},
    "/api/v1/games/{game_id}/notes": {"put": operation(
        "change_notes", "Write down a game's note, place and day, in place of what it had.",
        {"200": answer("The game.", GAME)}, *EDIT_CODE_CHECKED, "404",
        request=obj({"note": NULLABLE_TEXT, "place": NULLABLE_TEXT,
                     "played_on": NULLABLE_TEXT}),
        example={"note": "Sunday lunch", "place": "Kitchen", "played_on": "2026-12-24"},
        parameters=[GAME_ID, EDIT_CODE])},
    "/api/v1/games/{game_id}/rounds": {"post": operation(
        "record_round", "Record the next round; a repeated request key answers 200 with "
        "nothing doubled.",
        {"201": body_link(links(answer("The game, the round recorded.", GAME),
                                ("correct_round",), game_id="$response.body#/id",
                                number="$response.body#/rounds/0/number"),
                          "undo_round", {"version": "$response.body#/version"},
                          game_id="$response.body#/id",
                          number="$response.body#/rounds/0/number"),
         "200": answer("The game: the request key was seen before.", GAME)}, "404", "409",
        request=obj({"round": COUNT, "teams": array(TALLY), "request_key": {
            **NULLABLE_TEXT, "minLength": 1, "maxLength": MAX_REQUEST_KEY,
            "description": "Sent again with a retry, so the round is not recorded twice."},
            "part_versions": array(COUNT)}, required=("teams",)),
        example={"teams": ROUND}, parameters=[GAME_ID])},
    "/api/v1/games/{game_id}/rounds/{number}": {"put": operation(
        "correct_round", "Correct a recorded round; 409 when its version is stale.",
        {"200": answer("The game.", GAME)}, *EDIT_CODE_CHECKED, "404", "409",
        request=obj({"teams": array(TALLY), "version": COUNT}, required=("teams", "version")),
        example={"teams": ROUND, "version": 1},
        parameters=[GAME_ID, ROUND_NUMBER, EDIT_CODE])},
    "/api/v1/games/{game_id}/rounds/{number}/undo": {"post": operation(
        "undo_round", "Take back the last round recorded, while nothing newer was entered.",
        {"200": answer("The game.", GAME)}, *EDIT_CODE_CHECKED, "404", "409",
        request=obj({"version": COUNT}, required=("version",)), example={"version": 1},
        parameters=[GAME_ID, ROUND_NUMBER, EDIT_CODE])},
    "/api/v1/games/{game_id}/books": {"post": operation(
        "tap_book", "Count a book made during play, or take one back.",
        {"200": answer("The game.", GAME)}, "404", "409",
        request=obj({"team": COUNT, "kind": TEXT, "change": {"enum": [1, -1]},
                     "seen": COUNT}, required=("team", "kind", "change", "seen")),
        example={"team": 0, "kind": "clean", "change": 1, "seen": 0}, parameters=[GAME_ID])},
    "/api/v1/games/{game_id}/red-threes": {"post": operation(
        "tap_red_threes", "Count a red three laid down during play, or take one back.",
        {"200": answer("The game.", GAME)}, "404", "409",
        request=obj({"team": COUNT, "change": {"enum": [1, -1]}, "seen": COUNT},
                    required=("team", "change", "seen")),
        example={"team": 1, "change": 1, "seen": 0}, parameters=[GAME_ID])},
    "/api/v1/games/{game_id}/rounds/{number}/parts/{team}": {"put": operation(
        "save_part", "Save one team's own count of the round being played; the round is "
        "recorded when every team's count is in.",
        {"200": answer("The game.", GAME)}, "404", "409",
        request=obj({"tally": TALLY, "version": COUNT}, required=("tally", "version")),
        example={"tally": ROUND[1], "version": 0},
        parameters=[GAME_ID, ROUND_NUMBER, TEAM])},
    "/api/v1/leagues": {"post": operation(
        "create_league", "Start a league, with an edit code to protect it if given.",
        {"201": links(answer("Its id and name; its standings' address in Location.",
                             whole_obj({"id": ID, "name": TEXT}), Location=LOCATION),
                      LEAGUE_OPERATIONS, league_id="$response.body#/id")},
        "429", request=obj({"name": TEXT, "edit_code": NULLABLE_TEXT}, required=("name",)),
        example={"name": "Thursday club"})},
    "/api/v1/leagues/{league_id}/standings": {"get": operation(
        "league_standings", "Standings per player and per partnership.",
        {"200": answer("The league, its seasons, and the standings.", whole_obj({
            "league": whole_obj({"id": ID, "name": TEXT}),
            "season": one_of(SEASON, {"type": "null"}), "seasons": array(SEASON),
            "players": array(whole_obj({"id": WHOLE, "name": TEXT, **FIGURES})),
            "teams": array(whole_obj({"players": array(TEXT), **FIGURES}))}))},
        "404", "422", parameters=[
            LEAGUE_ID, query_parameter("sort", "A column to sort by."),
            query_parameter("order", "asc or desc."), SEASON_QUERY])},
    "/api/v1/leagues/{league_id}/ratings": {"get": operation(
        "league_ratings", "Every rated player's and partnership's club rating.",
        {"200": answer("The ratings, highest first.", whole_obj({
            "players": array(whole_obj({"name": TEXT, **SKILL})),
            "teams": array(whole_obj({"players": array(TEXT), **SKILL}))}))},
        "404", parameters=[LEAGUE_ID])},
    "/api/v1/leagues/{league_id}/predictions": {"post": operation(
        "predictions", "Each team's chance to win a game not played yet.",
        {"200": answer("Each team's chance.", whole_obj({"teams": array(whole_obj({
            "players": array(TEXT), "win_probability": NUMBER}))}))},
        "404", request=obj({"teams": array(array(TEXT))}, required=("teams",)),
        example={"teams": [["Ann", "Cy"], ["Bob", "Di"]]}, parameters=[LEAGUE_ID])},
    "/api/v1/leagues/{league_id}/export": {"get": operation(
        "export_league", "The whole league as one JSON document, to keep or to import again.",
        {"200": body_link(answer("The export.", ref("LeagueExport")), "import_league",
                          "$response.body")}, "404", "422",
        parameters=[LEAGUE_ID, SEASON_QUERY])},
    "/api/v1/leagues/import": {"post": operation(
        "import_league", "Rebuild a league from an export, as a new league.",
        {"201": answer("The new league's id; its standings' address in Location.",
                       whole_obj({"id": ID}), Location=LOCATION)},
        "429", request=ref("LeagueExport"), parameters=[EDIT_CODE])},
    "/api/v1/join": {"post": operation(
        "join", "The game in play a join code opens.",
        {"200": answer("The game's id; its address in Location.",
                       whole_obj({"game": ID}), Location=LOCATION)}, "404", "429",
        request=obj({"code": TEXT}, required=("code",)), example={"code": "7KQ2MX"})},
    "/api/v1/leagues/{league_id}/club-nights": {"post": operation(
        "create_night", "Draw a night's tables for who is present.",
        {"201": links(answer("The night, every rotation's tables; its address in Location.",
                             ref("Night"), Location=LOCATION),
                      ("night",), league_id="$request.path.league_id",
                      night_id="$response.body#/id")}, *EDIT_CODE_CHECKED, "404",
        request=obj({"players": array(TEXT), "games_each": COUNT, "rules": TEXT,
                     "six_seats": SIX_SEATS,
                     "seed": {**NULLABLE_COUNT, "maximum": MAX_SEED,
                              "description": "null or left out: the server picks one."}},
                    required=("players", "games_each")),
        example={"players": ["Ann", "Bob", "Cy", "Di", "Eve", "Flo", "Gus", "Hal", "Ivy"],
                 "games_each": 2}, parameters=[LEAGUE_ID, EDIT_CODE])},
    "/api/v1/leagues/{league_id}/club-nights/{night_id}": {"get": operation(
        "night", "A night: its tables as drawn, and each table's game once started.",
        {"200": answer("The night.", ref("Night"))}, "404",
        parameters=[LEAGUE_ID, path_parameter("night_id")])},
    "/api/v1/leagues/{league_id}/club-nights/{night_id}/rotations/{rotation}/tables/"
    "{table}/game": {"post": operation(
        "start_table", "Start a table's game, its players and teams as drawn.",
        {"201": answer("The game started; its address in Location.", STARTED_GAME,
                       Location=LOCATION),
         "200": answer("The game started before.", STARTED_GAME, Location=LOCATION)},
        *EDIT_CODE_CHECKED, "404", request=obj({}), example={}, parameters=[
            LEAGUE_ID, path_parameter("night_id"), path_parameter("rotation", COUNT),
            path_parameter("table", COUNT), EDIT_CODE])},
}

DESCRIPTION: Schema = {
    "openapi": "3.1.0",
    "info": {"title": "Hand and Foot scorekeeper", "version": "1",
             "description": "Rules, scoring and the meld checker; games, leagues and club "
                            "nights. Every error is JSON: {\"errors\": [{\"team\", "
                            "\"field\", \"message\"}]}, in the language Accept-Language "
                            "asks for."},
    "paths": PATHS,
    "components": {"schemas": SCHEMAS, "responses": ERROR_ANSWERS},
}
