"""Starting a new game: teams, players and the house rules."""
