"""A toy game for the tests only: two players, a deal won by one of them, the winner takes ``points.win`` from the
other. It goes through the whole game contract (``referee.games.api.Game`` on ``referee.games.kit.adapter``) and
is registered by the test suite (``referee.games.registry.register``): no product file names it.

Its "rules doc" is this docstring:

- §1 a match is ``match id=ID game=toy``, ``seat A NAME``, ``seat B NAME``, then deals;
- §2 a deal is ``deal`` then ``win A|B`` (or ``nowin``); the winner takes ``points.win`` (default 3) from the other;
  a deal without a winner pays nothing;
- §3 the match is over after ``match.deals`` (default 4) deals.
"""

KEY = "toy"
MODULE = "toygame.game"
