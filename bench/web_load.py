"""Web load bench: ``referee serve`` under SSE viewers and referees posting entries. Prints figures, asserts
nothing (it exits 1 only when an accepted entry is not stored exactly once, or a viewer missed one).

    .venv/bin/python bench/web_load.py                         # 100 viewers, 20 referees, 60 s
    .venv/bin/python bench/web_load.py --seconds 20 --viewers 50 --referees 10

Loopback only, and it stops by itself. In a temporary store it makes one match per referee (``referee new
LOAD-<i> --table <i>`` with ``games_to_win`` raised, so no match ends during the run) and one referee token per
table (``referee token add load-<i> --role referee --tables <i>``), starts ``referee serve`` on a free
127.0.0.1 port (``tests/webserver.py``), opens the SSE viewers (``GET /api/matches/{id}/stream``, spread evenly
over the matches) and, once all of them are connected, lets every referee post the next directive of a
generated legal record (``referee.games.gunzi.testing.generate``) to its own match every ``--interval`` seconds
(``POST /api/matches/{id}/entries``, ``Authorization: Bearer``, with ``"after"`` the seq it knows, as a phone
form does). The clients are httpx (async), all in this process.

Afterwards, with the server stopped, it reads the store: every entry a POST was told was stored (201, its
seq) must be there exactly once, at that seq, with that directive and the token's name as its referee, and
nothing else stored. It prints:

- POSTs: sent, accepted (201), refused by status, throughput, and the latency p50/p95/max;
- SSE delivery: per viewer, every accepted entry of its match must arrive once: missed and duplicated counts;
  the delay from the POST's answer to the viewer receiving it (p50/p95/max; it can be a little negative: the
  event may be sent before the answer reaches the poster), and from the POST's sending (end to end);
- the server's RSS (start, peak while running, end; VmHWM) and its CPU seconds, and per accepted entry;
- then, the referees done and the viewers gone, the read routes when nothing changes (``--gets`` requests of
  each, 4 at a time): ``/``, an event's page (an event of 8 pairs, round 1 paired, made in the setup), a
  match's page, its JSON and the event's standings JSON: requests per second and the server's CPU per
  request (the first request of each computes; the others find it computed);
- the load average before and after (the machine is shared: read the figures with it).

With ``--peer`` it also runs ``bench/peer_app.py`` (the same stack's least: Starlette + uvicorn + sse-starlette, one
JSON line with one fsync per POST) under the same load, one after the other (``--rounds N`` pairs, alternating),
and prints the server's CPU per entry and POST p95 as ratios to the peer's. ``REFEREE_PROFILE=FILE`` runs the
server under cProfile, every thread (``bench/profile_serve.py``), the stats written to FILE when it stops.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import re
import resource
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import figures  # noqa: E402
import httpx  # noqa: E402
from webserver import WebServer, add_token, referee_cli  # noqa: E402

from referee.games.gunzi.testing.generate import endless_rule_file, endless_rules, generate_match  # noqa: E402

HEADER_WORDS = {"match", "team", "seat"}
TARGET_P95_MS = 150.0
TARGET_CPU_MS = 3.0  # server CPU per accepted entry
TARGET_GET_MS = 2.0  # server CPU per GET when nothing changed


@dataclass
class Post:
    match: str
    directive: str
    sent: float
    answered: float
    status: int
    seq: int | None = None
    stored: str | None = None


@dataclass
class Viewer:
    match: str
    connected: asyncio.Event = field(default_factory=asyncio.Event)
    got: list[tuple[int, float]] = field(default_factory=list)  # (seq, monotonic time received)
    error: str | None = None



def directives(seed: int, wanted: int) -> list[str]:
    """At least *wanted* directives of a legal generated record, header lines left out."""
    hands = max(4, math.ceil(wanted / 7) + 4)
    while True:
        text = generate_match(seed, hands, endless_rules())
        lines = [ln.strip() for ln in text.splitlines()]
        out = [ln for ln in lines if ln and not ln.startswith("#") and ln.split()[0] not in HEADER_WORDS]
        if len(out) >= wanted:
            return out
        hands *= 2


def rss_kb(pid: int) -> dict[str, int]:
    """VmRSS and VmHWM of *pid*, in kB (empty when the process is gone)."""
    out: dict[str, int] = {}
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as f:
            for line in f:
                if line.startswith(("VmRSS:", "VmHWM:")):
                    key, value = line.split(":", 1)
                    out[key] = int(value.split()[0])
    except OSError:
        pass
    return out


def cpu_seconds(pid: int) -> float | None:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


SEQ_IN_DATA = re.compile(r"\d+")


def seq_of(event_id: str | None, data: str) -> int | None:
    """The seq an SSE event carries: its ``id:``, else ``"seq"`` of a JSON ``data:``, else the data's first number."""
    if event_id and event_id.strip().isdigit():
        return int(event_id)
    try:
        value = json.loads(data)
    except ValueError:
        value = None
    if isinstance(value, dict) and isinstance(value.get("seq"), int):
        return int(value["seq"])
    found = SEQ_IN_DATA.search(data)
    return int(found.group(0)) if found else None


