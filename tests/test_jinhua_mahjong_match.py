"""A Jinhua mahjong match as a whole (the engine's replay): its header and names, the rule set it was scored
under, whether a deal is in play, the events the next entry follows, and the warnings and rulings kept beside the
deals, which change no score (docs/jinhua-mahjong-rules.md §12.1)."""

from __future__ import annotations

from referee.games.jinhua_mahjong.engine import replay
from referee.games.jinhua_mahjong.events import Deal, Win
from referee.games.jinhua_mahjong.notation import parse
from referee.games.jinhua_mahjong.ruleset import load
from referee.games.kit.conduct import Ruling, Warn


def test_a_finished_match_keeps_its_conduct_and_is_not_in_play() -> None:
    record = parse("match id=M game=jinhua-mahjong\nseat E Zhang\ndeal\nwarn S slow play\nwin W S\n"
                   "ruling winner=W the tile was shown\n")
    assert record.errors == []
    rules = load("jinhua-capped")
    r = replay(record.events, rules)
    assert r.errors == () and r.rules is rules and r.header is not None and r.header.id == "M"
    assert r.names == {"E": "Zhang"}
    # a warning and a ruling belong to no deal and change no score (§12.1): W's 平胡 on S's discard is paid as
    # §5.1 says (S 2, E and N 1 each, W +4), and both are kept, in order
    assert r.totals == {"E": -1, "S": -2, "W": 4, "N": -1}
    assert [type(c) for c in r.conduct] == [Warn, Ruling] and [c.line for c in r.conduct] == [4, 6]
    # the deal has its result: nothing is in play (False, as the JSON says it), and the events from the last
    # deal's line on are what comes next after (the deal and its win; the conduct is not a deal's)
    assert r.in_play is False
    assert r.last == (Deal(None, 3), Win("W", "S", 5))


def test_a_record_without_a_deal() -> None:
    # only the header and a seat: no deal, nothing in play, no events of a last deal
    record = parse("match id=M game=jinhua-mahjong\nseat E Zhang\n")
    r = replay(record.events, load("jinhua-mahjong"))
    assert r.deals == () and r.in_play is False and r.last == () and r.conduct == ()
    assert r.totals == {"E": 0, "S": 0, "W": 0, "N": 0}
