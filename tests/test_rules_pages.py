"""The rules pages: the reminder card of a rule set, and the house-rules form page."""

from dataclasses import replace
from html.parser import HTMLParser

import pytest
from flask import Flask, render_template
from flask.testing import FlaskClient
from werkzeug.datastructures import MultiDict

from handfoot_score.engine.cards import CardKind, Rank
from handfoot_score.engine.presets import PAGAT, PRESETS
from handfoot_score.engine.rules import BookCounts, ScoreMinimum, SpecialBook, WildLimits
from handfoot_score.engine.rules_json import rules_from_dict
from handfoot_score.services import rules as rules_service
from handfoot_score.web.shared.rules_card import RulesCard
from handfoot_score.web.shared.rules_form import SaveHouseRulesForm

BLOCKS = {"p", "li", "td", "th", "tr", "h1", "h2", "caption", "br", "div", "legend", "label"}


class PageReader(HTMLParser):
    """Reads a page as a browser would: its text, table rows, labels and form inputs."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.text: list[str] = []
        self.rows: list[list[str]] = []
        self.labelled: set[str] = set()
        self.inputs: list[dict[str, str | None]] = []
        self.forms: list[dict[str, str | None]] = []
        self.submitted: MultiDict = MultiDict()
        self._cell: list[str] | None = None
        self._select: dict[str, str | None] | None = None
        self._first_option: str | None = None
        self._textarea: dict[str, str | None] | None = None
        self.feed(html)
        self.close()

    def handle_starttag(self, tag: str, attr_list: list[tuple[str, str | None]]) -> None:
        attrs = dict(attr_list)
        if tag in BLOCKS:
            self.text.append(" ")
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self._cell = []
        elif tag == "br" and self._cell is not None:
            self._cell.append(" ")
        elif tag == "label":
            self.labelled.add(attrs.get("for") or "")
        elif tag == "form":
            self.forms.append(attrs)
        elif tag in ("input", "select", "textarea"):
            self.inputs.append({"tag": tag, **attrs})
            self._read_input(tag, attrs)
        elif tag == "option" and self._select is not None:
            if self._first_option is None:
                self._first_option = attrs.get("value") or ""
            if "selected" in attrs:
                self.submitted.add(self._select["name"], attrs.get("value") or "")
                self._select = None

    def _read_input(self, tag: str, attrs: dict[str, str | None]) -> None:
        name = attrs.get("name")
        kind = attrs.get("type", "text")
        if tag == "select":
            self._select, self._first_option = attrs, None
        elif tag == "textarea":
            self._textarea = attrs
            self._textarea["text"] = ""
        elif name and (kind not in ("submit", "checkbox") or "checked" in attrs):
            self.submitted.add(name, attrs.get("value") or "")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None:
            self.rows[-1].append(" ".join("".join(self._cell).split()))
            self._cell = None
        elif tag == "select" and self._select is not None:
            self.submitted.add(self._select["name"], self._first_option or "")
            self._select = None
        elif tag == "textarea" and self._textarea is not None:
            text = self._textarea["text"] or ""
            self.submitted.add(self._textarea["name"], text.removeprefix("\r").removeprefix("\n"))
            self._textarea = None

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self._cell is not None:
            self._cell.append(data)
        if self._textarea is not None:
            self._textarea["text"] = (self._textarea["text"] or "") + data

    @property
    def words(self) -> str:
        """The page's text with runs of white space made one space."""
        return " ".join("".join(self.text).split())


def read(client: FlaskClient, path: str, status: int = 200) -> PageReader:
    response = client.get(path)
    assert response.status_code == status
    return PageReader(response.get_data(as_text=True))


