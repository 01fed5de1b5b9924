"""``leagues.get_league``: a league and its roster in order, an empty roster, and no league
while its import is unfinished."""

from __future__ import annotations

import pytest
from flask import Flask

from handfoot_score.extensions import db
from handfoot_score.services import leagues
from handfoot_score.services.leagues import LeagueNotFound
from handfoot_score.storage.models import LeagueImport, LeaguePlayer


def test_a_league_is_read_with_its_roster_in_order(app: Flask) -> None:
    with app.app_context():
        empty = leagues.create_league({"name": "Empty"})
        assert leagues.get_league(empty.id) == empty
        assert leagues.get_league(empty.id).players == ()
        club = leagues.create_league({"name": "Club", "edit_code": "secret code"})
        db.session.add_all(LeaguePlayer(league_id=club.id, name=name, name_key=name.lower())
                           for name in ("Cy", "Ann", "Bob"))
        db.session.commit()
        read = leagues.get_league(club.id)
        assert (read.id, read.name, read.protected) == (club.id, "Club", True)
        assert read.created_at == club.created_at
        assert [player.name for player in read.players] == ["Cy", "Ann", "Bob"]


def test_a_league_being_imported_or_unknown_is_not_found(app: Flask) -> None:
    with app.app_context():
        league = leagues.create_league({"name": "Half"})
        db.session.add(LeagueImport(slot=1, league_id=league.id))
        db.session.commit()
        for league_id in (league.id, "nope", 7):
            with pytest.raises(LeagueNotFound):
                leagues.get_league(league_id)  # type: ignore[arg-type]
