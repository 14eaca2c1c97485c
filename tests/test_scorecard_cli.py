"""`referee scorecard` as a command: record files, stored matches (--all, audit trail), options, errors.

The records are written here, with the levels each hand should leave worked out by a small
simulation of the two outcomes they use (keep: the declarers go up one; stage kept: the defenders take
over), not read from the engine.
"""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

pypdf = pytest.importorskip("pypdf")
pytest.importorskip("referee.games.gunzi.engine")
pytest.importorskip("referee.app.sources")

from referee.cli import build_app  # noqa: E402


def make_app() -> typer.Typer:
    return build_app()


runner = CliRunner()


def invoke(*args: str):
    return runner.invoke(make_app(), list(args))


def record(n_hands: int, match_id: str = "T-40", event: str = "Bench Cup"):
    """A record and what it should give: [(hand, score, levels after EW:NS, game winner)], games won."""
    lines = [f'match id={match_id} rules=dalian-club date=2026-11-29 event="{event}" table=1 round=1 '
             "referee=周裁判",
             "team EW 海之韵", "team NS 星海", "seat E 张三", "seat S 李四", "seat W 王五", "seat N 赵六"]
    expected = []
    won = {"EW": 0, "NS": 0}
    levels, decl, first, i = {"EW": 3, "NS": 3}, "EW", True, 0
    for n in range(1, n_hands + 1):
        lines.append("hand")
        if first:
            lines += ["declarer E", "trump H"]
            levels, decl, first, i = {"EW": 3, "NS": 3}, "EW", False, 0
        else:
            lines.append("trump H")
        i += 1
        lines.append("kitty 4C 6D 9S KH 7C 3H")
        winner = None
        if i % 2:  # the defenders take 100: kept, declarers up one (or pass 10 and win the game)
            lines += ["points 100", "last decl"]
            score = 100
            if levels[decl] == 10:
                first, winner = True, decl
                won[decl] += 1
            else:
                levels[decl] += 1
        else:  # the defenders take 130: stage, kept; no level moves, they declare next
            lines += ["points 130", "last decl"]
            score = 130
            decl = "NS" if decl == "EW" else "EW"
        expected.append((n, score, f"{levels['EW']}:{levels['NS']}", winner))
    return "\n".join(lines) + "\n", expected, won


def pdf_text(path: Path) -> str:
    return re.sub(r"\s+", "", "\n".join(p.extract_text() for p in pypdf.PdfReader(str(path)).pages))


def rows_by_hand(path: Path) -> dict[int, dict[str, str]]:
    from test_scorecard import hand_rows

    return {int(r["col_hand"]): r for p in pypdf.PdfReader(str(path)).pages for r in hand_rows(p)}


@pytest.fixture
def rec40(tmp_path):
    text, expected, won = record(40)
    path = tmp_path / "t40.gunzi"
    path.write_text(text, encoding="utf-8")
    return path, expected, won


def test_record_file_default_output(tmp_path, monkeypatch, rec40):
    """Without --lang or $REFEREE_LANG the scorecard is Chinese, the terminal's lines English (as the
    command line's errors are)."""
    path, expected, won = rec40
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("REFEREE_LANG", raising=False)
    res = invoke("scorecard", str(path))
    assert res.exit_code == 0, res.output
    out = tmp_path / "reports" / "T-40.pdf"
    assert out.is_file() and "wrote reports/T-40.pdf" in res.output
    rows = rows_by_hand(out)
    assert sorted(rows) == list(range(1, 41))
    for n, score, levels, winner in expected:
        assert rows[n]["col_score"] == str(score), n
        assert rows[n]["col_levels_after"] == levels, n
        assert bool(rows[n].get("col_game_end")) == (winner is not None), n
    text = pdf_text(out)
    assert "张三" in text and "海之韵" in text
    assert f"胜局数:东西海之韵{won['EW']}:{won['NS']}南北星海" in text
    assert "比赛未结束" in text  # one game of two won: no match winner yet


