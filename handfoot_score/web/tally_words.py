"""The count page's words: a team's tally in a few words (what another phone saved, shown
when a save is refused), and the engine's problems as a player says them."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from handfoot_score.engine.errors import Problem

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
            words.append(f"{plural(count, 'red three')} {said}")
    if count := tally.get("exact_draws"):
        words.append(plural(count, "exact draw"))
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


def plural(count: int, thing: str, things: str | None = None) -> str:
    """A count with its noun, singular or plural as the count asks.

    >>> plural(1, "book"), plural(2, "book"), plural(0, "red three")
    ('1 book', '2 books', '0 red threes')
    """
    return f"{count} {thing if count == 1 else things or thing + 's'}"


#: The engine's words for a problem, read back into its numbers so the page can say it as a
#: player would, on the input that caused it.
_GOING_OUT = re.compile(r"going out in round (\d+) needs (\d+) (.+?) book\(s\); (\d+) more "
                        r"are missing")
_NATURALS = re.compile(r"these books need at least (\d+) (natural|wild) cards \(.*?\) on the "
                       r"table, but (\d+) are counted")
_BOOK_CARDS = re.compile(r"(\d+) books hold at least (\d+) cards, but (\d+)")
_SUPPLY = re.compile(r"(\d+) cards of kind (.+?) counted over all teams so far, but (\d+) "
                     r"decks hold only (\d+)")
_WHO_DID = re.compile(r"only one team (goes out|lays down first) in a round, and team (\d+) did")
#: The first input of the cards on the table, counted card by card or as points.
_ON_THE_TABLE = ("melded.jokers", "melded.points")
_KIND_WORDS = {"joker": "jokers", "two": "twos", "ace": "aces", "eight to king": "cards 8 to King",
               "four to seven": "cards 4 to 7", "black three": "black threes",
               "red three": "red threes"}


def problem_words(problem: Problem, team_names: Sequence[str], points_mode: bool = False
                  ) -> Problem:
    """The problem as a player would say it, on the field that caused it, teams by name.

    >>> problem_words(Problem("books.clean", "going out in round 2 needs 2 clean book(s); "
    ...                       "1 more are missing", 0), ["Owls"]).message
    'going out in round 2 needs 2 clean books: 1 more clean book is missing'
    >>> problem_words(Problem("books.dirty", "5 books hold at least 35 cards, but 30 are "
    ...                       "counted on the table", 1), ["Owls", "Foxes"]).field
    'melded.jokers'
    """
    message = problem.message
    if match := _GOING_OUT.fullmatch(message):
        number, need, name, short = match.groups()
        return replace(problem, message=(
            f"going out in round {number} needs {plural(int(need), name + ' book')}: "
            f"{plural(int(short), 'more ' + name + ' book')} "
            f"{'is' if short == '1' else 'are'} missing"))
    card_field = _ON_THE_TABLE[points_mode]
    if match := _NATURALS.fullmatch(message):
        need, kind, counted = match.groups()
        examples = "aces, 8 to King, 4 to 7" if kind == "natural" else "jokers, twos"
        return replace(problem, field=card_field, message=(
            f"the books counted need at least {plural(int(need), kind + ' card')} "
            f"({examples}) on the table; {counted} counted"))
    if match := _BOOK_CARDS.match(message):
        books, need, counted = match.groups()
        return replace(problem, field=card_field, message=(
            f"{plural(int(books), 'book')} hold at least {need} cards; "
            f"{plural(int(counted), 'card')} counted on the table"))
    if match := _SUPPLY.fullmatch(message):
        total, kind, decks, supply = match.groups()
        return replace(problem, message=(
            f"{total} {_KIND_WORDS.get(kind, kind)} counted over all teams, but "
            f"{plural(int(decks), 'deck')} hold only {supply}"))
    if match := _WHO_DID.fullmatch(message):
        what, team = match.groups()
        position = int(team) - 1
        name = team_names[position] if 0 <= position < len(team_names) else "another team"
        did = "went out" if what == "goes out" else "laid down first"
        return replace(problem, message=f"only one team {what} in a round, and {name} {did}")
    return problem
