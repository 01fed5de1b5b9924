"""Joining a game from another phone: by its six-character code at /join, or by scanning
the QR code of its link on the game's join page."""

from __future__ import annotations

import segno
from flask import Blueprint, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from markupsafe import Markup

from handfoot_score.services import games, join_codes
from handfoot_score.services.words import gettext as _
from handfoot_score.web.shared.join_links import join_link
from handfoot_score.web.shared.redirects import SEE_OTHER

bp = Blueprint("joining", __name__)


@bp.route("/join", methods=["GET", "POST"])
def join() -> ResponseReturnValue:
    """The join form, filled in with a link's ``?code=``; sending it opens the game that code
    opens (any case, spaces ignored).

    Only a POST looks the code up: each miss counts against the client's address, and a
    GET that counted would let any other site's image lock a visitor out of joining.
    """
    if request.method == "GET":
        return render_template("join.html", typed=request.args.get("code", ""), error=None)
    typed = request.form.get("code", "")
    try:
        game_id = join_codes.game_with_code(typed)
    except join_codes.TooManyJoinCodes as error:
        return (render_template("join.html", typed=typed, error=error.message), 429,
                {"Retry-After": str(error.retry_after)})
    if game_id is None:
        message = (_("Type the code the other phone shows: six letters and digits.")
                   if not typed.strip() else
                   _("No game in play has the code %(code)s: check it on the other phone (a "
                     "finished or stopped game's code opens nothing).", code=typed.strip()))
        return render_template("join.html", typed=typed, error=message), 404
    return redirect(url_for("play.game", game_id=game_id), SEE_OTHER)


@bp.get("/games/<game_id>/join")
def join_game(game_id: str) -> ResponseReturnValue:
    """The game's join code in big letters, and a QR code of its link to scan."""
    state = games.get_game(game_id)
    link = join_link("play.game", game_id=state.id)
    return render_template("games/join.html", state=state, link=link,
                           qr=qr_code(link) if link else None)


def qr_code(link: str) -> Markup:
    """A QR code of ``link`` as inline SVG, dark modules on white, sized by the page's CSS.

    Always a full QR code, never a Micro QR code, which many phones' scanners cannot read.
    """
    code = segno.make_qr(link)
    svg = code.svg_inline(scale=1, border=4, dark="#000", light="#fff", omitsize=True,
                          svgclass="join-qr", lineclass="join-qr-dark")
    return Markup(svg)
