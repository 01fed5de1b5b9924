"""Where a page sends the browser next: after a save, to the next page by a GET (so a
reload posts nothing again), and only ever to a page of this site."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import request

#: After a form is saved, the browser GETs the next page.
SEE_OTHER = 303


def safe_next(target: str) -> str | None:
    """``target`` if it is a path on this site (never another site: no open redirect)."""
    parts = urlsplit(target)
    if parts.netloc and parts.netloc != request.host:
        return None
    if not parts.path.startswith("/") or parts.path.startswith("//") or "\\" in target:
        return None
    return parts.path + (f"?{parts.query}" if parts.query else "")
