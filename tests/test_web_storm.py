"""The POST storm (issue 15): 8 threads × 200 web POSTs into one match on one real server on loopback (uvicorn
in a thread, the store's calls on its thread pool): every entry stored exactly once, numbered without a gap,
the chain and the head record intact (``referee verify``), nothing refused."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections import Counter
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")

from webvenue import T1, make_venue, running  # noqa: E402

from referee.store.store import Store  # noqa: E402

THREADS = 8
POSTS = 200


def test_eight_threads_of_two_hundred_posts_store_each_entry_once(tmp_path: Path) -> None:
    venue = make_venue(tmp_path)
    before = Store(venue.db).entries(T1)
    n0 = len(before)
    failures: list[str] = []
    seqs: list[int] = []
    lock = threading.Lock()

    def poster(k: int, base: str) -> None:
        with httpx.Client(base_url=base, timeout=120,
                          headers={"Authorization": f"Bearer {venue.table1}"}) as http:
            for i in range(POSTS):
                r = http.post(f"/api/matches/{T1}/entries", json={"directive": f"team EW t{k}-{i}"})
                with lock:
                    if r.status_code == 201:
                        seqs.append(r.json()["seq"])
                    else:
                        failures.append(f"t{k}-{i}: {r.status_code} {r.text[:200]}")

    with running(venue.db) as base:
        threads = [threading.Thread(target=poster, args=(k, base)) for k in range(THREADS)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert failures == []
    total = THREADS * POSTS  # 1,600 entries after the match's own n0
    assert sorted(seqs) == list(range(n0 + 1, n0 + total + 1))  # each answer a distinct seq, none skipped
    entries = Store(venue.db).entries(T1)
    assert entries[:n0] == before and len(entries) == n0 + total
    stored = Counter(e["directive"] for e in entries[n0:])
    posted = {f"team EW t{k}-{i}" for k in range(THREADS) for i in range(POSTS)}
    assert set(stored) == posted and max(stored.values()) == 1  # every entry once, no other
    assert [e["seq"] for e in entries] == list(range(1, n0 + total + 1))
    for k in range(THREADS):  # each thread's entries in the order it posted them
        mine = [e["directive"] for e in entries if e["directive"].startswith(f"team EW t{k}-")]
        assert mine == [f"team EW t{k}-{i}" for i in range(POSTS)]
    env = {**os.environ, "REFEREE_LANG": "en"}
    done = subprocess.run([str(Path(sys.executable).parent / "referee"), "verify", "--db", str(venue.db)], env=env,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0 and "every hash chain intact" in done.stdout, done
