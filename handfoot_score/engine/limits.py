"""The size of a game: how many players, teams, rounds and books a table can have.

Defined once here, lowest in the layers, so the engine, the services, the forms and the
API all refuse the same things.

>>> MIN_PLAYERS <= MIN_TEAMS <= MAX_TEAMS <= MAX_PLAYERS
True
"""

from .cards import BOOK_SIZE, DECK_SUPPLY, CardKind

#: Hand and Foot is played by 2 to 6 players (RULES: "Players: 2 to 6").
MIN_PLAYERS = 2
MAX_PLAYERS = 6
#: Two sides at least; six players each for themselves make the most teams.
MIN_TEAMS = 2
MAX_TEAMS = MAX_PLAYERS
#: Six players as two teams of three is the largest partnership the rules describe.
MAX_PLAYERS_PER_TEAM = 3
#: A rule set lists 1 to this many rounds: more than any preset plays.
MAX_ROUNDS = 20


def most_books(decks: int) -> int:
    """The most books of one kind a team can make with ``decks`` decks: more would take more
    cards than the decks hold, even were every card in a book of seven.

    >>> most_books(5)
    38
    """
    return decks * sum(DECK_SUPPLY.values()) // BOOK_SIZE


def most_red_threes(decks: int) -> int:
    """The most red threes a team can lay down with ``decks`` decks: all of them.

    >>> most_red_threes(4)
    8
    """
    return decks * DECK_SUPPLY[CardKind.RED_THREE]
