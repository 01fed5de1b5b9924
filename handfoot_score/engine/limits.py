"""The size of a game: how many players, teams and rounds a table can have.

Defined once here, lowest in the layers, so the engine, the services, the forms and the
API all refuse the same things.

>>> MIN_PLAYERS <= MIN_TEAMS <= MAX_TEAMS <= MAX_PLAYERS
True
"""

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
