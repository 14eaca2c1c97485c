"""Dou Dizhu's views: the terminal table, ``check``'s line, one deal explained, the JSON and the score table.

Every word comes from the catalogue (``M``/``tr`` with an inline Chinese text); the numbers come from the
engine's results, and the score table from the engine's own payment function, so it cannot disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol, TextIO

from referee.core.i18n import MN, P_, M, Msg, join, pgettext, tr
from referee.core.records import RecordError
from referee.core.rulesfile import worded_title
from referee.games.api import GameTable
from referee.games.doudizhu.engine import LANDLORD, DealResult, MatchResult, Run, pay
from referee.games.doudizhu.events import SEATS, Event, Header
from referee.games.doudizhu.rules import TITLES
from referee.games.doudizhu.ruleset import ROB, RuleSet
from referee.games.kit.envelope import match_object, write_envelope
from referee.games.kit.jsonout import BOOLS, quote
from referee.games.kit.wording import Wording


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _redealt(lang: str) -> str:
    """A redealt deal's row: ``redeal`` / 重发 (the note's word: ``redeal`` is the keyword, no Chinese)."""
    return pgettext(lang, "note", P_("note", "redeal"))


def _totals(result: MatchResult, lang: str) -> str:
    return join(lang, (f"{result.names[s]} {_signed(result.totals[s])}" for s in SEATS))


def check_summary(result: MatchResult, lang: str) -> str:
    """``ok: 6 deals (1 redealt), 张三 +8, 李四 -4, 王五 -4``."""
    done = [d for d in result.deals if d.settled or d.redeal]  # a deal still being recorded is not counted
    deals = MN("{n} deal", "{n} deals", len(done))
    redealt = sum(1 for d in done if d.redeal)
    if redealt:
        deals = M("{deals} ({n} redealt)", deals=deals, n=redealt)
    if len(done) < len(result.deals):
        deals = M("{deals} and one in progress", deals=deals)
    return tr(lang, "ok: {deals}, {totals}", deals=deals, totals=_totals(result, lang))


def _landlord_word(d: DealResult, result: MatchResult) -> str:
    return result.names[d.landlord] if d.landlord is not None else "-"


def match_view(result: MatchResult, lang: str) -> str:
    names = [result.names[s] for s in SEATS]
    head = [tr(lang, "deal"), tr(lang, "landlord"), tr(lang, "base"),
            tr(lang, "×"), tr(lang, "winner"), *names]
    rows: list[list[str]] = []
    for d in result.deals:
        if d.redeal:
            rows.append([str(d.deal), _redealt(lang), "", "", "", *["" for _ in SEATS]])
            continue
        if not d.settled:
            rows.append([str(d.deal), tr(lang, "not settled"), "", "", "", *["" for _ in SEATS]])
            continue
        winner = tr(lang, "landlord") if d.winner == LANDLORD else tr(lang, "farmers")
        rows.append([str(d.deal), _landlord_word(d, result), str(d.base), str(d.multiplier), winner,
                     *[f"{_signed(d.payments[s])} ({_signed(d.totals[s])})" for s in SEATS]])
    header = result.header
    title = tr(lang, "match {id} (rules {rules})",
               id=header.id if header else "-", rules=result.rules.name)
    total = tr(lang, "total: {totals}", totals=_totals(result, lang))
    return "\n".join([title, _table([head, *rows]), total, *conduct_lines(result, lang)])


def conduct_lines(result: MatchResult, lang: str) -> list[str]:
    """The match's warnings and rulings ("Conduct and rulings"), each seat with its player's name."""
    from referee.games.kit.conduct import lines

    def who(seat: str) -> str:
        name = result.names.get(int(seat), seat)
        return seat if name == seat else f"{seat} ({name})"

    return lines(result.conduct, who, lang)


def _width(text: str) -> int:
    return sum(2 if ord(ch) > 0x2E80 else 1 for ch in text)


def _table(rows: list[list[str]]) -> str:
    widths = [max(_width(r[i]) for r in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(cell + " " * (w - _width(cell)) for cell, w in zip(r, widths, strict=True)).rstrip()
                     for r in rows)


def explain_view(d: DealResult, result: MatchResult, lang: str) -> str:
    """One deal's payment step by step, each step citing its rule key and docs/doudizhu-rules.md section."""
    lines = [tr(lang, "deal {n} (line {line}), rules {rules}; scoring source: docs/doudizhu-rules.md",
                n=d.deal, line=d.line, rules=result.rules.name)]
    lines += [f"  {i}. {step.text(lang)}" for i, step in enumerate(d.steps, 1)]
    if d.settled:
        lines.append(tr(lang, "payments: {payments}", payments=join(lang, (
            f"{result.names[s]} {_signed(d.payments[s])}" for s in SEATS))))
        lines.append(tr(lang, "running totals: {totals}", totals=join(lang, (
            f"{result.names[s]} {_signed(d.totals[s])}" for s in SEATS))))
    return "\n".join(lines)


