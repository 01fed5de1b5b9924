"""The production command from the README serves the app, and behind an HTTPS proxy it
marks the session cookie Secure."""

from __future__ import annotations

import urllib.request
from pathlib import Path

from tests.conftest import DATABASE_URL, uses_database_server
from tests.serving import serving

PROXY = ["--trusted-proxy=127.0.0.1", "--trusted-proxy-headers=x-forwarded-proto x-forwarded-for",
         "--clear-untrusted-proxy-headers"]


def fetch(url: str, headers: dict[str, str] | None = None) -> tuple[int, str, str]:
    """The status, the Set-Cookie lines (one per line) and the body of a GET."""
    request = urllib.request.Request(url, headers=headers or {})
    with urllib.request.urlopen(request, timeout=10) as response:
        cookies = "\n".join(response.headers.get_all("Set-Cookie") or [])
        return response.status, cookies, response.read().decode()


def test_the_production_command_serves_the_app_behind_an_https_proxy(tmp_path: Path) -> None:
    database = DATABASE_URL if uses_database_server() else \
        f"sqlite:///{tmp_path / 'handfoot_score.sqlite'}"
    with serving(database, tmp_path / "instance", PROXY) as address:
        status, cookies, page = fetch(address + "/games/new")
        assert status == 200 and "New game" in page
        assert "HttpOnly" in cookies and "SameSite=Lax" in cookies
        assert "Secure" not in cookies
        _, cookies, _ = fetch(address + "/games/new", {"X-Forwarded-Proto": "https"})
        assert "; Secure" in cookies
    assert (tmp_path / "instance" / "secret_key").exists()
