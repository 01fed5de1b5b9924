"""The meld calculator page: its buttons, its verdicts, and odd query strings."""

import re
from html.parser import HTMLParser

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

#: Nothing here can answer differently on PostgreSQL: SQLite only (tests/conftest.py).
pytestmark = pytest.mark.one_database

URL = "/meld-calculator"


class PageParts(HTMLParser):
    """The parts of a page the tests look at: fields, labels, buttons, hidden values."""

    def __init__(self) -> None:
        super().__init__()
        self.fields: list[dict[str, str | None]] = []
        self.label_for: set[str] = set()
        self.hidden: dict[str, str] = {}
        self.buttons: list[dict[str, str | None]] = []
        self.links: list[str] = []
        self.tags: set[str] = set()
        self.attribute_names: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        self.tags.add(tag)
        self.attribute_names.update(attributes)
        if tag == "input" and attributes.get("type") == "hidden":
            self.hidden[attributes["name"] or ""] = attributes.get("value") or ""
        elif tag in ("input", "select", "textarea"):
            self.fields.append(attributes)
        elif tag == "label" and attributes.get("for"):
            self.label_for.add(attributes["for"] or "")
        elif tag == "button":
            self.buttons.append(attributes)
        elif tag == "a" and attributes.get("href"):
            self.links.append(attributes["href"] or "")


def parts(response: TestResponse) -> PageParts:
    """Parse a page."""
    parser = PageParts()
    parser.feed(response.get_data(as_text=True))
    return parser


def verdict(response: TestResponse) -> str:
    """The verdict line of a calculator page."""
    found = re.search(r'<p class="verdict[^"]*"[^>]*>([^<]*)</p>', response.get_data(as_text=True))
    assert found, "no verdict on the page"
    return found.group(1).strip()


def press(client: FlaskClient, page: TestResponse, **button: str) -> TestResponse:
    """Submit the page's form as a browser would: its hidden melds, its selects, one button."""
    state = parts(page).hidden["melds"]
    query = {"rules": "classic", "round": "1", "melds": state, **button}
    response = client.get(URL, query_string=query, follow_redirects=True)
    assert response.status_code == 200
    return response


def test_empty_calculator_shows_the_minimum_and_every_card(client: FlaskClient) -> None:
    response = client.get(URL)
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert '<span class="calc-minimum-points">50</span>' in page
    assert verdict(response) == "Tap a card to start a meld."
    hidden = parts(response).hidden
    assert hidden["melds"] == "" and "game" not in hidden
    cards = [b["value"] for b in parts(response).buttons if b.get("name") == "add"]
    assert cards == ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "JK"]


def test_home_page_links_to_the_calculator(client: FlaskClient) -> None:
    assert URL in parts(client.get("/")).links


def test_buttons_add_cards_start_melds_undo_and_clear(client: FlaskClient) -> None:
    page = client.get(URL)
    for card in ("K", "K", "K", "JK"):
        page = press(client, page, add=card)
    assert parts(page).hidden["melds"] == "K.K.K.JK"
    page = press(client, page, new="1")
    assert parts(page).hidden["melds"] == "K.K.K.JK|"
    assert "No cards yet" in page.get_data(as_text=True)
    assert "Add a card to meld 2" in page.get_data(as_text=True)
    for card in ("A", "A", "2"):
        page = press(client, page, add=card)
    assert parts(page).hidden["melds"] == "K.K.K.JK|A.A.2"
    page = press(client, page, undo="1")
    assert parts(page).hidden["melds"] == "K.K.K.JK|A.A"
    page = press(client, page, clear="1")
    assert parts(page).hidden["melds"] == ""
    assert verdict(page) == "Tap a card to start a meld."


def test_the_link_carries_the_melds(client: FlaskClient) -> None:
    page = client.get(URL, query_string={"rules": "pagat", "round": "2", "melds": "K.K.K|A"})
    link = "/meld-calculator?rules=pagat&round=2&melds=K.K.K%7CA"
    assert link in parts(page).links
    assert parts(client.get(link)).hidden["melds"] == "K.K.K|A"


