"""The table-side store commands in Chinese: ``--lang zh`` and ``REFEREE_LANG=zh``.

Real TinyDB stores in temporary folders, driven through the whole ``referee`` application
(``referee.cli.build_app()``). Settlement numbers are worked out by hand from gunzi-rules.md §7.
"""

from __future__ import annotations

import ast
import os
import re
from pathlib import Path

from typer.testing import CliRunner

from referee.cli import build_app
from referee.store import Store

# Hand 1 of the README walk-through: E grabs, trump H, defenders 25 + 50 = 75, kept.
HAND1 = ["hand", "declare 东 大王", "trump H", "kitty 4C 6D 9S KH 7C 3H", "bury 4C 6C 7C 8D 9D JS",
         "points 25", "points 50", "last decl"]
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Cli:
    """The whole `referee` app in-process, against one store folder, REFEREE_LANG unset unless given."""

    def __init__(self, db):
        self.db = db
        self.app = build_app()
        self.runner = CliRunner()

    def __call__(self, *args: str, input: str | None = None, env_lang: str | None = None):
        argv = [str(a) for a in args] + ["--db", str(self.db)]
        if argv[0] in ("new", "record", "undo", "void", "amend", "import"):
            argv += ["--referee", "王裁判"]
        return self.runner.invoke(self.app, argv, input=input, env={"REFEREE_LANG": env_lang})


CLI = Cli  # the `cli` fixture's class (tests/conftest.py)


def new_match(cli, match_id="T3", *extra):
    r = cli("new", match_id, "--east", "张三", "--south", "李四", "--west", "王五", "--north", "赵六",
            "--ew", "海之韵", "--ns", "星海", "--event", "Spring Cup", "--table", "3", "--round", "1",
            "--date", "2026-11-29", *extra)
    assert r.exit_code == 0, r.output
    return r


def record_all(cli, match_id, lines, *extra):
    r = None
    for line in lines:
        r = cli("record", match_id, *line.split(), *extra)
        assert r.exit_code == 0, f"{line}: {r.output}"
    return r


def folder_digest(folder) -> dict[str, bytes]:
    out = {}
    for root, _, files in os.walk(folder):
        for name in files:
            if not name.endswith(".lock"):
                path = os.path.join(root, name)
                with open(path, "rb") as f:
                    out[os.path.relpath(path, folder)] = f.read()
    return out


# --- record ---------------------------------------------------------------------------------------

def test_new_in_chinese(cli):
    r = new_match(cli, "T3", "--lang", "zh")
    assert f"新比赛 T3（dalian-club）已存入 {cli.db}：7 条记录" in r.output
    assert "下一步：hand（发牌） | warn（警告） | ruling（裁定） | time（到时）" in r.output


def test_hand_recorded_in_chinese_prints_the_settlement_in_chinese(cli):
    new_match(cli)
    r = record_all(cli, "T3", HAND1, "--lang", "zh")
    # §7: P = 75, kept → S = 75 < 120: keep, EW (declarer E) 3 → 4; blood ceil((80 − 75)/10) = 1;
    # §7.4 declarers stay → E's partner W declares; §7.2 paid by W's upper hand S (E → S → W → N).
    assert r.output.splitlines() == [
        "已记录 #15（比赛 T3，王裁判 录入）：last decl（末墩）",
        "第1副结算（第1局；庄家 东（张三），东西方，打3，主红桃）",
        "  抓分方得分 75 = 捡分 75；庄家方保底",
        "  结果：保底：庄家方继续坐庄并升级",
        "  现在级数：东西 4、南北 3",
        "  下一副血：1个（王 0 + 分 1），由南（李四）进贡给西（王五）",
        "  下一副庄家：西（王五）",
        "下一步：hand（发牌） | warn（警告） | ruling（裁定） | time（到时）",
    ]
    assert "stored" not in r.output and "next" not in r.output


