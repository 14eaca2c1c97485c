"""Save every text of disputes raised on the Gunzi example, then compare later texts with the saved ones byte for
byte: the guard of a change to the dispute's words that must leave Gunzi's exactly as they were.

    .venv/bin/python bench/dispute_bytes.py save /tmp/dispute-before      # before changing anything
    .venv/bin/python bench/dispute_bytes.py compare /tmp/dispute-before   # after each change: exit 1 on a difference

``save`` first builds the stores: ``examples/spring-cup.gunzi`` imported, disputes raised on hands 1, 12, 20 and
26 (and a confirmation), alternatives weighed, ruled (an alternative, the record kept), appealed, decided (upheld,
the record as it was, another alternative): a copy of the store after each stage, kept in the folder, since
every entry holds its time and so the chain's hashes. Then, from the saved stores, whole processes of
``dispute ID show D`` (en, zh, zh_TW), ``show D --json``, the text of ``sheet D`` (en, zh: pypdf) and ``status``
(en, zh, zh_TW), each dispute at each stage; and the actions' own output with times and chain heads masked, and
the refusals that name a hand (no such hand, an event outside the hand, an unsettled hand to confirm).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bytecheck import arguments, save_or_compare  # noqa: E402

EXAMPLE = ROOT / "examples" / "spring-cup.gunzi"
MATCH = "SC26-R1-T3"
HANDS = (1, 12, 20, 26)
LANGS = ("en", "zh", "zh_TW")
STAGES = ("raised", "weighed", "ruled", "appealed", "decided")
MASK = re.compile(r"\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d+)?Z?|\b[0-9a-f]{12,64}\b")


def _run(db: Path, *args: str) -> bytes:
    env = {**os.environ, "REFEREE_DB": str(db), "REFEREE_NAME": "王裁判", "REFEREE_LANG": "en"}
    env.pop("REFEREE_CONFIG", None)
    done = subprocess.run([sys.executable, "-m", "referee.cli", *args], capture_output=True, env=env, timeout=300,
                          check=False)
    out = b"exit %d\n--- stdout\n%s--- stderr\n%s" % (done.returncode, done.stdout, done.stderr)
    return out.replace(str(ROOT).encode(), b"ROOT")  # the same wherever the worktree is


def _masked(out: bytes) -> bytes:
    return MASK.sub("T", out.decode("utf-8")).encode("utf-8")


def _seqs(db: Path) -> dict[int, dict[str, int]]:
    """Each disputed hand's seq of its first ``points`` line and its first event, from the stored view."""
    from referee.store import Store
    from referee.store.store import corrected

    view = corrected(Store(db).entries(MATCH))
    found: dict[int, dict[str, int]] = {}
    hand = 0
    for seq, text in view.items():
        if text.split()[:1] == ["hand"]:
            hand += 1
            found.setdefault(hand, {"first": seq})
        elif text.split()[:1] == ["points"]:  # the hand's last points line
            found[hand]["points"] = seq
            found[hand]["value"] = int(text.split()[1])
        elif text.split()[:1] == ["bury"]:
            found[hand]["bury"] = seq
            found[hand]["buried"] = text.split()[1:-1]  # the cards but the last
    return found


def _alternatives(s: dict[str, int]) -> list[str]:
    """Alternatives to weigh on a hand: its last points line changed, its last buried card another (the rules
    refuse some: their refusals are outputs too)."""
    buried = " ".join(s["buried"])  # type: ignore[arg-type]
    return ([f"{s['points']} points {s['value'] + delta}" for delta in (5, -5, 10, -10)]
            + [f"{s['bury']} bury {buried} {card}" for card in ("5H", "KH", "10S")])