# Round rows: number, opening meld, pile take; then what going out asks in every round.
EXPECTED_ROUNDS = {
    "classic": [["1", "50", "7"], ["2", "90", "7"], ["3", "120", "7"], ["4", "150", "7"]],
    "pagat": [["1", "50", "5"], ["2", "90", "5"], ["3", "120", "5"], ["4", "150", "5"]],
    "italian": [["1", "50", "7"], ["2", "90", "7"], ["3", "120", "7"], ["4", "150", "7"]],
}
EXPECTED_GOING_OUT = {
    "classic": "Books needed in every round: 2 clean + 2 dirty + 1 wild. Bonus for going out: 100.",
    "pagat": "Books needed in every round: 2 clean + 2 dirty. Bonus for going out: 100.",
    "italian": "Books needed in every round: 1 clean + 1 dirty. Bonus for going out: 100.",
}
EXPECTED_DEAL = {
    "classic": "5 decks of 54 cards shuffled together. 13 cards in each hand, 13 cards in "
               "each foot.",
    "pagat": "One deck of 54 cards for each player, shuffled together. 11 cards in each hand, "
             "11 cards in each foot.",
    "italian": "5 decks of 54 cards shuffled together. 11 cards in each hand, 11 cards in "
               "each foot.",
}
EXPECTED_LINES = {
    "classic": ["Wild book 1,500", "Red three laid down: 100 points each.",
                "Red three caught in hand or foot: 100 points off each.",
                "At least 2 natural cards for each wild card.",
                "No set limit on wild cards in a meld.", "Melds of wild cards only: allowed.",
                "A dirty book has at least 5 natural cards.", "You may take the pile to open.",
                "Take the top 7 cards (all if there are fewer)."],
    "pagat": ["Wild book not allowed", "Red three laid down: no bonus.",
              "Red three caught in hand or foot: 300 points off each.",
              "At most 2 wild cards in a meld.", "Melds of wild cards only: not allowed.",
              "Take the top 5 cards (all if there are fewer).",
              "A dirty book has at least 5 natural cards.",
              "300 points for picking up exactly the cards to aim for. "
              "Cards to aim for: 22 in every round."],
    "italian": ["Red three caught in hand or foot: 5 points off each.",
                "At least 4 natural cards in any meld with a wild card.",
                "A dirty book has at least 4 natural cards.",
                "Your team must have opened already, or open with the pile."],
}


def test_rules_index_links_each_preset_to_its_card_and_to_house_rules(client: FlaskClient) -> None:
    page = client.get("/rules").get_data(as_text=True)
    for preset_id in PRESETS:
        assert f'href="/rules/{preset_id}"' in page
        assert f'href="/rules/house?base={preset_id}"' in page
    assert "Make house rules from this" in page


@pytest.mark.parametrize("preset_id", PRESETS)
def test_card_shows_every_round_and_the_deal(client: FlaskClient, preset_id: str) -> None:
    page = read(client, f"/rules/{preset_id}")
    assert page.rows[0] == ["Round", "Opening meld", "Pile take"]
    assert page.rows[1:5] == EXPECTED_ROUNDS[preset_id]
    assert EXPECTED_GOING_OUT[preset_id] in page.words
    assert EXPECTED_DEAL[preset_id] in page.words
    for line in EXPECTED_LINES[preset_id]:
        assert line in page.words
    for note in PRESETS[preset_id].notes:
        assert note in page.words
    assert f"{PRESETS[preset_id].name}" in page.words


def test_card_of_house_rules_shows_minimums_by_score_and_special_books(app: Flask) -> None:
    rules = replace(
        PAGAT,
        meld_minimum_by_score=(ScoreMinimum(None, 15), ScoreMinimum(0, 50),
                               ScoreMinimum(1500, 90), ScoreMinimum(3000, 120)),
        special_books=(SpecialBook("sevens", "Book of sevens", 1500, CardKind.FOUR_TO_SEVEN,
                                   Rank.SEVEN),
                       SpecialBook("red", "Red threes", 1000, CardKind.RED_THREE)),
        wilds=WildLimits(naturals_per_wild=2, max_per_meld=3),
        rounds=tuple(replace(r, exact_draw_cards=cards, pile_take=take, going_out_bonus=bonus,
                             going_out_books=BookCounts(clean=clean, dirty=clean))
                     for r, cards, take, bonus, clean in zip(
                         PAGAT.rounds, (22, 26, 30, 34), (5, 5, 7, 7), (100, 200, 300, 400),
                         (1, 2, 2, 0))),
    )
    with app.test_request_context():
        page = PageReader(render_template("rules/card.html", card=RulesCard.of(rules)))
    assert page.rows[:5] == [["Total score", "Opening meld"], ["Below 0", "15"],
                             ["0 or more", "50"], ["1,500 or more", "90"],
                             ["3,000 or more", "120"]]
    assert page.rows[5:10] == [["Round", "Pile take"], ["1", "5"], ["2", "5"], ["3", "7"],
                               ["4", "7"]]
    assert page.rows[10:15] == [["Round", "Books needed", "Bonus"],
                                ["1", "1 clean + 1 dirty", "100"],
                                ["2", "2 clean + 2 dirty", "200"],
                                ["3", "2 clean + 2 dirty", "300"],
                                ["4", "no books", "400"]]
    assert ["Book of sevens (all 7s)", "1,500"] in page.rows
    assert ["Red threes (all red threes)", "1,000"] in page.rows
    assert "Cards to aim for: round 1: 22; round 2: 26; round 3: 30; round 4: 34." in page.words
    assert "At most 3 wild cards in a meld." in page.words
    assert "Take as many top cards as the table shows under Pile take" in page.words


