"""Recording live, one directive at a time, as a referee does at the table: every game of the registry, every
directive of its sample record, through the use case, the command line and guided entry, gives the match a
whole record file gives; a directive for a deal that does not exist is refused with one line.

The games come from ``referee.games.registry.GAMES`` and each game's sample from ``examples/`` (the record whose
header names the game), so a game added later is checked without a word here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee.core.records import RecordError
from referee.games import registry
from referee.games.kit.notation import strip_comment

HB_PLAYERS = ("--player", "A", "--player", "B", "--player", "C", "--player", "D")


def new_hubei(cli) -> None:
    cli.ok("new", "HB1", "--game", "hubei-dagun", *HB_PLAYERS)


@pytest.mark.parametrize("deal", ["deal 1 dealer=E", "deal dealer=E"])
def test_a_hubei_deal_is_recorded_live_and_its_lines_go_into_it(cli, deal: str) -> None:
    """The first deal of a new 打滚 match stores (it crashed: its "not settled" problem held a list), and the
    deal's points go into it, not into a deal before it."""
    new_hubei(cli)
    assert f"stored #6 in HB1 (by 裁判长): {deal}\n" in cli.ok("record", "HB1", *deal.split()).out
    cli.ok("record", "HB1", "call", "H10", "partner=W")
    cli.ok("record", "HB1", "places", "S", "E", "N", "W")
    out = cli.ok("record", "HB1", "points", "E=40", "S=50", "W=30", "N=45", "hand=35").out
    # docs/hubei-dagun-record-format.md's deal 1, worked in examples/hubei-evening.dagun: W (末游) 30 → S (一游),
    # the 35 in hand → N (三游); EW 40, SN 160: SN win plain, 1 番 each (§5.2, §5.3)
    assert "stored #9 in HB1 (by 裁判长): points E=40 S=50 W=30 N=45 hand=35" in out
    replay = cli.json("replay", "HB1")
    assert [d["deal"] for d in replay["deals"]] == [1]
    assert replay["deals"][0]["points"]["E"] == 40
    assert replay["result"]["totals"] == {"E": -1, "S": 1, "W": -1, "N": 1}


def test_the_points_of_a_second_deal_go_into_it_not_into_the_deal_before(cli) -> None:
    """The issue's case: deal 2 begun live after a 硬牌 deal 1 (which takes any points without a word, §5.7) is
    stored, so its points are its own. Worked from examples/hubei-evening.dagun's deals 3 and 4: W alone and 一游
    wins 2 番 from each of three (W +6, E S N -2); W deals deal 2 (§4.1: the previous 一游), calls ♦K with E;
    E (末游) 70 → W, the 40 in hand → N (三游): WE 100, SN 100, the side of 末游 loses: SN win plain, 1 番."""
    new_hubei(cli)
    for line in ("deal 1 dealer=E", "alone W", "places W E S N", "deal 2 dealer=W", "call DK partner=E",
                 "places W S N E", "points E=70 S=40 W=30 N=20 hand=40"):
        cli.ok("record", "HB1", *line.split())
    replay = cli.json("replay", "HB1")
    assert [(d["deal"], d["points"] and d["points"]["E"]) for d in replay["deals"]] == [(1, None), (2, 70)]
    assert replay["result"]["totals"] == {"E": -3, "S": -1, "W": 5, "N": -1}


def _samples() -> dict[str, Path]:
    """Each game's sample record in examples/, by the game its header names."""
    found: dict[str, Path] = {}
    for path in sorted((Path(__file__).resolve().parent.parent / "examples").iterdir()):
        if path.is_file():
            key, line = registry.game_of_text(path.read_text(encoding="utf-8"))
            if line:
                found.setdefault(key, path)
    return found


SAMPLES = _samples()


def test_every_game_has_a_sample_record() -> None:
    """A game without a sample would go unchecked by the tests below."""
    assert sorted(SAMPLES) == sorted(registry.GAMES)


