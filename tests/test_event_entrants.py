"""Taking an entry out of an event is one use case for both kinds (``app.entrants``): ``withdraw`` and ``remove``
find a pair at an event of pairs and a player at an event of individual players, by the event's own kind, and
refuse in that kind's words (the web's director page withdraws either)."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.app import director, entrants, individual
from referee.core.errors import RefereeError, UsageError
from referee.store.api import open_store
from referee.tournament.individual import Player
from referee.tournament.model import Pair


def test_a_player_and_a_pair_are_withdrawn_and_removed_by_one_use_case(tmp_path: Path) -> None:
    store = open_store(tmp_path / "store")
    individual.new_event(store, "D", game="doudizhu", name="D", rules=None, rounds=2, date=None, venue=None, seed=1)
    individual.add_players(store, "D", [Player(c, n) for c, n in (("A", "甲"), ("B", "乙"), ("C", "丙"), ("E", "戊"))])
    state = entrants.withdraw(store, "D", "A", "ill")
    assert [(p.code, p.active) for p in state.players] == [("A", False), ("B", True), ("C", True), ("E", True)]
    assert [p.code for p in entrants.remove(store, "D", "E", "mistake").players] == ["A", "B", "C"]
    with pytest.raises(RefereeError) as twice:
        entrants.withdraw(store, "D", "A", "ill")
    assert twice.value.msg.text("en") == "player A has already withdrawn (ill)"
    with pytest.raises(UsageError) as unknown:
        entrants.withdraw(store, "D", "Z", "ill")
    assert unknown.value.msg.text("en") == "player Z is not an entry of event D (entries: A, B, C)"

    director.new_event(store, "G", name="G", rules="dalian-club", fmt="swiss", rounds=2, scoring=None, date=None,
                       venue=None, seed=None)
    director.add_pairs(store, "G", [Pair("P", "甲", "乙"), Pair("Q", "丙", "丁"), Pair("R", "戊", "己")])
    assert [(p.code, p.active) for p in entrants.withdraw(store, "G", "P", "ill").pairs] == \
        [("P", False), ("Q", True), ("R", True)]
    with pytest.raises(UsageError) as no_reason:
        entrants.remove(store, "G", "R", " ")
    assert no_reason.value.msg.text("en") == "--reason: say why the pair is removed (it is kept in the event's log)"
