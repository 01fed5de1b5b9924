"""The meld calculator a player keeps during a hand."""