async def watch(client: httpx.AsyncClient, base: str, viewer: Viewer, stop: asyncio.Event) -> None:
    try:
        async with client.stream("GET", f"{base}/api/matches/{viewer.match}/stream",
                                 headers={"Accept": "text/event-stream"}) as r:
            if r.status_code != 200:
                viewer.error = f"status {r.status_code}"
                viewer.connected.set()
                return
            viewer.connected.set()
            event_id: str | None = None
            data: list[str] = []
            async for line in r.aiter_lines():
                if line == "":
                    if data:
                        seq = seq_of(event_id, "\n".join(data))
                        if seq is not None:
                            viewer.got.append((seq, time.monotonic()))
                    event_id, data = None, []
                    if stop.is_set():
                        return
                elif line.startswith("id:"):
                    event_id = line[3:].strip()
                elif line.startswith("data:"):
                    data.append(line[5:].lstrip(" "))
    except (httpx.HTTPError, asyncio.CancelledError) as e:
        if not stop.is_set() and not isinstance(e, asyncio.CancelledError):
            viewer.error = repr(e)
        viewer.connected.set()


async def referee_loop(client: httpx.AsyncClient, base: str, match: str, token: str, lines: list[str],
                       after: int, start: float, end: float, interval: float, posts: list[Post]) -> None:
    k = 0
    headers = {"Authorization": f"Bearer {token}"}
    while k < len(lines):
        slot = start + k * interval
        now = time.monotonic()
        if slot >= end or now >= end:
            return
        if slot > now:
            await asyncio.sleep(slot - now)
        directive = lines[k]
        sent = time.monotonic()
        try:
            r = await client.post(f"{base}/api/matches/{match}/entries", headers=headers,
                                  json={"directive": directive, "after": after})
            status = r.status_code
            try:
                body = r.json()
            except ValueError:
                body = {}
        except httpx.HTTPError as e:
            posts.append(Post(match, directive, sent, time.monotonic(), -1, stored=repr(e)))
            k += 1
            continue
        post = Post(match, directive, sent, time.monotonic(), status)
        if status == 201:
            post.seq, post.stored = int(body["seq"]), str(body["stored"])
            after = post.seq
            k += 1
        else:
            post.stored = str(body.get("error", {}).get("message", ""))[:200]
        posts.append(post)
        if status == 409:  # the match moved on (never expected: one poster per match): this referee stops
            return
        if status != 201:
            k += 1  # refused: on to the next directive (a refusal here is itself a finding)


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, max(0, math.ceil(p / 100 * len(s)) - 1))]