def _prefix_results(key: str):
    game = registry.game(key)
    reading = game.read(SAMPLES[key].read_text(encoding="utf-8"))
    rules = game.load_rules(game.header(reading.events).rules or game.default_rules)
    for n in range(1, len(reading.events) + 1):
        yield game, game.replay(reading.events[:n], rules)


@pytest.mark.parametrize("key", sorted(registry.GAMES))
def test_pending_is_a_part_of_the_problems_by_key(key: str) -> None:
    """``Game.pending``'s contract, the same for every game: RecordErrors among ``problems``, compared by their
    key (line and English), whatever their fields hold; the sample cut after each directive."""
    for game, result in _prefix_results(key):
        problems = game.problems(result)
        pending = game.pending(result)
        assert all(isinstance(e, RecordError) for e in pending)
        assert {e.key for e in pending} <= {e.key for e in problems}
        hash(tuple(e.key for e in problems))  # a key is hashable whatever the message's fields hold


# --- a directive for a deal that does not exist, or is over: one line, nothing stored ------------------------------

def _entries(cli, match: str) -> int:
    from referee.store.folder import FolderStore

    return len(FolderStore(cli.db).entries(match))


def refused(cli, match: str, directive: str, en: str, zh: str) -> None:
    """*directive* refused with one ``error:`` line saying *en* (in Chinese *zh*), the match as it was."""
    before = _entries(cli, match)
    for lang, said in (("en", f"error: event rejected, nothing stored: {en}\n"),
                       ("zh", f"错误：事件被拒绝，未存储：{zh}\n")):
        run = cli("record", match, *directive.split(), "--lang", lang)
        assert run.code != 0
        assert run.err == said and run.out == ""
    assert _entries(cli, match) == before


def test_hubei_refuses_a_line_before_any_deal_and_a_new_deal_over_an_unsettled_one(cli) -> None:
    """Points with no deal begun, and deal 2 while deal 1 lacks its places and points (§5.1, §5.2): refused."""
    new_hubei(cli)
    refused(cli, "HB1", "points E=40 S=50 W=30 N=45 hand=35", "this line belongs to a deal: start one with 'deal'",
            "这一行属于某一局：请先用 deal 开始一局")
    refused(cli, "HB1", "deal 2 dealer=E", "deal 2: this is deal 1 of the record", "deal 2：这是记录中的第 1 局")
    cli.ok("record", "HB1", "deal", "1", "dealer=E")
    cli.ok("record", "HB1", "call", "H10", "partner=W")
    refused(cli, "HB1", "deal 2 dealer=S", "deal 1: not settled, it lacks places, points",
            "第 1 局未结算，缺少 places、points")


def test_dou_dizhu_refuses_the_play_of_a_deal_played_out(cli) -> None:
    """The first player out ends the deal (§4): a play, a shown hand or a redeal after it is another deal's."""
    cli.ok("new", "D1", "--game", "doudizhu", "--player", "张三", "--player", "李四", "--player", "王五")
    refused(cli, "D1", "bid 张三 1", "before the first 'deal': each deal begins with a 'deal' line",
            "在第一个 'deal' 之前：每一局以 'deal' 行开始")
    for line in ("deal", "bid 张三 3", "kitty 5H 9C 3D", "out 张三"):
        cli.ok("record", "D1", *line.split())
    for line, what in (("play 李四 4S", "play"), ("show 张三", "show"), ("redeal", "redeal")):
        refused(cli, "D1", line, f"deal 1 is over: seat 1 went out first, which ends it (§4); '{what}' belongs "
                "before the 'out'", f"第 1 局已结束：1 号座位先出完牌，此局即结束（§4）；“{what}”应在“out”之前")
    # 张三 bid 3 and went out before any farmer played: spring (§5.2) is still this deal's
    assert "stored #9 in D1 (by 裁判长): spring" in cli.ok("record", "D1", "spring").out


