"""Edit codes of new leagues: hashing one costs the server a fraction of a second (it must,
so that guessing is slow), so each client address may have ``MAX_HASHED`` hashed within
``WINDOW``; a further league with a code waits (429) until the oldest of them leaves the
window. Leagues without a code, and other addresses, are not slowed.

Counted in the database, as wrong codes are (``edit_codes``), so every server process counts
the same, and recorded before the hashing, in a write transaction of its own: what is
counted is the work, whether or not the league is then stored. Outside a request (the
command line) nothing is counted.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from flask import has_request_context
from sqlalchemy import delete, func, select

from handfoot_score.extensions import db
from handfoot_score.storage.models import EditCodeHashed

from .edit_codes import client_address, wait_left
from .locking import begin_write, lock_client
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
    from_here = (EditCodeHashed.client == client if client is not None
                 else EditCodeHashed.client.is_(None))
    count, oldest = db.session.execute(
        select(func.count(), func.min(EditCodeHashed.hashed_at))
        .where(from_here, EditCodeHashed.hashed_at >= now - WINDOW)).one()
    wait = wait_left(count, oldest, now, MAX_HASHED, WINDOW)
    if wait is not None:
        raise TooManyNewCodes(wait)
    db.session.execute(delete(EditCodeHashed).where(EditCodeHashed.hashed_at < now - WINDOW))
    db.session.add(EditCodeHashed(client=client, hashed_at=now))
    db.session.commit()
