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
    compressed apart for a browser that takes gzip), and which placeholder stands between
    each piece and the next."""

    pieces: tuple[bytes, ...]
    deflated: tuple[bytes, ...]
    holes: tuple[str, ...]

    @classmethod
    def of(cls, text: str, placeholders: re.Pattern[str] | None = None) -> KeptAnswer:
        """The answer ``text``, cut at its placeholders (a pattern with one group)."""
        cut = placeholders.split(text) if placeholders else [text]
        pieces = tuple(piece.encode() for piece in cut[::2])
        return cls(pieces, tuple(deflated_apart(piece) for piece in pieces), tuple(cut[1::2]))

    def answer(self, fillings: Mapping[str, str], mimetype: str) -> Response:
        """The answer with each placeholder filled, gzipped if the browser takes it."""
        parts: list[tuple[bytes, bytes | None]] = [(self.pieces[0], self.deflated[0])]
        for hole, piece, deflated in zip(self.holes, self.pieces[1:], self.deflated[1:]):
            parts += [(fillings[hole].encode(), None), (piece, deflated)]
        if not compresses_pages():
            return current_app.response_class(b"".join(text for text, _ in parts),
                                              mimetype=mimetype)
        response = current_app.response_class(gzip_joined(parts), mimetype=mimetype)
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
