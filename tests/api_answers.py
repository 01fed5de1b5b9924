"""Reading the JSON API's error answers, shared by the API tests."""

from __future__ import annotations

from typing import Any

from werkzeug.test import TestResponse


def errors_of(response: TestResponse, status: int) -> list[dict[str, Any]]:
    """The errors of a JSON error answer, after checking its status and shape."""
    assert response.status_code == status
    assert response.is_json
    body = response.get_json()
    assert list(body) == ["errors"]
    assert body["errors"]
    for error in body["errors"]:
        assert set(error) == {"team", "field", "message"}
        assert isinstance(error["message"], str) and error["message"]
    return body["errors"]


def fields_of(response: TestResponse, status: int = 422) -> list[tuple[int | None, str | None]]:
    """Each error's (team, field), after checking the answer is an error of ``status``."""
    return [(e["team"], e["field"]) for e in errors_of(response, status)]
