"""Answers kept as rendered while what they show is unchanged.

The pages a table asks for again and again (the round screen on every phone, and again each
time live.js sees a change; the scoreboard; a league's standings; a game's JSON) are the
same until the game, or the league, changes. What such an answer shows is named by a
*version* read in one small query: a game's version, which every write to the game moves on
(``services/games/versions.py``), or a league's ``standings_version``. The answer is made
once for each version (and address, and language), kept in this server process, and sent
again while the version holds. The version comes from the database, so a write made through
any server process is seen by all of them; it is read before the answer is made, so a kept
answer is never older than the version it is kept under.

An answer is kept in pieces, cut where a placeholder stands for what differs from one
answer to the next (a page's CSRF token and messages, see ``web/kept_pages.py``), and each
piece is compressed once, so a browser that takes gzip gets it without the whole answer
being compressed again (``compression.gzip_joined``).
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass

from flask import Flask, Response, current_app, request

from handfoot_score.compression import compresses_pages, deflated_apart, gzip_joined
from handfoot_score.i18n import current_locale

#: How many answers a server process keeps, the least recently asked for going first: a few
#: hundred tables' round screens in their languages, some megabytes.
KEPT = 512


@dataclass(frozen=True)
class KeptAnswer:
    """An answer as made, in pieces: the text between its placeholders (encoded, and
    compressed once for a browser that takes gzip), and which placeholder stands between
    each piece and the next.

    A piece is compressed against the text before it (gzip's window), as the browser will
    have it: where a placeholder is to be filled with text of a length known now (a page's
    CSRF token, ``sized``), that text is unknown but its place is not, and the piece is
    compressed around it; after any other placeholder (a page's messages) the piece starts
    afresh. If a filling turns out another length, the answer is compressed whole."""

    pieces: tuple[bytes, ...]
    deflated: tuple[bytes, ...]
    holes: tuple[str, ...]
    sized: tuple[tuple[str, int], ...]

    @classmethod
    def of(cls, text: str, placeholders: re.Pattern[str] | None = None,
           sized: Mapping[str, int] | None = None) -> KeptAnswer:
        """The answer ``text``, cut at its placeholders (a pattern with one group); ``sized``
        the length each filling of a placeholder will have, where that is known."""
        cut = placeholders.split(text) if placeholders else [text]
        pieces = tuple(piece.encode() for piece in cut[::2])
        holes, sized = tuple(cut[1::2]), dict(sized or {})
        if any(b"\0" in piece for piece in pieces):
            return cls(pieces, (), holes, ())  # compressed whole, each time
        deflated, before = [], b""
        for piece, hole in zip(pieces, (*holes, None)):
            deflated.append(deflated_apart(piece, before))
            before = before + piece + b"\0" * sized[hole] if hole in sized else b""
        return cls(pieces, tuple(deflated), holes, tuple(sized.items()))

    def answer(self, fillings: Mapping[str, str], mimetype: str) -> Response:
        """The answer with each placeholder filled, gzipped if the browser takes it."""
        filled = [fillings[hole].encode() for hole in self.holes]
        text = b"".join(part for pair in zip(self.pieces, [*filled, b""]) for part in pair)
        response = current_app.response_class(text, mimetype=mimetype)
        sized = dict(self.sized)
        if not self.deflated or not compresses_pages() or any(
                len(filling) != sized[hole] for hole, filling in zip(self.holes, filled)
                if hole in sized):
            return response  # compression.compress_response gzips it whole, if it may
        parts: list[tuple[bytes, bytes | None]] = [(self.pieces[0], self.deflated[0])]
        for filling, piece, deflated in zip(filled, self.pieces[1:], self.deflated[1:]):
            parts += [(filling, None), (piece, deflated)]
        response.set_data(gzip_joined(parts))
        response.headers["Content-Encoding"] = "gzip"
        response.vary.add("Accept-Encoding")
        return response


class KeptAnswers:
    """The answers one server process keeps, shared by its threads."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._answers: OrderedDict[Hashable, KeptAnswer] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> KeptAnswer | None:
        with self._lock:
            answer = self._answers.get(key)
            if answer is not None:
                self._answers.move_to_end(key)
            return answer

    def put(self, key: Hashable, answer: KeptAnswer) -> None:
        if self.size == 0:
            return
        with self._lock:
            self._answers[key] = answer
            self._answers.move_to_end(key)
            while len(self._answers) > self.size:
                self._answers.popitem(last=False)

    def __len__(self) -> int:
        return len(self._answers)


def register_kept(app: Flask) -> None:
    """Give the app its store of kept answers (``KEPT_ANSWERS`` of them; 0 keeps none)."""
    app.extensions["kept"] = KeptAnswers(app.config.get("KEPT_ANSWERS", KEPT))


def kept_answers() -> KeptAnswers:
    """This app's store of kept answers."""
    store: KeptAnswers = current_app.extensions["kept"]
    return store


def kept_json(version: Hashable, build: Callable[[], object]) -> Response:
    """The JSON answer of what ``build`` makes of what is stored as of ``version``: kept
    from an earlier answer if the version is the same, else made now and kept."""
    store = kept_answers()
    key = ("json", request.full_path, current_locale(), version)
    kept = store.get(key)
    if kept is None:
        kept = KeptAnswer.of(current_app.json.response(build()).get_data(as_text=True))
        store.put(key, kept)
    return kept.answer({}, "application/json")
