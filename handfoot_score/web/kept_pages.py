"""Pages kept as rendered while what they show is unchanged (``handfoot_score/kept.py``).

A page is kept for each version of what it shows, address, language and theme. What
differs between two people asking for the same page is never kept: the page's CSRF token
(its book buttons carry one) and the messages waiting for this device after a save ("Round
2 recorded ... Undo", from ``_flashes.html``) are rendered as placeholders, and each answer
gets its own session's token and messages in their place. An answer that is not a page (a
redirect) is not kept.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable, Hashable

from flask import abort, g, render_template, request, session
from flask.typing import ResponseReturnValue
from flask_wtf.csrf import generate_csrf

from handfoot_score.i18n import current_locale
from handfoot_score.kept import KeptAnswer, kept_answers
from handfoot_score.web.theme import chosen_theme

#: Where Flask-WTF keeps the request's signed CSRF token, in ``g`` (its default field name).
TOKEN = "csrf_token"
#: Where ``base.html`` finds the placeholder it writes in place of the messages, in ``g``.
FLASHES = "kept_flashes"
#: Stand for the CSRF token and the messages in a kept page: random for each server
#: process, and made of a token's letters, so escaping leaves them as they are and no page
#: can hold them by chance.
TOKEN_PLACEHOLDER = secrets.token_urlsafe(24)
FLASHES_PLACEHOLDER = secrets.token_urlsafe(24)
_PLACEHOLDERS = re.compile(f"({TOKEN_PLACEHOLDER}|{FLASHES_PLACEHOLDER})")


def kept_page(version: Hashable | None, render: Callable[[], ResponseReturnValue],
              *also: Hashable) -> ResponseReturnValue:
    """The page ``render`` makes of what is stored as of ``version``: kept from an earlier
    answer if the version is the same, else rendered now (and kept if it is a page).
    ``version`` None means there is nothing to show: the 404 page. ``also`` is what else the
    page depends on, kept apart for each value of it."""
    if version is None:
        abort(404)
    store = kept_answers()
    key = (request.scheme, request.host, request.root_path, request.full_path, current_locale(),
           chosen_theme(), version, *also)
    page = store.get(key)
    if page is None:
        rendered = _rendered(render)
        if not isinstance(rendered, str):
            return rendered
        # Every token this process signs has the same length, so the page can be
        # compressed around it.
        page = KeptAnswer.of(rendered, _PLACEHOLDERS, {TOKEN_PLACEHOLDER: len(generate_csrf())})
        store.put(key, page)
    fillings = {}
    if TOKEN_PLACEHOLDER in page.holes:
        fillings[TOKEN_PLACEHOLDER] = generate_csrf()
    if FLASHES_PLACEHOLDER in page.holes:
        fillings[FLASHES_PLACEHOLDER] = render_template("_flashes.html") \
            if "_flashes" in session else ""
    return page.answer(fillings, "text/html")


def _rendered(render: Callable[[], ResponseReturnValue]) -> ResponseReturnValue:
    """What ``render`` answers, with the placeholders in place of the page's CSRF token
    (``csrf_token()``) and of its messages."""
    earlier = g.pop(TOKEN, None)
    setattr(g, TOKEN, TOKEN_PLACEHOLDER)
    setattr(g, FLASHES, FLASHES_PLACEHOLDER)
    try:
        return render()
    finally:
        g.pop(TOKEN, None)
        g.pop(FLASHES, None)
        if earlier is not None:
            setattr(g, TOKEN, earlier)
