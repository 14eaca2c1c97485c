"""Save the text of many PDFs line by line (and their bytes), then compare later ones with the saved: the guard of a
change to how the PDFs' lines wrap, which must change a line only where it broke against the rules.

    .venv/bin/python bench/pdf_lines.py save /tmp/before       # on main's code
    .venv/bin/python bench/pdf_lines.py compare /tmp/before    # on yours: each differing PDF's lines, old and new

The PDFs, each written by a whole process of the command line: the scorecard of every example (``examples/*``) and
of generated Gunzi records (``referee.games.gunzi.testing.generate``, seeds 1-4) in English, Chinese and traditional
Chinese, in the default font (an installed Chinese font embedded) and the CID font; a ruling sheet of a dispute of
each example in English and Chinese, its claim a long Chinese sentence; an event's round sheet and report. Each
PDF's text is pypdf's, page by page (``NAME.txt``); its bytes are kept too (``NAME.pdf``), so that ``compare`` says
whether the bytes changed where the text did not.
"""

from __future__ import annotations

import difflib
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from bytecheck import arguments

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
LANGS = ("en", "zh", "zh_TW")
# a claim built to wrap: clauses with "；" and "（" where a naive wrap breaks the line
CLAIM = ("底牌里的分数比记录的多；（按规则第7.1条）埋牌时翻开的是红桃K，不是方块K；双方队长都在场（裁判也看见了），"
         "所以应当按另一种埋法重新结算本手的分数；否则（如果维持原记录）北南方要求申诉到裁判长。")
DISPUTES = {  # example → (match, hand, side, directive replaced, the alternative)
    "club-night.doudizhu": ("DDZ-N1-T2", 1, "1", "bomb 2 7 7 7 7", "play 2 7"),
    "hubei-evening.dagun": ("HB-2026-12-01-T1", 7, "N", "places E N S W", "places N E S W"),
    "jinhua-evening.mahjong": ("JH-2026-12-01-T1", 3, "E", "win N E", "win N self"),
    "spring-cup.gunzi": ("SC26-R1-T3", 1, "NS", None, None),
}


def _run(env: dict[str, str], *args: object) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([sys.executable, "-m", "referee.cli", *map(str, args)], capture_output=True, text=True,
                          env=env, cwd=ROOT, check=False)
    if done.returncode != 0:
        raise SystemExit(f"referee {' '.join(map(str, args))}: exit {done.returncode}\n{done.stderr}")
    return done


def _pdfs(tmp: Path) -> Iterator[tuple[str, Path]]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "REFEREE_DB": str(tmp / "store"), "REFEREE_NAME": "王裁判",
           "REFEREE_LANG": "en"}
    env.pop("REFEREE_CONFIG", None)
    records = sorted(p for p in EXAMPLES.iterdir() if p.is_file())
    sys.path.insert(0, str(ROOT))
    from referee.games.gunzi.testing.generate import generate_match

    for seed in range(1, 5):
        path = tmp / f"generated-{seed}.gunzi"
        path.write_text(generate_match(seed), encoding="utf-8")
        records.append(path)
    for record in records:
        for lang in LANGS:
            for font in ("default", "cid"):
                out = tmp / f"scorecard-{record.name}.{lang}.{font}.pdf"
                _run(env, "scorecard", record, "-o", out, "--lang", lang, *(("--font", "cid") if font == "cid" else ()))
                yield out.name, out
    for example, (match, hand, side, old, new) in DISPUTES.items():
        _run(env, "import", EXAMPLES / example)
        _run(env, "dispute", match, "--hand", hand, "--by", side, "--claim", CLAIM)
        if old is not None:
            log = _run(env, "log", match).stdout
            seq = [line.split()[0] for line in log.splitlines() if line.endswith(f"event  {old}")][-1]
            _run(env, "dispute", match, "show", 1, "--alt", f"{seq} {new}")
        for lang in ("en", "zh"):
            out = tmp / f"ruling-{example}.{lang}.pdf"
            _run(env, "dispute", match, "sheet", 1, "-o", out, "--lang", lang)
            yield out.name, out
    _run(env, "event", "new", "KS", "--name", "春季杯（大连市棋牌协会主办；第三届）", "--rounds", 2,
         "--date", "2026-12-01", "--seed", 1)
    pairs = [("P1", "张三", "李四", "大连星海桥牌俱乐部（中山区）"),
             ("P2", "王五", "赵六", "Dalian Xinghai Bridge and Card Club"),
             ("P3", "Maximilian Alexander Worthington", "Christopher Bartholomew Fairweather", "海之韵；旅顺口区分会"),
             ("P4", "周九", "吴十", "")]
    for code, one, two, club in pairs:
        _run(env, "event", "add", "KS", code, one, two, *(("--club", club) if club else ()))
    _run(env, "event", "pair", "KS")
    _run(env, "event", "result", "KS", 1, "EW", "2:1", "--reason", "记录丢失（裁判确认）")
    _run(env, "event", "result", "KS", 2, "NS", "2:0", "--reason", "lost")
    for lang in ("en", "zh"):
        for kind in ("sheet", "report"):
            out = tmp / f"event-{kind}.{lang}.pdf"
            _run(env, "event", kind, "KS", "-o", out, "--lang", lang)
            yield out.name, out


def _text(pdf: Path) -> str:
    import pypdf

    pages = pypdf.PdfReader(str(pdf)).pages
    return "\n".join(f"--- page {n}\n{page.extract_text()}" for n, page in enumerate(pages, 1))


def _timeless(text: str) -> str:
    """A ruling sheet's text without what changes from run to run: the dispute's time and the chain's head."""
    import re

    text = re.sub(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", "YYYY-MM-DD hh:mm:ss", text)
    return re.sub(r"\b[0-9a-f]{12}$", "HEAD", text, flags=re.M)


def main() -> None:
    args = arguments(__doc__)
    n = texts = byte_only = 0
    with tempfile.TemporaryDirectory(prefix="referee-pdf-lines-") as tmp:
        for name, pdf in _pdfs(Path(tmp)):
            n += 1
            text, data = _text(pdf), pdf.read_bytes()
            saved_text, saved_pdf = args.folder / f"{name}.txt", args.folder / name
            if args.action == "save":
                saved_text.write_text(text, encoding="utf-8")
                saved_pdf.write_bytes(data)
                continue
            raw = saved_text.read_text(encoding="utf-8")
            old, new = _timeless(raw), _timeless(text)
            if old != new:
                texts += 1
                print(f"TEXT DIFFERS: {name}")
                sys.stdout.writelines(difflib.unified_diff(old.splitlines(True), new.splitlines(True), "before",
                                                           "after", n=0))
            elif raw == text and saved_pdf.read_bytes() != data:  # (a ruling sheet's time changes its bytes)
                byte_only += 1
                print(f"bytes differ, text the same: {name}")
    if args.action == "save":
        print(f"{n} PDFs saved")
    else:
        print(f"{n} PDFs compared: {texts} differ in their text, {byte_only} more in their bytes only")
    sys.exit(1 if texts else 0)


if __name__ == "__main__":
    main()