@pytest.mark.parametrize("path", ["/rules/no-such-rules", "/rules/house?base=no-such-rules"])
def test_unknown_rules_are_not_found(client: FlaskClient, path: str) -> None:
    page = read(client, path, status=404)
    assert "There are no rules called \u201cno-such-rules\u201d." in page.words


@pytest.mark.parametrize("preset_id", PRESETS)
def test_house_rules_page_shows_the_preset_in_a_form_to_post(
    client: FlaskClient, app: Flask, preset_id: str
) -> None:
    page = read(client, f"/rules/house?base={preset_id}")
    # The page's own form; the site's header may hold others (the light/dark switch).
    [form] = [f for f in page.forms if f.get("action") == "/rules/house"]
    assert (form["method"], form["action"]) == ("post", "/rules/house")
    assert page.submitted["base"] == preset_id
    assert page.submitted["rules-name"] == PRESETS[preset_id].name
    with app.test_request_context(method="POST", data=page.submitted):
        posted = SaveHouseRulesForm()
        assert posted.validate(), posted.errors
        rules = posted.rules.form.to_rules_dict()
    assert rules_from_dict({**rules, "id": preset_id}) == PRESETS[preset_id]


def test_house_rules_page_without_a_base_starts_from_the_first_preset(
    client: FlaskClient
) -> None:
    page = read(client, "/rules/house")
    assert page.submitted["base"] == next(iter(PRESETS))


def test_house_rules_form_carries_a_csrf_token(app: Flask) -> None:
    app.config["WTF_CSRF_ENABLED"] = True
    page = read(app.test_client(), "/rules/house?base=pagat")
    assert page.submitted["csrf_token"]


@pytest.mark.parametrize(
    "path",
    ["/rules", *(f"/rules/{p}" for p in PRESETS), *(f"/rules/house?base={p}" for p in PRESETS)],
)
def test_every_input_has_a_label(client: FlaskClient, path: str) -> None:
    page = read(client, path)
    shown = [i for i in page.inputs if i.get("type") not in ("hidden", "submit")]
    ids = [i.get("id") for i in shown]
    assert len(ids) == len(set(ids))
    unlabelled = [i for i in shown if not i.get("id") or i["id"] not in page.labelled]
    assert unlabelled == []
    if "house" in path:
        assert len(shown) > 50
        numeric = [i for i in shown if i.get("inputmode") == "numeric"]
        assert len(numeric) > 30


def test_saving_house_rules_keeps_them_under_their_name(client) -> None:  # type: ignore[no-untyped-def]
    from tests.form_data import form_values

    values = form_values(client.get("/rules/house?base=pagat").get_data(as_text=True))
    values.update({"rules-name": "Grandma's rules", "rules-red_three-left": "500"})
    response = client.post("/rules/house", data=values)
    assert response.status_code == 303
    card = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Grandma" in card and "500" in card
    assert "Grandma" in client.get("/games/new").get_data(as_text=True)


def test_saving_bad_house_rules_names_the_field_and_keeps_the_input(client) -> None:  # type: ignore[no-untyped-def]
    from tests.form_data import form_values

    values = form_values(client.get("/rules/house?base=classic").get_data(as_text=True))
    values.update({"rules-name": "Broken", "rules-decks": "0"})
    response = client.post("/rules/house", data=values)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "between 1 and 20" in page
    assert form_values(page)["rules-decks"] == "0"


def test_the_round_buttons_on_the_house_rules_page_add_a_round(client) -> None:  # type: ignore[no-untyped-def]
    from tests.form_data import form_values

    values = form_values(client.get("/rules/house?base=classic").get_data(as_text=True))
    values["rules_round"] = "add"
    page = client.post("/rules/house", data=values).get_data(as_text=True)
    assert "rules-rounds-4-meld_minimum" in form_values(page)


