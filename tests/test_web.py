"""The HTML pages, the error pages, and the form-field macros."""

import pytest
from flask import Flask, abort, render_template_string, request
from flask.testing import FlaskClient
from werkzeug.datastructures import MultiDict
from wtforms import Form, IntegerField, StringField
from wtforms.validators import InputRequired, NumberRange

from handfoot_score.engine.presets import PRESETS


def test_home_page_says_what_the_app_is(client: FlaskClient) -> None:
    response = client.get("/")
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "Hand and Foot" in page
    assert 'href="/rules"' in page
    assert 'name="viewport"' in page
    assert "/static/css/app.css" in page


def test_rules_page_lists_every_preset(client: FlaskClient) -> None:
    response = client.get("/rules")
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    for preset in PRESETS.values():
        assert preset.name in page
        assert f'href="/api/v1/rules/{preset.id}"' in page


def test_missing_page_is_html(client: FlaskClient) -> None:
    response = client.get("/no-such-page")
    assert response.status_code == 404
    assert response.mimetype == "text/html"
    assert "There is no page at this address." in response.get_data(as_text=True)


def test_missing_api_path_is_json(client: FlaskClient) -> None:
    response = client.get("/api/v1/no-such-thing")
    assert response.status_code == 404
    assert response.is_json
    [error] = response.get_json()["errors"]
    assert error["team"] is None
    assert error["field"] is None
    assert error["message"]


@pytest.fixture
def app_with_trouble(app: Flask) -> Flask:
    """The app plus routes that read a form, fail, or allow only GET, inside and outside /api/."""

    def read_form() -> str:
        return str(len(request.form))

    def fail() -> str:
        abort(500)

    for prefix in ("", "/api/v1"):
        app.add_url_rule(f"{prefix}/test/form", f"form{prefix}", read_form, methods=["POST"])
        app.add_url_rule(f"{prefix}/test/fail", f"fail{prefix}", fail)
    return app


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("post", "/test/form", 413),
        ("get", "/test/fail", 500),
        ("get", "/test/form", 405),
    ],
)
def test_errors_are_html_outside_the_api_and_json_inside(
    app_with_trouble: Flask, method: str, path: str, status: int
) -> None:
    client = app_with_trouble.test_client()
    too_big = {"data": {"notes": "x" * (1024 * 1024 + 1)}} if status == 413 else {}
    page = getattr(client, method)(path, **too_big)
    api = getattr(client, method)(f"/api/v1{path}", **too_big)
    assert (page.status_code, page.mimetype) == (status, "text/html")
    assert (api.status_code, api.is_json) == (status, True)
    assert api.get_json()["errors"][0]["message"]
    if status == 405:
        allowed = {"OPTIONS", "POST"}  # Werkzeug builds the header from a set: any order
        assert set(page.headers["Allow"].split(", ")) == allowed
        assert set(api.headers["Allow"].split(", ")) == allowed


def test_unexpected_exception_gives_the_html_error_page(app: Flask) -> None:
    def crash() -> str:
        raise RuntimeError("boom")

    app.add_url_rule("/test/crash", "crash", crash)
    app.config["PROPAGATE_EXCEPTIONS"] = False
    response = app.test_client().get("/test/crash")
    assert response.status_code == 500
    assert "Something went wrong" in response.get_data(as_text=True)


class TallyForm(Form):
    """A stand-in form with one text field and one counted field."""

    team_name = StringField("Team name", validators=[InputRequired()])
    red_threes = IntegerField("Red threes", validators=[NumberRange(min=0)])


def render_fields(app: Flask, data: dict[str, str]) -> str:
    """Render both macros for a validated TallyForm."""
    form = TallyForm(MultiDict(data))
    form.validate()
    source = (
        '{% from "_macros.html" import field, stepper, default_button %}'
        "{{ default_button() }}"
        '{{ field(form.team_name, hint="As on the scoresheet", autocomplete="off") }}'
        '{{ stepper(form.red_threes, hint="Count them") }}'
    )
    with app.test_request_context():
        return render_template_string(source, form=form)


def test_field_macro_ties_label_hint_and_error_to_the_input(app: Flask) -> None:
    html = render_fields(app, {"team_name": "", "red_threes": "2"})
    assert '<label for="team_name">Team name</label>' in html
    assert '<p class="field-hint" id="team_name-hint">As on the scoresheet</p>' in html
    assert 'id="team_name-error" role="alert"' in html
    assert 'aria-describedby="team_name-hint team_name-error"' in html
    assert 'aria-invalid="true"' in html
    assert 'autocomplete="off"' in html


def test_stepper_macro_has_submit_buttons_around_a_number_input(app: Flask) -> None:
    html = render_fields(app, {"team_name": "Kate & Bob", "red_threes": "2"})
    assert '<button type="submit" class="stepper-button" name="step"' in html
    assert 'value="red_threes:-1"' in html
    assert 'value="red_threes:+1"' in html
    assert 'inputmode="numeric"' in html
    assert 'pattern="[0-9]*"' in html
    assert 'min="0"' in html
    assert 'type="number"' in html
    assert 'value="2"' in html
    assert 'aria-describedby="red_threes-hint"' in html
    assert "aria-invalid" not in html
    assert html.index('class="visually-hidden" tabindex="-1"') < html.index("stepper-button")


def test_stepper_macro_shows_its_error(app: Flask) -> None:
    html = render_fields(app, {"team_name": "Kate", "red_threes": "-3"})
    assert 'id="red_threes-error" role="alert"' in html
    assert 'aria-describedby="red_threes-hint red_threes-error"' in html
