"""``network.network_addresses``: the adapters are read again only once the addresses last
found are ``ADDRESSES_KEPT`` seconds old."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from handfoot_score.serving import network

#: Nothing here can answer differently on PostgreSQL: SQLite only (tests/conftest.py).
pytestmark = pytest.mark.one_database


def test_addresses_are_kept_a_while_then_read_again(monkeypatch: pytest.MonkeyPatch) -> None:
    reads: list[str] = []
    now = [1000.0]

    def adapters() -> list[SimpleNamespace]:
        reads.append("read")
        address = "192.168.1.20" if len(reads) == 1 else "10.0.0.7"
        return [SimpleNamespace(ips=[SimpleNamespace(ip=address), SimpleNamespace(ip="127.0.0.1")])]

    monkeypatch.setattr(network.ifaddr, "get_adapters", adapters)
    monkeypatch.setattr(network.time, "monotonic", lambda: now[0])
    monkeypatch.setattr(network, "_last_found", None)
    first = network.network_addresses()
    first.clear()
    now[0] += network.ADDRESSES_KEPT - 1
    assert [str(a) for a in network.network_addresses()] == ["192.168.1.20"]
    assert len(reads) == 1
    now[0] += 1
    assert [str(a) for a in network.network_addresses()] == ["10.0.0.7"]
    assert len(reads) == 2
