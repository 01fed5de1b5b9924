"""The JSON API's description, OpenAPI 3.1, served at ``/api/v1/openapi.json``.

Written here as data, a plain dict, with a few helpers for the shapes every answer shares
(the error body, the statuses any request can meet). Kept true by the tests: every answer
the test suite receives from ``/api/v1`` is checked against it (tests/conftest.py), a test
fails if a route is added without it (tests/test_openapi.py), and CI runs Schemathesis
against a served app with it (.ci/schemathesis)."""

from __future__ import annotations

from typing import Any

Schema = dict[str, Any]

COUNT: Schema = {"type": "integer", "minimum": 0}
WHOLE: Schema = {"type": "integer"}
TEXT: Schema = {"type": "string"}
NULLABLE_TEXT: Schema = {"type": ["string", "null"]}
ID: Schema = {"type": "string", "description": "An id, as the API gave it."}


def ref(name: str) -> Schema:
    return {"$ref": f"#/components/schemas/{name}"}


def obj(properties: dict[str, Schema], required: tuple[str, ...] = (),
        closed: bool = False) -> Schema:
    """An object with these properties; ``closed`` for one that may hold no other key."""
    schema: Schema = {"type": "object", "properties": properties}
    if required:
        schema["required"] = list(required)
    if closed:
        schema["additionalProperties"] = False
    return schema


def array(items: Schema) -> Schema:
    return {"type": "array", "items": items}


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
    "429": "Too many requests from this address lately: Retry-After says when to try again.",
    "503": "The database is busy (or other heavy reads take every slot): nothing was saved; "
           "Retry-After says when to try again.",
}
#: What any request may meet: a malformed Host, a route's wrong method, a throttled address,
#: a busy database.
ANY_REQUEST = ("400", "405", "429", "503")
#: What a request with a JSON body may meet besides.
WITH_BODY = ("413", "415", "422")


def error_answers(*codes: str) -> dict[str, Schema]:
    """The error answers, each the shared one of its status (``ERRORS``)."""
    return {code: {"$ref": f"#/components/responses/Error{code}"} for code in codes}


def answer(description: str, schema: Schema) -> Schema:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


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
    return {**answer, "links": {name: {"operationId": name, "parameters": parameters}
                                for name in operations}}


CARDS = obj({"jokers": COUNT, "twos": COUNT, "aces": COUNT, "eight_to_king": COUNT,
             "four_to_seven": COUNT, "black_threes": COUNT, "points": WHOLE,
             "by_rank": {"type": "object", "additionalProperties": COUNT}})
TALLY = obj({
    "name": TEXT, "players": array(TEXT), "melded": CARDS, "left": CARDS,
    "books": {"type": "object", "additionalProperties": COUNT},
    "red_threes_down": COUNT, "red_threes_left": COUNT, "exact_draws": COUNT,
    "went_out": {"type": "boolean"}, "first_meld": {"type": "boolean"},
    "score_before": WHOLE})
TEAM_SCORE = obj({
    "name": NULLABLE_TEXT, "melded_points": WHOLE, "book_points": WHOLE,
    "red_three_points": WHOLE, "going_out_points": WHOLE, "bonus_points": WHOLE,
    "left_points": WHOLE, "total": WHOLE, "meld_minimum": WHOLE},
    required=("melded_points", "book_points", "red_three_points", "going_out_points",
              "bonus_points", "left_points", "total", "meld_minimum"))
FIGURES = {"rating": WHOLE, "games": COUNT, "wins": COUNT, "ties": COUNT, "losses": COUNT,
           "points": WHOLE, "avg_points": {"type": "number"}, "best": WHOLE,
           "win_pct": {"type": "number"}}
SKILL = {"rating": WHOLE, "mu": {"type": "number"}, "sigma": {"type": "number"},
         "games": COUNT}
SEASON = obj({"id": WHOLE, "name": TEXT, "starts_on": {"type": "string", "format": "date"}},
             required=("id", "name", "starts_on"))
STARTED_GAME = obj({"id": ID, "join_code": NULLABLE_TEXT, "status": TEXT},
                   required=("id", "join_code", "status"))

