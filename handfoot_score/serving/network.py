"""The addresses other phones on the table's network can open this computer at."""

from __future__ import annotations

import ipaddress
import time

import ifaddr

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

#: How many seconds the addresses found are answered again without asking the adapters: a
#: page's join link asks on every request from this computer, and reading the adapters was a
#: tenth of such a page. A computer that moves to another network links its new address
#: within this time.
ADDRESSES_KEPT = 30.0

#: The addresses last found, and when (``time.monotonic``); a whole tuple is swapped in at
#: once, so threads serving requests read either the old answer or the new one.
_last_found: tuple[float, tuple[IPAddress, ...]] | None = None


def is_loopback(host: str) -> bool:
    """Whether ``host`` (a name or an address, IPv6 in brackets or not) means this computer only.

    >>> [is_loopback(h) for h in ("127.0.0.1", "127.3.4.5", "[::1]", "localhost", "192.168.1.20")]
    [True, True, True, True, False]
    """
    name = host.strip("[]").lower().rstrip(".")
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def reachable(address: IPAddress) -> bool:
    """Whether another device could open ``address``: not loopback, not link-local (an
    ``fe80::`` address needs a zone no link can carry), not unspecified or multicast.

    >>> [reachable(ipaddress.ip_address(a))
    ...  for a in ("192.168.1.20", "fd00::2", "fe80::1", "127.0.0.1")]
    [True, True, False, False]
    """
    return not (address.is_loopback or address.is_link_local or address.is_unspecified
                or address.is_multicast)


def network_addresses() -> list[IPAddress]:
    """Every address of this computer that other devices can reach, IPv4 first, each once;
    as found at most ``ADDRESSES_KEPT`` seconds ago."""
    global _last_found
    now = time.monotonic()
    if _last_found is None or not 0 <= now - _last_found[0] < ADDRESSES_KEPT:
        _last_found = (now, tuple(_adapter_addresses()))
    return list(_last_found[1])


def _adapter_addresses() -> list[IPAddress]:
    """Every reachable address the network adapters have now, IPv4 first, each once."""
    found: list[IPAddress] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            text = ip.ip if isinstance(ip.ip, str) else ip.ip[0]
            address = ipaddress.ip_address(text)
            if reachable(address) and address not in found:
                found.append(address)
    return sorted(found, key=lambda address: address.version)


def host_for_url(address: IPAddress) -> str:
    """``address`` as the host part of a link: IPv6 in brackets.

    >>> [host_for_url(ipaddress.ip_address(a)) for a in ("fd00::2", "10.0.0.7")]
    ['[fd00::2]', '10.0.0.7']
    """
    return f"[{address}]" if address.version == 6 else str(address)