def test_output_option_and_english(tmp_path, rec40):
    path, expected, won = rec40
    out = tmp_path / "deep" / "card.pdf"
    res = invoke("scorecard", str(path), "-o", str(out), "--lang", "en")  # issue 16.9: no folder is made
    assert res.exit_code == 1 and f"error: {out}: the folder does not exist" in res.stderr, res.output
    assert not out.parent.exists()
    out.parent.mkdir()
    res = invoke("scorecard", str(path), "-o", str(out), "--lang", "en")
    assert res.exit_code == 0, res.output
    text = pdf_text(out)
    assert "Handbyhand" in text and "Gameswon" in text and "Matchnotfinished" in text
    last = expected[-1]
    assert rows_by_hand(out)[last[0]]["col_levels_after"] == last[2]


def last_hand_of_match() -> int:
    """The hand at which a team of ``record`` wins its second game (the match)."""
    count = {"EW": 0, "NS": 0}
    for n, _, _, winner in record(70)[1]:
        if winner:
            count[winner] += 1
            if count[winner] == 2:
                return n
    raise AssertionError("70 hands should finish the match")


def test_a_finished_match_names_its_winner(tmp_path):
    text, expected, won = record(last_hand_of_match(), "T-70")
    winner = max(won, key=won.get)
    assert won[winner] == 2
    path = tmp_path / "t70.gunzi"
    path.write_text(text, encoding="utf-8")
    res = invoke("scorecard", str(path), "-o", str(tmp_path / "t70.pdf"), "--lang", "en")
    assert res.exit_code == 0, res.output
    names = {"EW": "EW海之韵", "NS": "NS星海"}
    text = pdf_text(tmp_path / "t70.pdf")
    loser = "NS" if winner == "EW" else "EW"
    games = [g for g, (*_, w) in enumerate([e for e in expected if e[3]], start=1) if w == winner]  # k-th end: game k
    assert f"Winner:{names[winner]}—{won[winner]}:{won[loser]},games{','.join(map(str, games))}" in text
    assert f"Gameswon:EW海之韵{won['EW']}:{won['NS']}NS星海" in text


def test_bad_arguments(tmp_path, rec40):
    """Each is a project error the boundary prints (``error: …``), exit 2, never a traceback."""
    path, *_ = rec40
    cases = [
        (["scorecard", str(path), "--lang", "fr"], "error: --lang fr"),
        (["scorecard", str(tmp_path / "nope.gunzi"), "--db", str(tmp_path / "store")], "nope.gunzi"),
        (["scorecard", str(path), "--font", str(tmp_path / "missing.ttf"), "-o", str(tmp_path / "x.pdf")],
         "error: --font: font file not found"),
        (["scorecard"], "error: missing argument MATCH_ID|FILE"),
        (["scorecard", str(path), "--all"], "error: give either MATCH_ID|FILE or --all"),
        (["scorecard", str(path), "--event", "Spring Cup"], "error: --event goes with --all"),
    ]
    for args, says in cases:
        res = invoke(*args)
        assert res.exit_code == 2 and says in res.stderr and "Traceback" not in res.output, (args, res.output)
    assert not (tmp_path / "x.pdf").exists()
    res = invoke("scorecard", str(path), "--font", str(path), "--lang", "zh")  # a record is no font
    assert res.exit_code == 2 and "错误：--font：" in res.stderr and "TrueType" in res.stderr
    res = invoke("scorecard", "--lang", "zh")
    assert res.exit_code == 2 and "错误：缺少参数 MATCH_ID|FILE" in res.stderr


def test_a_failed_write_is_an_error_not_a_traceback(tmp_path, rec40):
    path, *_ = rec40
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    res = invoke("scorecard", str(path), "-o", str(blocker / "card.pdf"))  # a folder that is a file
    assert res.exit_code == 1 and "Traceback" not in res.output  # the one wording (safefile.failure), the file named
    assert f"error: {blocker / 'card.pdf'}: a part of the path is a file, not a folder" in res.stderr, res.stderr


def test_a_text_too_long_for_a_page_is_an_error_not_a_traceback(tmp_path):
    text, *_ = record(2, "T-LONG")
    text = text.replace("hand\n", "hand\nwarn N " + "说话" * 3000 + "\n", 1)
    path = tmp_path / "long.gunzi"
    path.write_text(text, encoding="utf-8")
    res = invoke("scorecard", str(path), "-o", str(tmp_path / "long.pdf"))
    assert res.exit_code == 1 and "too long for a page" in res.stderr and "Traceback" not in res.output
    assert not (tmp_path / "long.pdf").exists()


