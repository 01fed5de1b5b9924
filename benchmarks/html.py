"""What a browser would read from a page: its form's values and the files it loads."""

from __future__ import annotations

import re
from html.parser import HTMLParser

#: Resources a page loads by itself: (tag, attribute), for links only of these rel values.
_LOADS = {("script", "src"), ("img", "src"), ("source", "src"), ("video", "src"),
          ("audio", "src"), ("iframe", "src"), ("embed", "src"), ("object", "data"),
          ("input", "src")}
_LINK_RELS = {"stylesheet", "icon", "shortcut", "apple-touch-icon", "manifest", "preload",
              "modulepreload"}
#: url(...) and @import in CSS.
CSS_URL = re.compile(r"""url\(\s*['"]?([^'")]+)|@import\s+['"]([^'"]+)""")


class _PageReader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.values: dict[str, str] = {}
        self.loads: list[str] = []
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {key: value or "" for key, value in attrs}
        if (tag, "src") in _LOADS or (tag, "data") in _LOADS:
            target = a.get("src") or a.get("data")
            if target:
                self.loads.append(target)
        if tag == "link" and _LINK_RELS & set(a.get("rel", "").lower().split()):
            self.loads.append(a.get("href", ""))
        name = a.get("name")
        if tag == "input" and name and a.get("type") not in ("submit", "button", "image"):
            if a.get("type") not in ("checkbox", "radio") or "checked" in a:
                self.values[name] = a.get("value", "")
        elif tag == "select" and name:
            self._select = name
        elif tag == "option" and self._select:
            self.values.setdefault(self._select, a.get("value", ""))
            if "selected" in a:
                self.values[self._select] = a.get("value", "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None


def form_values(page: str) -> dict[str, str]:
    """Every named input and select of the page with the value a browser would send."""
    reader = _PageReader()
    reader.feed(page)
    return reader.values


def loaded_files(page: str) -> list[str]:
    """The addresses of the stylesheets, scripts, images and icons a page loads."""
    reader = _PageReader()
    reader.feed(page)
    return reader.loads


def css_references(css: str) -> list[str]:
    """The addresses a stylesheet loads with url(...) or @import."""
    return [url or imported for url, imported in CSS_URL.findall(css)
            if not (url or imported).startswith("data:")]
