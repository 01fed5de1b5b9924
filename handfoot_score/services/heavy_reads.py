"""Heavy reads: the answers that read every game of a league (its report, its export, its
standings file) take a server process's heavy-read slot, so however many are asked for at
once they never hold the threads a table's save needs.

A read that finds the slot taken is refused at once with HeavyReadsBusy (503, try again
in a few seconds) rather than queued: a queued read would hold a server thread while it
waited. The slot is per process: two server processes on one PostgreSQL run two heavy
reads at once. A streamed answer holds its slot until its last piece is sent or its client
goes away (``HeavyRead.release``, called when the server closes the response).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from types import TracebackType

from .locking import DatabaseBusy
from .words import gettext

#: Heavy reads one server process runs at a time. One: a heavy read is CPU-bound, and the
#: interpreter runs one thread at a time, so each more would slow the tables' saves again
#: (beside two exports of a 10,000-game league on PostgreSQL a save waited 1.3 s, beside
#: one 0.3 s: benchmarks, part 9).
HEAVY_READS = 1
#: What a refused heavy read is told to wait before asking again, in seconds.
RETRY_SECONDS = 5

_SLOTS = threading.BoundedSemaphore(HEAVY_READS)


class HeavyReadsBusy(DatabaseBusy):
    """The heavy-read slot is taken just now; nothing was read (503, try again)."""

    retry_after = RETRY_SECONDS

    def __init__(self) -> None:
        super().__init__(gettext("The scorekeeper is busy. Please try again in a moment."))


class HeavyRead:
    """One of this process's heavy-read slots, held from its making until ``release`` (or
    the end of a ``with`` block); raises HeavyReadsBusy at once when none is free."""

    def __init__(self) -> None:
        if not _SLOTS.acquire(blocking=False):
            raise HeavyReadsBusy()
        self._held = True
        self._handed_over = False
        self._lock = threading.Lock()

    def hand_over(self) -> Callable[[], None]:
        """Keep the slot past the ``with`` block, for a streamed answer: the release returned
        is for whoever ends the stream (the server, as it closes the response)."""
        self._handed_over = True
        return self.release

    def release(self) -> None:
        """Give the slot back; again is harmless (a stream may end and be closed too)."""
        with self._lock:
            if self._held:
                self._held = False
                _SLOTS.release()

    def __enter__(self) -> HeavyRead:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        if error is not None or not self._handed_over:
            self.release()
