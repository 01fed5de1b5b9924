"""Pages phones reopen and poll, answered ``304 Not Modified`` while what they show is the same.

The round screen, the scoreboard, the game over page and a league's standings are the same
until the game, or the league, changes: what they show is named by a version read in one
small query (``services/live.py`` ``game_version``, ``services/league_versions.py``
``standings_version``) in the transaction the page is then read in, one snapshot
(``storage/database.py``): a write committed in between is in neither the page nor its
ETag. Each such page has an ETag made of everything it shows: that version, the language,
the theme, what else the view names (a league unlocked on this device), the release that
rendered it, and this session's CSRF secret. With ``no-cache`` the browser asks again
each time, with the ETag of its copy; while it is unchanged the answer is an empty 304 and
the page is not rendered.

The page's forms carry a CSRF token, which works only with the session it was made for. So
the ETag names the session's CSRF secret (by a digest of it, read after the page is
rendered, as rendering may give the session its first one): a browser whose session has
another secret, or none (its cookie lost), gets the page anew, with tokens that work.

The release is a digest, worked out once when this module is imported, of all that can
change a rendered page from one release to the next: the templates, the compiled catalogues
(``translations/*/LC_MESSAGES/*.mo``), the static files (a page names each by a hash of its
content, ``?v=``: ``serving/static_files.py``) and the package's own source, read in the
order of their paths. So every server process of one release (two behind a proxy, or one
restarted) answers a copy another rendered with 304, and a copy rendered by another release
(a template changed) never is.

Messages waiting for this device after a write ("Round 2 corrected: Owls +40", or a game's
last round recorded, on the result page) are shown once:
a page showing any is sent whole and given no ETag, so it is never answered 304 later.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Hashable, Iterator
from pathlib import Path
from typing import Any

from flask import (
    Response,
    current_app,
    flash,
    get_flashed_messages,
    make_response,
    request,
    session,
)
from flask.typing import ResponseReturnValue

from handfoot_score import PROJECT_ROOT
from handfoot_score.languages.i18n import current_locale
from handfoot_score.web.shared.themes import chosen_theme

#: The header of a fetch in the background (live.js refreshing a page), which shows no
#: messages: they are left for the page the user opens next (templates/_flashes.html).
BACKGROUND = "X-Background"
#: The files, under the project's folder, that can change a rendered page between releases.
RELEASE_FILES = ("templates/**/*", "static/**/*", "translations/*/LC_MESSAGES/*.mo",
                 "handfoot_score/**/*.py")


def release_digest(root: Path) -> str:
    """A digest of the release in the folder ``root``: of the path and content of each of its
    ``RELEASE_FILES``, in the order of their paths, so the same files give the same digest
    in every process and on every machine."""
    digest = hashlib.sha256()
    for name, path in sorted(_release_files(root)):
        digest.update(name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def _release_files(root: Path) -> Iterator[tuple[str, Path]]:
    """Each file of ``RELEASE_FILES`` under ``root``, with its path from there."""
    for pattern in RELEASE_FILES:
        for path in root.glob(pattern):
            if path.is_file():
                yield path.relative_to(root).as_posix(), path


#: This release, named once: a page rendered by another release is never taken for one
#: rendered now.
RELEASE = release_digest(PROJECT_ROOT)


def conditional_page(shows: Hashable,
                     render: Callable[[], ResponseReturnValue]) -> ResponseReturnValue:
    """The page ``render`` makes, or an empty 304 if the browser's copy has the ETag it
    would have and no message is waiting. ``shows`` names what is stored that the page shows
    (a version, and what else the view reads for it)."""
    unchanged = _revalidated(current_app.response_class(), page_etag(shows))
    taken: list[Any] = []
    if unchanged.make_conditional(request).status_code == 304:
        taken = _messages_shown()
        if not taken:
            return unchanged
    response = make_response(render())
    if response.status_code != 200:
        # The game moved on meanwhile (a redirect): the messages taken above are for the
        # page that is shown next.
        for category, message in taken:
            flash(message, category)
        return response
    # Read after rendering: the page may have given the session its first CSRF secret,
    # and it has taken the messages it shows.
    return _revalidated(response, None if _messages_shown() else page_etag(shows))


def page_etag(shows: Hashable) -> str:
    """The ETag of a page that shows ``shows``, in this request's language and theme, with
    forms for this session's CSRF secret."""
    secret = session.get(current_app.config["WTF_CSRF_FIELD_NAME"], "")
    parts = (RELEASE, repr(shows), str(current_locale()), chosen_theme(), str(secret))
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:32]


def _messages_shown() -> list[Any]:
    """The messages waiting for this device, as (category, message), which this request's
    page shows and so takes (Flask keeps them for the rest of the request, for the page)."""
    if BACKGROUND in request.headers:
        return []
    return get_flashed_messages(with_categories=True)


def _revalidated(response: Response, etag: str | None) -> Response:
    """The response, to be asked about again before each use (``no-cache``) and kept by this
    browser only (``private``: it holds this session's tokens); with its ETag, if any."""
    if etag is not None:
        # Weak: the page gzipped is the same page (flask-compress leaves a weak ETag as is).
        response.set_etag(etag, weak=True)
    response.cache_control.no_cache = True
    response.cache_control.private = True
    return response
