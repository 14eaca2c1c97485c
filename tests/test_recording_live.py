"""Recording live, one directive at a time, as a referee does at the table: every game of the registry, every
directive of its sample record, through the use case, the command line and guided entry, gives the match a
whole record file gives; a directive for a deal that does not exist is refused with one line.

The games come from ``referee.games.registry.GAMES`` and each game's sample from ``examples/`` (the record whose
header names the game), so a game added later is checked without a word here."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.core.records import RecordError
from referee.games import registry

HB_PLAYERS = ("--player", "A", "--player", "B", "--player", "C", "--player", "D")


def new_hubei(cli) -> None:
    cli.ok("new", "HB1", "--game", "hubei-dagun", *HB_PLAYERS)


@pytest.mark.parametrize("deal", ["deal 1 dealer=E", "deal dealer=E"])
def test_a_hubei_deal_is_recorded_live_and_its_lines_go_into_it(cli, deal: str) -> None:
    """The first deal of a new 打滚 match stores (it crashed: its "not settled" problem held a list), and the
    deal's points go into it, not into a deal before it."""
    new_hubei(cli)
    assert f"#6 recorded: {deal}\n" in cli.ok("record", "HB1", *deal.split()).out
    cli.ok("record", "HB1", "call", "H10", "partner=W")
    cli.ok("record", "HB1", "places", "S", "E", "N", "W")
    out = cli.ok("record", "HB1", "points", "E=40", "S=50", "W=30", "N=45", "hand=35").out
    # docs/hubei-dagun-record-format.md's deal 1, worked in examples/hubei-evening.dagun: W (末游) 30 → S (一游),
    # the 35 in hand → N (三游); EW 40, SN 160: SN win plain, 1 番 each (§5.2, §5.3)
    assert "#9 recorded: points E=40 S=50 W=30 N=45 hand=35" in out
    replay = cli.json("replay", "HB1")
    assert [d["deal"] for d in replay["deals"]] == [1]
    assert replay["deals"][0]["points"]["E"] == 40
    assert replay["totals"] == {"E": -1, "S": 1, "W": -1, "N": 1}


def _samples() -> dict[str, Path]:
    """Each game's sample record in examples/, by the game its header names."""
    found: dict[str, Path] = {}
    for path in sorted((Path(__file__).resolve().parent.parent / "examples").iterdir()):
        if path.is_file():
            key, line = registry.game_of_text(path.read_text(encoding="utf-8"))
            if line:
                found.setdefault(key, path)
    return found


SAMPLES = _samples()


def test_every_game_has_a_sample_record() -> None:
    """A game without a sample would go unchecked by the tests below."""
    assert sorted(SAMPLES) == sorted(registry.GAMES)


def _prefix_results(key: str):
    game = registry.game(key)
    reading = game.read(SAMPLES[key].read_text(encoding="utf-8"))
    rules = game.load_rules(game.header(reading.events).rules or game.default_rules)
    for n in range(1, len(reading.events) + 1):
        yield game, game.replay(reading.events[:n], rules)


@pytest.mark.parametrize("key", sorted(registry.GAMES))
def test_pending_is_a_part_of_the_problems_by_key(key: str) -> None:
    """``Game.pending``'s contract, the same for every game: RecordErrors among ``problems``, compared by their
    key (line and English), whatever their fields hold; the sample cut after each directive."""
    for game, result in _prefix_results(key):
        problems = game.problems(result)
        pending = game.pending(result)
        assert all(isinstance(e, RecordError) for e in pending)
        assert {e.key for e in pending} <= {e.key for e in problems}
        hash(tuple(e.key for e in problems))  # a key is hashable whatever the message's fields hold