def test_mahjong_refuses_a_claim_after_the_result_and_a_result_for_a_deal_drawn(cli) -> None:
    """A claim of a discard is made in the play (§3.1), so not after the win; a drawn deal (nowin) has no win."""
    cli.ok("new", "J1", "--game", "jinhua-mahjong", *HB_PLAYERS)
    refused(cli, "J1", "win W S", "this directive belongs to a deal: write 'deal' before it",
            "此指令属于一局：请先写 'deal'")
    for line in ("deal E", "win W S"):
        cli.ok("record", "J1", *line.split())
    refused(cli, "J1", "pong W S", "deal 1 is over: its 'win' is recorded; a 'pong' belongs before it (§3.1)",
            "第 1 局已结束：已记录“win”；“pong”应在其之前（§3.1）")
    cli.ok("record", "J1", "patterns", "pinghu")  # a win's patterns come after it
    for line in ("deal", "nowin"):
        cli.ok("record", "J1", *line.split())
    refused(cli, "J1", "chi N W", "deal 2 is over: its 'nowin' is recorded; a 'chi' belongs before it (§3.1)",
            "第 2 局已结束：已记录“nowin”；“chi”应在其之前（§3.1）")


def test_gunzi_refuses_a_directive_outside_a_hand(cli) -> None:
    """Before the first hand, and after a hand's `last`, a hand's directive has no hand to go into (Gunzi's engine
    says what comes next)."""
    cli.ok("new", "G1")
    refused(cli, "G1", "points 25", "'points' outside a hand: start the hand with 'hand'; expected next: hand | "
            "warn | ruling | time", "'points' 不在任何一副之内：请先用 'hand' 开始一副；下一步应为：hand（发牌） | "
            "warn（警告） | ruling（裁定） | time（到时）")
    for line in ("hand", "declare E BJ", "trump H", "kitty 6C 9D JS KH 4D 8C", "bury 6C 9D 4D 8C 7S 8S", "points 60",
                 "declarer-points 240", "last decl"):  # 60 + 240 + 0 in the kitty = 300
        cli.ok("record", "G1", *line.split())
    refused(cli, "G1", "points 25", "out of order: hand 1 is over; 'points' comes before 'last'; expected next: "
            "hand | warn | ruling | time",
            "顺序不对：第1副已经结束；'points' 应在 'last' 之前；"
            "下一步应为：hand（发牌） | warn（警告） | ruling（裁定） | time（到时）")


# --- every directive of every game's sample, live one line at a time, gives the match the whole record gives ------

def _directives(key: str) -> tuple[str, list[str]]:
    """The sample's header line and every directive line after it as a referee types it (the comment left out)."""
    lines = [strip_comment(raw).strip() for raw in SAMPLES[key].read_text(encoding="utf-8").splitlines()]
    lines = [line for line in lines if line]
    return lines[0], lines[1:]


def _started(db: Path, key: str) -> str:
    """A store at *db* holding the sample's match begun with its header alone (what `referee new` writes); its id."""
    from referee.store.api import open_store

    header, _ = _directives(key)
    game = registry.game(key)
    return open_store(db).create(list(game.read(header + "\n").events))


def _replayed(cli, match: str) -> dict:
    """``replay --json`` of a stored match, without what only a stored header carries (its pin)."""
    data = cli.json("replay", match)
    data.pop("match", None)
    return data


def _unlined(data: object) -> object:
    """*data* without its ``line`` fields and the line numbers its texts cite."""
    if isinstance(data, dict):
        return {k: _unlined(v) for k, v in data.items() if k != "line"}
    if isinstance(data, list):
        return [_unlined(v) for v in data]
    return re.sub(r"\bline \d+", "line N", data) if isinstance(data, str) else data