def test_every_catalogue_is_a_language_of_the_scorecard(tmp_path, monkeypatch, rec40):
    path, expected, _ = rec40
    monkeypatch.delenv("REFEREE_LANG", raising=False)
    res = invoke("scorecard", str(path), "-o", str(tmp_path / "tw.pdf"), "--lang", "zh_TW")
    assert res.exit_code == 0, res.output
    assert "東西海之韵" in pdf_text(tmp_path / "tw.pdf")
    assert rows_by_hand(tmp_path / "tw.pdf")[40]["col_levels_after"] == expected[-1][2]
    res = invoke("scorecard", str(path), "-o", str(tmp_path / "zh.pdf"), "--lang", "zh")
    assert res.exit_code == 0 and "已写入" in res.output  # the terminal's lines in the asked language too
    monkeypatch.setenv("REFEREE_LANG", "en")
    res = invoke("scorecard", str(path), "-o", str(tmp_path / "en.pdf"))
    assert res.exit_code == 0 and "Handbyhand" in pdf_text(tmp_path / "en.pdf")
    monkeypatch.setenv("REFEREE_LANG", "klingon")  # a bad $REFEREE_LANG: the default, not a stop
    res = invoke("scorecard", str(path), "-o", str(tmp_path / "xx.pdf"))
    assert res.exit_code == 0 and "逐副记录" in pdf_text(tmp_path / "xx.pdf")


def test_record_with_errors_still_prints_them(tmp_path):
    text, *_ = record(3, "T-ERR")
    text += "hand\ntrump H\nkitty 4C 6D\n"  # a kitty of two cards
    path = tmp_path / "err.gunzi"
    path.write_text(text, encoding="utf-8")
    res = invoke("scorecard", str(path), "-o", str(tmp_path / "err.pdf"), "--lang", "en")
    assert res.exit_code == 0, res.output
    assert re.search(r"warning: \S+: \d+ problems? in the record; listed on the scorecard", res.stderr)
    lineno = text.count("\n")  # the kitty line is the last one
    assert f"Problemsintherecordline{lineno}:" in pdf_text(tmp_path / "err.pdf")


# ---------------------------------------------------------------- stored matches

@pytest.fixture
def store(tmp_path):
    from referee.games.gunzi.notation import parse
    from referee.store.folder import FolderStore as Store

    db = tmp_path / "store"
    st = Store(db)
    for mid, event, n in (("S-A", "Spring Cup", 6), ("S-B", "Spring Cup", 9), ("W-C", "Winter Cup", 4)):
        text, *_ = record(n, mid, event)
        st.create(list(parse(text).events), referee="周裁判")
    return db


def test_stored_match_with_its_corrections(tmp_path, monkeypatch, store):
    from referee.app import officiate
    from referee.games.gunzi.events import Points
    from referee.games.gunzi.notation import parse_line
    from referee.store.folder import FolderStore as Store

    st = Store(store)
    events = st.events("S-A")
    points = [ev for ev in events if isinstance(ev, Points)]
    officiate.correct(st, "S-A", "amend", seq=points[0].line, event=parse_line("points 105"),
                      reason="miscounted a K as a 5", referee="周裁判")
    monkeypatch.chdir(tmp_path)
    res = invoke("scorecard", "S-A", "--db", str(store), "--lang", "en")
    assert res.exit_code == 0, res.output
    out = tmp_path / "reports" / "S-A.pdf"
    text = pdf_text(out)
    assert "Warnings,rulingsandcorrections" in text and "Warnings,rulingsandcorrections:none" not in text
    assert "miscountedaKasa5" in text and f"#{points[0].line}→points105" in text
    assert rows_by_hand(out)[1]["col_score"] == "105"  # the corrected view is what is printed


def test_all_stored_matches_with_progress(tmp_path, monkeypatch, store):
    monkeypatch.chdir(tmp_path)
    res = invoke("scorecard", "--all", "--db", str(store))
    assert res.exit_code == 0, res.output
    assert "wrote 3 scorecards" in res.output
    for mid, n in (("S-A", 6), ("S-B", 9), ("W-C", 4)):
        assert sorted(rows_by_hand(tmp_path / "reports" / f"{mid}.pdf")) == list(range(1, n + 1))


