"""Leagues: standings, seasons, the players' charts and the edit codes that guard them."""
