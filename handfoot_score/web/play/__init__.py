"""A game being played: the round screen, its live updates, the results and the notes."""
