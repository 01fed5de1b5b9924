"""Waitress for ``serve``, holding slow clients off: a connection must finish its request's
headers within ``HEADER_SECONDS``, and one client keeps at most ``WAITING_PER_CLIENT``
connections waiting for their headers.

Waitress closes a connection only once it has sent nothing for ``channel_timeout``, counted
from its last byte, so a client that sends one header line every few seconds keeps its
connection for ever, and 600 of them fill the server's 500 and keep everyone else out.
Waitress has no setting for either rule, so ``serve`` runs waitress's own server and
connection classes, subclassed: ``GuardedServer`` adds both rules to ``maintenance`` (the
sweep waitress runs every ``cleanup_interval`` to close idle connections) and to the moment
it accepts a connection, and ``GuardedChannel`` notes since when it waits for headers as it
receives them. The rest is waitress's, unchanged.
"""

from __future__ import annotations

import socket
import time
from typing import Any, cast

from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.server import BaseWSGIServer, MultiSocketServer, TcpWSGIServer
from waitress.task import ThreadedTaskDispatcher

from handfoot_score.services.throttles import client_of

#: Seconds a connection has to send a request's headers: from its opening for its first
#: request, from a request's first byte for each later one. A phone sends them in one packet.
HEADER_SECONDS = 5
#: Connections one client (an IPv4 address, an IPv6 /64) may hold waiting for their headers:
#: a browser opens at most six at once and fills each at once; past this, the one that has
#: waited longest is closed. The trusted proxy, which speaks for every phone, is not capped.
WAITING_PER_CLIENT = 10

#: Where waitress listens: family, type, protocol and address, as ``Adjustments`` resolves
#: its ``listen`` (typeshed's stub calls them the strings they were parsed from).
SocketInfo = tuple[int, int, int, Any]


class GuardedChannel(HTTPChannel):
    """Waitress's connection, knowing its client and since when it has waited for a request's
    headers (``headers_since``: None while it has none to wait for)."""

    def __init__(self, server: BaseWSGIServer, sock: socket.socket, addr: Any,
                 adj: Adjustments, map: Any = None) -> None:
        super().__init__(server, sock, addr, adj, map)
        self.client = client_of(str(addr[0]))
        self.headers_since: float | None = self.creation_time
        if isinstance(server, GuardedServer):
            server.make_room(self)

    def received(self, data: bytes) -> bool:
        """Waitress's reading of a request, then note whether headers are still awaited.

        Blank lines are no request (waitress drops an empty one), so bytes that are all blank
        do not stop the clock, unless they end the body of a request whose headers were in."""
        body_coming = self.request is not None and self.request.headers_finished
        taken = super().received(data)
        if self.request is not None:
            headers_in = self.request.headers_finished
        else:
            headers_in = body_coming or bool(data.strip())
        if headers_in:
            self.headers_since = None
        elif self.headers_since is None:
            self.headers_since = time.time()
        return taken

    def waits_since(self) -> float | None:
        """Since when it has waited for a request's headers, with nothing of its own being
        answered or sent; None if it does not."""
        if self.requests or self.total_outbufs_len or self.will_close:
            return None
        return self.headers_since


class GuardedServer(TcpWSGIServer):
    """Waitress's server, closing connections that take too long over their headers."""

    channel_class = GuardedChannel

    def channels(self) -> list[GuardedChannel]:
        """Its open connections."""
        # Waitress keeps them in a dict by file number (typeshed's stub says one channel).
        open_now = cast(dict[int, GuardedChannel], self.active_channels)
        return list(open_now.values())

    def make_room(self, arrived: GuardedChannel) -> None:
        """Close the connections of ``arrived``'s client that have waited longest for their
        headers, past ``WAITING_PER_CLIENT`` (``arrived`` is the newest of them)."""
        if self.adj.trusted_proxy in ("*", arrived.addr[0]):
            return
        waiting = [(since, channel) for channel in self.channels()
                   if channel.client == arrived.client
                   and (since := channel.waits_since()) is not None]
        waiting.sort(key=lambda pair: pair[0])
        for _since, channel in waiting[:-WAITING_PER_CLIENT]:
            channel.will_close = True

    def maintenance(self, now: float) -> None:
        """Waitress's sweep of idle connections, then of those past ``HEADER_SECONDS``."""
        super().maintenance(now)  # type: ignore[arg-type]  # the stub says int; it is time.time()
        cutoff = now - HEADER_SECONDS
        for channel in self.channels():
            since = channel.waits_since()
            if since is not None and since < cutoff:
                channel.will_close = True


def create_server(application: Any, **settings: Any) -> GuardedServer | MultiSocketServer:
    """Waitress's ``create_server`` with ``GuardedServer``: one per address it listens on,
    sharing one socket map and one pool of threads."""
    adjustments = Adjustments(**settings)
    threads = ThreadedTaskDispatcher()
    threads.set_thread_count(adjustments.threads)
    socket_map: dict[int, socket.socket] = {}
    servers = [GuardedServer(application, map=socket_map, dispatcher=threads, adj=adjustments,
                             sockinfo=info)
               for info in cast(list[SocketInfo], adjustments.listen)]
    if len(servers) == 1:
        return servers[0]
    return MultiSocketServer(socket_map, adjustments,
                             [(host, int(port)) for host, port in
                              (server.getsockname() for server in servers)],
                             threads, servers[-1].log_info)