def test_each_event_and_the_next_directives_in_chinese(cli):
    new_match(cli)
    record_all(cli, "T3", ["hand"])
    r = cli("record", "T3", "declare", "东", "大王", "--lang", "zh")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines() == ["已记录 #9（比赛 T3，王裁判 录入）：declare E BJ（亮主）", "下一步：trump（定主）"]
    r = record_all(cli, "T3", ["trump H", "kitty 4C 6D 9S KH 7C 3H"], "--lang", "zh")
    assert r.output.splitlines()[-1] == "下一步：bury（扣底）"
    r = cli("record", "T3", "bury", "4C", "6C", "7C", "8D", "9D", "JS", "--lang", "zh")
    assert r.output.splitlines()[-1] == "下一步：king（扣王） | points（得分） | last（末墩）"


def test_dig_with_kitty_points_in_chinese(cli):
    new_match(cli)
    # Buries 5C and 10C: kitty K = 15. P = 100, dug → S = 100 + 2·15 = 130 ≥ 120: stage dug,
    # defenders NS 3 → 4, no kings; blood 0 (80 ≤ 130 ≤ 150); next declarer E's lower hand S.
    r = record_all(cli, "T3", ["hand", "declare E BJ", "trump H", "kitty 4C 6D 9S KH 7C 3H",
                               "bury 4C 5C 10C 8D 9D JS", "points 100", "last def"], "--lang", "zh")
    out = r.output
    assert "last def（末墩）" in out
    assert "  抓分方得分 130 = 捡分 100 + 底分 30；抓分方抠底" in out
    assert "  结果：抓分方上台并抠底：抓分方升级" in out
    assert "  现在级数：东西 3、南北 4" in out
    assert "  下一副血：无" in out
    assert "  下一副庄家：南（李四）" in out


def test_rejected_tribute_prints_the_engine_error_in_chinese_and_stores_nothing(cli):
    new_match(cli)
    record_all(cli, "T3", HAND1 + ["hand", "declare W 4H 4H"])
    before = folder_digest(cli.db)
    # Blood 1 (hand 1, S = 75), paid by S to W: two cards given are one too many.
    r = cli("record", "T3", "tribute", "S", "SJ", "2C", "--lang", "zh")
    assert r.exit_code == 1
    assert "错误：事件被拒绝，未存储：南欠西1个血，却进贡了2张；下一步应为：" in r.output
    assert "tribute（进贡）" in r.output
    assert "rejected" not in r.output and "owes" not in r.output
    assert folder_digest(cli.db) == before
    assert len(Store(cli.db).entries("T3")) == 17
    en = cli("record", "T3", "tribute", "S", "SJ", "2C")
    assert "error: event rejected, nothing stored: S owes 1 blood to W; 2 cards given" in en.output


def test_store_errors_in_chinese(cli):
    new_match(cli)
    r = cli("record", "NOPE", "hand", "--lang", "zh")
    assert r.exit_code == 2  # not found
    # The store's absolute path, and how to name another (issue 9 item 13).
    assert (f"错误：存储 {cli.db.absolute()} 中没有比赛 'NOPE'（已存比赛：T3；换一个存储：--db PATH、$REFEREE_DB 或 "
            "`referee config db PATH`）") in r.output
    r = cli("record", "T3", "declare", "--lang", "zh")
    assert r.exit_code == 2 and "错误：无法读取参数 DIRECTIVE 'declare'：" in r.output
    r = cli("new", "T3", "--lang", "zh")
    assert r.exit_code == 1 and "错误：比赛 'T3' 已在存储" in r.output


# --- corrections, log, status, whatif ---------------------------------------------------------------