def test_all_of_one_event(tmp_path, store):
    out = tmp_path / "spring"
    res = invoke("scorecard", "--all", "--event", "spring cup", "--db", str(store), "-o", str(out))
    assert res.exit_code == 0, res.output
    assert sorted(p.name for p in out.iterdir()) == ["S-A.pdf", "S-B.pdf"]
    # neither an event's id nor the event name of a stored match: an error (issue 18 item 3), not "none"
    res = invoke("scorecard", "--all", "--event", "Autumn Cup", "--db", str(store), "-o", str(out))
    assert res.exit_code == 2 and "--event Autumn Cup: no event with this id in the store" in res.stderr


def test_all_goes_on_past_a_match_it_cannot_write(tmp_path, monkeypatch, store):
    """--all writes every other scorecard, then names the ones it could not write (exit 1)."""
    from referee.views.scorecard import layout

    build = layout.build_scorecard

    def failing(result, path, **kw):
        if result.header.id == "S-B":
            raise OSError(28, "No space left on device")
        return build(result, path, **kw)

    monkeypatch.setattr(layout, "build_scorecard", failing)
    out = tmp_path / "all"
    res = invoke("scorecard", "--all", "--db", str(store), "-o", str(out))
    assert res.exit_code == 1 and "Traceback" not in res.output
    assert "wrote 2 scorecards" in res.stdout and "error: no scorecard for S-B" in res.stderr
    assert sorted(p.name for p in out.iterdir()) == ["S-A.pdf", "W-C.pdf"]


def test_file_names_are_safe():
    from referee.cli.scorecards import file_name

    assert file_name("SC26-R1-T3") == "SC26-R1-T3.pdf"
    assert file_name("春季/第1轮") == "春季%2F第1轮.pdf"  # names.file_stem: %-escaped, never a folder
    assert file_name("../x") == "%2E.%2Fx.pdf"


# ---------------------------------------------------------------- the installed command

def _referee() -> list[str] | None:
    script = Path(sys.executable).with_name("referee")
    if not script.is_file():
        return None
    help_ = subprocess.run([str(script), "--help"], capture_output=True, text=True)
    return [str(script)] if "scorecard" in help_.stdout else None


def test_installed_command_writes_the_scorecard(tmp_path, rec40):
    cmd = _referee()
    if cmd is None:
        pytest.skip("`referee` is not installed with the scorecard command (pip install -e .)")
    path, expected, _ = rec40
    out = tmp_path / "sub.pdf"
    proc = subprocess.run(cmd + ["scorecard", str(path), "-o", str(out)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert rows_by_hand(out)[40]["col_levels_after"] == expected[-1][2]
    data = out.read_bytes()
    assert data.startswith(b"%PDF") and len(pypdf.PdfReader(io.BytesIO(data)).pages) >= 2


EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "spring-cup.gunzi"


def test_example_match_scorecard(tmp_path):
    """The README's first command, on the bundled example: every hand of the record has its row."""
    if not EXAMPLE.is_file():
        pytest.skip("examples/spring-cup.gunzi is not there yet")
    text = EXAMPLE.read_text(encoding="utf-8")
    lines = [line.split("#", 1)[0].strip() for line in text.splitlines()]
    n_hands = sum(1 for line in lines if line.lower() == "hand")
    names = [m.group(1).strip() for line in lines if (m := re.match(r"seat\s+\S+\s+(.+)", line))]
    match_id = re.search(r"\bid=(\S+)", text).group(1)
    out = tmp_path / "reports" / f"{match_id}.pdf"
    out.parent.mkdir()  # an output's folder must exist (issue 16.9)
    res = invoke("scorecard", str(EXAMPLE), "-o", str(out))
    assert res.exit_code == 0, res.output
    rows = rows_by_hand(out)
    assert sorted(rows) == list(range(1, n_hands + 1))
    body = pdf_text(out)
    for name in names:
        assert re.sub(r"\s+", "", name) in body