def ms(values: list[float]) -> str:
    if not values:
        return "n/a"
    return (f"p50 {pct(values, 50) * 1000:7.1f} ms   p95 {pct(values, 95) * 1000:7.1f} ms   "
            f"max {max(values) * 1000:7.1f} ms   (n={len(values)})")


async def run_load(base: str, pid: int, matches: list[str], tokens: list[str], lines: dict[str, list[str]],
                   after: dict[str, int], args: argparse.Namespace) -> tuple[list[Post], list[Viewer], dict[str, Any]]:
    viewers = [Viewer(matches[j % len(matches)]) for j in range(args.viewers)]
    stop = asyncio.Event()
    timeout = httpx.Timeout(30.0, read=None)
    limits_v = httpx.Limits(max_connections=args.viewers + 5, max_keepalive_connections=args.viewers + 5)
    limits_p = httpx.Limits(max_connections=args.referees + 5, max_keepalive_connections=args.referees + 5)
    posts: list[Post] = []
    rss: list[int] = []
    async with httpx.AsyncClient(timeout=timeout, limits=limits_v) as vc, \
            httpx.AsyncClient(timeout=httpx.Timeout(30.0), limits=limits_p) as pc:
        watchers = [asyncio.create_task(watch(vc, base, v, stop)) for v in viewers]
        await asyncio.wait_for(asyncio.gather(*(v.connected.wait() for v in viewers)), 60)
        await asyncio.sleep(0.5)  # the last subscriptions registered on the server's side
        rss_start = rss_kb(pid).get("VmRSS", 0)
        own_start = resource.getrusage(resource.RUSAGE_SELF)
        cpu_start = cpu_seconds(pid)
        start = time.monotonic() + 0.2
        end = start + args.seconds

        async def sample() -> None:
            while time.monotonic() < end + 2:
                rss.append(rss_kb(pid).get("VmRSS", 0))
                await asyncio.sleep(1.0)

        sampler = asyncio.create_task(sample())
        await asyncio.gather(*(referee_loop(pc, base, m, t, lines[m], after[m], start, end, args.interval, posts)
                               for m, t in zip(matches, tokens, strict=True)))
        elapsed = time.monotonic() - start
        own = resource.getrusage(resource.RUSAGE_SELF)
        await asyncio.sleep(2.0)  # the last entries reach the viewers
        stop.set()
        for w in watchers:
            w.cancel()
        await asyncio.gather(*watchers, return_exceptions=True)
        await sampler
    info = {"elapsed": elapsed, "rss_start": rss_start, "rss_peak": max(rss, default=0),
            "rss_end": rss_kb(pid).get("VmRSS", 0), "hwm": rss_kb(pid).get("VmHWM", 0),
            "cpu": (cpu_seconds(pid) or 0.0) - (cpu_start or 0.0) if cpu_start is not None else None,
            "client_cpu": own.ru_utime + own.ru_stime - own_start.ru_utime - own_start.ru_stime}
    return posts, viewers, info


async def read_routes(base: str, pid: int, match: str, n: int) -> list[tuple[str, int, float, float | None,
                                                                        list[float]]]:
    """*n* GETs of each read route, 4 at a time: (route, n, wall seconds, server CPU seconds, latencies)."""
    routes = ["/", "/events/LOADEV", f"/matches/{match}", f"/api/matches/{match}", "/api/events/LOADEV/standings"]
    out = []
    async with httpx.AsyncClient(timeout=httpx.Timeout(30.0)) as client:
        for route in routes:
            lat: list[float] = []
            todo = iter(range(n))

            async def worker(route: str = route, lat: list[float] = lat, todo: Any = todo) -> None:
                for _ in todo:
                    t = time.monotonic()
                    r = await client.get(base + route)
                    lat.append(time.monotonic() - t)
                    if r.status_code != 200:
                        raise SystemExit(f"GET {route}: {r.status_code}")

            cpu0, t0 = cpu_seconds(pid), time.monotonic()
            await asyncio.gather(*(worker() for _ in range(4)))
            wall, cpu1 = time.monotonic() - t0, cpu_seconds(pid)
            out.append((route, n, wall, None if cpu0 is None or cpu1 is None else cpu1 - cpu0, lat))
    return out


