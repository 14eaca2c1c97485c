"""The terminal and JSON views of a Jinhua mahjong match, its score table, and its game-neutral summary."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple, TextIO

from referee.core.i18n import Msg, form, join, tr
from referee.core.records import RecordError
from referee.core.rulesfile import Rules
from referee.games.api import GameTable, Outcome, Participant
from referee.games.jinhua_mahjong.engine import DealResult, MatchResult, drawn, later_steps_key, opening
from referee.games.jinhua_mahjong.events import SEATS, Caishen
from referee.games.jinhua_mahjong.patterns import BY_CODE, PATTERNS
from referee.games.kit.envelope import match_object, write_envelope
from referee.games.kit.jsonout import BOOLS, quote, text
from referee.games.kit.wording import Wording


def _seat(seat: str, lang: str) -> str:
    return form("{seat:seat}", seat=seat).text(lang)


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _how(d: DealResult, lang: str) -> str:
    if d.winner is None:
        return tr(lang, "nobody won (流局)") if d.settled else tr(lang, "not settled")
    if d.discarder is None:
        return tr(lang, "{seat:seat} self-drew (自摸)", seat=d.winner)
    return tr(lang, "{seat:seat} on {discarder:seat}'s discard",
              seat=d.winner, discarder=d.discarder)


def match_view(result: MatchResult, lang: str) -> str:
    """Every deal with its payments and the running totals."""
    h = result.header
    lines = [tr(lang, "Jinhua mahjong (金华麻将) · match {match} · rules {rules}",
                match=h.id if h else "-", rules=result.rules.name)]
    if result.names:
        lines.append("  ".join(form("{seat:seat} {name}", seat=s, name=result.names.get(s, "-")).text(lang)
                               for s in SEATS))
    head = tr(lang, "deal").ljust(5) + tr(lang, "dealer").ljust(7)
    head += "".join(_seat(s, lang).rjust(7) for s in SEATS) + "  " + tr(lang, "result")
    lines.append(head)
    for d in result.deals:
        row = str(d.deal).ljust(5) + _seat(d.dealer, lang).ljust(7)
        row += "".join(_signed(d.payments[s]).rjust(7) for s in SEATS) + "  " + _how(d, lang)
        if d.winner is not None:
            names = " ".join(BY_CODE[c].zh for c in d.patterns)
            row += tr(lang, "; {patterns} ×{factor}", patterns=names, factor=d.paid_factor)
            if d.liable:
                row += tr(lang, "; liable {seats:seats}",
                          seats=list(dict.fromkeys(s for s, _ in d.liable)))
        lines.append(row)
    lines.append(tr(lang, "total").ljust(12) + "".join(_signed(result.totals[s]).rjust(7) for s in SEATS))
    if result.in_play:
        lines.append(tr(lang, "deal {deal} is in play", deal=result.deals[-1].deal))
    lines += conduct_lines(result, lang)
    return "\n".join(lines)


def conduct_lines(result: MatchResult, lang: str) -> list[str]:
    """The match's warnings and rulings ("Conduct and rulings"), each seat with its player's name."""
    from referee.games.kit.conduct import lines

    def who(seat: str) -> str:
        name = result.names.get(seat)
        return form("{seat:seat} {name}", seat=seat, name=name).text(lang) if name else _seat(seat, lang)

    return lines(result.conduct, who, lang)


def check_summary(result: MatchResult, lang: str) -> str:
    settled = sum(1 for d in result.deals if d.settled)
    totals = join(lang, (form("{seat:seat} {total}", seat=s, total=_signed(result.totals[s])) for s in SEATS))
    return tr(lang, "ok: {n} deals settled, {totals}", n=settled, totals=totals)


def explain_view(d: DealResult, lang: str) -> str:
    return "\n".join(s.text(lang) for s in d.steps)


def score_table(rules: Rules, lang: str) -> str:
    """Each pattern's factor and what it pays at 底注 X (§5, §6): the discarder, each other player, and
    each player on a self-draw; capped where the rule set caps."""
    base = rules.number("scoring.base")
    cap = rules.number("scoring.cap")
    lines = [tr(lang, "{name}: X = {base}, cap {cap} (docs/jinhua-mahjong-rules.md §5, §6)",
                name=rules.name, base=base, cap=cap or "-"),
             tr(lang, "pattern").ljust(22) + tr(lang, "factor").rjust(7)
             + tr(lang, "discarder").rjust(10) + tr(lang, "others").rjust(10)
             + tr(lang, "self-draw").rjust(10)]
    for p in PATTERNS:
        f = rules.number(f"factors.{p.code}")
        paid = min(f, cap) if cap else f
        unit = base * paid
        lines.append(f"{p.zh} {p.code}".ljust(22) + str(f).rjust(7)
                     + str(rules.number("scoring.discarder_pays") * unit).rjust(10)
                     + str(rules.number("scoring.others_pay") * unit).rjust(10)
                     + str(rules.number("scoring.self_draw_pays") * unit).rjust(10))
    lines.append(tr(lang, "factors of several patterns multiply (§5.3); 承包 moves the others' payments to the "
                    "liable player (§7)"))
    return "\n".join(lines)


class _Rows:
    """Each deal's row of ``replay --json`` as its text, ``json.dump``'s bytes of the row's dict without the dict: the
    fields in place in one template (the numbers ints and the flags bools: ``DealResult``), and the explanation
    after a won deal's first step worded once for each distinct way of settling (:func:`engine.later_steps_key`):
    a deal settled like one before is not settled again for its steps, only its opening step (its number)
    worded."""

    _LIMIT = 2048  # distinct explanations kept (~0.5 KB each): past it the memory is let go and filled again

    def __init__(self, word: Wording) -> None:
        self.word = word
        self._later: dict[object, str] = {}
        self._around: dict[object, tuple[str, ...]] = {}  # at most every kind, dealer and 财神

    def _explain(self, d: DealResult) -> str:
        word = self.word
        key = later_steps_key(d)
        src = d.source
        if key is None and src is not None and src.nowin is not None and d.settled:  # 流局: its one step
            return "[\n    " + quote(self._opening(src.number, src.dealer, None, _drawn)) + "\n   ]"
        if key is None:
            steps = d.steps
            return ("[\n    " + ",\n    ".join([quote(word(s)) for s in steps]) + "\n   ]") if steps else "[]"
        later = self._later.get(key)
        if later is None:
            if len(self._later) >= self._LIMIT:
                self._later.clear()
            later = self._later[key] = "".join([",\n    " + quote(word(s)) for s in d.steps[1:]])
        assert src is not None
        return ("[\n    " + quote(self._opening(src.number, src.dealer, src.caishen, _won)) + later
                + "\n   ]")

    def _opening(self, number: int, dealer: str, caishen: Caishen | None,
                 step: Callable[[int, str, Caishen | None], Msg]) -> str:
        """The deal's *step* naming its number (:func:`engine.opening`, :func:`engine.drawn`) worded: its text
        around the number made once for each kind, dealer and 财神 (every deal's number is its own, so the message
        itself is never worded twice), the number put in. The text is checked once against the message worded
        with its number; should a language word the number otherwise, each is worded whole."""
        key = (step, dealer, None if caishen is None else caishen.tile)
        around = self._around.get(key)
        if around is None:
            whole = step(number, dealer, caishen).text(self.word.lang)
            parts = step(_MARK, dealer, caishen).text(self.word.lang).split(str(_MARK))
            around = self._around[key] = ((parts[0], parts[1]) if len(parts) == 2
                                          and parts[0] + str(number) + parts[1] == whole else ())
        if not around:
            return self.word(step(number, dealer, caishen))
        return around[0] + str(number) + around[1]

    def __call__(self, d: DealResult) -> str:
        patterns = ("[\n    " + ",\n    ".join([quote(p) for p in d.patterns]) + "\n   ]") if d.patterns else "[]"
        liable = text([{"seat": s, "as": how} for s, how in d.liable], 3) if d.liable else "[]"
        payments = ("{" + ",".join([f"\n    {quote(s)}: {n}" for s, n in d.payments.items()]) + "\n   }"
                    if d.payments else "{}")
        return (f'{{\n   "deal": {d.deal},\n   "dealer": {quote(d.dealer)},\n   "settled": {BOOLS[d.settled]},'
                f'\n   "winner": {_opt(d.winner)},\n   "discarder": {_opt(d.discarder)},'
                f'\n   "self_drawn": {BOOLS[d.winner is not None and d.discarder is None]},'
                f'\n   "patterns": {patterns},\n   "factor": {d.factor},'
                f'\n   "paid_factor": {d.paid_factor},\n   "liable": {liable},\n   "payments": {payments},'
                f'\n   "explain": {self._explain(d)}\n  }}')


def _won(number: int, dealer: str, caishen: Caishen | None) -> Msg:
    return opening(number, dealer, caishen)


def _drawn(number: int, dealer: str, caishen: Caishen | None) -> Msg:
    return drawn(number, dealer)


_MARK = -7_340_111_532_908_461  # a deal "number" no text holds otherwise: where the number goes in an opening


def _opt(s: str | None) -> str:
    return "null" if s is None else quote(s)


def write_json(result: MatchResult, out: TextIO, lang: str, errors: Sequence[RecordError]) -> None:
    """The JSON object of ``replay --json`` (docs/jinhua-mahjong-record-format.md), written deal by deal, in the
    envelope of docs/engine-contract.md: ``result`` holds the totals and whether a deal is still in play."""
    word = Wording(lang)
    write_envelope(out, match_object("jinhua-mahjong", result.header, result.rules.name,
                                     {s: result.names.get(s, "") for s in SEATS}),
                   "deals", result.deals, _Rows(word),
                   lambda: {"totals": dict(result.totals), "in_play": result.in_play},
                   lambda: [*errors, *result.errors], raw=True)


class MahjongSummary(NamedTuple):
    """The game-neutral summary: four individual players, each with deals won and coins (§5)."""

    match_id: str
    finished: bool
    forfeit: bool
    head: str
    entries: int
    names: tuple[tuple[str, str], ...]
    totals: tuple[tuple[str, int], ...]
    won: tuple[tuple[str, int], ...]
    lost: tuple[tuple[str, int], ...]

    def participants(self) -> tuple[Participant, ...]:
        names = dict(self.names)
        return tuple(Participant(s, names.get(s, ""), (names.get(s, ""),)) for s in SEATS)

    def outcome(self, key: str) -> Outcome:
        totals = dict(self.totals)
        score = totals[key]
        placement = 1 + sum(1 for v in totals.values() if v > score)
        return Outcome(key, dict(self.won)[key], dict(self.lost)[key], placement, score, 0)


def summarize(result: MatchResult, head: str = "", entries: int = 0) -> MahjongSummary:
    """Deals won by each seat, deals it paid in, its coins; placement by coins (ties share a place)."""
    won = {s: 0 for s in SEATS}
    lost = {s: 0 for s in SEATS}
    for d in result.deals:
        if d.winner is not None:
            won[d.winner] += 1
            for s in SEATS:
                if d.payments[s] < 0:
                    lost[s] += 1
    h = result.header
    return MahjongSummary(h.id if h else "", bool(result.deals) and not result.in_play, False, head, entries,
                          tuple(result.names.items()), tuple(result.totals.items()), tuple(won.items()),
                          tuple(lost.items()))


def game_table(result: MatchResult, lang: str) -> GameTable:
    """One row a deal: the dealer, the winner and how, the patterns and their factor, who is liable (承包) and each
    seat's payment with the running total after it (``Game.scorecard_rows``)."""
    players = tuple(form("{seat:seat} {name}", seat=s, name=result.names[s]).text(lang) if result.names.get(s)
                    else _seat(s, lang) for s in SEATS)
    heads = (tr(lang, "deal"), tr(lang, "dealer"), tr(lang, "result"), tr(lang, "patterns"),
             tr(lang, "factor"), tr(lang, "liable (承包)"), *players)
    rows: list[tuple[str, ...]] = []
    running: list[tuple[int, ...]] = []
    totals = {s: 0 for s in SEATS}
    for d in result.deals:
        for s in SEATS:
            totals[s] += d.payments.get(s, 0)
        won = d.winner is not None
        factor = ""
        if won:
            factor = f"×{d.paid_factor}" + (f" ({d.factor})" if d.paid_factor != d.factor else "")
        liable = " ".join(_seat(s, lang) for s in dict.fromkeys(s for s, _ in d.liable))
        rows.append((str(d.deal), _seat(d.dealer, lang), _how(d, lang),
                     " ".join(BY_CODE[c].zh for c in d.patterns) if won else "", factor, liable,
                     *(f"{_signed(d.payments.get(s, 0))} ({_signed(totals[s])})" if d.settled else "" for s in SEATS)))
        running.append(tuple(totals[s] for s in SEATS))
    return GameTable(heads, tuple(rows), players, tuple(running), tuple(result.totals[s] for s in SEATS),
                     tr(lang, "coins"))