def test_a_meld_shows_its_cards_kind_and_points(client: FlaskClient) -> None:
    page = client.get(URL, query_string={"melds": "k.K.K.joker"}).get_data(as_text=True)
    assert page.count('<li class="chip">K</li>') == 3
    assert '<li class="chip chip-wild">JK</li>' in page
    assert "dirty, with wild cards · 80 points" in page
    assert "Total: 80 points" in page


@pytest.mark.parametrize(
    ("rules", "round_number", "melds", "expected"),
    [
        ("classic", "1", "K.K.K.JK", "Opens: 80 of 50 needed"),
        ("classic", "2", "K.K.K.JK", "Not yet: 80 of 90 needed"),
        ("classic", "2", "K.K.K.JK|A.A.2", "Opens: 140 of 90 needed"),
        ("classic", "2", "K.K.K.JK|", "Not yet: 80 of 90 needed"),
        ("classic", "1", "K.K", "Fix the melds marked"),
        ("classic", "1", "JK.JK.2", "Opens: 120 of 50 needed"),
        ("pagat", "1", "JK.JK.2", "Fix the melds marked"),
        ("italian", "1", "K.K.2", "Fix the melds marked"),
        ("italian", "1", "K.K.K.K.2", "Opens: 60 of 50 needed"),
        ("classic", "4", "A.A.A.A.A.A.A|K.K.K", "Opens: 170 of 150 needed"),
    ],
)
def test_verdict(
    client: FlaskClient, rules: str, round_number: str, melds: str, expected: str
) -> None:
    query = {"rules": rules, "round": round_number, "melds": melds}
    assert verdict(client.get(URL, query_string=query)) == expected


@pytest.mark.parametrize(
    ("rules", "melds", "problem"),
    [
        ("pagat", "JK.JK.2", "these rules allow no meld of wild cards only"),
        ("italian", "K.K.2", "natural cards in a meld with wild cards: at least 4, not 2"),
        ("classic", "3.3.3", "threes are never melded"),
        ("classic", "K.K", "a meld has 3 to 7 cards, not 2"),
    ],
)
def test_a_meld_that_breaks_the_rules_is_marked_with_its_problem(
    client: FlaskClient, rules: str, melds: str, problem: str
) -> None:
    page = client.get(URL, query_string={"rules": rules, "melds": melds}).get_data(as_text=True)
    assert '<li class="meld meld-invalid">' in page
    assert "Meld 1: needs fixing" in page
    assert f"<li>{problem}</li>" in page


def test_wild_cards_only_is_a_meld_in_classic(client: FlaskClient) -> None:
    page = client.get(URL, query_string={"melds": "JK.JK.2"}).get_data(as_text=True)
    assert "wild cards only · 120 points" in page


def test_the_selects_switch_rules_and_round(client: FlaskClient) -> None:
    response = client.get(URL, query_string={"rules": "italian", "round": "3"})
    page = response.get_data(as_text=True)
    assert '<option selected value="italian">' in page
    assert '<option selected value="3">3</option>' in page
    assert '<option value="4">4</option>' in page
    assert '<option value="5">' not in page
    assert '<span class="calc-minimum-points">120</span>' in page