def check_store(db: Path, matches: list[str], names: dict[str, str], header: dict[str, int],
                posts: list[Post]) -> list[str]:
    """Every accepted POST stored exactly once, where it was said to be; nothing else stored."""
    from referee.store.store import Store

    store = Store(db)
    problems: list[str] = []
    accepted: dict[str, list[Post]] = defaultdict(list)
    for p in posts:
        if p.status == 201:
            accepted[p.match].append(p)
    for m in matches:
        entries = store.entries(m)[header[m]:]
        want = accepted[m]
        if len(entries) != len(want):
            problems.append(f"{m}: {len(want)} entries accepted, {len(entries)} stored after the header")
        for p, e in zip(want, entries, strict=False):
            if (e["seq"], e["directive"], e["referee"], e["kind"]) != (p.seq, p.stored, names[m], "event"):
                problems.append(f"{m}: accepted #{p.seq} {p.stored!r} by {names[m]}, stored #{e['seq']} "
                                f"{e['directive']!r} ({e['kind']}) by {e['referee']}")
                break
        seqs = [e["seq"] for e in store.entries(m)]
        if len(seqs) != len(set(seqs)):
            problems.append(f"{m}: a seq stored twice")
    return problems


class PeerServer:
    """``bench/peer_app.py`` on a free loopback port, as a subprocess (the same interpreter as the server)."""

    def __init__(self, folder: Path, config: dict[str, list[Any]]) -> None:
        self.folder = folder
        self.config_path = folder / "peer-config.json"
        self.config_path.write_text(json.dumps(config), encoding="utf-8")
        self.log_path = folder / "peer.log"
        self.proc: Any = None
        self.port = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        return int(self.proc.pid)

    def __enter__(self) -> PeerServer:
        import subprocess

        from webserver import free_port

        self.port = free_port()
        env = dict(os.environ)
        if os.environ.get("REFEREE_PROFILE"):
            env.pop("REFEREE_PROFILE")
        with open(self.log_path, "ab") as log:
            self.proc = subprocess.Popen([sys.executable, str(ROOT / "bench" / "peer_app.py"), "--port",
                                          str(self.port), "--folder", str(self.folder), "--config",
                                          str(self.config_path)], stdout=log, stderr=subprocess.STDOUT, env=env,
                                         stdin=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.url + "/", timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError(f"the peer app did not start: {self.log_path.read_text(errors='replace')}")

    def __exit__(self, *exc: object) -> None:
        import signal

        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(5)
        except Exception:
            self.proc.kill()
            self.proc.wait()


def check_peer(folder: Path, matches: list[str], header: dict[str, int], posts: list[Post]) -> list[str]:
    """The peer's files: every accepted POST's line once, in order, nothing else."""
    problems: list[str] = []
    accepted: dict[str, list[Post]] = defaultdict(list)
    for p in posts:
        if p.status == 201:
            accepted[p.match].append(p)
    for m in matches:
        path = folder / f"{m}.jsonl"
        rows = [json.loads(ln) for ln in path.read_text(encoding="utf-8").splitlines()] if path.exists() else []
        got = [(r["seq"], r["directive"]) for r in rows]
        want = [(p.seq, p.stored) for p in accepted[m]]
        if got != want:
            problems.append(f"{m}: {len(want)} accepted, {len(got)} lines (or not the same)")
    return problems


@dataclass
class Run:
    name: str
    posts: list[Post]
    viewers: list[Viewer]
    info: dict[str, Any]
    reads: list[Any]
    problems: list[str]
    load: tuple[tuple[float, float, float], tuple[float, float, float]]
    missed: int = 0
    dup: int = 0


def report(run: Run, args: argparse.Namespace) -> None:
    posts, viewers, info, reads = run.posts, run.viewers, run.info, run.reads
    ok = [p for p in posts if p.status == 201]
    by_status: dict[int, int] = defaultdict(int)
    for p in posts:
        by_status[p.status] += 1
    scheduled = args.referees * math.floor(args.seconds / args.interval)
    print(f"\n[{run.name}] POST /api/matches/{{id}}/entries: {len(posts)} sent in {info['elapsed']:.1f} s of "
          f"{scheduled} scheduled (a referee waits for each answer before the next), {len(ok)} accepted "
          f"({len(ok) / info['elapsed']:.1f}/s); by status: "
          + ", ".join(f"{s}: {n}" for s, n in sorted(by_status.items())))
    refused = [p for p in posts if p.status != 201][:3]
    for p in refused:
        print(f"  refused ({p.status}) {p.match} {p.directive!r}: {p.stored or ''}")
    print(f"  latency    {ms([p.answered - p.sent for p in ok])}   target p95 < {TARGET_P95_MS:.0f} ms")

    answered = {(p.match, p.seq): p for p in ok}
    delay_answer: list[float] = []
    delay_sent: list[float] = []
    missed = dup = errors = 0
    for v in viewers:
        if v.error:
            errors += 1
        seen: dict[int, int] = defaultdict(int)
        for seq, t in v.got:
            seen[seq] += 1
            hit = answered.get((v.match, seq))
            if hit is not None and seen[seq] == 1:
                delay_answer.append(t - hit.answered)
                delay_sent.append(t - hit.sent)
        want = {p.seq for p in ok if p.match == v.match}
        missed += len([s for s in want if s not in seen])
        dup += sum(n - 1 for s, n in seen.items() if n > 1)
    run.missed, run.dup = missed, dup
    print(f"SSE: {len(viewers)} viewers, {sum(len(v.got) for v in viewers)} events received; "
          f"missed {missed}, duplicated {dup}, viewers with errors {errors}")
    print(f"  delay after the POST's answer  {ms(delay_answer)}")
    print(f"  delay after the POST was sent  {ms(delay_sent)}   target p95 < {TARGET_P95_MS:.0f} ms")
    cpu = "n/a" if info["cpu"] is None else f"{info['cpu']:.1f} s"
    print(f"server RSS: {info['rss_start'] / 1024:.0f} MB at start, peak {info['rss_peak'] / 1024:.0f} MB, "
          f"{info['rss_end'] / 1024:.0f} MB at the end (VmHWM {info['hwm'] / 1024:.0f} MB); "
          f"server CPU {cpu} in {info['elapsed']:.0f} s; this client's CPU {info['client_cpu']:.1f} s")
    ok_n = max(1, len(ok))
    if info["cpu"] is not None:
        print(f"  server CPU per accepted entry {info['cpu'] * 1000 / ok_n:.2f} ms (with its SSE fan-out)   "
              f"target ≤ {TARGET_CPU_MS:.0f} ms")
    for route, n, wall, rcpu, lat in reads:
        cpu_ms = "n/a" if rcpu is None else f"{rcpu * 1000 / n:6.2f} ms"
        print(f"GET {route:32s} {n / wall:7.0f} req/s   server CPU {cpu_ms}/request   {ms(lat)}")
    if reads:
        print(f"  targets: ≤ {TARGET_GET_MS:.0f} ms CPU per request when nothing changed; standings ≥ 500 req/s")
    before, after = run.load
    print(f"load average: {' '.join(f'{x:.2f}' for x in before)} before, "
          f"{' '.join(f'{x:.2f}' for x in after)} after ({os.cpu_count()} CPUs)")
    if run.problems:
        print("STORE: " + "; ".join(run.problems[:10]))
    else:
        print(f"store: every one of the {len(ok)} accepted entries stored exactly once, at its seq"
              + (", by its token's name; nothing else stored" if run.name == "serve" else "; nothing else stored"))


def per_entry(run: Run) -> tuple[float, float]:
    """(server CPU ms per accepted entry, POST p95 ms)."""
    ok = [p for p in run.posts if p.status == 201]
    cpu = (run.info["cpu"] or float("nan")) * 1000 / max(1, len(ok))
    return cpu, pct([p.answered - p.sent for p in ok], 95) * 1000


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=60.0, help="how long the referees post (default 60)")
    ap.add_argument("--viewers", type=int, default=100, help="SSE viewers, spread over the matches (default 100)")
    ap.add_argument("--referees", type=int, default=20, help="referees, one match each (default 20)")
    ap.add_argument("--interval", type=float, default=0.2, help="seconds between a referee's posts (default 0.2)")
    ap.add_argument("--gets", type=int, default=500, help="requests of each read route afterwards (default 500)")
    ap.add_argument("--peer", action="store_true",
                    help="also run bench/peer_app.py (Starlette + uvicorn + sse-starlette, one JSON line and one "
                         "fsync per POST) under the same load, alternating with the server, and print the ratios")
    ap.add_argument("--rounds", type=int, default=1, help="with --peer: server/peer pairs, alternating (default 1)")
    ap.add_argument("--keep", action="store_true", help="keep the store folder and the server's log")
    figures.add_option(ap)
    args = ap.parse_args(argv)
    if args.referees < 1 or args.viewers < 0 or args.seconds <= 0 or args.interval <= 0 or args.rounds < 1:
        ap.error("--referees ≥ 1, --viewers ≥ 0, --seconds and --interval > 0, --rounds ≥ 1")

    runs: list[Run] = []
    for r in range(args.rounds if args.peer else 1):
        runs.append(serve_run(args))
        if args.peer:
            runs.append(peer_run(args, r))
    for run in runs:
        report(run, args)
    if args.peer:
        print("\nside by side (server CPU per accepted entry, POST p95), each pair one after the other:")
        ratios_cpu, ratios_p95 = [], []
        for a, b in zip(runs[::2], runs[1::2], strict=True):
            (ca, pa), (cb, pb) = per_entry(a), per_entry(b)
            ratios_cpu.append(ca / cb)
            ratios_p95.append(pa / pb)
            print(f"  serve {ca:.2f} ms, p95 {pa:.1f} ms   peer {cb:.2f} ms, p95 {pb:.1f} ms   "
                  f"× peer: CPU {ca / cb:.2f}×, p95 {pa / pb:.2f}×   (load {a.load[0][0]:.2f} → {b.load[1][0]:.2f})")
        print(f"  median × peer: CPU {statistics.median(ratios_cpu):.2f}× (goal ≤ 2×), "
              f"p95 {statistics.median(ratios_p95):.2f}× (goal ≤ 1.3×)")
        if args.save:
            save(args, runs, ratios_cpu, ratios_p95)
    bad = any(run.problems or run.missed or run.dup for run in runs)
    return 1 if bad else 0