def _filed(tmp_path: Path, key: str):
    """The sample's match begun with its header and the rest appended by ``record --file``: the whole record."""
    from eventplay import Cli

    db = tmp_path / "filed"
    match = _started(db, key)
    _, lines = _directives(key)
    rest = tmp_path / f"rest-{key}.txt"
    rest.write_text("\n".join(lines) + "\n", encoding="utf-8")
    cli = Cli(db)
    cli.ok("record", match, "--file", rest)
    return cli, match


@pytest.mark.parametrize("key", sorted(registry.GAMES))
def test_every_directive_of_the_sample_is_recorded_live_through_the_use_case(tmp_path: Path, key: str) -> None:
    """Each line of the sample stored alone, as at the table (``recording.record_text``), and the match is the one
    ``record --file`` of the whole record makes, and the one ``replay`` of the record file reads."""
    from eventplay import Cli

    from referee.app.recording import record_text
    from referee.store.api import open_store

    db = tmp_path / "live"
    match = _started(db, key)
    store = open_store(db)
    _, lines = _directives(key)
    for i, line in enumerate(lines):
        done = record_text(store, match, line)
        assert [e["seq"] for e in done.entries] == [i + 2], line  # one entry a line, after the header
    live = _replayed(Cli(db), match)
    filed, filed_match = _filed(tmp_path, key)
    assert live == _replayed(filed, filed_match)
    whole = Cli(tmp_path / "none").json("replay", SAMPLES[key])
    whole.pop("match", None)
    assert _unlined(live) == _unlined(whole)  # a stored event's line is its seq, the file's its line
    assert live["errors"] == []


# --- guided entry: the prompt speaks of the match, never of a record file's lines ---------------------------------

CITED_LINE = re.compile(r"\bline \d|第 ?\d+ ?行")  # a record's line cited, in either language


def _hands(lines: list[str], opener: str) -> list[list[str]]:
    """*lines* cut before each line that opens a deal or hand (*opener*, as the game's `expected` writes it)."""
    chunks: list[list[str]] = [[]]
    for line in lines:
        if line.split()[0] == opener and chunks[-1]:
            chunks.append([])
        chunks[-1].append(line)
    return chunks


def _reader(answers: list[str]):
    typed = iter(answers)

    def read(prompt: str) -> str:
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None
    return read


def _gunzi_after_hand_1(tmp_path: Path):
    """The Gunzi sample's match with its teams, seats and first hand recorded; its store and id."""
    from referee.app.recording import record_text
    from referee.store.api import open_store

    db = tmp_path / "gunzi"
    match = _started(db, "gunzi")
    store = open_store(db)
    _, lines = _directives("gunzi")
    preamble, hand_1 = _hands(lines, "hand")[:2]
    for line in preamble + hand_1:
        record_text(store, match, line)
    return store, match


@pytest.mark.parametrize(("lang", "typed", "said"), [
    ("en", 0, "not accepted: hand 2 has begun already (#17): type its first directive; try again"),
    ("zh", 0, "未接受：第2副已经开始（#17）：请输入它的第一条记录；请重新输入"),
    ("en", 1, "not accepted: hand 2 is not finished: it has no 'last' yet (record its last trick, or 'redeal'); "
              "try again"),
    ("zh", 1, "未接受：第2副还没有结束：还没有 'last'（末墩）（请记录末墩，或 'redeal'）；请重新输入"),
])
def test_the_gunzi_prompt_says_what_is_wrong_in_the_hand_not_which_line(tmp_path: Path, capsys, lang: str,
                                                                        typed: int, said: str) -> None:
    """Typing `hand` while the hand the prompt began is open (header, teams, seats and hand 1 are #1–#16: the
    prompt stores hand 2 as #17): said of the hand — begun, or not finished — never as "no 'last' before line 18"
    of no file."""
    from referee.cli.commands.guided import guided

    store, match = _gunzi_after_hand_1(tmp_path)
    _, lines = _directives("gunzi")
    hand_2 = _hands(lines, "hand")[2]
    guided(store, match, None, lang, read=_reader([*hand_2[1:1 + typed], "hand", "q"]))
    out = capsys.readouterr().out
    assert said in out.splitlines()
    assert not CITED_LINE.search(out)
    assert len(store.entries(match)) == 17 + typed  # hand 2's start and what was typed, not the refused `hand`


