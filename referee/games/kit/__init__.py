"""What every game's package shares, each part written once: a game states only what differs (as python-chess's
variants subclass its board and override only their own rules).

- :mod:`.notation` — the tolerant line reader of a record (a BOM, ``#`` comments, blank lines, an error with its
  line for every line that cannot be read), the reader's error, and a header value quoted and read back.
- :mod:`.header` — the match header of a ``KEY=VALUE`` record, with the fields the layers above read.
- :mod:`.adapter` — a game behind the interface (``referee.games.api.Game``): each method hands over to the module
  of the game's package that holds the work, loaded when first used.

The kit is no game: it imports no game, and every game may import it (``tests/test_architecture.py``).
"""
