"""What is computed from what the store keeps: a stored match replayed by its game (``replaying``), its
game clock (``clock``), an event's, an individual event's and a league's results (``eventresults``,
``individualresults``, ``leagueresults``) and the audit of an event's log (``eventaudit``).

The store keeps entries, chains, logs and tokens and knows no game rule and no tournament; here the store's
entries meet the games through their interface (``referee.games.api.Game``, ``referee.games.registry``) and the
tournament's rules. A layer of its own, under the views (which show these results, handed to them) and over the
store (tests/test_architecture.py).
"""
