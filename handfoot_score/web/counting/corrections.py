"""What a correction changed, in words, for the page it lands on: "Round 2 corrected: Owls +40"."""

from __future__ import annotations

from handfoot_score.services.games import GameState
from handfoot_score.services.words import gettext as _
from handfoot_score.web.shared.formats import signed_points


def what_changed(before: GameState, after: GameState, number: int) -> str:
    """Each team whose score of round ``number`` changed, with how much (a real minus sign,
    figures grouped the reader's way), or that no score changed."""
    changes = [f"{team.name} {signed_points(new.total - old.total)}"
               for team, old, new in zip(after.teams, before.round(number).scores,
                                         after.round(number).scores)
               if new.total != old.total]
    if not changes:
        return _("Round %(number)s corrected: no team's score changed.", number=number)
    return _("Round %(number)s corrected: %(changes)s", number=number,
             changes=", ".join(changes))