def test_a_refusal_at_either_prompt_names_the_entry_not_a_line(tmp_path: Path, capsys) -> None:
    """A problem that cites an earlier directive cites it as the prompt showed it stored (#N): Gunzi's kitty given
    twice, Dou Dizhu's kitty given twice (§2: recorded once)."""
    from referee.app.recording import record_text
    from referee.cli.commands.guided import guided
    from referee.store.api import open_store

    store, match = _gunzi_after_hand_1(tmp_path)
    _, lines = _directives("gunzi")
    hand_2 = _hands(lines, "hand")[2]
    kitty = next(i for i, line in enumerate(hand_2) if line.startswith("kitty"))
    guided(store, match, None, "en", read=_reader([*hand_2[1:kitty + 1], hand_2[kitty], "q"]))
    out = capsys.readouterr().out
    seq = len(store.entries(match))  # the kitty was the last stored
    assert f"stored #{seq} in {match}" in out and f"): {hand_2[kitty]}" in out
    assert f"not accepted: the kitty was already recorded at #{seq}; try again" in out

    db = tmp_path / "ddz"
    ddz = open_store(db).create(list(registry.game("doudizhu").read(
        "match id=D1 game=doudizhu\nseat 1 张三\nseat 2 李四\nseat 3 王五\n").events))
    store = open_store(db)
    for line in ("deal", "bid 张三 3", "kitty 5H 9C 3D"):
        record_text(store, ddz, line)
    guided(store, ddz, None, "zh", read=_reader(["kitty 5H 9C 4D", "q"]))
    out = capsys.readouterr().out
    assert "事件被拒绝，未存储：底牌只记录一次（#7）；请重新输入" in out
    assert not CITED_LINE.search(out)


def _opener(key: str) -> str:
    """The directive that begins a deal (or hand) of *key*: the first the game expects of a match just begun."""
    game = registry.game(key)
    header, _ = _directives(key)
    events = game.read(header + "\n").events
    return game.expected(game.replay(events, game.load_rules(game.header(events).rules or game.default_rules)))[0] \
        .split()[0]