@pytest.mark.parametrize(
    ("query", "status", "message"),
    [
        ("rules=nope", 404, "there are no rules called &#39;nope&#39;"),
        ("rules=nope&melds=K.K.K&add=K", 404, "there are no rules called"),
        ("rules=&melds=K.K.K", 200, "Not yet: 30 of 50 needed"),
        ("round=0", 200, "must be a round from 1 to 4"),
        ("round=5", 200, "must be a round from 1 to 4"),
        ("round=-1", 200, "must be a round from 1 to 4"),
        ("round=x", 200, "must be a round from 1 to 4"),
        ("round=1.5", 200, "must be a round from 1 to 4"),
        ("round=" + "9" * 5000, 200, "must be a round from 1 to 4"),
        ("round=99999999999999999999999", 200, "must be a round from 1 to 4"),
        ("melds=junk", 200, "&#39;junk&#39; is not a card"),
        ("melds=K.junk.K|A.%E2%99%A0", 200, "&#39;♠&#39; is not a card"),
        ("melds=" + ".".join(["K"] * 500), 200, "at most 100 cards"),
        ("melds=" + "|".join(["K"] * 500), 200, "at most 100 cards"),
        ("melds=" + "x" * 5000, 200, "is not a card"),
        ("melds=%3Cb%3Ex", 200, "&#39;&lt;b&gt;x&#39; is not a card"),
        ("melds=%FF%FE", 200, "is not a card"),
        ("melds=|||..|", 200, "Tap a card to start a meld."),
        ("melds=K.K&add=", 200, "Choose a card to add."),
        ("melds=K.K&add=K.K.K", 200, "is not one card"),
        ("melds=K.K&add=K%7CA", 200, "is not one card"),
        ("melds=K.K&add=banana", 200, "&#39;banana&#39; is not a card"),
        ("new=1", 200, "Tap a card to start a meld."),
        ("undo=1", 200, "Tap a card to start a meld."),
        ("clear=1&melds=junk", 200, "Tap a card to start a meld."),
        ("score=x&melds=K.K.K", 200, "Not yet: 30 of 50 needed"),
        ("rules=classic&rules=pagat&round=1&round=x", 200, "Tap a card to start a meld."),
    ],
)
def test_odd_query_strings_get_a_plain_answer(
    client: FlaskClient, query: str, status: int, message: str
) -> None:
    response = client.get(f"{URL}?{query}", follow_redirects=True)
    assert response.status_code == status
    assert response.mimetype == "text/html"
    assert message in response.get_data(as_text=True)


def test_an_error_is_shown_at_the_round_field(client: FlaskClient) -> None:
    page = client.get(URL, query_string={"round": "0"}).get_data(as_text=True)
    assert 'id="round-error" role="alert"' in page
    assert 'aria-invalid="true"' in page


def test_cards_that_cannot_be_checked_can_still_be_undone(client: FlaskClient) -> None:
    page = client.get(URL, query_string={"melds": "K.K", "add": "junk"}, follow_redirects=True)
    assert parts(page).hidden["melds"] == "K.K.junk"
    assert parts(press(client, page, undo="1")).hidden["melds"] == "K.K"


@pytest.mark.parametrize(
    "query", ["", "melds=K.K.K|A", "round=x&melds=junk", "rules=nope", "rules=pagat"]
)
def test_every_field_has_a_label_and_every_button_a_name(client: FlaskClient, query: str) -> None:
    page = parts(client.get(f"{URL}?{query}"))
    assert page.fields
    for field in page.fields:
        assert field.get("id") in page.label_for, field
    # A button without a type sends its form, as the footer's theme and language ones do.
    assert all(button.get("type", "submit") == "submit" for button in page.buttons)


def test_no_inline_script_or_style(client: FlaskClient) -> None:
    page = parts(client.get(URL, query_string={"melds": "K.K.K|A"}))
    assert "style" not in page.tags
    assert not re.search(r"<script(?![^>]*\bsrc=)", client.get(URL).get_data(as_text=True))
    assert not {name for name in page.attribute_names if name == "style" or name.startswith("on")}


def test_the_calculator_is_get_only(client: FlaskClient) -> None:
    assert client.post(URL).status_code == 405


def test_a_button_press_moves_to_a_clean_address_so_a_reload_adds_nothing(
        client: FlaskClient) -> None:
    response = client.get(URL, query_string={"rules": "pagat", "melds": "K.K", "add": "K"})
    assert response.status_code == 303
    location = response.headers["Location"]
    assert "add=" not in location and "melds=K.K.K" in location and "rules=pagat" in location
    again = client.get(location)
    assert parts(again).hidden["melds"] == "K.K.K"


def test_a_game_link_judges_under_that_game_house_rules(app, client: FlaskClient) -> None:
    from handfoot_score.services import games

    with app.app_context():
        game = games.create_game(games.read_setup({
            "rules": {"base": "classic", "rounds": [
                {"meld_minimum": 200, "going_out_bonus": 100, "pile_take": 7,
                 "going_out_books": {"clean": 1, "dirty": 1, "wild": 0}}]},
            "teams": [{"name": "A"}, {"name": "B"}]}))
    page = client.get(URL, query_string={"game": game.id, "melds": "A.A.A.JK"})
    assert verdict(page) == "Not yet: 110 of 200 needed"
    assert parts(page).hidden["game"] == game.id
