"""The views of a 打滚 match: ``check``'s line, the terminal table, one deal explained, the JSON of
``replay --json`` and the table ``rules NAME --table`` prints. Text only: nothing here reads or writes files."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from referee.core.i18n import MN, M, form, join, pgettext, separator, tr
from referee.core.records import RecordError
from referee.games.api import GameTable
from referee.games.hubei_dagun.engine import KIND_WORD, REWARD_WORD, Card, DealResult, MatchResult
from referee.games.hubei_dagun.events import SEATS
from referee.games.hubei_dagun.ruleset import DagunRules
from referee.games.kit.envelope import match_object, write_envelope
from referee.games.kit.jsonout import quote, text
from referee.games.kit.wording import Wording

MODE_WORD = {"friend": M("找朋友"), "alone": M("硬牌")}


def _seat(lang: str, seat: str) -> str:
    return pgettext(lang, "seat", seat)


def _signed(n: int) -> str:
    return f"{n:+d}"


def check_summary(result: MatchResult, lang: str) -> str:
    """``ok: 6 deals, coins E +3, S -1, W +2, N -4``."""
    deals = MN("{n} deal", "{n} deals", len(result.deals))
    coins = form("{seats:list}", seats=[form("{s:seat} {c:+d}", s=s, c=c)
                                        for s, c in zip(SEATS, result.totals, strict=True)])
    return tr(lang, "ok: {deals}, coins {coins}", deals=deals, coins=coins)


def _mode(d: DealResult, lang: str) -> str:
    word = MODE_WORD[d.mode].text(lang)
    if d.mode == "friend":
        assert d.card is not None
        return f"{word} {Card(d.card).localized(lang)}→{_seat(lang, d.sides[0][1])}"
    return f"{word} {_seat(lang, d.sides[0][0])}"


def match_view(result: MatchResult, lang: str) -> str:
    """The match deal by deal: dealer, mode, places, points, result, 番 and coins, then the totals."""
    out: list[str] = []
    h = result.header
    if h is not None:
        out.append(tr(lang, "match {id} — Hubei 打滚, rules {rules}",
                      id=h.id, rules=result.rules.name))
    names = [n or "-" for n in result.names]
    out.append("  ".join(f"{_seat(lang, s)}={n}" for s, n in zip(SEATS, names, strict=True)))
    head = [tr(lang, "deal"), tr(lang, "dealer"), tr(lang, "mode"),
            tr(lang, "places"), tr(lang, "points"), tr(lang, "result"),
            tr(lang, "番"), *(_seat(lang, s) for s in SEATS)]
    rows = [head]
    for d in result.deals:
        points = f"{d.side_points[0]}:{d.side_points[1]}" if d.side_points else "-"
        winners = "".join(_seat(lang, s) for s in d.sides[d.winner])
        rows.append([str(d.number), _seat(lang, d.dealer), _mode(d, lang),
                     "".join(_seat(lang, s) for s in d.places), points,
                     f"{KIND_WORD[d.kind].text(lang)} {winners}", str(d.fan), *(_signed(c) for c in d.coins)])
    rows.append([tr(lang, "total"), "", "", "", "", "", "", *(_signed(c) for c in result.totals)])
    widths = [max(_width(r[i]) for r in rows) for i in range(len(head))]
    for r in rows:
        out.append("  ".join(cell + " " * (w - _width(cell)) for cell, w in zip(r, widths, strict=True)).rstrip())
    return "\n".join([*out, *conduct_lines(result, lang)])


def conduct_lines(result: MatchResult, lang: str) -> list[str]:
    """The match's warnings and rulings ("Conduct and rulings"), each seat with its player's name."""
    from referee.games.kit.conduct import lines

    def who(seat: str) -> str:
        name = result.names[SEATS.index(seat)]
        return f"{_seat(lang, seat)}={name}" if name else _seat(lang, seat)

    return lines(result.conduct, who, lang)


def _width(text: str) -> int:
    """Columns on a terminal: a CJK character takes two."""
    return sum(2 if "\u2e80" <= ch <= "\uffef" else 1 for ch in text)


def explain_view(d: DealResult, lang: str) -> str:
    """One deal's settlement step by step, each step with the rule section and key it applied."""
    out = [tr(lang, "deal {n}: dealer {dealer:seat}, {mode}",
              n=d.number, dealer=d.dealer, mode=_mode(d, lang))]
    for i, step in enumerate(d.steps, 1):
        out.append(f"  {i}. {step.msg.text(lang)}  [{step.cite.replace(', ', separator(lang))}]")
    return "\n".join(out)


