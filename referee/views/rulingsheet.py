"""The ruling sheet of a dispute (``referee dispute ID sheet D -o ruling.pdf``): one A4 page, Chinese and
English, for both captains and the referee to sign.

The match and the hand, the claim, the hand's record lines as disputed, the settlements side by side (as
disputed and with each alternative weighed), the clauses of the rules the differing steps cite, quoted
from docs/gunzi-rules.md, the ruling with its reason (and the appeal and the director's decision), the
chain head at ruling time, and signature lines. Every text is set in the sheet's language with the other
language under it. The sheets' printer (``referee.views.sheets``) and so the scorecard's font policy:
an installed Chinese TrueType font embedded, else the CID font. What does not fit one page is set smaller
until it does (ReportLab's ``KeepInFrame``, shrink).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from referee.core.i18n import M, Msg, is_chinese
from referee.views import disputetext as dv
from referee.views import matchtext as mt
from referee.views.sheets import Font, _printed, _Printer

if TYPE_CHECKING:
    from referee.store.disputes import Weighed


def _other(lang: str) -> str:
    return "en" if is_chinese(lang) else "zh_CN"


def _both(msg: Msg, lang: str) -> str:
    first, second = msg.text(lang), msg.text(_other(lang))
    return first if first == second else f"{first} / {second}"


def _story(pr: _Printer, w: Weighed, lang: str) -> list[Any]:
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.lib.units import mm
    from reportlab.platypus import KeepInFrame, Spacer

    other = _other(lang)
    grey = ParagraphStyle("second", parent=pr.s_body, fontSize=7.5, leading=9.5,
                          textColor=pr.colors.Color(0.35, 0.35, 0.4))
    d = w.dispute
    header = w.header
    sides = dv.sides_of(w.game, w.recorded)
    story: list[Any] = []

    def line(msg: Msg, style: Any = None, bold: bool = False) -> None:
        story.append(pr.para(msg.text(lang), style or pr.s_body, bold))
        second = msg.text(other)
        if second != msg.text(lang):
            story.append(pr.para(second, grey))

    title = M("Ruling sheet: match {match}, {deal}, dispute {number}", match=w.match_id, deal=sides.deal(d.hand),
              number=d.number)
    story.append(pr.para(_both(title, lang), pr.s_title, bold=True))
    if header is not None:
        line(M("event {event}, round {round}, table {table}, date {date}, rules {rules}",
               event=header.event or "-", round=header.round or "-", table=header.table or "-",
               date=header.date or "-", rules=header.rules))
    players = [" · ".join(w.game.scorecard_rows(w.recorded, language).players) for language in (lang, other)]
    story.append(pr.para(players[0], pr.s_body))
    if players[1] != players[0]:
        story.append(pr.para(players[1], grey))
    story.append(pr.para(_both(M("The claim"), lang), pr.s_h2))
    for text in dv.history(d, lang, sides)[:1]:
        story.append(pr.para(text, pr.s_body))
    story.append(pr.para(dv.history(d, other, sides)[0], grey))
    story.append(pr.para(_both(M("Record lines of {deal} as disputed",
                                 deal=sides.deal(d.hand)), lang), pr.s_h2))
    story.append(pr.para("   ".join(f"#{seq} {mt._safe(text)}" for seq, text in w.lines), pr.s_body))
    for k, _ in w.alternatives:
        line(dv.alternative_msg(w, k))
    story.append(pr.para(_both(M("Settlements side by side"), lang), pr.s_h2))
    story.append(_table(pr, w, lang))
    cited = _cited(w)
    if cited:
        story.append(pr.para(_both(M("The clauses applied ({doc})",
                                     doc=f"docs/{w.game.key}-rules.md"), lang), pr.s_h2))
        from referee.views.clauses import clause

        for section in cited:
            c = clause(section, w.game.key)
            if c is None:
                continue
            here, there = c.quoted(lang, None), c.quoted(other, None)  # the sheet quotes the whole clause
            story.append(pr.para(f"{section}  {here}", pr.s_body))
            if there != here:
                story.append(pr.para(there, grey))
    story.append(pr.para(_both(M("The ruling"), lang), pr.s_h2))
    if d.ruling is None:
        line(M("not yet ruled"))
    for text, second in zip(dv.history(d, lang, sides)[1:], dv.history(d, other, sides)[1:], strict=True):
        story.append(pr.para(text, pr.s_body, bold=True))
        story.append(pr.para(second, grey))
    final = d.final
    if final is not None:
        line(M("chain head at ruling time: {head}", head=final.head[:12]), bold=True)
    else:
        line(M("chain head now (not yet ruled): {head}", head=w.head[:12]),
             bold=True)
    story.append(Spacer(1, 6 * mm))
    story.append(_signatures(pr, w, sides, lang, appealed=d.appeal is not None))
    width = pr.width(False)
    height = 297 * mm - 24 * mm
    return [KeepInFrame(width, height, story, mode="shrink")]


def _cited(w: Weighed) -> list[str]:
    """The sections the disputed deal's steps cite where the columns differ (every section when none do)."""
    import re

    from referee.views.clauses import sections

    game, hand = w.game, w.dispute.hand
    numbered = re.compile(r"^\s*\d+\.\s*")
    steps: list[list[str]] = []
    for result in dv.columns(w):
        text = game.explain_view(result, hand, "en") if hand in game.settled_hands(result) else None
        steps.append([numbered.sub("", line) for line in (text or "").splitlines()])
    sets = [set(col) for col in steps]
    every = set().union(*sets)
    differing = {s for s in every if any(s not in col for col in sets)} or every
    found: dict[str, None] = {}
    for col in steps:
        for step in col:
            if step in differing:
                for section in sections(step):
                    found.setdefault(section)
    return sorted(found, key=lambda s: [int(p) for p in s[1:].split(".")])