class _Rows:
    """Each deal's row of ``replay --json`` as its text, ``json.dump``'s bytes of the row's dict without the dict: the
    fields in place in one template (the numbers are ints and the flags bools: ``DealResult``), each step worded
    and quoted once. A run names each distinct step once and gives the same message again (``Run._named``), so a
    step is known here by its identity, the message kept with its text (its id is not another's while kept)."""

    _LIMIT = 4096  # distinct steps kept: past it the memory is let go and filled again

    def __init__(self, word: Wording) -> None:
        self.word = word
        self._quoted: dict[int, tuple[Msg, str]] = {}

    def _step(self, step: Msg) -> str:
        known = self._quoted.get(id(step))
        if known is None or known[0] is not step:
            if len(self._quoted) >= self._LIMIT:
                self._quoted.clear()
            known = self._quoted[id(step)] = (step, quote(self.word(step)))
        return known[1]

    def __call__(self, d: DealResult) -> str:
        steps = d.steps
        explain = ("[\n    " + ",\n    ".join([self._step(step) for step in steps]) + "\n   ]") if steps else "[]"
        p, t = d.payments, d.totals
        return (f'{{\n   "deal": {d.deal},\n   "line": {d.line},\n   "settled": {BOOLS[d.settled]},'
                f'\n   "redeal": {BOOLS[d.redeal]},\n   "landlord": {"null" if d.landlord is None else d.landlord},'
                f'\n   "base": {d.base},\n   "multiplier": {d.multiplier},\n   "uncapped": {d.uncapped},'
                f'\n   "winner": {"null" if d.winner is None else quote(d.winner)},\n   "bombs": {d.bombs},'
                f'\n   "rockets": {d.rockets},\n   "spring": {BOOLS[d.spring]},'
                f'\n   "antispring": {BOOLS[d.antispring]},\n   "shown": {BOOLS[d.shown]},\n   "robs": {d.robs},'
                f'\n   "payments": {{\n    "1": {p[1]},\n    "2": {p[2]},\n    "3": {p[3]}\n   }},'
                f'\n   "totals": {{\n    "1": {t[1]},\n    "2": {t[2]},\n    "3": {t[3]}\n   }},'
                f'\n   "explain": {explain}\n  }}')


def write_json(result: MatchResult, out: TextIO, lang: str, errors: Sequence[RecordError]) -> None:
    """The JSON object of ``replay --json`` (docs/doudizhu-record-format.md), written deal by deal."""
    _write(result.header, result.rules, result.names, result.deals, lambda: result, out, lang, errors)


def stream_json(events: Sequence[Event], rules: RuleSet, out: TextIO, lang: str,
                errors: Sequence[RecordError]) -> None:
    """``write_json`` of the replay of *events*, the same bytes, each deal written as it is settled and let go (a
    long match's result is never held whole)."""
    run = Run(events, rules)
    _write(run.header, rules, run.names, run.deals(), lambda: run, out, lang, errors)


class _Ended(Protocol):
    """What the end of the object reads, of a result or of a run once its deals are written."""

    @property
    def totals(self) -> dict[int, int]: ...
    @property
    def finished(self) -> bool: ...
    def problems(self) -> Iterable[RecordError]: ...


def _write(header: Header | None, rules: RuleSet, names: dict[int, str], deals: Iterable[DealResult],
           ended: Callable[[], _Ended], out: TextIO, lang: str, errors: Sequence[RecordError]) -> None:
    """The envelope of docs/engine-contract.md: the header and players in ``match``, a row a deal, then
    ``result`` (totals, finished) and ``errors``."""
    word = Wording(lang)

    def result() -> dict[str, Any]:
        end = ended()
        return {"totals": {str(s): end.totals[s] for s in SEATS}, "finished": end.finished}

    match = match_object("doudizhu", header, rules.name, {str(s): names[s] for s in SEATS})
    write_envelope(out, match, "deals", deals, _Rows(word), result, lambda: [*errors, *ended().problems()],
                   raw=True)


# --- the score table ---------------------------------------------------------------------------------------

