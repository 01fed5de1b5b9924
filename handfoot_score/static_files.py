"""Static files named by their content, so a phone downloads each one once.

Every ``url_for("static", filename=...)`` gets ``?v=`` and the first twelve hex digits of
the file's SHA-256. A request whose ``v`` is the file's hash as it is now may be kept for a
year without asking again (``immutable``): when the file changes, so does every page's
address for it. Any other request for a static file (no ``v``, or the ``v`` of an older
file from a page still open) gets Flask's answer: ``no-cache``, revalidated by its ETag.

Scripts, stylesheets and the web manifest are sent minified (``minify.py``), made once per
version of the file and kept in memory; the files in static/ stay readable, and the version
in the address is the hash of the readable file, so it changes whenever the file does.

The service worker (``static/js/sw.js``) is served at ``/sw.js`` instead, so that it may
look after every page of the site (a worker's scope is the folder it is served from).
"""

from __future__ import annotations

import hashlib
import mimetypes
import os
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from flask import Flask, Response, current_app, request
from werkzeug.exceptions import NotFound
from werkzeug.security import safe_join

from handfoot_score import minify

ONE_YEAR = 365 * 24 * 60 * 60
SERVICE_WORKER = "js/sw.js"
VERSION_LENGTH = 12
Made = TypeVar("Made")
#: How each kind of text file is minified, by the end of its name.
MINIFIERS: dict[str, Callable[[str], str]] = {
    ".js": minify.javascript, ".css": minify.css, ".webmanifest": minify.manifest}


class _MadeFromFiles(Generic[Made]):
    """Something worked out from each file in one folder, worked out again when the file
    changes (its modification time or size)."""

    def __init__(self, folder: str) -> None:
        self.folder = folder
        self._known: dict[str, tuple[int, int, Made]] = {}

    def of(self, filename: str) -> Made | None:
        """What the file gives, or None if there is no such file or it gives nothing."""
        path = safe_join(self.folder, filename)
        if path is None or not self._takes(filename):
            return None
        try:
            stat = os.stat(path)
        except OSError:
            return None
        known = self._known.get(path)
        if known is not None and known[:2] == (stat.st_mtime_ns, stat.st_size):
            return known[2]
        made = self._make(path)
        self._known[path] = (stat.st_mtime_ns, stat.st_size, made)
        return made

    def _takes(self, filename: str) -> bool:
        return True

    def _make(self, path: str) -> Made:
        raise NotImplementedError


class StaticVersions(_MadeFromFiles[str]):
    """The content hash of each file in one folder: its version."""

    def _make(self, path: str) -> str:
        with open(path, "rb") as file:
            return hashlib.file_digest(file, "sha256").hexdigest()[:VERSION_LENGTH]


class MinifiedFiles(_MadeFromFiles[bytes]):
    """The minified text of each script, stylesheet and manifest in one folder."""

    def _takes(self, filename: str) -> bool:
        return os.path.splitext(filename)[1] in MINIFIERS

    def _make(self, path: str) -> bytes:
        with open(path, encoding="utf-8") as file:
            return MINIFIERS[os.path.splitext(path)[1]](file.read()).encode()


def register_static_files(app: Flask) -> None:
    """Put each static file's version in its address, and let browsers keep it a year."""
    if app.static_folder is None:
        return
    app.extensions["static_versions"] = StaticVersions(app.static_folder)
    app.extensions["minified_static_files"] = MinifiedFiles(app.static_folder)
    app.view_functions["static"] = static_file
    app.url_defaults(add_static_version)
    app.after_request(cache_versioned_static_file)
    app.add_url_rule("/sw.js", "service_worker", service_worker)


def static_file(filename: str) -> Response:
    """A file of static/: scripts, stylesheets and the manifest minified, others as they are."""
    minified = current_app.extensions["minified_static_files"].of(filename)
    if minified is None:
        return current_app.send_static_file(filename)
    return _checked_each_time(minified, mimetypes.guess_type(filename)[0] or "text/plain")


def service_worker() -> Response:
    """The service worker, from the site's root; browsers check it for a new version at
    every visit, so it is never kept without asking."""
    worker = current_app.extensions["minified_static_files"].of(SERVICE_WORKER)
    if worker is None:
        raise NotFound()
    return _checked_each_time(worker, "text/javascript")


def _checked_each_time(body: bytes, mimetype: str) -> Response:
    """An answer the browser asks about again before using it (``no-cache``, by its ETag)."""
    response = Response(body, mimetype=mimetype)
    response.cache_control.no_cache = True
    response.add_etag()
    return response.make_conditional(request)


def add_static_version(endpoint: str, values: dict[str, Any]) -> None:
    """Add ``v=<hash>`` to the address of a static file (unless one is given)."""
    if endpoint != "static" or "v" in values or "filename" not in values:
        return
    version = current_app.extensions["static_versions"].of(values["filename"])
    if version is not None:
        values["v"] = version


def cache_versioned_static_file(response: Response) -> Response:
    """Let browsers keep a static file for a year when its address names it as it is now."""
    if request.endpoint != "static" or response.status_code not in (200, 304):
        return response
    asked = request.args.get("v")
    filename = (request.view_args or {}).get("filename", "")
    if asked and asked == current_app.extensions["static_versions"].of(filename):
        response.cache_control.no_cache = None
        response.cache_control.public = True
        response.cache_control.max_age = ONE_YEAR
        response.cache_control.immutable = True
    return response