def _table(pr: _Printer, w: Weighed, lang: str) -> Any:
    from reportlab.lib.units import mm
    from reportlab.platypus import Table, TableStyle

    cols = dv.columns(w)
    heads = [_both(M("as disputed"), lang)] + [
        _both(M("alternative {k}", k=k), lang) for k, _ in w.alternatives]
    rows: list[list[Any]] = [[""] + [pr.para(h, pr.s_head) for h in heads]]
    style: list[tuple[Any, ...]] = [("GRID", (0, 0), (-1, -1), 0.3, pr.colors.grey),
                                    ("FONT", (0, 0), (-1, -1), pr.typo.cjk, 8),
                                    ("VALIGN", (0, 0), (-1, -1), "MIDDLE")]
    for deal, label, cells, changed in dv.fact_rows(w, lang):  # a Row
        if deal is not None and deal != w.dispute.hand:
            continue  # the sheet shows the disputed deal and the match; the terminal shows every later deal
        rows.append([pr.para(_both(label, lang), pr.s_body)] + [pr.para(c, pr.s_body) for c in cells])
        if changed:
            style.append(("BACKGROUND", (1, len(rows) - 1), (-1, len(rows) - 1), pr.colors.Color(1, 0.93, 0.8)))
    total = pr.width(False)
    first = 42 * mm
    widths = [first] + [(total - first) / len(cols)] * len(cols)
    table = Table(rows, colWidths=widths, hAlign="LEFT")
    table.setStyle(TableStyle(style))
    pr.texts += heads
    return table


def _signatures(pr: _Printer, w: Weighed, sides: dv.Sides, lang: str, *, appealed: bool) -> Any:
    from reportlab.platypus import Table, TableStyle

    partnerships = w.game.sides != w.game.seats  # a side of players signs by its captain, a player for themself
    who = [M("{side:side} captain", side=side) if partnerships else _player(sides, side) for side in w.game.sides]
    who.append(M("Referee"))
    if appealed:
        who.append(M("Director"))
    rows = [[pr.para(_both(w, lang), pr.s_body) for w in who], ["" for _ in who]]
    table = Table(rows, colWidths=[pr.width(False) / len(who)] * len(who), rowHeights=[None, 28])
    table.setStyle(TableStyle([("LINEBELOW", (0, 1), (-1, 1), 0.6, pr.colors.black),
                               ("LEFTPADDING", (0, 0), (-1, -1), 6), ("RIGHTPADDING", (0, 0), (-1, -1), 12)]))
    return table


def _player(sides: dv.Sides, seat: str) -> Msg:
    """Who signs for a seat: its player as the dispute names them (``seat 2 (李四)``), or the player at it."""
    if seat in sides.players:
        return sides.side(seat)
    return M("player at {side}", side=sides.side(seat))


def ruling_sheet(path: str | os.PathLike[str], w: Weighed, lang: str, *, font: Font = None) -> None:
    """Write the ruling sheet of dispute ``w.dispute`` to *path* (a PDF of one page)."""
    pr, story = _printed(lang, font, lambda p: _story(p, w, lang))
    title = M("ruling sheet, dispute {number}", number=w.dispute.number)
    pr.build(path, story, False, w.match_id, _both(title, lang))
