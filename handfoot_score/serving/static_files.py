"""Static files named by their content, sent minified, kept a year at their current address.

Flask's own static route serves them, with this module's view in place of its own:

- Every ``url_for("static", filename=...)`` gets ``?v=`` and the first twelve hex digits of
  the file's SHA-256 (``app.url_defaults``). A request whose ``v`` is the file's hash as it
  is now may be kept for a year without asking again (``immutable``): when the file
  changes, so does every page's address for it. Any other request (no ``v``, or the ``v``
  of an older file from a page still open) is answered ``no-cache``, revalidated by its
  ETag.
- Scripts (rjsmin), stylesheets (rcssmin) and the web manifest are sent minified; the files
  in static/ stay readable, and the version in the address is the hash of the readable file.
  Both are worked out once per version of the file (its modification time and size).
- The service worker (``static/js/sw.js``) is served at ``/sw.js`` too, so that it may look
  after every page of the site (a worker's scope is the folder it is served from).
"""

from __future__ import annotations

import hashlib
import json
import mimetypes
import os
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import rcssmin
import rjsmin
from flask import Flask, Response, current_app, request
from werkzeug.exceptions import NotFound
from werkzeug.security import safe_join

ONE_YEAR = 365 * 24 * 60 * 60
SERVICE_WORKER = "js/sw.js"
VERSION_LENGTH = 12


def minified_javascript(source: str) -> str:
    """The script without comments and the spaces and line breaks it does not need."""
    return str(rjsmin.jsmin(source, keep_bang_comments=False)).strip()


def minified_css(source: str) -> str:
    """The stylesheet without comments and the spaces a browser does not need."""
    return str(rcssmin.cssmin(source, keep_bang_comments=False)).strip()


def minified_manifest(source: str) -> str:
    """The JSON without the spaces and line breaks that indent it."""
    return json.dumps(json.loads(source), ensure_ascii=False, separators=(",", ":"))


#: How each kind of text file is minified, by the end of its name.
MINIFIERS: dict[str, Callable[[str], str]] = {
    ".js": minified_javascript, ".css": minified_css, ".webmanifest": minified_manifest}


def register_static_files(app: Flask) -> None:
    """Serve static files minified, with their version in their address, kept a year there."""
    app.view_functions["static"] = static_file
    app.url_defaults(add_static_version)
    app.add_url_rule("/sw.js", "service_worker", service_worker)


def static_file(filename: str) -> Response:
    """A file of static/: scripts, stylesheets and the manifest minified, others as they are;
    kept a year when the address names the file as it is now."""
    minified = _minified(filename)
    if minified is None:
        response = current_app.send_static_file(filename)
    else:
        response = _checked_each_time(minified, mimetypes.guess_type(filename)[0] or "text/plain")
    asked = request.args.get("v")
    if asked and asked == static_version(filename) and response.status_code in (200, 304):
        response.cache_control.no_cache = None
        response.cache_control.public = True
        response.cache_control.max_age = ONE_YEAR
        response.cache_control.immutable = True
    return response


def service_worker() -> Response:
    """The service worker, from the site's root; browsers check it for a new version at
    every visit, so it is never kept without asking."""
    worker = _minified(SERVICE_WORKER)
    if worker is None:
        raise NotFound()
    return _checked_each_time(worker, "text/javascript")


def add_static_version(endpoint: str, values: dict[str, Any]) -> None:
    """Add ``v=<hash>`` to the address of a static file (unless one is given)."""
    if endpoint != "static" or "v" in values or "filename" not in values:
        return
    version = static_version(values["filename"])
    if version is not None:
        values["v"] = version


def static_version(filename: str) -> str | None:
    """The file's version: the start of its content's SHA-256; None if there is no such file."""
    made = _made(filename)
    return None if made is None else made[0]


def _minified(filename: str) -> bytes | None:
    """The file as sent, minified; None if it is not minified (or there is no such file)."""
    made = _made(filename)
    return None if made is None else made[1]


def _made(filename: str) -> tuple[str, bytes | None] | None:
    """The file's version and minified text, worked out again only when the file changes."""
    folder = current_app.static_folder
    path = safe_join(folder, filename) if folder else None
    if path is None:
        return None
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return _made_of(path, stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=256)
def _made_of(path: str, modified: int, size: int) -> tuple[str, bytes | None]:
    """The version and minified text of the file at ``path`` as it was at ``modified``,
    ``size`` (the key under which they are kept)."""
    with open(path, "rb") as file:
        content = file.read()
    minify = MINIFIERS.get(os.path.splitext(path)[1])
    minified = None if minify is None else minify(content.decode("utf-8")).encode()
    return hashlib.sha256(content).hexdigest()[:VERSION_LENGTH], minified


def _checked_each_time(body: bytes, mimetype: str) -> Response:
    """An answer the browser asks about again before using it (``no-cache``, by its ETag)."""
    response = Response(body, mimetype=mimetype)
    response.cache_control.no_cache = True
    response.add_etag()
    response.make_conditional(request)
    return response
