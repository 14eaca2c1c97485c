"""The store under SIGKILL and under concurrent writers, with real processes and real files."""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time

import pytest
from test_store_support import REPO, child_env

from referee.games.gunzi.events import MatchHeader
from referee.store import Store
from referee.store.files import TMP_SUFFIX

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and fsync semantics")

# A child that records events as fast as it can, reporting each only after `record` returned.
CHILD = r"""
import sys
from referee.games.gunzi.events import Warn
from referee.store import Store
from referee.app import recording

store, match_id, tag, count = Store(), sys.argv[1], sys.argv[2], int(sys.argv[3])
for i in range(count):
    out = recording.record(store, match_id, [Warn(seat="E", text=f"{tag}-{i}")]).outcome()
    print(out.entry["seq"], out.entry["directive"], flush=True)
"""


def _new(store: Store, match_id: str) -> None:
    # gunzi-001 has no warnings limit: `warn` is a legal event at any moment, as often as needed.
    store.create([MatchHeader(id=match_id, rules="gunzi-001", line=1)], referee="setup")


def _reported(stdout: str) -> list[tuple[int, str]]:
    out = []
    for line in stdout.splitlines():
        seq, _, directive = line.partition(" ")
        if seq.isdigit() and directive:  # a line cut by the kill is not a report
            out.append((int(seq), directive))
    return out


def _stored(store: Store, match_id: str) -> dict[int, str]:
    return {e.seq: e.directive for e in store.log(match_id) if e.kind == "event"}


def test_sigkill_at_random_moments(tmp_path):
    db = tmp_path / "store"
    store = Store(db)
    _new(store, "CRASH")
    env = child_env(db)
    rng = random.Random(20261129)
    reported: list[tuple[int, str]] = []
    rounds = 20
    for r in range(1, rounds + 1):
        child = subprocess.Popen([sys.executable, "-c", CHILD, "CRASH", f"r{r}", "100000"],
                                 env=env, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 text=True)
        assert child.stdout is not None
        first = child.stdout.readline()  # the child is recording: however loaded the machine, kill it mid-write
        time.sleep(rng.uniform(0.0, 0.3))
        child.send_signal(signal.SIGKILL)
        out, err = child.communicate()
        assert child.returncode == -signal.SIGKILL, err
        reported += _reported(first + out)
        # After every kill the store opens, the chain verifies, and nothing reported is missing.
        n, _, problems = Store(db).verify()
        assert problems == [], problems
    assert len(reported) >= rounds, "every child reported at least the entry it recorded first"
    stored = _stored(Store(db), "CRASH")
    for seq, directive in reported:
        assert stored.get(seq) == directive
    # Each reported event is stored once; an unreported one may be stored (killed after the write).
    assert len(set(stored.values())) == len(stored)
    # Litter: a temp file a kill left behind is removed by the next writer's open.
    with Store(db).session("CRASH"):
        pass
    names = os.listdir(db / "matches")
    assert not [n for n in names if n.endswith(TMP_SUFFIX)], names
    assert sorted(names) == ["CRASH.json", "CRASH.lock"]


def test_concurrent_writers_same_and_different_matches(tmp_path):
    db = tmp_path / "store"
    store = Store(db)
    for mid in ("SAME", "A", "B"):
        _new(store, mid)
    env = child_env(db)
    plan = [("SAME", "p0"), ("SAME", "p1"), ("SAME", "p2"), ("A", "p3"), ("B", "p4"), ("A", "p5")]
    per_child = 25
    children = [subprocess.Popen([sys.executable, "-c", CHILD, mid, tag, str(per_child)], env=env,
                                 cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                for mid, tag in plan]
    results = [c.communicate(timeout=120) for c in children]
    for c, (_out, err) in zip(children, results, strict=True):
        assert c.returncode == 0, err
    store = Store(db)
    n, entries, problems = store.verify()
    assert problems == [] and n == 3
    for mid in ("SAME", "A", "B"):
        stored = _stored(store, mid)
        expected = {f"warn E {tag}-{i}" for m, tag in plan if m == mid for i in range(per_child)}
        texts = [t for s, t in stored.items() if s != 1]
        assert sorted(texts) == sorted(expected)  # every accepted event exactly once, nothing else
        for (m, _), (out, _) in zip(plan, results, strict=True):
            if m == mid:
                for seq, directive in _reported(out):
                    assert stored[seq] == directive
    # The writers interleaved in the shared match (the lock serialised them, it did not serialise runs).
    tags = [t.split()[-1].split("-")[0] for s, t in sorted(_stored(store, "SAME").items()) if s != 1]
    switches = sum(1 for a, b in zip(tags, tags[1:], strict=False) if a != b)
    assert switches >= 2


@pytest.mark.skipif(shutil.which("referee", path=str(REPO / ".venv" / "bin")) is None,
                    reason="the referee script is not installed in .venv")
def test_cli_processes_recording_at_once(tmp_path):
    """Real `referee record` processes, started together, into one match and into others."""
    exe = str(REPO / ".venv" / "bin" / "referee")
    db = tmp_path / "store"
    env = child_env(db)
    for mid in ("M1", "M2"):
        r = subprocess.run([exe, "new", mid, "--rules", "gunzi-001"], env=env, capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
    jobs = [("M1", f"w{i}") for i in range(6)] + [("M2", f"v{i}") for i in range(3)]
    procs = [subprocess.Popen([exe, "record", mid, "warn", "S", tag], env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for mid, tag in jobs]
    for p in procs:
        out, err = p.communicate(timeout=60)
        assert p.returncode == 0, err
        assert out.startswith("stored #")
    r = subprocess.run([exe, "verify"], env=env, capture_output=True, text=True)
    assert r.returncode == 0 and "ok: 2 matches, 11 entries" in r.stdout, r.stdout + r.stderr
    store = Store(db)
    m1 = sorted(t for s, t in _stored(store, "M1").items() if s != 1)
    assert m1 == sorted(f"warn S w{i}" for i in range(6))
    assert len(_stored(store, "M2")) == 4
