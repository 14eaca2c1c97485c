"""The engine's dispatch tables against the directive registry, and the engine's purity about the collector."""

from __future__ import annotations

import gc

from referee.games.gunzi.directives import DIRECTIVES
from referee.games.gunzi.engine import HAND_HANDLERS, MATCH_HANDLERS, PHASE_OF, replay
from referee.games.gunzi.notation import parse
from referee.games.gunzi.ruleset import load


def test_every_directive_has_one_handler_of_its_kind():
    events = {d.event for d in DIRECTIVES}
    assert set(MATCH_HANDLERS) | set(HAND_HANDLERS) == events
    assert not set(MATCH_HANDLERS) & set(HAND_HANDLERS)
    # an in-hand handler for exactly the directives tied to a phase of the hand; the rest are match-level
    assert set(HAND_HANDLERS) == set(PHASE_OF)
    for d in DIRECTIVES:
        table = HAND_HANDLERS if d.phase is not None else MATCH_HANDLERS
        assert table[d.event].__name__ == "on_" + d.keyword.replace("-", "_"), d.keyword


def test_the_command_line_pauses_the_collector_and_the_server_keeps_it(tmp_path):
    """The engine and the reader never touch the collector (they are pure); a command's process turns it off
    for its short life, and ``serve``, which runs until stopped, keeps it."""
    import pytest

    from referee.cli import main

    record = tmp_path / "m.gunzi"
    record.write_text("match id=T1\nhand\ndeclare E BJ\ntrump H\nkitty 4C 6D 9S KH 7C 3H\n"
                      "bury 4C 6D 9S KH 7C 3H\npoints 25\nlast decl\n", encoding="utf-8")
    try:
        gc.enable()
        replay(parse(record.read_text(encoding="utf-8")).events, load("dalian-club"))
        assert gc.isenabled()  # the engine left it on
        with pytest.raises(SystemExit) as done:
            main(["check", str(record)])
        assert done.value.code == 0
        assert not gc.isenabled()  # the command turned it off
        gc.enable()
        with pytest.raises(SystemExit):
            main(["serve", "--help"])
        assert gc.isenabled()
    finally:
        gc.enable()