class _Rows:
    """Each deal's row of ``replay --json`` as its text, ``json.dump``'s bytes of the row's dict without the dict: the
    fields in place in one template (the numbers ints, the seats ``E S W N``: the engine's), a list of seats written
    once for each distinct one, and a deal's explanation once for each way of settling (a long match calls,
    places and pays the same few ways again and again)."""

    _EXPLAINED = 1024  # distinct explanations kept (~1-2 KB each): a match of all different deals holds ~2 MB

    def __init__(self, word: Wording) -> None:
        self.word = word
        self._seats: dict[object, str] = {}  # at most every list of one to four seats, and every pair of sides
        self._explained: dict[object, str] = {}

    def _listed(self, seats: tuple[object, ...]) -> str:
        """A tuple of seats (or of the two sides) as JSON three levels in."""
        known = self._seats.get(seats)
        if known is None:
            known = self._seats[seats] = text(seats, 3)
        return known

    def _explain(self, d: DealResult) -> str:
        """The deal's ``explain`` list: its steps are a pure function of what the key holds (the rule set, the
        mode, the sides, the places, the points and the declared hands; not the totals before it), so a deal
        settled the same way as one before is not settled again for them."""
        p = d.points
        key = (id(d.rules), d.dealer, d.mode, d.card, d.sides, d.places, None if p is None else (p.won, p.hand),
               tuple([(r.declare.seat, r.declare.kind, r.declare.rank) for r in d.rewards]))
        known = self._explained.get(key)
        if known is None:
            if len(self._explained) >= self._EXPLAINED:
                self._explained.clear()
            word = self.word
            steps = d.steps
            known = self._explained[key] = ("[" + ",".join([
                f'\n    {{\n     "text": {quote(word(s.msg))},\n     "cite": {quote(s.cite)}\n    }}'
                for s in steps]) + "\n   ]") if steps else "[]"
        return known

    def __call__(self, d: DealResult) -> str:
        listed = self._listed
        p = d.points
        points = "null" if p is None else ("{" + "".join([f"\n    {quote(s)}: {v}," for s, v in p.won])
                                           + f'\n    "hand": {p.hand}\n   }}')
        sp = d.side_points
        side_points = "null" if sp is None else f"[\n    {sp[0]},\n    {sp[1]}\n   ]"
        rewards = "[]" if not d.rewards else text([
            {"seat": r.declare.seat, "hand": r.declare.kind, "rank": r.declare.rank, "each": r.each,
             "coins": dict(zip(SEATS, r.coins, strict=True))} for r in d.rewards], 3)
        return (f'{{\n   "deal": {d.number},\n   "line": {d.line},\n   "dealer": {quote(d.dealer)},'
                f'\n   "mode": {quote(d.mode)},\n   "called": {"null" if d.card is None else quote(d.card)},'
                f'\n   "sides": {listed(d.sides)},\n   "places": {listed(d.places)},\n   "points": {points},'
                f'\n   "points_final": {"null" if d.final is None else _coins(d.final)},'
                f'\n   "side_points": {side_points},'
                f'\n   "winners": {listed(d.sides[d.winner])},\n   "result": {quote(d.kind)},'
                f'\n   "fan": {d.fan},\n   "result_coins": {_coins(d.result_coins)},'
                f'\n   "rewards": {rewards},\n   "coins": {_coins(d.coins)},'
                f'\n   "totals": {_coins(d.totals)},\n   "explain": {self._explain(d)}\n  }}')


def _coins(c: tuple[int, int, int, int]) -> str:
    """Coins by seat (``E S W N``: :data:`SEATS`) as JSON three levels in."""
    return f'{{\n    "E": {c[0]},\n    "S": {c[1]},\n    "W": {c[2]},\n    "N": {c[3]}\n   }}'