@pytest.mark.parametrize("key", sorted(registry.GAMES))
def test_every_directive_of_the_sample_is_entered_at_the_guided_prompt(tmp_path: Path, key: str,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Guided entry (``referee record MATCH``, no directive) takes the sample a line at a time, a session a deal:
    the lines before the first deal, and those a session leaves unread, by ``referee record MATCH DIRECTIVE``
    (Gunzi's prompt is the entry of one hand: it begins the hand itself, so the `hand` typed is refused, and ends
    at its settlement, before a warning or a ruling between hands). The match is the one ``record --file`` makes,
    and no prompt cites a line number."""
    from eventplay import Cli

    from referee.cli.commands import guided

    typed: list[str] = []

    def line_reader():
        def read(prompt: str) -> str:
            if not typed:
                raise EOFError
            return typed.pop(0)
        return read

    monkeypatch.setattr(guided, "line_reader", line_reader)
    db = tmp_path / "guided"
    match = _started(db, key)
    cli = Cli(db)
    _, lines = _directives(key)
    opener = _opener(key)
    chunks = _hands(lines, opener)
    preamble = chunks.pop(0) if chunks[0][0].split()[0] != opener else []
    for line in preamble:
        cli.ok("record", match, *line.split())
    said = []
    for chunk in chunks:
        typed[:] = [*chunk, "q"]
        said.append(cli.ok("record", match).out)
        for line in typed[:-1]:  # left unread by the session
            cli.ok("record", match, *line.split())
    refused = [line for out in said for line in out.splitlines() if line.endswith("; try again")]
    assert all(" has begun already (#" in line for line in refused), refused  # only a `hand` typed, if any
    assert not CITED_LINE.search("".join(said))
    filed, filed_match = _filed(tmp_path, key)
    assert _replayed(cli, match) == _replayed(filed, filed_match)


@pytest.mark.parametrize("key", sorted(registry.GAMES))
def test_every_directive_of_the_sample_is_recorded_live_by_the_cli_process(tmp_path: Path, key: str) -> None:
    """The real command line, a process a line (``python -m referee.cli record MATCH DIRECTIVE…``, the words as a
    shell passes them): each line stored alone, never a traceback, and the match ``record --file`` makes."""
    from eventplay import Cli
    from helpers import referee_process

    db = tmp_path / "live"
    match = _started(db, key)
    _, lines = _directives(key)
    for i, line in enumerate(lines):
        p = referee_process("record", match, *line.split(), env={"REFEREE_DB": str(db)}, lang="en")
        assert p.returncode == 0, (line, p.stderr)
        assert f"#{i + 2} " in p.stdout, (line, p.stdout)  # stored as entry #i+2, after the header
    filed, filed_match = _filed(tmp_path, key)
    assert _replayed(Cli(db), match) == _replayed(filed, filed_match)


def test_a_refused_correction_at_the_prompt_names_the_entry_not_a_line(tmp_path: Path, capsys) -> None:
    """Voiding the `deal` between a won deal and a drawn one would put both results in one deal: refused, naming the
    entry it makes wrong (the `nowin`, #9) as a Gunzi correction does, and the win it cites is the entry the prompt
    stored (#7), not "line 7"; the refusal says --force, which the prompt takes."""
    from referee.app.recording import record_text
    from referee.cli.commands.guided import guided
    from referee.store.api import open_store

    db = tmp_path / "mj"
    match = open_store(db).create(list(registry.game("jinhua-mahjong").read("match id=J1 game=jinhua-mahjong\n"
                                                                            "seat E A\nseat S B\nseat W C\nseat N D\n")
                                       .events))
    store = open_store(db)
    for line in ("deal E", "win W S", "deal", "nowin"):  # #6–#9
        record_text(store, match, line)
    guided(store, match, None, "en", read=_reader(["void 8 --reason typo", "q"]))
    out = capsys.readouterr().out
    said = out.splitlines()
    at = said.index("not done: void rejected, nothing stored: it makes #9 (nowin) wrong: deal 1: 'nowin' and a 'win' "
                    "(#7) in one deal")
    assert said[at + 1] == "(use --force to store it anyway and fix the record afterwards); try again"
    assert len(store.entries(match)) == 9


def test_one_directive_at_the_table_is_refused_without_record_file_lines(tmp_path: Path) -> None:
    """`referee record MATCH hand` while hand 2 lacks its `last`: one line at the table, like the prompt, says what
    the hand lacks, not a record file's "before line 14" (a hand ends with its last trick)."""
    from typer.testing import CliRunner

    from referee.cli import build_app

    store, match = _gunzi_after_hand_1(tmp_path)
    env = {"REFEREE_DB": str(tmp_path / "gunzi"), "REFEREE_NAME": "ann"}
    runner = CliRunner()
    assert runner.invoke(build_app(), ["record", match, "hand"], env=env).exit_code == 0  # hand 2 begins
    before = store.entries(match)
    for lang, said in (("en", "error: event rejected, nothing stored: hand 2 is not finished: it has no 'last' yet "
                              "(record its last trick, or 'redeal')"),
                       ("zh", "错误：事件被拒绝，未存储：第2副还没有结束：还没有 'last'（末墩）"
                              "（请记录末墩，或 'redeal'）")):
        done = runner.invoke(build_app(), ["record", match, "hand", "--lang", lang], env=env)
        assert done.exit_code == 1, done.output
        assert done.output.startswith(said) and "line" not in done.output and "行" not in done.output
    assert store.entries(match) == before
