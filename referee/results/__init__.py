"""What is computed from what the store keeps: a stored match replayed by its game (``replaying``), its
game clock (``clock``), an event's results of either kind and a league's (``eventresults``, ``leagueresults``)
and the audit of an event's log (``eventaudit``).

The store keeps entries, chains, logs and tokens and knows no game rule and no tournament; here the store's
entries meet the games through their interface (``referee.games.api.Game``, ``referee.games.registry``) and the
tournament's rules. A layer of its own, under the views (which show these results, handed to them) and over the
store (tests/test_architecture.py).
"""
