"""The one write path of a typed directive (``referee.app.recording.enter``), for every game of the registry: the
text read by the match's game in the match's place (``Game.read_entry``: a Dou Dizhu player's name names the seat the
record gave them, §1 of docs/doudizhu-rules.md), a short answer read where the match stands (``Game.answer_state``:
Gunzi's ``100`` is ``points 100``), checked by the engine from the memo's kept state (``Game.replayer``) and appended;
an unreadable line refused with the reader's words and nothing stored."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.app import recording
from referee.app.newmatch import match_events
from referee.app.officiate import Rejected
from referee.core.errors import UsageError
from referee.games import registry
from referee.results import replaying
from referee.store.folder import FolderStore
from referee.store.memo import Memo

PLAYERS = ["张三", "李四", "王五", "赵六"]


def new_match(root: Path, key: str, match_id: str = "M1") -> FolderStore:
    store = FolderStore(root)
    game = registry.game(key)
    store.create(match_events(game, match_id, game.default_rules if not registry.written(key) else None,
                              PLAYERS[:len(game.seats)]), referee="director")
    return store


def kept(memo: Memo, match_id: str) -> object:
    with memo.session(match_id) as s:
        return memo.fold(s)


@pytest.mark.parametrize("key", registry.keys())
def test_a_line_no_game_reads_is_refused_in_the_readers_words_and_nothing_stored(tmp_path: Path, key: str) -> None:
    store = new_match(tmp_path, key)
    have = len(store.entries("M1"))
    with pytest.raises(UsageError) as e:
        recording.enter(store, "M1", recording.as_directive("xyzzy 1", "DIRECTIVE"), "王裁判")
    assert e.value.msg.text("en").startswith("cannot read the DIRECTIVE argument 'xyzzy 1': ")
    with pytest.raises(UsageError) as e:
        recording.enter(store, "M1", recording.as_directive("# only a comment"), "王裁判")
    assert e.value.msg.text("en") == "'# only a comment' holds no directive (empty or a comment)"
    assert len(store.entries("M1")) == have


@pytest.mark.parametrize("key", registry.keys())
def test_what_a_game_expects_first_is_stored_through_the_memo_as_without(tmp_path: Path, key: str) -> None:
    # the first directive each game's engine asks for (Game.expected): Gunzi's `hand`, the others' `deal` (Hubei's
    # naming its dealer: deal 1 dealer=E); stored as without the memo, and the memo keeps the engine's state after
    # it for the next one
    store, plain = new_match(tmp_path / "a", key), new_match(tmp_path / "b", key)
    memo = Memo(store)
    with memo.session("M1"):  # the memo knows the match's file from here on
        pass
    game = registry.game(key)
    first = game.expected(replaying.replay(store.events("M1")))[0].replace("SEAT", game.seats[0])
    got = recording.enter(store, "M1", recording.as_directive(first), "王裁判", memo=memo)
    want = recording.enter(plain, "M1", recording.as_directive(first), "王裁判")
    assert got.game is game and got.entries[0]["directive"] == want.entries[0]["directive"]
    assert got.entries[0]["directive"].split()[0] in ("hand", "deal")
    assert got.after == want.after == replaying.replay(store.events("M1"))
    assert kept(memo, "M1") is not None  # the state after it, kept: the next entry extends it, no replay


def test_a_dou_dizhu_name_names_its_seat_through_the_memo(tmp_path: Path) -> None:
    # seat 1 张三, 2 李四, 3 王五 (the record's seat lines); 张三 opens with 1, 李四 must beat it (§3.1: a bid
    # rises), then bids 3
    store = new_match(tmp_path, "doudizhu")
    memo = Memo(store)
    for line in ("deal", "bid 张三 1"):
        recording.enter(store, "M1", recording.as_directive(line), "王裁判", memo=memo)
    with pytest.raises(Rejected) as e:
        recording.enter(store, "M1", recording.as_directive("bid 李四 1"), "王裁判", memo=memo)
    assert e.value.msg.text("en") == "event rejected, nothing stored: bids rise: 1 does not beat 1 (seat 1) (§3.1)"
    done = recording.enter(store, "M1", recording.as_directive("bid 李四 3"), "王裁判", memo=memo)
    assert [e["directive"] for e in store.entries("M1")][-3:] == ["deal", "bid 1 1", "bid 2 3"]
    assert done.after == replaying.replay(store.events("M1"))


def test_gunzi_short_answers_are_read_where_the_hand_stands(tmp_path: Path) -> None:
    # after the bury (§6.3 of docs/gunzi-rules.md), a bare number is the points the defenders took and decl the side
    # that took the last trick (§6.6: the declarer's keeps the kitty): the hand then settles (§7)
    store = new_match(tmp_path, "gunzi")
    memo = Memo(store)
    for line in ("hand", "declare E BJ", "trump H", "kitty 4C 6C 7C 8C 9C JH", "bury 4C 6C 7C 8C 9C JH"):
        recording.enter(store, "M1", recording.as_directive(line), "王裁判", memo=memo)
    points = recording.enter(store, "M1", recording.as_answer("100"), "王裁判", memo=memo)
    last = recording.enter(store, "M1", recording.as_answer("decl"), "王裁判", memo=memo)
    assert [points.entries[0]["directive"], last.entries[0]["directive"]] == ["points 100", "last decl"]
    game = registry.game("gunzi")
    assert game.settled_hands(last.after) == [1] and game.settled_hands(last.prior()) == []
    blocks = game.settled_now(last.prior(), last.after, "en")
    assert len(blocks) == 1 and blocks[0][0].startswith("Hand 1 settled (game 1; declarer E")
    assert game.ended_text(last.prior(), last.after, "en") is None  # one hand wins no match


def test_a_dou_dizhu_record_file_names_players_as_the_match_seated_them(tmp_path: Path) -> None:
    # a paper sheet typed in without its seat lines: 李四 is seat 2 of the match (its seat lines, §1), so the
    # file's `bid 李四 1` is stored as `bid 2 1`; a line no reader reads is still refused at its line
    from referee.app.appending import read_file

    store = new_match(tmp_path / "s", "doudizhu")
    sheet = tmp_path / "sheet.txt"
    sheet.write_text("deal\nbid 李四 1\n", encoding="utf-8")
    got = read_file(store, "M1", sheet)
    done = recording.record(store, "M1", got.events, "王裁判", lines=got.lines, file=str(sheet))
    assert [e["directive"] for e in done.entries] == ["deal", "bid 2 1"] and got.lines == [1, 2]
    sheet.write_text("deal\nbid 赵六 1\n", encoding="utf-8")  # nobody of that name sits at this table
    with pytest.raises(UsageError) as e:
        read_file(store, "M1", sheet)
    assert e.value.msg.text("en").startswith(f"{sheet}:2: '赵六' is not a seat (1, 2, 3 or a player's name: 张三, 李四")
