"""An event log's entries are read by one rule whatever the kind of entry (a pair of Gunzi's, a player of Dou
Dizhu's): an entry of the other kind's event, a second withdrawal, a name changed after a round placed the entry,
a removal without its reason or a withdrawal of no entry do not fit the log, at either kind
(``tournament.state``: the pair and player actions are one code path over the kind's data)."""

from __future__ import annotations

from typing import Any

import pytest

from referee.tournament.individual import Player, SeatedRound, Seating
from referee.tournament.model import EventFormat, Pair, Round, Table
from referee.tournament.scoring import load
from referee.tournament.state import (
    StateError,
    created,
    pair_added,
    pair_edited,
    pair_withdrawn,
    player_added,
    player_edited,
    player_withdrawn,
    replay,
    round_paired,
    round_seated,
)


def _pairs() -> list[dict[str, Any]]:
    return [created("P", "P", "dalian-club", EventFormat.swiss, 2, load("club"), None, None, None, 1),
            pair_added(Pair("A", "甲", "乙")), pair_added(Pair("B", "丙", "丁"))]


def _players() -> list[dict[str, Any]]:
    return [created("D", "D", "standard", EventFormat.swiss, 2, load("club"), None, None, None, 1, game="doudizhu"),
            *(player_added(Player(c, n)) for c, n in (("A", "甲"), ("B", "乙"), ("C", "丙")))]


def _refused(actions: list[dict[str, Any]]) -> tuple[int, str, str]:
    with pytest.raises(StateError) as refused:
        replay(actions)
    return refused.value.seq, refused.value.what, refused.value.detail


def test_an_entry_of_the_other_kind_does_not_fit() -> None:
    assert _refused([*_players(), pair_added(Pair("E", "戊", "己"))]) == (5, "bad_action", "E")
    assert _refused([*_pairs(), player_added(Player("E", "戊"))]) == (4, "bad_action", "E")


def test_a_second_withdrawal_does_not_fit_at_either_kind() -> None:
    assert _refused([*_pairs(), pair_withdrawn("A", "ill"), pair_withdrawn("A", "ill")]) == (5, "bad_action", "A")
    assert _refused([*_players(), player_withdrawn("A", "ill"), player_withdrawn("A", "ill")]) == \
        (6, "bad_action", "A")


def test_a_withdrawal_of_no_entry_names_it_at_either_kind() -> None:
    assert _refused([*_pairs(), pair_withdrawn("Z", "ill")]) == (4, "unknown_pair", "Z")
    assert _refused([*_players(), player_withdrawn("Z", "ill")]) == (5, "unknown_pair", "Z")


def test_names_placed_in_a_round_are_kept_but_the_club_may_change() -> None:
    paired = [*_pairs(), round_paired(Round(1, (Table(1, "P-R1-T1", "A", "B"),)))]
    assert _refused([*paired, pair_edited(Pair("A", "甲", "庚"))]) == (5, "bad_action", "A")
    assert replay([*paired, pair_edited(Pair("A", "甲", "乙", "星海"))]).pair("A") == Pair("A", "甲", "乙", "星海")
    seated = [*_players(), round_seated(SeatedRound(1, (Seating(1, "D-R1-T1", ("A", "B", "C")),)))]
    assert _refused([*seated, player_edited(Player("A", "庚"))]) == (6, "bad_action", "A")
    assert replay([*seated, player_edited(Player("A", "甲", "星海"))]).player("A") == Player("A", "甲", "星海")


def test_a_removal_without_its_reason_does_not_fit_at_either_kind() -> None:
    assert _refused([*_pairs(), {"action": "pair_removed", "pair": "B"}]) == (4, "bad_action", "reason")
    assert _refused([*_players(), {"action": "player_removed", "player": "B"}]) == (5, "bad_action", "reason")