def save(args: argparse.Namespace, runs: list[Run], ratios_cpu: list[float], ratios_p95: list[float]) -> None:
    """The side-by-side medians, kept for the docs (``--save``)."""
    serve, peer = [per_entry(a) for a in runs[::2]], [per_entry(b) for b in runs[1::2]]
    med = statistics.median
    figures.save("web_load" + (f"-{args.viewers}" if args.viewers != 100 else ""), {
        "viewers": args.viewers, "referees": args.referees, "seconds": args.seconds, "rounds": args.rounds,
        "serve_cpu_ms": med(c for c, _ in serve), "peer_cpu_ms": med(c for c, _ in peer), "cpu_x": med(ratios_cpu),
        "serve_p95_ms": med(p for _, p in serve), "peer_p95_ms": med(p for _, p in peer), "p95_x": med(ratios_p95)},
        load_before=runs[0].load[0][0])


def peer_run(args: argparse.Namespace, r: int) -> Run:
    load_before = os.getloadavg()
    folder = Path(tempfile.mkdtemp(prefix="referee-web-peer-"))
    matches = [f"LOAD-{i}" for i in range(1, args.referees + 1)]
    wanted = math.ceil(args.seconds / args.interval) + 10
    tokens = [f"peer-token-{i}" for i in range(1, args.referees + 1)]
    lines = {m: directives(1000 + i, wanted) for i, m in enumerate(matches, 1)}
    header = {m: 40 for m in matches}  # a match's first entries are its header, as in the server's store
    with PeerServer(folder, {t: [m, header[m]] for t, m in zip(tokens, matches, strict=True)}) as server:
        print(f"peer: {server.url} (pid {server.pid}); the same load")
        posts, viewers, info = asyncio.run(run_load(server.url, server.pid, matches, tokens, lines, header, args))
    problems = check_peer(folder, matches, header, posts)
    if not args.keep:
        import shutil

        shutil.rmtree(folder, ignore_errors=True)
    return Run("peer", posts, viewers, info, [], problems, (load_before, os.getloadavg()))


