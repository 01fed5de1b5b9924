"""A league's seasons on its page: the links that switch the standings between seasons and
all time, and the form that starts a new season."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from flask import url_for
from wtforms import DateField, StringField
from wtforms.validators import InputRequired, Length, Optional

from handfoot_score.services.seasons import ALL_TIME, SeasonChoice
from handfoot_score.services.words import lazy_gettext as _l
from handfoot_score.storage.models import SEASON_NAME_LENGTH
from handfoot_score.web.shared.flask_form import FlaskForm


class NewSeasonForm(FlaskForm):
    """A new season's name and the day it starts (left empty: today). The day is not filled
    in on the page: a copy of it kept from yesterday would offer yesterday."""

    name = StringField(_l("Season name"), validators=[
        InputRequired(_l("Give the season a name.")), Length(max=SEASON_NAME_LENGTH)])
    starts_on = DateField(_l("Starts on"), validators=[Optional()],
                          description=_l("Leave empty for today."))

    def day(self) -> date:
        """The day the season starts: the one typed, or today (in UTC)."""
        return self.starts_on.data or datetime.now(UTC).date()


@dataclass(frozen=True)
class SeasonLink:
    """A link of the season switch: a season (or all time), and whether it is shown now."""

    season_id: int | None
    name: str
    starts_on: date | None
    url: str
    shown: bool


def season_links(choice: SeasonChoice, endpoint: str, **values: Any) -> list[SeasonLink]:
    """The season switch of a league with seasons, the newest season first, then all time,
    each a link to ``endpoint`` with ``values``; none for a league without seasons."""
    if not choice.seasons:
        return []
    shown = choice.season_id
    links = [SeasonLink(season.id, season.name, season.starts_on,
                        url_for(endpoint, **values, season=season.id), season.id == shown)
             for season in reversed(choice.seasons)]
    return [*links, SeasonLink(None, str(_l("All time")), None,
                               url_for(endpoint, **values, season=ALL_TIME), shown is None)]