def test_corrections_and_log_in_chinese(cli):
    new_match(cli)
    record_all(cli, "T3", HAND1)
    r = cli("amend", "T3", "13", "points", "30", "--reason", "重新数分", "--lang", "zh")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    # P = 30 + 50 = 80, kept: keep, EW 3 → 4; blood 0 (80 is not short of 80).
    assert lines[0] == "已记录 #16（比赛 T3，王裁判 录入）：更正 #13 → points 30（得分）（理由：重新数分）"
    assert lines[1] == "重新结算："
    assert "  抓分方得分 80 = 捡分 80；庄家方保底" in lines
    assert "  下一副血：无" in lines
    r = cli("undo", "T3", "--lang", "zh")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0] == "已记录 #17（比赛 T3，王裁判 录入）：撤销 #15：last decl（末墩）"
    assert r.output.splitlines()[-1] == "下一步：points（得分） | declarer-points（庄家得分） | last（末墩）"
    # Voiding the kitty that the bury needs is refused, in Chinese.
    r = cli("void", "T3", "11", "--reason", "误记", "--lang", "zh")
    assert r.exit_code == 1
    assert "错误：作废被拒绝，未存储：" in r.output and "加 --force" in r.output
    r = cli("log", "T3", "--lang", "zh")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[0] == "比赛 T3 的审计记录（17 条记录；时间为 UTC）"
    assert lines[1].split() == ["seq", "时间", "裁判", "类型", "内容"]
    assert lines[2] == "比赛（第一副之前）" and lines[10] == "第1局 第1副"  # entries 1-7, then hand 1 from #8
    by_seq = {int(line.split()[0]): line for line in lines[2:] if line.split()[0].isdigit()}
    assert "事件" in by_seq[13] and "points 25" in by_seq[13] and "[已被 #16 更正或撤回]" in by_seq[13]
    assert "更正" in by_seq[16] and "更正 #13 → points 30   理由：重新数分" in by_seq[16]
    assert "撤销 #15：last decl" in by_seq[17]
    assert "[已被 #17 更正或撤回]" in by_seq[15]


def test_status_in_chinese(cli, monkeypatch):
    from datetime import UTC, datetime

    # every entry stamped 06:02 UTC, and status read then: game 1 has run 0 minutes (shown in the machine's zone)
    monkeypatch.setattr("referee.store.store.now", lambda: "2026-11-29T06:02:00.000Z")
    start = datetime(2026, 11, 29, 6, 2, tzinfo=UTC).astimezone().strftime("%H:%M")
    new_match(cli)
    record_all(cli, "T3", HAND1 + ["hand"])
    r = cli("status", "T3", "--lang", "zh")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines() == [
        "比赛 T3（dalian-club） — Spring Cup、3号桌、第 1 轮、2026-11-29",
        "队：东西 海之韵、南北 星海",
        "座位：东 张三、南 李四、西 王五、北 赵六",
        "第1局，第2副（进行中）；阶段：亮主",
        "级数：东西 4、南北 3   胜局：东西 0、南北 0",
        "庄家：西（王五）；打4；主：未定",
        "欠血：1个，由南（李四）进贡给西（王五）",
        f"计时：第1局：{start}开始，已用0分钟（限时50分钟）",
        "下一步：declare（亮主） | draw（抽牌定主） | trump（定主）",
        "存储中共 16 条记录",
        f"链头：{_chain_head(cli.db / 'matches' / 'T3.json')}（16 条记录）",
    ]


def _chain_head(path) -> str:
    """The first 12 hex digits of the SHA-256 of the last entry, computed here from the file (the chain's
    definition: the entry's fields and the match id, keys sorted, compact JSON), not by the store."""
    import hashlib
    import json

    from helpers import match_tables

    last = list(match_tables(path)["entries"].values())[-1]
    body = {k: last[k] for k in ("seq", "kind", "time", "referee", "directive", "target", "reason", "prev")}
    body["match"] = "T3"
    text = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def test_whatif_in_chinese(cli):
    new_match(cli)
    record_all(cli, "T3", HAND1)
    before = folder_digest(cli.db)
    # last def instead of decl: the final kitty (4C 6C 7C 8D 9D JS) holds no points, S = 75 < 120 and
    # dug: foul dig, nobody levels; blood still 1 (score), by S to W (declarers stay).
    r = cli("whatif", "T3", "15", "last", "def", "--lang", "zh")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[0] == "假如比赛 T3 中 seq 15 记为 `last def` 而不是 `last decl`"
    assert lines[1] == "（不存储任何内容）"
    assert lines[3].split() == ["按记录", "假如"]
    assert lines[4] == "第1副"
    assert lines[5].split() == ["得分", "75", "75"]
    assert lines[6].split() == ["*", "结果", "保底升级", "臭抠"]
    assert lines[7].split() == ["*", "级数", "东西", "4、南北", "3", "东西", "3、南北", "3"]
    assert lines[8].split() == ["血", "1个，南进贡", "1个，南进贡"]
    assert lines[9].split() == ["下一副庄家", "西", "西"]
    assert "比赛" in lines and lines[-1] == "* 表示有变化。"
    assert folder_digest(cli.db) == before
    # the columns line up: a Chinese character takes two columns
    from referee.games.gunzi.terminal import width

    for line, left, right in ((lines[3], "按记录", "假如"), (lines[6], "保底升级", "臭抠"),
                              (lines[8], "1个", "1个"), (lines[9], "西", "西")):
        assert width(line[:line.index(left)]) == 22, line
        assert width(line[:line.rindex(right)]) == 22 + 28, line