MULTIPLIERS = (1, 2, 4, 8, 16, 32, 64)


def score_rows(rules: RuleSet) -> list[tuple[int, int, list[tuple[int, int]]]]:
    """(base, robs, [(landlord's payment, each farmer's) per multiplier of :data:`MULTIPLIERS`]) for a
    landlord who wins; a landlord who loses pays the same the other way. Made by the engine's own payment
    function (``engine.pay``), the cap applied as the engine applies it."""
    out = []
    if rules.style == ROB:
        bases = [(rules.call_points, robs, rules.rob_multiplier ** robs) for robs in range(0, 4)]
    else:
        bases = [(bid, 0, 1) for bid in range(1, rules.max_bid + 1)]
    for base, robs, rob_factor in bases:
        cells = []
        for m in MULTIPLIERS:
            total = m * rob_factor
            if rules.cap and total > rules.cap:
                total = rules.cap
            paid, _ = pay(1, 1, base, total, rules)
            cells.append((paid[1], paid[2]))
        out.append((base, robs, cells))
    return out


def score_table(rules: RuleSet, lang: str) -> str:
    lines = [tr(lang, "{name}: {title}", name=rules.name, title=worded_title(rules.title, lang, TITLES))]
    lines.append(tr(lang, "a landlord who wins receives the first number and each farmer pays the second; "
                          "a landlord who loses pays the first and each farmer receives the second (§6)"))
    cap: Msg = M("no cap (multipliers.cap = 0)")
    if rules.cap:
        cap = M("multiplier capped at {cap} (multipliers.cap, §5.4)",
                cap=rules.cap)
    lines.append(cap.text(lang))
    mult_word = tr(lang, "multiplier from bombs, rocket, spring, shown cards")
    if rules.style == ROB:
        first = tr(lang, "robs")
    else:
        first = tr(lang, "bid")
    rows = [[first, *[f"×{m}" for m in MULTIPLIERS]]]
    for base, robs, cells in score_rows(rules):
        label = str(robs) if rules.style == ROB else str(base)
        rows.append([label, *[f"{a}/{b}" for a, b in cells]])
    lines.append(mult_word)
    lines.append(_table(rows))
    return "\n".join(lines)


# --- the table of the scorecard and the web's match page ----------------------------------------------------------

def _doubled(d: DealResult, lang: str) -> str:
    """What doubled the deal's multiplier: bombs, the rocket, spring or anti-spring, shown cards, robs."""
    parts = []
    if d.bombs:
        parts.append(tr(lang, "bomb ×{n}", n=d.bombs))
    if d.rockets:
        parts.append(tr(lang, "rocket"))
    if d.spring:
        parts.append(tr(lang, "spring"))
    if d.antispring:
        parts.append(tr(lang, "anti-spring"))
    if d.shown:
        parts.append(tr(lang, "shown cards"))
    if d.robs:
        parts.append(tr(lang, "robbed ×{n}", n=d.robs))
    return join(lang, parts)


def game_table(result: MatchResult, lang: str) -> GameTable:
    """One row a deal: the landlord, the bid, what doubled, the multiplier, who won, and each player's payment with
    the running total after it (``Game.scorecard_rows``)."""
    names = tuple(result.names[s] for s in SEATS)
    heads = (tr(lang, "deal"), tr(lang, "landlord"), tr(lang, "bid"), tr(lang, "doubled by"),
             tr(lang, "multiplier"), tr(lang, "winner"), *names)
    rows: list[tuple[str, ...]] = []
    running: list[tuple[int, ...]] = []
    totals = tuple(0 for _ in SEATS)
    for d in result.deals:
        if not d.settled:
            word = _redealt(lang) if d.redeal else tr(lang, "not settled")
            rows.append((str(d.deal), word, "", "", "", "", *("" for _ in SEATS)))
        else:
            totals = tuple(d.totals[s] for s in SEATS)
            winner = tr(lang, "landlord") if d.winner == LANDLORD else tr(lang, "farmers")
            multiplier = f"×{d.multiplier}"
            if d.uncapped != d.multiplier:
                multiplier += " " + tr(lang, "(capped from ×{n})", n=d.uncapped)
            rows.append((str(d.deal), _landlord_word(d, result), str(d.base), _doubled(d, lang), multiplier, winner,
                         *(f"{_signed(d.payments[s])} ({_signed(d.totals[s])})" for s in SEATS)))
        running.append(totals)
    return GameTable(heads, tuple(rows), names, tuple(running), tuple(result.totals[s] for s in SEATS),
                     tr(lang, "points"))
