"""Light or dark pages: the theme this device chose, a cookie every page reads (and its
ETag names). The switch that sets it is ``home/theme.py``."""

from __future__ import annotations

from flask import request

COOKIE = "theme"
#: What a device may choose; "auto" follows the phone's setting (and clears the cookie).
THEMES = ("light", "dark", "auto")


def chosen_theme() -> str:
    """The theme this device chose: "light", "dark", or "auto" to follow the phone."""
    theme = request.cookies.get(COOKIE, "auto")
    return theme if theme in THEMES else "auto"


def theme_context() -> dict[str, str]:
    """Every page knows the chosen theme, for ``data-theme`` and the switch."""
    return {"theme": chosen_theme()}
