"""``flask --app app serve``: the production server, reachable from every phone at the table."""

from __future__ import annotations

import ipaddress
import logging
import sys

import click
import segno
from flask import Flask
from flask.cli import ScriptInfo, pass_script_info, with_appcontext

from handfoot_score.services.league_backup.document import FORM_BYTES, MAX_DOCUMENT_BYTES
from handfoot_score.serving.connections import create_server
from handfoot_score.serving.forwarded import address_made_whole
from handfoot_score.serving.network import host_for_url, is_loopback, network_addresses

DEFAULT_PORT = 8000
#: One process, four threads: see docs/running/serving.md for why.
DEFAULT_THREADS = 4
#: SQLAlchemy's pool holds 5 connections plus 10 more when busy.
MOST_THREADS = 15
#: Connections held open at once: a club night of 40 tables has 160 phones, each keeping one
#: or two open (waitress's own limit, 100, is less than that). Under the 1,024 files a process
#: may open by default, with room for the database's and the log's.
CONNECTION_LIMIT = 500
#: A connection that has sent nothing for this many seconds since its last request is closed
#: (waitress: 120). A phone in play asks every few seconds and opens a new one when it needs
#: one. One that has not sent a whole request's headers goes sooner (``connections``).
IDLE_SECONDS = 15
#: Bytes waitress reads from a connection at a time (its own: 8 KiB). A league backup of
#: 9 MB took over a thousand reads, and while a restore's thread parsed its document each read
#: waited its turn for the interpreter: a second restore, sent at the same moment, was refused
#: only after 1.3 to 1.5 s in one run of three. At 256 KiB it takes 40 reads.
RECV_BYTES = 256 * 1024
#: How often waitress looks for connections to close (its own: every 30 seconds).
CLEANUP_SECONDS = 1
#: Each way to say "every interface", and the IP versions it covers (waitress binds ``::``
#: to IPv6 only).
EVERY_INTERFACE = {"*": (4, 6), "0.0.0.0": (4,), "::": (6,)}
#: What a proxy that speaks HTTPS tells: the scheme (for Secure cookies and Flask-WTF's
#: referrer check) and each phone's own address (for the throttles on codes).
PROXY_HEADERS = {"x-forwarded-proto", "x-forwarded-for"}


def register_commands(app: Flask) -> None:
    """Add ``serve`` and ``translations`` to the app's ``flask`` commands."""
    from handfoot_score.languages.catalogues import translations

    app.cli.add_command(serve)
    app.cli.add_command(translations)


def listen_on(host: str | None, port: int) -> str:
    """Waitress's ``listen`` for ``host`` (every interface, IPv4 and IPv6, when None).

    >>> listen_on(None, 8000), listen_on("192.168.1.20", 80), listen_on("::", 8000)
    ('*:8000', '192.168.1.20:80', '[::]:8000')
    """
    if host is None:
        return f"*:{port}"
    if ":" in host and not host.startswith("["):
        return f"[{host}]:{port}"
    return f"{host}:{port}"


def addresses_to_open(host: str | None, port: int) -> list[str]:
    """The links other devices can open the server at when it listens on ``host``."""
    if host is None:
        host = "*"
    versions = EVERY_INTERFACE.get(host.strip("[]"))
    if versions:
        hosts = [host_for_url(address) for address in network_addresses()
                 if address.version in versions]
    elif is_loopback(host):
        hosts = []
    else:
        try:
            hosts = [host_for_url(ipaddress.ip_address(host.strip("[]")))]
        except ValueError:
            hosts = [host]
    return [f"http://{name}:{port}/" for name in hosts]


def address_here(host: str | None, port: int) -> str | None:
    """The link this computer itself opens the server at, if it listens on loopback.

    >>> address_here(None, 8000), address_here("::", 80), address_here("10.0.0.7", 80)
    ('http://127.0.0.1:8000/', 'http://[::1]:80/', None)
    """
    if host is None or host in ("*", "0.0.0.0"):
        return f"http://127.0.0.1:{port}/"
    if host.strip("[]") == "::":
        return f"http://[::1]:{port}/"
    if is_loopback(host):
        name = host if ":" not in host or host.startswith("[") else f"[{host}]"
        return f"http://{name}:{port}/"
    return None


@click.command("serve")
@click.option("--host", default=None, metavar="ADDRESS",
              help="Listen on this address only (default: every interface, IPv4 and IPv6).")
@click.option("--port", default=DEFAULT_PORT, show_default=True, type=click.IntRange(1, 65535),
              help="The port to listen on.")
@click.option("--threads", default=DEFAULT_THREADS, show_default=True,
              type=click.IntRange(1, MOST_THREADS), help="Requests answered at the same moment.")
@click.option("--max-request-body-size", default=MAX_DOCUMENT_BYTES + FORM_BYTES,
              show_default=True,
              type=click.IntRange(1), metavar="BYTES",
              help="Refuse larger requests before reading them (a league backup may be 16 MiB).")
@click.option("--trusted-proxy", default=None, metavar="ADDRESS",
              help="Behind an HTTPS proxy at this address: believe its X-Forwarded-Proto "
                   "and X-Forwarded-For, and drop them from anyone else.")
@with_appcontext
@pass_script_info
def serve(info: ScriptInfo, host: str | None, port: int, threads: int,
          max_request_body_size: int, trusted_proxy: str | None) -> None:
    """Serve the app with waitress, and print the addresses phones at the table can open."""
    # The app itself, not the current_app proxy: waitress calls it from its own threads.
    app = info.load_app()
    logging.basicConfig()
    # With no proxy named, waitress trusts no header and drops them all (its defaults).
    server = create_server(
        address_made_whole(app), listen=listen_on(host, port), threads=threads,
        max_request_body_size=max_request_body_size, ident="handfoot_score",
        connection_limit=CONNECTION_LIMIT, channel_timeout=IDLE_SECONDS, recv_bytes=RECV_BYTES,
        cleanup_interval=CLEANUP_SECONDS,
        trusted_proxy=trusted_proxy,
        trusted_proxy_headers=set() if trusted_proxy is None else PROXY_HEADERS,
        clear_untrusted_proxy_headers=True)
    print_addresses(app.config.get("PUBLIC_URL"), addresses_to_open(host, port),
                    address_here(host, port))
    try:
        server.run()
    except KeyboardInterrupt:
        click.echo("Stopped.")
    finally:
        server.close()


def print_addresses(public_url: str | None, links: list[str], here: str | None) -> None:
    """Tell the host which link to open on each phone, with a QR code of the first."""
    shown = ([public_url + "/"] if public_url else []) + links
    if public_url:
        click.echo(f"Phones open the app at {public_url}/ (PUBLIC_URL).")
    if links:
        click.echo("Phones on this computer's network can open it at:")
        for link in links:
            click.echo(f"  {link}")
    else:
        click.echo("Other phones cannot reach this server: it has no network address "
                   "besides this computer's own. Join the table's Wi-Fi and start it again.")
    if here:
        click.echo(f"On this computer: {here}")
    if shown:
        click.echo(f"Scan to open {shown[0]}")
        draw_qr_code(shown[0])
    click.echo("Stop with Ctrl+C.")


def draw_qr_code(link: str) -> None:
    """Draw a QR code of ``link`` in the terminal, in half blocks where the terminal can."""
    code = segno.make_qr(link)
    try:
        code.terminal(out=sys.stdout, compact=True)
    except UnicodeEncodeError:
        code.terminal(out=sys.stdout)
    sys.stdout.flush()
