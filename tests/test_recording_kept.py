"""Recording with the engine's state kept between processes (``referee.results.keptfold``): a record of one
directive extends the state the last record kept instead of replaying the match, and that state is used only
when it is exactly the state of the stored entries — a tampered, stale or foreign one (another user's key,
another store, another head, other rules) is never used, and then the full replay gives the verdict. Either
way every verdict, result, refusal and clock notice is the full replay's."""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from helpers import M1_HEADER

from referee.app import officiate, recording
from referee.app.officiate import Rejected
from referee.games.gunzi import ruleset
from referee.games.gunzi.events import HandStart, MatchHeader
from referee.games.gunzi.notation import parse, parse_line
from referee.games.gunzi.testing.generate import generate_match
from referee.results import keptfold, replaying
from referee.store import store as store_module


@pytest.fixture(autouse=True)
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test's own cache folder (the user's key and the kept states)."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    keptfold._recent.clear()
    return cache / "referee"


class Spy:
    """Counts the records that used a kept state (``keptfold.load`` answered one)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.used = 0
        self.off = False  # True: no kept state is used (the full replay)
        real = keptfold.load

        def load(store: Any, match_id: str, session: Any) -> keptfold.Kept | None:
            found = None if self.off else real(store, match_id, session)
            self.used += found is not None
            return found

        monkeypatch.setattr(keptfold, "load", load)


def new_match(store: Any, lines: list[str] = M1_HEADER) -> None:
    events = [parse_line(line, line=i) for i, line in enumerate(lines, 1)]
    store.create([e for e in events if e is not None], referee="director")


def full_replay(store: Any, match_id: str = "M1") -> Any:
    events, _ = store.events_and_errors(match_id)
    return replaying.replay(events)


def generated(tmp_path: Path, hands: int = 6) -> tuple[list[str], list[str]]:
    """A generated legal match (seed 2026) on dalian-club kept going: its header lines and the directives after."""
    rules = tmp_path / "endless.toml"
    rules.write_text('base = "dalian-club"\n\n[match]\ngames_to_win = 1000000\nwarnings_limit = 0\n', encoding="utf-8")
    from referee.games.gunzi.notation import format_event

    events = parse(generate_match(2026, hands, ruleset.load(str(rules)))).events
    body = [ev for ev in events if not isinstance(ev, MatchHeader)]
    return [f"match id=M1 rules={rules}"], [format_event(ev) for ev in body]


def attempt(store: Any, directive: str) -> tuple[str, Any]:
    """What recording *directive* did: ("stored", the result after) or ("refused", the refusal's words)."""
    event = parse_line(directive)
    assert event is not None
    try:
        done = recording.record(store, "M1", [event], "王裁判")
    except Rejected as e:
        return "refused", (e.msg.text("en"), e.expected)
    return "stored", done.after


# directives tried before each generated one; most are refused somewhere in a hand, each must be refused (or
# stored) as the full replay says
PROBES = ["last decl", "kitty 4C 6C 7C 8C 9C JH", "points 25"]


def test_every_verdict_over_a_generated_match_is_the_full_replays(store: Any, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    header, body = generated(tmp_path)
    new_match(store, header)
    spy = Spy(monkeypatch)
    refused = 0
    for i, directive in enumerate(body):
        for probe in PROBES if i % 3 == 0 else ():
            before = len(store.entries("M1"))
            verdict, said = attempt(store, probe)
            if verdict == "refused":  # nothing stored; the words are the full replay's refusal
                refused += 1
                assert len(store.entries("M1")) == before
                spy.off = True
                assert attempt(store, probe) == (verdict, said)
                spy.off = False
            else:  # stored where the rules allow it: taken back (the kept state is then behind the head)
                assert said == full_replay(store)
                recording.correct_lines(store, "M1", "undo", reason="probe")
        verdict, after = attempt(store, directive)
        assert verdict == "stored", directive
        assert after == full_replay(store)  # the result the kept state gave is the replay's, hands and all
    assert refused > 10
    assert spy.used > len(body) // 2  # the kept state served most records (not the first, nor after an undo)


def test_a_refusal_from_a_kept_state_names_what_the_engine_expected(store: Any,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    new_match(store)
    for directive in ["hand", "declare E BJ", "trump H"]:
        assert attempt(store, directive)[0] == "stored"
    spy = Spy(monkeypatch)
    verdict, (words, expected) = attempt(store, "last decl")
    assert spy.used == 1 and verdict == "refused"
    # §: a hand is settled only once its kitty is known; the kitty is what comes next after the trump
    assert "hand 1 has no 'kitty': it cannot be settled" in words
    assert expected == ("kitty",)
    spy.off = True  # the full replay's refusal: the same words
    assert attempt(store, "last decl") == ("refused", (words, expected))


def fold_file(cache: Path) -> Path:
    found = list((cache / "folds").glob("*.fold"))
    assert len(found) == 1
    return found[0]


def a_few(store: Any) -> None:
    new_match(store)
    for directive in ["hand", "declare E BJ", "trump H"]:
        assert attempt(store, directive)[0] == "stored"


def test_a_tampered_kept_state_is_never_unpickled(store: Any, own_cache: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    a_few(store)
    path = fold_file(own_cache)
    raw = bytearray(path.read_bytes())
    raw[-3] ^= 0x40  # one bit of the pickled state changed
    path.write_bytes(bytes(raw))
    spy = Spy(monkeypatch)
    monkeypatch.setattr("referee.results.keptfold.pickle.loads", lambda *a: pytest.fail("unsigned bytes unpickled"))
    verdict, after = attempt(store, "kitty 4C 6C 7C 8C 9C JH")
    assert spy.used == 0 and verdict == "stored" and after == full_replay(store)


def test_a_kept_state_signed_by_another_key_is_never_unpickled(store: Any, own_cache: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Another user's (or a hostile folder's) state, well formed and signed, but not with this user's key."""
    a_few(store)
    (own_cache / "fold.key").write_bytes(b"\x01" * 32)  # this user's key is another than the signer's
    spy = Spy(monkeypatch)
    monkeypatch.setattr("referee.results.keptfold.pickle.loads", lambda *a: pytest.fail("unsigned bytes unpickled"))
    verdict, after = attempt(store, "kitty 4C 6C 7C 8C 9C JH")
    assert spy.used == 0 and verdict == "stored" and after == full_replay(store)


def test_a_key_others_may_read_is_not_used(store: Any, own_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    a_few(store)
    (own_cache / "fold.key").chmod(0o644)
    spy = Spy(monkeypatch)
    assert attempt(store, "kitty 4C 6C 7C 8C 9C JH")[0] == "stored"
    assert spy.used == 0


def resign(path: Path, key_file: Path, where: str, frozen: Callable[[bytes], bytes] = bytes, **change: Any) -> None:
    """The kept state *path* with its meta changed (*change*) and its frozen part's bytes (*frozen* of them),
    signed again with this user's key: what a stale state of this user's own looks like."""
    raw = path.read_bytes()
    meta_end = raw.index(b"\n", len(keptfold.MAGIC))
    meta = json.loads(raw[len(keptfold.MAGIC):meta_end])
    meta.update(change)
    body = frozen(raw[meta_end + 66:meta_end + 66 + meta["parts"][0]]) + raw[meta_end + 66 + meta["parts"][0]:]
    rest = body[meta["parts"][0]:]  # the header and the last part are signed; the header names the frozen part's hash
    key = hmac.new(key_file.read_bytes(), b"fold\0" + where.encode(), hashlib.sha256).digest()
    signed = keptfold.MAGIC + json.dumps(meta, sort_keys=True).encode() + b"\n"
    path.write_bytes(signed + hmac.new(key, signed + rest, hashlib.sha256).hexdigest().encode() + b"\n" + body)


def test_the_resign_helper_keeps_a_sound_state_usable(store: Any, own_cache: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """(the check of the two tests below: re-signed unchanged, the state is used)"""
    a_few(store)
    resign(fold_file(own_cache), own_cache / "fold.key", store.where)
    spy = Spy(monkeypatch)
    assert attempt(store, "kitty 4C 6C 7C 8C 9C JH")[0] == "stored"
    assert spy.used == 1


def test_a_frozen_part_other_than_the_signed_header_names_is_never_unpickled(
        store: Any, own_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The header is signed and names the frozen part by its SHA-256: other bytes there (one bit flipped, the
    header and last part signed again with the user's own key) are not the part it names."""
    a_few(store)

    def flipped(part: bytes) -> bytes:
        assert part  # the settled hands and the sketch: never empty in a kept state
        return part[:-1] + bytes([part[-1] ^ 0x01])

    resign(fold_file(own_cache), own_cache / "fold.key", store.where, frozen=flipped)
    spy = Spy(monkeypatch)
    monkeypatch.setattr("referee.results.keptfold.pickle.loads", lambda *a: pytest.fail("unsigned bytes unpickled"))
    verdict, after = attempt(store, "kitty 4C 6C 7C 8C 9C JH")
    assert spy.used == 0 and verdict == "stored" and after == full_replay(store)


@pytest.mark.parametrize("change", [{"rules": "0" * 64}, {"code": "0" * 32}, {"entries": 99}])
def test_a_state_of_other_rules_another_engine_or_another_head_is_passed_over(
        store: Any, own_cache: Path, monkeypatch: pytest.MonkeyPatch, change: dict[str, Any]) -> None:
    a_few(store)
    resign(fold_file(own_cache), own_cache / "fold.key", store.where, **change)
    spy = Spy(monkeypatch)
    verdict, after = attempt(store, "kitty 4C 6C 7C 8C 9C JH")
    assert spy.used == 0 and verdict == "stored" and after == full_replay(store)


def test_a_state_older_than_the_head_is_passed_over(store: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Entries stored by another path than `record` (an undo, a directive of another process's version) leave the
    kept state behind the head: it is not used, and the verdicts are the replay's."""
    a_few(store)
    recording.correct_lines(store, "M1", "undo", reason="typo")  # the trump taken back
    spy = Spy(monkeypatch)
    assert attempt(store, "last decl")[0] == "refused"
    verdict, after = attempt(store, "trump S")
    assert spy.used == 0 and verdict == "stored" and after == full_replay(store)
    assert after.state.trump == "S"
    verdict, after = attempt(store, "kitty 4C 6C 7C 8C 9C JH")  # kept again by the record before
    assert spy.used == 1 and after == full_replay(store)


def test_another_stores_match_with_the_same_id_does_not_use_it(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from referee.store.api import open_store

    one, other = open_store(tmp_path / "one"), open_store(tmp_path / "other")
    a_few(one)
    new_match(other)
    spy = Spy(monkeypatch)
    assert attempt(other, "hand")[0] == "stored"
    assert spy.used == 0


def test_the_clock_notice_from_what_record_kept_is_the_full_ones(store: Any,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """dalian-club times a game at 50 minutes (§7.3.5): an entry stored 61 minutes after the game's first hand,
    no `time` recorded, gets the notice; the words are those the entries read whole give."""
    start = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
    clock = {"now": start}

    def at() -> str:
        return clock["now"].isoformat(timespec="milliseconds").replace("+00:00", "Z")

    monkeypatch.setattr(store_module, "now", at)
    new_match(store)
    for directive in ["hand", "declare E BJ", "trump H", "kitty 4C 6C 7C 8C 9C JH"]:
        attempt(store, directive)
        clock["now"] += timedelta(minutes=1)
    clock["now"] = start + timedelta(minutes=61)
    event = parse_line("points 25")
    assert event is not None
    out = recording.record(store, "M1", [event], "王裁判").outcome()
    assert keptfold.recent(store, "M1", out.entry) is not None  # what record kept for the notice
    monkeypatch.setattr("referee.results.clock.utc_now", lambda: start + timedelta(minutes=61))
    kept = [n.text("en") for n in officiate.notices(store, "M1", out)]
    keptfold._recent.clear()
    whole = [n.text("en") for n in officiate.notices(store, "M1", out)]
    assert kept == whole == ["game 1 has run 61 min, past its 50-minute limit (§7.3.5): record `time` when it is "
                             "called"]


def test_the_clock_sketch_holds_each_deal_opening(store: Any, tmp_path: Path) -> None:
    """What the notice reads: the header and every `hand` in effect, with their entries' times."""
    header, body = generated(tmp_path, hands=3)
    new_match(store, header)
    for directive in body:
        assert attempt(store, directive)[0] == "stored"
    entries = store.entries("M1")
    hint = keptfold.recent(store, "M1", entries[-1])
    assert hint is not None
    events, _ = store.events_and_errors("M1")
    assert [ev.line for ev in hint.events[1:-1]] == [ev.line for ev in events if isinstance(ev, HandStart)]
    assert all(hint.times[ev.line] == entries[ev.line - 1]["time"] for ev in hint.events[1:-1])


def test_a_gunzi_record_loads_no_other_game(tmp_path: Path) -> None:
    """`record`'s check that a directive is no match header asks only the games whose events exist in the process:
    a Gunzi directive, in a fresh process, imports none of the other three games' engines (each one's start-up)."""
    import subprocess
    import sys

    script = (
        "import sys\n"
        "from referee.store.api import open_store\n"
        "from referee.games.gunzi.notation import parse_line\n"
        "from referee.app import recording\n"
        f"s = open_store({str(tmp_path / 'store')!r})\n"
        "s.create([parse_line('match id=M1 rules=dalian-club', line=1)], referee='d')\n"
        "recording.record(s, 'M1', [parse_line('hand')], 'r')\n"
        "print(sorted(m for m in sys.modules if m.endswith('.engine')))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['referee.games.gunzi.engine']"


def test_the_cache_keeps_the_most_recent_states_only(own_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The kept states of many matches are bounded: past ``KEEP`` the oldest written are removed (their matches'
    next record replays), the newest stay, and the user's key is never touched."""
    import os

    folds = own_cache / "folds"
    folds.mkdir(parents=True)
    (own_cache / "fold.key").write_bytes(b"k" * 32)
    for i in range(5):
        path = folds / f"{i:040x}.fold"
        path.write_bytes(b"x")
        os.utime(path, ns=(1_000_000_000 * (i + 1), 1_000_000_000 * (i + 1)))  # written in the order of i
    (folds / "notes.txt").write_text("not a state", encoding="utf-8")
    keptfold.prune(folds, keep=3)
    assert sorted(p.name for p in folds.iterdir()) == [f"{i:040x}.fold" for i in (2, 3, 4)] + ["notes.txt"]
    keptfold.prune(folds, keep=3)  # at the bound: nothing more goes
    assert len(list(folds.glob("*.fold"))) == 3
    assert (own_cache / "fold.key").read_bytes() == b"k" * 32


def test_a_record_past_the_bound_prunes_the_oldest(store: Any, own_cache: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Recording into three matches with room for two keeps the states of the last two recorded."""
    monkeypatch.setattr(keptfold, "KEEP", 2)
    for mid in ("M1", "M2", "M3"):
        new_match(store, [M1_HEADER[0].replace("M1", mid), *M1_HEADER[1:]])
        event = parse_line("hand")
        assert event is not None
        recording.record(store, mid, [event], "王裁判")
    assert len(list((own_cache / "folds").glob("*.fold"))) == 2