SCHEMAS: dict[str, Schema] = {
    "Errors": obj({
        "errors": array(obj({"team": {"type": ["integer", "null"]},
                             "field": NULLABLE_TEXT, "message": TEXT},
                            required=("team", "field", "message"))),
        "current": {"description": "On 409: what another phone stored meanwhile."}},
        required=("errors",)),
    "Problem": obj({"team": {"type": ["integer", "null"]}, "field": NULLABLE_TEXT,
                    "message": TEXT}, required=("team", "field", "message")),
    "RuleSet": obj({"id": NULLABLE_TEXT, "name": TEXT, "decks": COUNT,
                    "rounds": array({"type": "object"})}, required=("name", "rounds")),
    "Tally": TALLY,
    "TeamScore": TEAM_SCORE,
    "Game": obj({
        "id": ID, "rules": ref("RuleSet"), "status": TEXT, "version": COUNT,
        "teams": array(obj({"name": TEXT, "players": array(TEXT)},
                           required=("name", "players"))),
        "rounds": array(obj({"number": COUNT, "version": COUNT,
                             "teams": array(ref("TeamScore")), "tallies": array(TALLY)},
                            required=("number", "version", "teams", "tallies"))),
        "totals": array(WHOLE), "current_round": {"type": ["integer", "null"]},
        "meld_minimum": {"type": ["array", "null"], "items": WHOLE},
        "books": array({"type": "object", "additionalProperties": COUNT}),
        "red_threes_down": array(COUNT), "finished": {"type": "boolean"},
        "winners": array(COUNT), "join_code": NULLABLE_TEXT,
        "parts": array(obj({"team": COUNT, "version": COUNT, "tally": TALLY},
                           required=("team", "version", "tally"))),
        "note": NULLABLE_TEXT, "place": NULLABLE_TEXT,
        "played_on": {"type": ["string", "null"], "format": "date"}},
        required=("id", "rules", "status", "version", "teams", "rounds", "totals",
                  "current_round", "meld_minimum", "books", "red_threes_down", "finished",
                  "winners", "join_code", "parts")),
    "Night": obj({
        "id": ID, "league": ID, "players": array(TEXT), "games_each": COUNT, "seed": WHOLE,
        "rules": TEXT, "six_seats": TEXT,
        "rotations": array(obj({
            "tables": array(obj({"teams": array(array(TEXT)),
                                 "game": {"oneOf": [STARTED_GAME, {"type": "null"}]}},
                                required=("teams", "game"))),
            "sitting_out": array(TEXT)}, required=("tables", "sitting_out")))},
        required=("id", "league", "players", "games_each", "seed", "rules", "rotations")),
}

