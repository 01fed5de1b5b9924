"""Gzip for text the browser will take compressed: a page crosses weak Wi-Fi in a third of
the bytes, and waitress compresses nothing itself.

A response is compressed when the request accepts gzip and the body is text (HTML, CSS,
JavaScript, JSON, CSV, SVG) of at least ``SMALLEST`` bytes, sent whole: streamed responses
(the live updates) pass untouched. Static files are compressed once and kept compressed.

Pages are compressed only for requests the browser marks as its own site's (``Sec-Fetch-Site``
``same-origin`` or ``none``): a page compressed in answer to another site's request would
let that site learn what the page holds from its size (the BREACH attack). Static files hold
nothing secret and are compressed for everyone.

A page kept as rendered (``kept.py``) is compressed once, in pieces (``deflated_apart``),
each referring back to the text before it; each answer's own parts (its CSRF token, its
messages) go in between them uncompressed, and ``gzip_joined`` makes one gzip file of it.
"""

from __future__ import annotations

import gzip
import struct
import zlib
from collections.abc import Sequence

from flask import Flask, Response, current_app, request

#: Bodies smaller than this gain too little to be worth compressing.
SMALLEST = 512
LEVEL = 6
COMPRESSIBLE = frozenset((
    "application/javascript", "application/json", "application/xml", "image/svg+xml",
    "text/css", "text/csv", "text/html", "text/javascript", "text/plain", "text/xml",
))
#: Sec-Fetch-Site values of requests made by this site's own pages, or typed by the user.
OWN_SITE = frozenset(("same-origin", "none"))


def register_compression(app: Flask) -> None:
    """Compress text responses for browsers that accept gzip."""
    app.extensions["compressed_static_files"] = {}
    app.after_request(compress_response)


def compress_response(response: Response) -> Response:
    """Gzip the response if the browser takes it and it is worth it; say it varies."""
    if response.mimetype not in COMPRESSIBLE or "Content-Encoding" in response.headers:
        return response
    response.vary.add("Accept-Encoding")
    if not request.accept_encodings["gzip"] or response.status_code != 200:
        return _weak_etag(response) if response.status_code == 304 else response
    static = request.endpoint == "static"
    if not static and not from_own_site():
        return response
    if static and response.direct_passthrough:
        body = _compressed_static_file(response)
    elif response.is_streamed or response.direct_passthrough:
        return response
    else:
        data = response.get_data()
        body = gzip.compress(data, LEVEL, mtime=0) if len(data) >= SMALLEST else None
    if body is None:
        return response
    response.direct_passthrough = False
    response.set_data(body)
    response.headers["Content-Encoding"] = "gzip"
    # Byte ranges of the file are not byte ranges of what was sent.
    response.headers.pop("Accept-Ranges", None)
    return _weak_etag(response)


def from_own_site() -> bool:
    """Whether the browser marks this request as made by this site's own pages, or typed."""
    return request.headers.get("Sec-Fetch-Site") in OWN_SITE


def compresses_pages() -> bool:
    """Whether this request's page is sent gzipped (see the module's docstring)."""
    return bool(request.accept_encodings["gzip"]) and from_own_site()


#: A gzip file's header: deflate, no name, no time, from an unknown system.
_GZIP_HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"
#: An empty last block: a deflate stream joined from pieces ends with it.
_LAST_BLOCK = b"\x03\x00"
#: The most bytes one stored (uncompressed) deflate block holds.
_STORED_MOST = 0xFFFF


#: How far back deflate may refer: the bytes a piece is compressed against, at most.
WINDOW = 1 << zlib.MAX_WBITS


def deflated_apart(text: bytes, before: bytes = b"") -> bytes:
    """``text`` as a piece of a deflate stream that ends on a byte boundary, so pieces
    compressed apart can be joined. It may refer back into ``before``: what the stream
    holds just before the piece (its last 32 KB count), where a NUL stands for a byte only
    known later. ``text`` holds no NUL, so nothing in it matches those, and a reference
    never lands on one."""
    assert b"\0" not in text
    window = before[-WINDOW:]
    compressor = zlib.compressobj(LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS,
                                  **({"zdict": window} if window else {}))
    return compressor.compress(text) + compressor.flush(zlib.Z_SYNC_FLUSH)


def gzip_joined(pieces: Sequence[tuple[bytes, bytes | None]]) -> bytes:
    """One gzip file of the pieces' texts in order: each piece is its text and that text
    ``deflated_apart`` once, or None for a text sent as it is (a short one that changes
    with every answer)."""
    crc, size, body = 0, 0, [_GZIP_HEADER]
    for text, deflated in pieces:
        crc, size = zlib.crc32(text, crc), size + len(text)
        body.append(_stored(text) if deflated is None else deflated)
    body += [_LAST_BLOCK, struct.pack("<II", crc, size & 0xFFFFFFFF)]
    return b"".join(body)


def _stored(text: bytes) -> bytes:
    """``text`` as deflate blocks stored as they are, not the last."""
    return b"".join(
        struct.pack("<BHH", 0, len(chunk), len(chunk) ^ 0xFFFF) + chunk
        for chunk in (text[at:at + _STORED_MOST] for at in range(0, len(text), _STORED_MOST)))


def _compressed_static_file(response: Response) -> bytes | None:
    """The file gzipped, made once per version of the file (None if it is too small)."""
    known: dict[str, bytes | None] = current_app.extensions["compressed_static_files"]
    key = f"{(request.view_args or {}).get('filename')}:{response.get_etag()[0]}"
    if key not in known:
        response.direct_passthrough = False
        data = response.get_data()
        known[key] = gzip.compress(data, LEVEL, mtime=0) if len(data) >= SMALLEST else None
    if known[key] is not None:
        response.close()  # the open file is not sent: the compressed copy is
    return known[key]


def _weak_etag(response: Response) -> Response:
    """Mark the ETag weak: the compressed body is the same file, not the same bytes."""
    etag, weak = response.get_etag()
    if etag is not None and not weak:
        response.set_etag(etag, weak=True)
    return response