# --- guided entry -----------------------------------------------------------------------------------

def test_guided_entry_in_chinese(cli):
    new_match(cli)
    record_all(cli, "T3", HAND1)
    answers = "\n".join(["declare W 4H 4H", "tribute S SJ 2C", "tribute S SJ", "kitty 4C 6D 9S KH 7C 3H",
                         "bury 4C 6C 7C 8D 9D JS", "xyz", "40", "抠底"]) + "\n"
    r = cli("record", "T3", "--lang", "zh", input=answers)
    assert r.exit_code == 0, r.output
    out = r.output
    assert "比赛 T3 逐步录入：每发生一件事，输入一行。" in out
    assert "已记录 #16（比赛 T3，王裁判 录入）：hand（第2副开始）" in out
    assert "第2副 · 亮主" in out
    assert "  南（李四）欠西（王五）1个血：进贡输入 tribute S 加1张牌（或 riot 暴动 / waive 免贡）" in out
    assert "tribute 座位 牌…（进贡）" in out and "（也可输入 undo 撤销、status 状态、help 帮助；输入 q 结束）" in out
    assert "未接受：南欠西1个血，却进贡了2张；请重新输入" in out
    assert "已记录 #18（比赛 T3，王裁判 录入）：tribute S SJ（进贡）" in out
    assert "  抓分方已得分：0；输入数字即计分，def / decl 记录末墩（抓分方抠底 / 庄家方保底）" in out
    assert "无法理解 'xyz'" in out and "应输入：" in out
    assert "已记录 #21（比赛 T3，王裁判 录入）：points 40（得分）" in out
    assert "已记录 #22（比赛 T3，王裁判 录入）：last def（末墩）" in out
    # Hand 2: declarer W (EW at 4), P = 40, dug; the final kitty 4C 6C 7C 8D 9D JS holds no points:
    # S = 40 < 120 and dug: foul dig (臭抠), declarers stay, nobody levels; blood ceil((80-40)/10) = 4,
    # next declarer W's partner E, paid by E's upper hand N.
    assert "第2副结算（第1局；庄家 西（王五），东西方，打4，主红桃）" in out
    assert "  抓分方得分 40 = 捡分 40；抓分方抠底" in out
    assert "  结果：臭抠：庄家方继续坐庄，不升级" in out
    assert "  下一副血：4个（王 0 + 分 4），由北（赵六）进贡给东（张三）" in out
    assert "  下一副庄家：东（张三）" in out
    assert "stored" not in out and "expected" not in out and "try again" not in out


def test_guided_entry_stops_in_chinese(cli):
    new_match(cli)
    r = cli("record", "T3", "--lang", "zh", input="q\n")
    assert r.exit_code == 0, r.output
    assert "已记录 #8（比赛 T3，王裁判 录入）：hand（第1副开始）" in r.output
    assert "第1副 · 亮主" in r.output
    assert "应输入：declare 座位 牌… [as 花色]（亮主） | flip 座位 牌（翻牌） | declarer 座位（庄家）" in r.output
    assert r.output.rstrip().endswith("已停止；已输入的内容都已存储")


# --- the default language, import, list, verify -----------------------------------------------------

