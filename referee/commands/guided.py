"""Guided entry of a hand (`referee record ID` with no directive): the referee answers prompts.

The prompt shows what the rules expect next; short answers (a number, def/decl, six cards) fill
the one directive they can mean.
"""

from __future__ import annotations

import typer

from referee.commands.table import _echo_lines, _errors, _fail, _next, _say, _won

QUIT = {"q", "quit", "exit", "退出"}


def _known_directives() -> set[str]:
    from referee.directives import SPELLINGS

    return set(SPELLINGS)


def _interpret(answer: str, expected: tuple[str, ...], known: set[str]) -> str:
    """Turn a short answer into a directive where the expected ones make it clear."""
    text = answer.strip()
    if not text:
        return text
    first = text.split()[0].lower()
    if first in known:
        return text
    if "last" in expected and first in ("def", "decl", "抓分方", "庄家方", "dig", "keep", "kept", "dug", "抠底",
                                        "保底"):
        return "last " + {"dig": "def", "dug": "def", "keep": "decl", "kept": "decl", "抠底": "def",
                          "保底": "decl"}.get(first, first)
    if "points" in expected and text.isdigit():
        return "points " + text
    from referee.store.views import USAGE

    with_args = [d for d in expected if USAGE.get(d, d) != d]
    if len(with_args) == 1 and not any(d in ("hand", "waive", "time", "redeal") for d in expected):
        return f"{with_args[0]} {text}"
    return text


def _usage(expected: tuple[str, ...], lang: str) -> str:
    """What may be typed next, with its arguments (glossed in Chinese)."""
    from referee.store import views

    if lang != "zh":
        return " | ".join(views.USAGE.get(d, d) for d in expected)

    return " | ".join(views.USAGE_ZH.get(d, d) + (f"（{views.DIRECTIVE_ZH[d]}）" if d in views.DIRECTIVE_ZH else "")
                      for d in expected)


def _prompt(result, lang: str = "en") -> str:
    if lang == "zh":
        return _prompt_zh(result)
    from referee.store import views

    st = result.state
    seats = result.seats
    lines = [f"hand {st.hand} · {views.PHASE.get(st.phase, st.phase)}"]
    if "tribute" in st.expected and st.blood_owed:
        lines.append(f"  {views.who(st.blood_giver, seats)} owes {st.blood_owed} blood to "
                     f"{views.who(st.declarer, seats)}: tribute {st.blood_giver} and {st.blood_owed} card(s) "
                     f"(or riot / waive)")
    if "points" in st.expected:
        lines.append(f"  defenders' points so far: {st.points_so_far}; a number adds points, "
                     "def / decl records the last trick")
    lines.append("  expected: " + _usage(st.expected, "en"))
    lines.append("  (q to stop)")
    return "\n".join(lines) + "\n>"


def _prompt_zh(result) -> str:
    from referee.store import views

    st = result.state
    seats = result.seats
    lines = [f"第{st.hand}局 · {views.PHASE_ZH.get(st.phase, st.phase)}"]
    if "tribute" in st.expected and st.blood_owed:
        giver, receiver = views.who_zh(st.blood_giver, seats), views.who_zh(st.declarer, seats)
        lines.append(f"  {giver}欠{receiver}{st.blood_owed}个血：进贡输入 tribute {st.blood_giver} "
                     f"加{st.blood_owed}张牌（或 riot 暴动 / waive 免贡）")
    if "points" in st.expected:
        lines.append(f"  抓分方已得分：{st.points_so_far}；输入数字即计分，"
                     "def / decl 记录最后一墩（抓分方抠底 / 庄家方保底）")
    lines.append("  应输入：" + _usage(st.expected, "zh"))
    lines.append("  （输入 q 结束）")
    return "\n".join(lines) + "\n>"


def guided(store, match_id: str, referee: str | None, lang: str = "en") -> None:
    from referee.notation import NotationError, format_event, parse_line
    from referee.store import officiate, views
    from referee.store.store import StoreError

    try:
        events, _ = store.events_and_errors(match_id)
        result = officiate.replay(events)
    except StoreError as e:
        _errors(e, lang)
    if result.state.match_over:
        _fail(_say(lang, f"match {match_id} is over: won by {result.winner}",
                   f"比赛 {match_id} 已结束：{views.team_zh(result.winner)}胜"), 1)
    hands_before = len(result.hands)
    known = _known_directives()
    typer.echo(_say(lang, f"Guided entry for match {match_id}: type each event as it happens.",
                    f"比赛 {match_id} 逐步录入：每发生一件事，输入一行。"))
    if not result.state.in_hand and "hand" in result.state.expected:
        from referee.events import HandStart

        try:
            out = officiate.record(store, match_id, HandStart(), referee)
        except StoreError as e:
            _errors(e, lang)
        result = out.after
        typer.echo(_say(lang, f"stored #{out.entry['seq']}: hand (hand {result.state.hand} begins)",
                        f"已记录 #{out.entry['seq']}：hand（第{result.state.hand}局开始）"))
    stopped = _say(lang, "stopped; everything entered so far is stored", "已停止；已输入的内容都已存储")
    again = _say(lang, "; try again", "；请重新输入")
    while True:
        try:
            answer = typer.prompt(_prompt(result, lang), prompt_suffix=" ")
        except typer.Abort:
            typer.echo("\n" + stopped, err=True)
            raise typer.Exit(1) from None
        if answer.strip().lower() in QUIT:
            typer.echo(stopped)
            return
        text = _interpret(answer, result.state.expected, known)
        try:
            event = parse_line(text)
        except NotationError as e:
            if text.split()[0].lower() not in known:
                expected = _usage(result.state.expected, lang)
                typer.echo(_say(lang, f"'{text}' is not understood (expected: {expected})",
                                f"无法理解 '{text}'（应输入：{expected}）") + again)
            else:
                typer.echo(_say(lang, f"cannot read '{text}': {e}", f"无法读取 '{text}'：{e.text('zh')}") + again)
            continue
        if event is None:
            continue
        try:
            out = officiate.record(store, match_id, event, referee)
        except officiate.Rejected as e:
            typer.echo(_say(lang, f"not accepted: {'; '.join(x.message for x in e.errors)}",
                            f"未接受：{'；'.join(x.text('zh') for x in e.errors)}") + again)
            continue
        except StoreError as e:
            _errors(e, lang)
        result = out.after
        typer.echo(_say(lang, f"stored #{out.entry['seq']}: {format_event(out.event)}",
                        f"已记录 #{out.entry['seq']}：{views.glossed(format_event(out.event), 'zh')}"))
        if len(result.hands) > hands_before:
            for hand in result.hands[hands_before:]:
                _echo_lines(views.settlement(hand, result, lang))
            typer.echo(_next(result, lang))
            return
        if result.state.match_over:
            typer.echo(_won(result, lang, games=False))
            return
