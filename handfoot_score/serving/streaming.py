"""Answers sent a piece at a time while they are made: a heavy read's (a league's report,
export or standings file), holding its slot until the last piece is sent."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from flask import Response, stream_with_context

from handfoot_score.services.heavy_reads import HeavyRead


def streamed(read: HeavyRead, pieces: Iterable[str], mimetype: str,
             headers: dict[str, str] | None = None) -> Response:
    """A response of ``pieces``, made in the request's context as they are sent, that holds
    ``read``'s slot until its last piece is made or the server closes it (its client gone
    before the end, or before the start)."""
    release = read.hand_over()

    def sending() -> Iterator[str]:
        try:
            yield from pieces
        finally:
            release()

    response = Response(stream_with_context(sending()), mimetype=mimetype, headers=headers)
    response.call_on_close(release)
    return response