def test_referee_lang_is_the_default_and_lang_overrides_it(cli):
    new_match(cli)
    r = cli("record", "T3", "hand", env_lang="zh")
    assert r.output.splitlines()[0] == "已记录 #8（比赛 T3，王裁判 录入）：hand（发牌）"
    r = cli("status", "T3", env_lang="zh")
    assert "第1局，第1副（进行中）；阶段：亮主" in r.output
    r = cli("status", "T3", "--lang", "en", env_lang="zh")
    assert "Game 1, hand 1 (in progress); phase: declaring trump" in r.output
    r = cli("log", "T3", env_lang="ZH")
    assert r.output.startswith("比赛 T3 的审计记录")
    r = cli("status", "T3")
    assert r.output.startswith("Match T3 (dalian-club)")
    r = cli("status", "T3", "--lang", "fr")
    assert r.exit_code == 2 and "--lang fr: not a language" in r.output


def test_import_list_verify_in_chinese(cli, tmp_path):
    record = tmp_path / "m.gunzi"
    record.write_text("match id=M1 rules=dalian-club date=2026-11-29 event=Cup table=5 round=2\n"
                      + "\n".join(["hand", "declare E BJ", "trump H", "kitty 4C 6D 9S KH 7C 3H", "points 500",
                                   "last decl"]) + "\n", encoding="utf-8")
    bad = tmp_path / "bad.gunzi"
    bad.write_text("hand\n", encoding="utf-8")
    r = cli("import", str(record), str(bad), "--lang", "zh")
    assert r.exit_code == 1
    assert f"{record}：已导入为比赛 M1（7 个事件）" in r.output
    assert "  注意：按规则，记录有 1 个问题：" in r.output
    assert "    seq 6（第6行）：" in r.output
    assert f"{bad}：未导入：记录不是以 `match` 行开头" in r.output
    r = cli("import", str(record), "--lang", "zh")
    assert r.exit_code == 1 and "未导入：比赛 'M1' 已在存储" in r.output
    r = cli("list", "--lang", "zh")
    assert r.output.splitlines()[0] == f"存储 {cli.db} 中有 1 场比赛"
    assert r.output.splitlines()[1].split() == ["编号", "日期", "规则", "赛事", "/", "桌号", "/", "轮次"]
    assert r.output.splitlines()[2].split() == ["M1", "2026-11-29", "dalian-club", "Cup", "/", "5", "/", "2"]
    r = cli("verify", "--lang", "zh")
    assert r.exit_code == 0 and r.output.strip() == "正常：1 场比赛，7 条记录，哈希链全部完好"
    path = Store(cli.db).path("M1")
    path.write_text(path.read_text(encoding="utf-8").replace("points 500", "points 50"), encoding="utf-8")
    r = cli("verify", "--lang", "zh")
    assert r.exit_code == 1
    assert "损坏 比赛 M1，#6：内容与哈希值不符（被手工编辑过）" in r.output
    assert "1 场比赛中有 1 场未通过校验" in r.output
    r = cli("record", "M1", "warn", "E", "x", "--lang", "zh")
    assert r.exit_code == 1 and "错误：比赛 M1，#6：内容与哈希值不符" in r.output and "未记录" in r.output


def test_empty_store_list_in_chinese(cli):
    r = cli("list", "--lang", "zh")
    assert r.exit_code == 0 and r.output.strip() == f"存储 {cli.db} 中没有比赛"


def test_readme_chinese_example_is_what_record_prints(cli):
    # the README's Chinese hand moved into the referee's page of the docs, its Chinese version
    readme = open(os.path.join(REPO, "docs", "start", "referee.zh.md"), encoding="utf-8").read()
    command = "$ referee record T3 last decl --lang zh\n"
    block = readme[readme.index(command) + len(command):]
    shown = block[:block.index("```")].rstrip("\n").splitlines()
    new_match(cli)
    r = record_all(cli, "T3", HAND1[:-1] + ["last decl --lang zh"])
    assert r.output.splitlines() == shown


# --- the sources of the words ------------------------------------------------------------------------

# The store and the commands around it: every word they print is a catalogue message.
_PACKAGE = Path(REPO) / "referee"
SOURCES = sorted((_PACKAGE / "store").glob("*.py")) + sorted((_PACKAGE / "app").glob("*.py")) + [
    _PACKAGE / "views" / f"{name}.py" for name in ("matchtext", "eventtext", "eventjson")] + [
    _PACKAGE / "cli" / "commands" / f"{name}.py" for name in ("table", "tableactions", "guided", "storage", "records",
                                                              "boundary")]