def test_a_game_on_unsaved_house_rules_has_its_own_rules_card(app, client) -> None:  # type: ignore[no-untyped-def]
    from handfoot_score.services import games

    with app.app_context():
        game = games.create_game(games.read_setup({
            "rules": {"base": "pagat", "red_three": {"down": 0, "left": 500}},
            "teams": [{"name": "A"}, {"name": "B"}]}))
    round_screen = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert f"/games/{game.id}/rules" in round_screen
    assert f"/meld-calculator?game={game.id}" in round_screen
    card = client.get(f"/games/{game.id}/rules")
    assert card.status_code == 200
    assert "500" in card.get_data(as_text=True)
    assert client.get("/games/nope/rules").status_code == 404


def test_every_house_rule_of_issue_13_is_saved_from_the_page_and_shown_on_its_card(
        client: FlaskClient) -> None:
    from tests.form_data import form_values
    from tests.test_rules_form import EVERY_NEW_KEY

    values = form_values(client.get("/rules/house?base=classic").get_data(as_text=True))
    # The page shows one special-book row; a second is added with its button.
    added = client.post("/rules/house", data={**values, "rules_round": "add_book"})
    assert added.status_code == 200
    values = form_values(added.get_data(as_text=True))
    for name in EVERY_NEW_KEY:
        assert name in values or name.endswith("meld_when_going_out"), name
    values.update(EVERY_NEW_KEY)
    response = client.post("/rules/house", data=values)
    assert response.status_code == 303
    rules = client.get("/api/v1/rules/every-house-rule").get_json()
    assert rules["red_three"]["down_when_not_out"] == 50
    assert rules["black_three"] == {"meld_when_going_out": True}
    assert rules["books"]["mixed_wild"] == 1000
    assert rules["card_values"]["by_rank"] == {"9": 5, "8": 5}
    assert rules["first_meld_bonus"] == 100
    assert rules["rounds"][0]["going_out_books"]["sevens"] == 1
    assert rules["special_books"][1] == {"id": "book_of_nines", "name": "Book of nines",
                                         "bonus": 600, "kind": None, "rank": None}
    card = client.get(response.headers["Location"]).get_data(as_text=True)
    for words in ("100 points each for the team that went out, 50 for the others",
                  "The team going out may meld black threes: 5 points each",
                  "Wild book of one kind", "Wild book of jokers and twos",
                  "<th scope=\"row\">8 and 9</th><td class=\"num\">5</td>",
                  "<th scope=\"row\">10 to King</th><td class=\"num\">10</td>",
                  "2 clean + 2 dirty + 1 wild + 1 book of sevens",
                  "100 points to the team that lays down first",
                  "<th scope=\"row\">Book of nines</th>"):
        assert words in card, words


@pytest.mark.parametrize(("preset_id", "line"), [
    ("classic", "A finished book takes no more cards: seven is the most."),
    ("pagat", "Naturals of its rank may be added to a finished book; wild cards may not."),
    ("italian", "A finished book takes no more cards: seven is the most."),
])
def test_the_card_says_what_a_finished_book_takes(client: FlaskClient, preset_id: str,
                                                  line: str) -> None:
    assert f"<p>{line}</p>" in client.get(f"/rules/{preset_id}").get_data(as_text=True)


def test_what_a_finished_book_takes_and_the_decks_are_house_rules_saved_from_the_page(
        app: Flask, client: FlaskClient) -> None:
    from tests.form_data import form_values

    values = form_values(client.get("/rules/house?base=classic").get_data(as_text=True))
    assert values["rules-add_to_finished_book"] == "none"
    assert "rules-deck_per_player" not in values
    values.update({"rules-name": "Open books", "rules-add_to_finished_book": "any",
                   "rules-deck_per_player": "y"})
    response = client.post("/rules/house", data=values)
    assert response.status_code == 303
    card = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Any card may be added to a finished book, within the wild-card limits" in card
    assert "One deck of 54 cards for each player" in card
    with app.app_context():
        saved = rules_service.get_rules("open-books")
    assert (saved.add_to_finished_book, saved.deck_per_player) == ("any", True)