GAME = ref("Game")
GAME_ID = path_parameter("game_id")
LEAGUE_ID = path_parameter("league_id")
NUMBER = path_parameter("number", {"type": "integer", "minimum": 0})
TEAM = path_parameter("team", {"type": "integer", "minimum": 0})
SEASON_QUERY = query_parameter("season", "A season's id, or all for all time.")

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
        {"200": answer("Each preset's id and name.", obj({"presets": array(obj(
            {"id": TEXT, "name": TEXT}, required=("id", "name")))}, required=("presets",)))})},
    "/api/v1/rules/{rules_id}": {"get": operation(
        "rules_detail", "One rule set, in full.",
        {"200": answer("The rule set.", ref("RuleSet"))}, "404",
        parameters=[path_parameter("rules_id")])},
    "/api/v1/score": {"post": operation(
        "score", "Score one round from each team's tally; what is possible but unlikely "
        "comes back in warnings.",
        {"200": answer("Each team's score, and the warnings.", obj({
            "round": COUNT, "teams": array(ref("TeamScore")),
            "warnings": array(ref("Problem"))}, required=("round", "teams", "warnings")))},
        "404", request=obj({"rules": {}, "round": COUNT, "teams": array(TALLY)},
                           required=("rules", "round", "teams")),
        example={"rules": "classic", "round": 1, "teams": ROUND})},
    "/api/v1/meld-check": {"post": operation(
        "meld_check", "Judge melds and whether they meet the round's opening minimum.",
        {"200": answer("Each meld judged, and the opening.", obj({
            "valid": {"type": "boolean"}, "points": WHOLE, "meld_minimum": WHOLE,
            "meets_minimum": {"type": "boolean"}, "melds": array({"type": "object"})},
            required=("valid", "points", "meld_minimum", "meets_minimum", "melds")))},
        "404", request=obj({"rules": {}, "round": COUNT, "melds": array(array(TEXT)),
                            "score_before": WHOLE}, required=("rules", "round", "melds")),
        example={"rules": "classic", "round": 2,
                 "melds": [["K", "K", "K", "JK"], ["A", "A", "A"]]})},
    "/api/v1/games": {"post": operation(
        "create_game", "Start a game.",
        {"201": links(answer("The game, its address in Location.", GAME), GAME_OPERATIONS,
                      game_id="$response.body#/id")},
        "403", "404", request=obj({"rules": {}, "teams": array(obj({
            "name": TEXT, "players": array(TEXT)})),
            "league": {"type": ["string", "null"],
                       "description": "A league's id; null or left out for none."},
            "note": NULLABLE_TEXT,
            "place": NULLABLE_TEXT, "played_on": NULLABLE_TEXT}, required=("rules", "teams")),
        example={"rules": "classic", "teams": [OWLS, FOXES]}, parameters=[EDIT_CODE])},
    "/api/v1/games/{game_id}": {"get": operation(
        "game", "A game's state; its ETag is the game's version.",
        {"200": answer("The game.", GAME), "304": {"description": STATUS_WORDS["304"]}},
        "404", parameters=[GAME_ID, {"name": "If-None-Match", "in": "header",
                                     "required": False, "schema": TEXT}])},
    "/api/v1/games/{game_id}/notes": {"put": operation(
        "change_notes", "Write down a game's note, place and day, in place of what it had.",
        {"200": answer("The game.", GAME)}, "403", "404",
        request=obj({"note": NULLABLE_TEXT, "place": NULLABLE_TEXT,
                     "played_on": NULLABLE_TEXT}),
        example={"note": "Sunday lunch", "place": "Kitchen", "played_on": "2026-12-24"},
        parameters=[GAME_ID, EDIT_CODE])},
    "/api/v1/games/{game_id}/rounds": {"post": operation(
        "record_round", "Record the next round; a repeated request key answers 200 with "
        "nothing doubled.",
        {"201": links(answer("The game, the round recorded.", GAME), ("correct_round",),
                      game_id="$response.body#/id", number="$response.body#/rounds/0/number"),
         "200": answer("The game: the request key was seen before.", GAME)}, "404", "409",
        request=obj({"round": COUNT, "teams": array(TALLY), "request_key": TEXT,
                     "part_versions": array(COUNT)}, required=("teams",)),
        example={"teams": ROUND}, parameters=[GAME_ID])},
    "/api/v1/games/{game_id}/rounds/{number}": {"put": operation(
        "correct_round", "Correct a recorded round; 409 when its version is stale.",
        {"200": answer("The game.", GAME)}, "403", "404", "409",
        request=obj({"teams": array(TALLY), "version": COUNT}, required=("teams", "version")),
        example={"teams": ROUND, "version": 1}, parameters=[GAME_ID, NUMBER, EDIT_CODE])},
    "/api/v1/games/{game_id}/rounds/{number}/undo": {"post": operation(
        "undo_round", "Take back the last round recorded, while nothing newer was entered.",
        {"200": answer("The game.", GAME)}, "403", "404", "409",
        request=obj({"version": COUNT}, required=("version",)), example={"version": 1},
        parameters=[GAME_ID, NUMBER, EDIT_CODE])},
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
        "save_part", "Save one team's own count of the round being played.",
        {"200": answer("The game.", GAME)}, "404", "409",
        request=obj({"tally": TALLY, "version": COUNT}, required=("tally", "version")),
        example={"tally": ROUND[1], "version": 0}, parameters=[GAME_ID, NUMBER, TEAM])},
    "/api/v1/leagues": {"post": operation(
        "create_league", "Start a league.",
        {"201": links(answer("Its id and name.", obj(
            {"id": ID, "name": TEXT}, required=("id", "name"))), LEAGUE_OPERATIONS,
            league_id="$response.body#/id")},
        request=obj({"name": TEXT, "edit_code": TEXT}, required=("name",)),
        example={"name": "Thursday club"})},
    "/api/v1/leagues/{league_id}/standings": {"get": operation(
        "league_standings", "Standings per player and per partnership.",
        {"200": answer("The league, its seasons, and the standings.", obj({
            "league": obj({"id": ID, "name": TEXT}, required=("id", "name")),
            "season": {"oneOf": [SEASON, {"type": "null"}]}, "seasons": array(SEASON),
            "players": array(obj({"id": WHOLE, "name": TEXT, **FIGURES},
                                 required=("name", *FIGURES))),
            "teams": array(obj({"players": array(TEXT), **FIGURES},
                               required=("players", *FIGURES)))},
            required=("league", "season", "seasons", "players", "teams")))},
        "404", "422", parameters=[
            LEAGUE_ID, query_parameter("sort", "A column to sort by."),
            query_parameter("order", "asc or desc."), SEASON_QUERY])},
    "/api/v1/leagues/{league_id}/ratings": {"get": operation(
        "league_ratings", "Every rated player's and partnership's club rating.",
        {"200": answer("The ratings, highest first.", obj({
            "players": array(obj({"name": TEXT, **SKILL}, required=("name", *SKILL))),
            "teams": array(obj({"players": array(TEXT), **SKILL},
                               required=("players", *SKILL)))},
            required=("players", "teams")))}, "404", parameters=[LEAGUE_ID])},
    "/api/v1/leagues/{league_id}/predictions": {"post": operation(
        "predictions", "Each team's chance to win a game not played yet.",
        {"200": answer("Each team's chance.", obj({"teams": array(obj({
            "players": array(TEXT), "win_probability": {"type": "number"}},
            required=("players", "win_probability")))}, required=("teams",)))},
        "404", request=obj({"teams": array(array(TEXT))}, required=("teams",)),
        example={"teams": [["Ann", "Cy"], ["Bob", "Di"]]}, parameters=[LEAGUE_ID])},
    "/api/v1/leagues/{league_id}/export": {"get": operation(
        "export_league", "The whole league as one JSON document, to keep or to import again.",
        {"200": answer("The export.", {"type": "object"})}, "404", "422",
        parameters=[LEAGUE_ID, SEASON_QUERY])},
    "/api/v1/leagues/import": {"post": operation(
        "import_league", "Rebuild a league from an export.",
        {"201": answer("The new league's id.", obj({"id": ID}, required=("id",)))},
        request={"type": "object"}, parameters=[EDIT_CODE])},
    "/api/v1/join": {"post": operation(
        "join", "The game in play a join code opens.",
        {"200": answer("The game's id; its address in Location.",
                       obj({"game": ID}, required=("game",)))}, "404",
        request=obj({"code": TEXT}, required=("code",)), example={"code": "7KQ2MX"})},
    "/api/v1/leagues/{league_id}/club-nights": {"post": operation(
        "create_night", "Draw a night's tables for who is present.",
        {"201": links(answer("The night, every rotation's tables.", ref("Night")),
                      ("night",), league_id="$request.path.league_id",
                      night_id="$response.body#/id")}, "403", "404",
        request=obj({"players": array(TEXT), "games_each": COUNT, "rules": TEXT,
                     "six_seats": TEXT}, required=("players",)),
        example={"players": ["Ann", "Bob", "Cy", "Di", "Eve", "Flo", "Gus", "Hal", "Ivy"],
                 "games_each": 2}, parameters=[LEAGUE_ID, EDIT_CODE])},
    "/api/v1/leagues/{league_id}/club-nights/{night_id}": {"get": operation(
        "night", "A night: its tables as drawn, and each table's game once started.",
        {"200": answer("The night.", ref("Night"))}, "404",
        parameters=[LEAGUE_ID, path_parameter("night_id")])},
    "/api/v1/leagues/{league_id}/club-nights/{night_id}/rotations/{rotation}/tables/"
    "{table}/game": {"post": operation(
        "start_table", "Start a table's game, its players and teams as drawn.",
        {"201": answer("The game started.", STARTED_GAME),
         "200": answer("The game started before.", STARTED_GAME)}, "403", "404",
        request=obj({}, closed=True), example={}, parameters=[
            LEAGUE_ID, path_parameter("night_id"),
            path_parameter("rotation", {"type": "integer", "minimum": 0}),
            path_parameter("table", {"type": "integer", "minimum": 0}), EDIT_CODE])},
}

DESCRIPTION: Schema = {
    "openapi": "3.1.0",
    "info": {"title": "Hand and Foot scorekeeper", "version": "1",
             "description": "Rules, scoring and the meld checker; games, leagues and club "
                            "nights. Every error is JSON: {\"errors\": [{\"team\", "
                            "\"field\", \"message\"}]}, in the language Accept-Language "
                            "asks for."},
    "paths": PATHS,
    "components": {"schemas": SCHEMAS, "responses": {
        f"Error{code}": {"description": words,
                         "content": {"application/json": {"schema": ref("Errors")}}}
        for code, words in STATUS_WORDS.items() if code >= "400"}},
}