MESSAGES = {"M": 0, "MN": 0, "tr": 1, "trn": 1}  # the function → the position of its msgid


def _calls(path):
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            yield node, getattr(node.func, "id", None) or getattr(node.func, "attr", None)


def test_every_message_of_the_store_has_chinese():
    from referee.core.i18n import catalogue

    zh_cn = catalogue("zh_CN")
    found, missing = 0, []
    for path in SOURCES:
        for call, name in _calls(path):
            if name not in MESSAGES:
                continue
            found += 1
            msgid = call.args[MESSAGES[name]]
            assert isinstance(msgid, ast.Constant), f"{path.name}:{call.lineno}: the msgid is not a literal"
            inline = next((k.value for k in call.keywords if k.arg == "zh"), None)
            if not re.sub(r"\{[^}]*\}", "", msgid.value).strip(" :：,，-"):
                continue  # a layout of fields and punctuation, no word to translate ("{source}:{line}: {problem}")
            if inline is None and zh_cn.gettext(msgid.value) == msgid.value:
                missing.append(f"{path.name}:{call.lineno}")
            elif inline is not None:
                assert isinstance(inline, ast.Constant), f"{path.name}:{call.lineno}: zh= is not a literal"
                assert _fields(inline.value) == _fields(msgid.value), f"{path.name}:{call.lineno}: fields differ"
    assert found > 150
    assert not missing, "no Chinese at " + ", ".join(missing)


def _fields(template: str) -> set[str]:
    from string import Formatter

    return {name for _, name, _, _ in Formatter().parse(template) if name}


def test_every_store_raise_site_passes_a_message():
    store_errors = {"StoreError", "StoreBusy", "UnknownMatch", "DuplicateMatch", "BrokenChain", "RefereeError",
                    "UsageError", "NotFound"}
    sites, bare = 0, []
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            # `raise StoreError(M(…))`, and `return UnknownMatch(M(…))` of a helper that builds one
            call = node.exc if isinstance(node, ast.Raise) else node.value if isinstance(node, ast.Return) else None
            if not isinstance(call, ast.Call):
                continue
            if (getattr(call.func, "id", None) or getattr(call.func, "attr", None)) in store_errors:
                sites += 1
                first = call.args[0] if call.args else None
                if isinstance(first, ast.Constant | ast.JoinedStr | ast.BinOp) or first is None or len(call.args) > 2:
                    bare.append(f"{path.name}:{node.lineno}")  # a text, not a message
    assert sites > 25
    assert not bare, "an error raised with a text at " + ", ".join(bare)


def test_no_view_chooses_words_by_language():
    import re

    choice = re.compile(r"""(lang|language)\s*[!=]=|==\s*["']zh|["']zh["']\s*(if|==)|\bzh\s*=\s*language""")
    for path in SOURCES:
        for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            assert not choice.search(line), f"{path.name}:{no}: {line.strip()}"


# The store's modules of an event's rounds speak of tournament rounds: 轮 there only as a round is
# counted (第 2 轮, {n} 轮, 该轮, 下一轮) or in 轮空 (a bye) and 轮次.
ROUND_MODULES = {"appending.py", "closeheads.py", "director.py", "disputes.py", "eventaudit.py", "eventlog.py",
                 "eventresults.py",
                 "eventtext.py", "matchtext.py", "terminal.py"}  # the last two: a match header's round= (第 1 轮)
A_ROUND = re.compile(r"(第 ?)?(\{(round|n|detail|last|planned|rounds)\}|\d+) ?轮|([该每本几一]|最后一|下一)轮|轮[空次]")


def test_hands_and_games_are_counted_with_fu_and_ju():
    # gunzi-rules.md §Terms: a hand is 副, a game 局; 轮 is a tournament round only (轮次 = the record's round=).
    for path in SOURCES:
        for call, _ in _calls(path):
            for k in call.keywords:
                if k.arg == "zh" and isinstance(k.value, ast.Constant):
                    text = k.value.value.replace("轮次", "")
                    if path.name in ROUND_MODULES:
                        text = A_ROUND.sub("", text)
                    assert "轮" not in text, f"{path.name}:{call.lineno}: {k.value.value}"
