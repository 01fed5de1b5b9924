"""The areas of the site, one blueprint each; the modules of an area add its pages to it.

An endpoint is named by its area and its view: ``play.game``, ``counting.tally``.
``register_web`` (in the package) registers them all on the app.
"""

from flask import Blueprint

#: The start page, the list of rule presets, the health check and the theme switch.
home = Blueprint("home", __name__)
#: A game at the table: starting it, the round screen, book taps, the live panel,
#: stopping it, the scoreboard and the game over page.
play = Blueprint("play", __name__)
#: Counting a round's cards: the tally page, its preview and undoing the last round.
counting = Blueprint("counting", __name__)
#: The rules: a rule set's reminder card, a game's rules, house rules, the meld calculator.
rules = Blueprint("rules", __name__)
#: Leagues: their pages, standings, backups and edit codes.
leagues = Blueprint("leagues", __name__)
#: Joining a game from another phone: the join code field and the QR code.
joining = Blueprint("joining", __name__)

#: Every area, in the order they are registered.
AREAS = (home, play, counting, rules, leagues, joining)
