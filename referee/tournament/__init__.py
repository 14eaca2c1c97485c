"""The tournament layer: entries, rounds, the event's scoring, standings and pairing.

Pure functions over typed values; every result is data (codes and numbers) for the views to word.
A match enters an event only through its game-neutral summary (``referee.games.api.Summary``): each
participant's outcome, whatever the game.
"""
