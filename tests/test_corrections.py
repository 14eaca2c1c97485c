"""Recording and correcting a stored match, for every game of the registry, through the command line in-process:
one style of output (``stored #N in MATCH (by X): …`` then ``next: …``), an amend that says what it put in place
and what it re-settled, and a void of an entry already amended or taken back refused in one line, nothing stored.

Dou Dizhu's numbers by hand from docs/doudizhu-rules.md §6: a deal pays base × multiplier; the landlord wins or
pays 2 ×, each farmer 1 ×; a bomb doubles the multiplier (§5.1)."""

from __future__ import annotations

from pathlib import Path

import pytest
from eventplay import Cli

from referee.games.registry import GAMES, game_of_text
from referee.store.api import open_store

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def example(key: str) -> Path:
    """The bundled example of game *key* (a game without one fails here: every game has one)."""
    return next(p for p in sorted(EXAMPLES.iterdir()) if p.is_file()
                and game_of_text(p.read_text(encoding="utf-8"))[0] == key)


def imported(tmp_path: Path, key: str) -> tuple[Cli, str, int, str]:
    """The example of *key* in a store: the command line, the match id, and the seq and directive of its last entry."""
    cli = Cli(tmp_path / "store")
    cli.ok("import", example(key))
    store = open_store(tmp_path / "store")
    (match_id,) = [r["id"] for r in store.summaries()]
    last = store.entries(match_id)[-1]
    return cli, match_id, last["seq"], last["directive"]


@pytest.mark.parametrize("key", list(GAMES))
def test_record_says_what_it_stored_and_what_comes_next(tmp_path: Path, key: str) -> None:
    """The last directive taken back and recorded again: the entry stored, who stored it, and the ``next:`` line;
    no re-check of the whole match after it."""
    cli, match_id, seq, directive = imported(tmp_path, key)
    cli.ok("undo", match_id)  # #seq+1
    out = cli.ok("record", match_id, *directive.split()).out.splitlines()
    assert out[0] == f"stored #{seq + 2} in {match_id} (by 裁判长): {directive}"
    assert out[-1].startswith("next: ")
    assert not [line for line in out if line.startswith(("ok:", f"#{seq + 2} recorded"))]


@pytest.mark.parametrize("key", list(GAMES))
def test_a_void_of_an_amended_or_taken_back_entry_is_refused(tmp_path: Path, key: str) -> None:
    """A void of an entry an amend replaced would take back the amended directive, not the one it names: refused,
    in one line, in each language, nothing stored; so is a void of an entry taken back already."""
    cli, match_id, seq, directive = imported(tmp_path, key)
    amended = cli.ok("amend", match_id, seq, *directive.split(), "--reason", "typed again").out.splitlines()
    assert amended[0] == (f"stored #{seq + 1} in {match_id} (by 裁判长): amend #{seq} → {directive} "
                          "(reason: typed again)")
    assert amended[1:-1] == ["re-settled: no result changed"]  # the same directive again: every deal as it was
    assert amended[-1].startswith("next: ")
    store = open_store(tmp_path / "store")
    count = len(store.entries(match_id))
    for named in (seq, seq + 1):  # the entry, or the amend that replaced it
        refused = cli("void", match_id, named, "--reason", "x")
        assert refused.code == 1 and refused.out == ""
        assert refused.err == (f"error: #{seq} was amended by #{seq + 1} (now `{directive}`): it cannot be voided; "
                               f"amend #{seq} again to correct it; nothing stored\n")
    zh = cli("void", match_id, seq, "--reason", "x", "--lang", "zh")
    assert zh.code == 1 and zh.err == (f"错误：#{seq} 已被 #{seq + 1} 更正（现为 `{directive}`）：不能作废；"
                                       f"如需改正，请再次更正 #{seq}；未存储\n")
    assert len(store.entries(match_id)) == count
    cli.ok("undo", match_id)  # #seq+2 takes back the place #seq
    again = cli("void", match_id, seq, "--reason", "x")
    assert again.code == 1 and again.err == (f"error: #{seq} was already taken back by #{seq + 2} (undo); "
                                             "nothing to void, nothing stored\n")
    zh = cli("void", match_id, seq, "--reason", "x", "--lang", "zh")
    assert zh.code == 1 and zh.err == f"错误：#{seq} 已被 #{seq + 2}（撤销）撤回；无可作废，未存储\n"
    assert len(store.entries(match_id)) == count + 1


def test_a_dou_dizhu_amend_shows_the_new_directive_and_the_deal_re_settled(tmp_path: Path) -> None:
    """The bidding amended after the deal was settled: the amend, the deal as now settled, and what comes next."""
    cli = Cli(tmp_path / "store")
    cli.ok("new", "D1", "--game", "doudizhu", "--player", "Al", "--player", "Bo", "--player", "Cy")  # #1-#4
    # the player the deal starts with bids first (§3): any seat, 1, 2, 3 or pass; or the deal is dealt again
    assert cli.ok("record", "D1", "deal").out == ("stored #5 in D1 (by 裁判长): deal\n"
                                                  "next: bid SEAT 1|2|3|pass / redeal\n")
    # Al bid 1: Bo bids next, higher than 1 or passes (§3.1)
    assert cli.ok("record", "D1", "bid", "1", "1").out == ("stored #6 in D1 (by 裁判长): bid 1 1\n"
                                                           "next: bid Bo 2|3|pass / redeal\n")
    for directive in ("bid 2 2", "bid 3 pass", "kitty 5H 9C BJ", "bomb 2 7777", "out 2"):  # #7-#11
        cli.ok("record", "D1", *directive.split())
    # As recorded: Bo the landlord at 2, one bomb (×2), Bo out first: each farmer pays 1 × 2 × 2 = 4, Bo gets 8.
    # Amended: Cy bid 3 (#8), so Cy is the landlord at 3; Bo, a farmer, goes out first: the farmers win, each
    # receives 1 × 3 × 2 = 6 and Cy pays 2 × 3 × 2 = 12.
    out = cli.ok("amend", "D1", "8", "bid", "3", "3", "--reason", "misheard").out
    assert out == ("stored #12 in D1 (by 裁判长): amend #8 → bid 3 3 (reason: misheard)\n"
                   "re-settled: deal 1, landlord Cy, bid 3, doubled by bomb ×1, multiplier ×2, winner farmers, "
                   "Al +6 (+6), Bo +6 (+6), Cy -12 (-12)\n"
                   "next: antispring / deal\n")  # a farmer out first may claim anti-spring (§5.2), or a new deal
