"""Pages kept as rendered while what they show is unchanged.

The pages a table asks for again and again (the round screen on every phone, and again each
time live.js sees a change; the scoreboard; a league's standings) are the same HTML until
the game, or the league, changes. Such a view names what its page shows in a *version*,
read in one small query: a game's version, which every write to the game moves on
(``services/games/versions.py``), or a league's ``standings_version``. The page is rendered
once for each version, address, language and theme, kept in this server process, and
served again while the version holds. The version comes from the database, so a write made
through any server process is seen by all of them.

What differs between two people asking for the same page is never kept: the page's CSRF
token (its book buttons carry one) and the messages waiting for this device after a save
("Round 2 recorded ... Undo", from ``_flashes.html``) are rendered as placeholders, and
each answer gets its own session's token and messages in their place. An answer that is
not a page (a redirect) is not kept. The version is read before the page is, so a kept
page is never older than the version it is kept under.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from flask import Flask, abort, current_app, g, render_template, request, session
from flask.typing import ResponseReturnValue
from flask_wtf.csrf import generate_csrf

from handfoot_score.i18n import current_locale
from handfoot_score.web.theme import chosen_theme

#: How many pages a server process keeps, the least recently asked for going first: a few
#: hundred tables' round screens in their languages, some megabytes.
PAGES_KEPT = 512
#: Where Flask-WTF keeps the request's signed CSRF token, in ``g`` (its default field name).
TOKEN = "csrf_token"
#: Where ``base.html`` finds the placeholder it writes in place of the messages, in ``g``.
FLASHES = "kept_flashes"


@dataclass(frozen=True)
class KeptPage:
    """A page as rendered, its CSRF token and its messages placeholders."""

    html: str
    has_token: bool
    has_flashes: bool


class KeptPages:
    """The pages one server process keeps, shared by its threads."""

    def __init__(self, size: int) -> None:
        self.size = size
        #: Stand for the CSRF token and the messages in a kept page: random, and made of a
        #: token's letters, so escaping leaves them as they are and no page can hold them
        #: by chance.
        self.token = secrets.token_urlsafe(24)
        self.flashes = secrets.token_urlsafe(24)
        self._pages: OrderedDict[Hashable, KeptPage] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> KeptPage | None:
        with self._lock:
            page = self._pages.get(key)
            if page is not None:
                self._pages.move_to_end(key)
            return page

    def put(self, key: Hashable, page: KeptPage) -> None:
        with self._lock:
            self._pages[key] = page
            self._pages.move_to_end(key)
            while len(self._pages) > self.size:
                self._pages.popitem(last=False)


def register_kept_pages(app: Flask) -> None:
    """Give the app its store of kept pages (``KEPT_PAGES`` of them; 0 keeps none)."""
    app.extensions["kept_pages"] = KeptPages(app.config.get("KEPT_PAGES", PAGES_KEPT))


def kept_page(version: Hashable | None, render: Callable[[], ResponseReturnValue]
              ) -> ResponseReturnValue:
    """The page ``render`` makes of what is stored as of ``version``: kept from an earlier
    answer if the version is the same, else rendered now (and kept if it is a page).
    ``version`` None means there is nothing to show: the 404 page."""
    if version is None:
        abort(404)
    pages: KeptPages = current_app.extensions["kept_pages"]
    if pages.size == 0 or request.method != "GET":
        return render()
    key = (request.scheme, request.host, request.root_path, request.full_path, current_locale(),
           chosen_theme(), version)
    page = pages.get(key)
    if page is None:
        rendered = _rendered(render, pages)
        if not isinstance(rendered, str):
            return rendered
        page = KeptPage(rendered, pages.token in rendered, pages.flashes in rendered)
        pages.put(key, page)
    html = page.html
    if page.has_token:
        html = html.replace(pages.token, generate_csrf())
    if page.has_flashes:
        html = html.replace(pages.flashes, render_template("_flashes.html")
                            if "_flashes" in session else "")
    return html


def _rendered(render: Callable[[], ResponseReturnValue], pages: KeptPages
              ) -> ResponseReturnValue:
    """What ``render`` answers, with the placeholders in place of the page's CSRF token
    (``csrf_token()``) and of its messages."""
    earlier = g.pop(TOKEN, None)
    setattr(g, TOKEN, pages.token)
    setattr(g, FLASHES, pages.flashes)
    try:
        return render()
    finally:
        g.pop(TOKEN, None)
        g.pop(FLASHES, None)
        if earlier is not None:
            setattr(g, TOKEN, earlier)
