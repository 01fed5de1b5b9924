"""Read a page's form as a browser would submit it, for tests that fill in forms."""

from __future__ import annotations

from html.parser import HTMLParser

from flask.testing import FlaskClient


class _FormReader(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.values: dict[str, str] = {}
        self._select: str | None = None
        self._first_option: str | None = None
        self._textarea: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        name = a.get("name")
        if tag == "input" and name and a.get("type") not in ("submit", "button"):
            if a.get("type") in ("checkbox", "radio"):
                if "checked" in a:
                    self.values[name] = a.get("value", "y")
            else:
                self.values[name] = a.get("value", "")
        elif tag == "select" and name:
            self._select, self._first_option = name, None
        elif tag == "option" and self._select:
            if self._first_option is None:
                self._first_option = a.get("value", "")
                self.values.setdefault(self._select, self._first_option)
            if "selected" in a:
                self.values[self._select] = a.get("value", "")
        elif tag == "textarea" and name:
            self._textarea = name
            self.values[name] = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None

    def handle_data(self, data: str) -> None:
        if self._textarea:
            self.values[self._textarea] += data.removeprefix("\n") if not \
                self.values[self._textarea] else data


def form_values(html: str) -> dict[str, str]:
    """Every named input, select and textarea of the page with the value it would send."""
    reader = _FormReader()
    reader.feed(html)
    return reader.values


def page_form(client: FlaskClient, url: str) -> dict[str, str]:
    """The form on the page at ``url``, which must answer 200, as a browser would send it
    untouched."""
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    return form_values(response.get_data(as_text=True))
