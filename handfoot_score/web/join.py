"""Joining a game from another phone: by its six-character code at /join, or by scanning
the QR code of its link on the game's join page."""

from __future__ import annotations

import segno
from flask import redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from markupsafe import Markup

from handfoot_score.services import join_codes
from handfoot_score.web import bp
from handfoot_score.web.play import SEE_OTHER, game_or_404


@bp.get("/join")
def join() -> ResponseReturnValue:
    """The join form; with ``?code=`` the game that code opens (any case, spaces ignored)."""
    typed = request.args.get("code")
    if typed is None:
        return render_template("join.html", typed="", error=None)
    game_id = join_codes.game_with_code(typed)
    if game_id is None:
        error = ("Type the code the other phone shows: six letters and digits."
                 if not typed.strip() else
                 f"No game has the code {typed.strip()}: check it on the other phone.")
        return render_template("join.html", typed=typed, error=error), 404
    return redirect(url_for("web.game", game_id=game_id), SEE_OTHER)


@bp.get("/games/<game_id>/join")
def join_game(game_id: str) -> ResponseReturnValue:
    """The game's join code in big letters, and a QR code of its link to scan."""
    state = game_or_404(game_id)
    link = url_for("web.game", game_id=state.id, _external=True)
    return render_template("games/join.html", state=state, link=link, qr=qr_code(link))


def qr_code(link: str) -> Markup:
    """A QR code of ``link`` as inline SVG, dark modules on white, sized by the page's CSS.

    Always a full QR code, never a Micro QR code, which many phones' scanners cannot read.
    """
    code = segno.make_qr(link)
    svg = code.svg_inline(scale=1, border=4, dark="#000", light="#fff", omitsize=True,
                          svgclass="join-qr", lineclass="join-qr-dark")
    return Markup(svg)