def serve_run(args: argparse.Namespace) -> Run:
    load_before = os.getloadavg()
    folder = Path(tempfile.mkdtemp(prefix="referee-web-load-"))
    db = folder / "store"
    rules = endless_rule_file(folder)
    wanted = math.ceil(args.seconds / args.interval) + 10
    matches = [f"LOAD-{i}" for i in range(1, args.referees + 1)]
    names = {m: f"load-{i}" for i, m in enumerate(matches, 1)}
    t0 = time.monotonic()
    tokens: list[str] = []
    lines: dict[str, list[str]] = {}
    header: dict[str, int] = {}
    from referee.store.store import Store

    for i, m in enumerate(matches, 1):
        referee_cli(db, "new", m, "--rules", str(rules), "--table", str(i), "--east", f"东{i}", "--south", f"南{i}",
                    "--west", f"西{i}", "--north", f"北{i}", "--ew", "海之韵", "--ns", "星海", referee="director")
        tokens.append(add_token(db, names[m], "--role", "referee", "--tables", str(i)))
        lines[m] = directives(1000 + i, wanted)
        header[m] = len(Store(db).entries(m))
    referee_cli(db, "event", "new", "LOADEV", "--name", "负载", "--rounds", "1", referee="director")
    for i in range(1, 9):
        referee_cli(db, "event", "add", "LOADEV", f"P{i}", f"甲{i}", f"乙{i}", referee="director")
    referee_cli(db, "event", "pair", "LOADEV", referee="director")
    setup = time.monotonic() - t0
    print(f"setup: {len(matches)} matches and tokens, {wanted} directives each ready, in {setup:.1f} s "
          f"(store {db})")

    if os.environ.get("REFEREE_PROFILE"):  # the server under cProfile, every thread (bench/profile_serve.py)
        import webserver

        webserver.referee_exe = lambda: [sys.executable, str(ROOT / "bench" / "profile_serve.py")]
    with WebServer(db) as server:
        print(f"server: {server.url} (pid {server.pid}); {args.viewers} SSE viewers, {args.referees} referees, "
              f"a directive every {args.interval * 1000:.0f} ms each, for {args.seconds:g} s")
        posts, viewers, info = asyncio.run(run_load(server.url, server.pid, matches, tokens, lines, header, args))
        reads = asyncio.run(read_routes(server.url, server.pid, matches[0], args.gets)) if args.gets > 0 else []
    load_after = os.getloadavg()
    problems = check_store(db, matches, names, header, posts)
    if args.keep:
        print(f"kept: {folder}")
    else:
        import shutil

        shutil.rmtree(folder, ignore_errors=True)
    return Run("serve", posts, viewers, info, reads, problems, (load_before, load_after))


if __name__ == "__main__":
    sys.exit(main())
