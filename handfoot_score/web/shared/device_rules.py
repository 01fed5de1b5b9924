"""House rules on a device: the sets it saved or opened, listed on its own pages only.

As with games (``home/routes.py``) and leagues (``shared/edit_codes.py``), the server never lists
saved house rules to strangers: a set's id is all it takes to read or play it, and each
device keeps the ids of the sets it saved or opened in its signed session cookie, the
latest ``MAX_LISTED_RULES``. Starting a game in a league also offers the sets the league's
games were played under.
"""

from __future__ import annotations

from flask import session

from handfoot_score.engine.presets import PRESETS
from handfoot_score.engine.rules import RuleSet
from handfoot_score.services.rules import league_saved_rules, saved_rules_among

SESSION_RULES = "my_rules"
#: A device lists this many saved sets at most, the latest saved or opened (and a league
#: as many of its own): the cookie and the pages stay small.
MAX_LISTED_RULES = 15


def list_rules(rules_id: str) -> None:
    """List a saved set this device saved or opened on its new-game page and /rules."""
    listed = listed_rules()
    if rules_id not in PRESETS and rules_id not in listed:
        session[SESSION_RULES] = [*listed, rules_id][-MAX_LISTED_RULES:]
        session.permanent = True


def listed_rules() -> list[str]:
    """The ids of the saved sets this device saved or opened, oldest first."""
    ids = session.get(SESSION_RULES)
    return [i for i in ids if isinstance(i, str)] if isinstance(ids, list) else []


def rules_of_this_device(league_id: str | None = None, chosen: str | None = None
                         ) -> list[RuleSet]:
    """The saved sets this device lists, with the league's own when a game is started in
    one, and ``chosen`` when a link named a saved set; each once, by name."""
    found = {rules.id: rules for rules in saved_rules_among([*listed_rules(), chosen or ""])}
    if league_id:
        found.update((rules.id, rules)
                     for rules in league_saved_rules(league_id, MAX_LISTED_RULES))
    return sorted(found.values(), key=lambda rules: (rules.name, rules.id))
