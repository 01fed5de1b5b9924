"""Settings read from the environment, with safe defaults for one table's laptop."""

import os
import secrets
import tempfile
from collections.abc import Mapping
from datetime import timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

MAX_CONTENT_LENGTH = 1024 * 1024
DATABASE_FILENAME = "handfoot_score.sqlite"
SECRET_KEY_FILENAME = "secret_key"
TRUE_WORDS = frozenset({"true", "1", "yes", "on"})
FALSE_WORDS = frozenset({"false", "0", "no", "off"})


def instance_path(environ: Mapping[str, str]) -> str | None:
    """Return the folder named by ``HANDFOOT_INSTANCE_PATH``, or None for Flask's default."""
    path = environ.get("HANDFOOT_INSTANCE_PATH")
    return os.path.abspath(path) if path else None


def auto_migrate(environ: Mapping[str, str]) -> bool:
    """Return whether start-up creates or upgrades the database (``AUTO_MIGRATE``, default on).

    >>> auto_migrate({"AUTO_MIGRATE": "false"}), auto_migrate({})
    (False, True)
    """
    word = environ.get("AUTO_MIGRATE", "true").strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ValueError(f"AUTO_MIGRATE must be true or false, not {environ['AUTO_MIGRATE']!r}")


def public_url(environ: Mapping[str, str]) -> str | None:
    """Return ``PUBLIC_URL`` without its trailing slash, or None when it is unset.

    It is the address other phones open the app at, such as ``https://cards.example.org``,
    and must name the scheme and the host and nothing after them.

    >>> public_url({"PUBLIC_URL": "https://cards.example.org/"})
    'https://cards.example.org'
    """
    url = environ.get("PUBLIC_URL", "").strip()
    if not url:
        return None
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname \
            or parts.path.strip("/") or parts.query or parts.fragment:
        raise ValueError("PUBLIC_URL must be an address such as https://cards.example.org "
                         f"(http or https, a host, nothing after it), not {url!r}")
    return f"{parts.scheme}://{parts.netloc}"


def database_uri(environ: Mapping[str, str], instance_folder: str) -> str:
    """Return ``DATABASE_URL``, or a SQLite file in the instance folder when it is unset."""
    url = environ.get("DATABASE_URL")
    if not url:
        os.makedirs(instance_folder, exist_ok=True)
        return "sqlite:///" + os.path.join(instance_folder, DATABASE_FILENAME)
    # Heroku-style hosts still hand out the scheme SQLAlchemy dropped in 1.4.
    if url.startswith("postgres://"):
        return "postgresql://" + url.removeprefix("postgres://")
    return url


def secret_key(environ: Mapping[str, str], instance_folder: str) -> str:
    """Return ``SECRET_KEY``, or a random key kept in the instance folder across restarts."""
    key = environ.get("SECRET_KEY")
    if key:
        return key
    os.makedirs(instance_folder, exist_ok=True)
    return _persisted_secret_key(Path(instance_folder) / SECRET_KEY_FILENAME)


def _persisted_secret_key(path: Path) -> str:
    """Read the key at ``path``, writing a new one (mode 0600) if there is none yet."""
    if path.exists():
        return path.read_text(encoding="ascii").strip()
    # Write the whole key to a private temporary file, then link it into place:
    # linking fails if the name exists, so workers starting together agree on one key.
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "w", encoding="ascii") as file:
            file.write(secrets.token_hex(32))
        try:
            os.link(temporary, path)
        except FileExistsError:
            pass
    finally:
        os.unlink(temporary)
    return path.read_text(encoding="ascii").strip()


def settings(
    instance_folder: str,
    environ: Mapping[str, str],
    overrides: Mapping[str, Any],
) -> dict[str, Any]:
    """Return the app's settings: environment first, then ``overrides`` on top."""
    result: dict[str, Any] = {
        "MAX_CONTENT_LENGTH": MAX_CONTENT_LENGTH,
        # The session cookie holds the CSRF token's secret: no script may read it, and no
        # other site's form or frame gets it sent along (links from elsewhere still do).
        # ``security.py`` marks it Secure whenever the request came over HTTPS.
        "SESSION_COOKIE_HTTPONLY": True,
        "SESSION_COOKIE_SAMESITE": "Lax",
        # A token lives as long as the browser's session, so a page left open through a
        # three-hour game still saves. That is safe: a token works only with the session
        # cookie it was made for, which other sites can neither read nor send in a POST,
        # and it never appears in an address.
        "WTF_CSRF_TIME_LIMIT": None,
        # The cookie is sent again only when the session changed. Sent on every answer,
        # a live poll or a kept copy that set off before a save and came back after it
        # would put back the cookie it left with, taking the save's "recorded · Undo"
        # message (and anything else the save wrote) off the phone.
        "SESSION_REFRESH_EACH_REQUEST": False,
        # The games and leagues a phone opened are remembered for a season of weekly play.
        "PERMANENT_SESSION_LIFETIME": timedelta(days=400),
        "AUTO_MIGRATE": auto_migrate(environ),
        "PUBLIC_URL": public_url(environ),
    }
    # Only look at the environment (and touch the instance folder) for what is not overridden.
    if "SQLALCHEMY_DATABASE_URI" not in overrides:
        result["SQLALCHEMY_DATABASE_URI"] = database_uri(environ, instance_folder)
    if "SECRET_KEY" not in overrides:
        result["SECRET_KEY"] = secret_key(environ, instance_folder)
    result.update(overrides)
    return result