def build(folder: Path) -> dict[str, bytes]:
    """The stores after each stage (copied into *folder*/stores), and the actions' masked outputs."""
    out: dict[str, bytes] = {}
    stores = folder / "stores"
    shutil.rmtree(stores, ignore_errors=True)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "store"
        out["import"] = _masked(_run(db, "import", str(EXAMPLE)))
        seqs = _seqs(db)
        by = ("NS", "EW", "NS", "EW")
        for i, hand in enumerate(HANDS):
            out[f"raise-{hand}"] = _masked(_run(db, "dispute", MATCH, "--hand", str(hand), "--by", by[i],
                                                "--claim", f"手 {hand}: the points were miscounted"))
        out["raise-seq"] = _masked(_run(db, "dispute", MATCH, "--seq", str(seqs[3]["first"]), "--by", "EW",
                                        "--claim", "by its event"))
        out["raise-nohand"] = _masked(_run(db, "dispute", MATCH, "--hand", "99", "--by", "EW", "--claim", "x"))
        out["raise-seq1"] = _masked(_run(db, "dispute", MATCH, "--seq", "1", "--by", "EW", "--claim", "x"))
        out["confirm"] = _masked(_run(db, "confirm", MATCH, "--hand", "2", "--by", "EW", "--captain", "张三"))
        out["confirm-disputed"] = _masked(_run(db, "confirm", MATCH, "--hand", "1", "--by", "EW"))
        out["confirm-nohand"] = _masked(_run(db, "confirm", MATCH, "--hand", "99", "--by", "EW"))
        shutil.copytree(db, stores / "raised")
        for d, hand in enumerate(HANDS, 1):
            s = seqs[hand]
            for k, alt in enumerate(_alternatives(s)):
                out[f"weigh-{d}-{k}"] = _masked(_run(db, "dispute", MATCH, "show", str(d), "--alt", alt))
            out[f"weigh-{d}-outside"] = _masked(_run(db, "dispute", MATCH, "show", str(d), "--alt",
                                                     f"{seqs[hand + 1 if hand < 26 else 1]['points']} points 40"))
        shutil.copytree(db, stores / "weighed")
        for d in range(1, len(HANDS) + 2):
            choice = ["--keep"] if d % 2 == 0 else ["--alt", "1"]
            out[f"rule-{d}"] = _masked(_run(db, "dispute", MATCH, "rule", str(d), *choice, "--reason", "§6.6 理由"))
        shutil.copytree(db, stores / "ruled")
        for d in range(1, len(HANDS) + 1):
            out[f"appeal-{d}"] = _masked(_run(db, "dispute", MATCH, "appeal", str(d), "--by", "EW" if d % 2 else "NS",
                                              "--reason", "不服"))
        shutil.copytree(db, stores / "appealed")
        choices = (["--uphold"], ["--alt", "1"], ["--keep"], ["--alt", "2"])
        for d in range(1, len(HANDS) + 1):
            out[f"decide-{d}"] = _masked(_run(db, "dispute", MATCH, "decide", str(d), *choices[d - 1],
                                              "--reason", "裁判长决定"))
        shutil.copytree(db, stores / "decided")
    return out


def _sheet(db: Path, d: int, lang: str) -> bytes:
    from pypdf import PdfReader

    with tempfile.TemporaryDirectory() as tmp:
        pdf = Path(tmp) / "ruling.pdf"
        ran = _run(db, "dispute", MATCH, "sheet", str(d), "-o", str(pdf), "--lang", lang)
        ran = ran.replace(str(pdf).encode(), b"PDF")
        if not pdf.exists():
            return ran
        text = "\n".join(page.extract_text() or "" for page in PdfReader(pdf).pages)
        return ran + b"--- pdf text\n" + text.encode("utf-8")


def reads(folder: Path) -> Iterator[tuple[str, bytes]]:
    jobs: dict[str, tuple[object, ...]] = {}
    for stage in STAGES:
        src = folder / "stores" / stage
        for lang in LANGS:
            jobs[f"{stage}-status-{lang}"] = (src, "status", MATCH, "--lang", lang)
        for d in range(1, len(HANDS) + 2):
            for lang in LANGS:
                jobs[f"{stage}-show-{d}-{lang}"] = (src, "dispute", MATCH, "show", str(d), "--lang", lang)
            jobs[f"{stage}-show-{d}-json"] = (src, "dispute", MATCH, "show", str(d), "--json")
            for lang in ("en", "zh"):
                jobs[f"{stage}-sheet-{d}-{lang}"] = (src, d, lang)

    def one(item: tuple[str, tuple[object, ...]]) -> tuple[str, bytes]:
        name, job = item
        with tempfile.TemporaryDirectory() as tmp:
            db = Path(tmp) / "store"
            shutil.copytree(job[0], db)  # type: ignore[arg-type]
            if "-sheet-" in name:
                return name, _sheet(db, job[1], job[2])  # type: ignore[arg-type]
            return name, _run(db, *job[1:])  # type: ignore[arg-type]

    with ThreadPoolExecutor(2) as pool:
        yield from pool.map(one, jobs.items())


def outputs(action: str, folder: Path) -> Iterator[tuple[str, bytes]]:
    if action == "save":
        built = build(folder)
        (folder / "actions").mkdir(exist_ok=True)
        for name, data in built.items():
            (folder / "actions" / name).write_bytes(data)
    else:  # the actions again on a fresh store: their masked outputs compared with those saved
        with tempfile.TemporaryDirectory() as tmp:
            built = build(Path(tmp))
    for name, data in built.items():
        yield f"action-{name}", data
    yield from reads(folder)


def main() -> None:
    args = arguments(__doc__)
    save_or_compare(args.action, args.folder, outputs(args.action, args.folder))


if __name__ == "__main__":
    main()