def write_json(result: MatchResult, out: TextIO, lang: str, errors: Sequence[RecordError]) -> None:
    """The JSON object of ``replay --json`` (docs/hubei-dagun-record-format.md §JSON), in the envelope of
    docs/engine-contract.md: ``result`` holds the totals and whether the record is valid."""
    word = Wording(lang)
    problems = [*errors, *result.errors]
    match = match_object("hubei-dagun", result.header, result.rules.name, dict(zip(SEATS, result.names, strict=True)))
    write_envelope(out, match, "deals", result.deals, _Rows(word),
                   lambda: {"totals": dict(zip(SEATS, result.totals, strict=True)), "valid": not problems},
                   lambda: problems, raw=True)


def score_table(rules: DagunRules, lang: str) -> str:
    """Each result and declared hand with its 番 and what each seat gains or pays at this table base."""
    stake = rules.stake
    lines = [tr(lang, "{name}: table base {stake}; coins a player gains (+) or pays (-)", name=rules.name, stake=stake)]
    head = [tr(lang, "result"), tr(lang, "番"), tr(lang, "key"),
            tr(lang, "each winner"), tr(lang, "each loser")]
    rows = [head]
    for kind in ("plain", "bang", "qing", "guangtou"):
        fan = rules.fan(kind)
        rows.append([KIND_WORD[kind].text(lang), str(fan), f"fan.{kind}", _signed(fan * stake), _signed(-fan * stake)])
    win, loss = rules.fan("alone_win"), rules.fan("alone_loss")
    rows.append([KIND_WORD["alone_win"].text(lang), str(win), "fan.alone_win", _signed(3 * win * stake),
                 _signed(-win * stake)])
    rows.append([KIND_WORD["alone_loss"].text(lang), str(loss), "fan.alone_loss", _signed(loss * stake),
                 _signed(-3 * loss * stake)])
    for kind in ("sky", "xi8", "xi7"):
        each = rules.reward(kind)
        rows.append([REWARD_WORD[kind].text(lang), f"{3 * each} (3×{each})", f"rewards.{kind}_each",
                     _signed(3 * each * stake), _signed(-each * stake)])
    widths = [max(_width(r[i]) for r in rows) for i in range(len(head))]
    for r in rows:
        lines.append("  ".join(cell + " " * (w - _width(cell)) for cell, w in zip(r, widths, strict=True)).rstrip())
    lines.append(tr(lang, "硬牌: the winner column is the lone player when 一游 (paid by each of three), the loser "
                          "column each of three; when lost, the lone player pays each of three. A declared hand: "
                          "its holder gains, each of the other three pays, whatever the result."))
    return "\n".join(lines)


def _player(lang: str, seat: str, name: str) -> str:
    return f"{_seat(lang, seat)} {name}" if name else _seat(lang, seat)


def game_table(result: MatchResult, lang: str) -> GameTable:
    """One row a deal: the dealer, the mode, the places, the sides' points, the result, the 番, the rewards and each
    seat's coins with the running total after them (``Game.scorecard_rows``)."""
    players = tuple(_player(lang, s, n) for s, n in zip(SEATS, result.names, strict=True))
    heads = (tr(lang, "deal"), tr(lang, "dealer"), tr(lang, "mode"), tr(lang, "places"), tr(lang, "points"),
             tr(lang, "result"), tr(lang, "番"), tr(lang, "rewards"), *players)
    rows: list[tuple[str, ...]] = []
    for d in result.deals:
        points = f"{d.side_points[0]}:{d.side_points[1]}" if d.side_points else "-"
        winners = "".join(_seat(lang, s) for s in d.sides[d.winner])
        rewards = join(lang, (f"{_seat(lang, r.declare.seat)} {REWARD_WORD[r.declare.kind].text(lang)}"
                              for r in d.rewards))
        rows.append((str(d.number), _seat(lang, d.dealer), _mode(d, lang), "".join(_seat(lang, s) for s in d.places),
                     points, f"{KIND_WORD[d.kind].text(lang)} {winners}", str(d.fan), rewards,
                     *(f"{_signed(c)} ({_signed(t)})" for c, t in zip(d.coins, d.totals, strict=True))))
    return GameTable(heads, tuple(rows), players, tuple(tuple(d.totals) for d in result.deals), tuple(result.totals),
                     tr(lang, "coins"))
