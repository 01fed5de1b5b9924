"""A team's tally in a few words: what another phone saved, shown when a save is refused."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: How the pages name each kind of card counted.
CARD_WORDS = {"jokers": "jokers", "twos": "twos", "aces": "aces", "eight_to_king": "8 to King",
              "four_to_seven": "4 to 7", "black_threes": "black threes"}


def tally_words(tally: Mapping[str, Any]) -> str:
    """The tally as one line, counts that are 0 left out.

    >>> tally_words({"melded": {"points": 230}, "left": {"points": 85}, "red_threes_left": 1})
    'on the table 230 points; left 85 points; 1 red three caught'
    >>> tally_words({"melded": {"aces": 4, "twos": 0}, "books": {"clean": 1}, "went_out": True})
    'on the table 4 aces; left nothing; books: 1 clean; went out'
    """
    words = [f"{where} {_cards(tally.get(part))}"
             for part, where in (("melded", "on the table"), ("left", "left"))]
    books = ", ".join(f"{count} {kind}" for kind, count in (tally.get("books") or {}).items()
                      if count)
    if books:
        words.append(f"books: {books}")
    for key, said in (("red_threes_down", "laid down"), ("red_threes_left", "caught")):
        if count := tally.get(key):
            words.append(f"{count} red three{'s' if count != 1 else ''} {said}")
    if count := tally.get("exact_draws"):
        words.append(f"{count} exact draw{'s' if count != 1 else ''}")
    if tally.get("first_meld"):
        words.append("laid down first")
    if tally.get("went_out"):
        words.append("went out")
    return "; ".join(words)


def _cards(counted: object) -> str:
    if not isinstance(counted, Mapping):
        return "nothing"
    if "points" in counted:
        return f"{counted['points']} points"
    if isinstance(counted.get("by_rank"), Mapping):  # house rules: cards counted by rank
        return ", ".join(f"{count} \N{MULTIPLICATION SIGN} {rank}"
                         for rank, count in counted["by_rank"].items() if count) or "nothing"
    listed = ", ".join(f"{count} {CARD_WORDS.get(kind, kind)}" for kind, count in counted.items()
                       if count)
    return listed or "nothing"
