"""Edit codes of new leagues: hashing one costs the server a fraction of a second (it must,
so that guessing is slow), so each client address may have ``MAX_HASHED`` hashed within
``WINDOW``; a further league with a code waits (429) until the oldest of them leaves the
window. Leagues without a code, and other addresses, are not slowed.

Counted in the database, as wrong codes are (``edit_codes``, both by ``throttles``), so
every server process counts the same, and recorded before the hashing, in a write
transaction of its own: what is counted is the work, whether or not the league is then
stored. Outside a request (the command line) nothing is counted.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from flask import has_request_context
from sqlalchemy import delete

from handfoot_score.extensions import db
from handfoot_score.storage.models import EditCodeHashed

from .locking import begin_write, lock_client
from .throttles import client_address, recent_tries, wait_left
from .words import ngettext

#: More leagues than a club starts in an hour; a few seconds of hashing at most.
MAX_HASHED = 10
WINDOW = timedelta(hours=1)


class TooManyNewCodes(PermissionError):
    """Too many leagues with an edit code came from this address lately (429): wait
    ``retry_after`` seconds."""

    def __init__(self, retry_after: int) -> None:
        self.retry_after = retry_after
        self.message = ngettext(
            "Too many leagues with an edit code came from here lately. Wait %(num)s second "
            "and try again.",
            "Too many leagues with an edit code came from here lately. Wait %(num)s seconds "
            "and try again.", retry_after)
        super().__init__(self.message)


def count_hashing() -> None:
    """Count an edit code about to be hashed for a new league from this request's address,
    committed at once; raises TooManyNewCodes, counting nothing, while the address has had
    ``MAX_HASHED`` within ``WINDOW``. Call it from a ``write_transaction``."""
    if not has_request_context():
        return
    begin_write()
    now = datetime.now(UTC)
    client = client_address()
    lock_client("new edit codes", client)
    hashed = recent_tries(EditCodeHashed.client, EditCodeHashed.hashed_at, client, now - WINDOW)
    # A further one may be hashed when the oldest leaves the window.
    wait = wait_left(hashed.count, hashed.first, now, MAX_HASHED, WINDOW)
    if wait is not None:
        raise TooManyNewCodes(wait)
    db.session.execute(delete(EditCodeHashed).where(EditCodeHashed.hashed_at < now - WINDOW))
    db.session.add(EditCodeHashed(client=client, hashed_at=now))
    db.session.commit()
