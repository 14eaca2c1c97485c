"""The 打滚 engine: pure. Events and a rule set in, each deal's result with its explanation out.

No I/O, clock or printing; it never raises on a bad record: every problem is a ``RecordError`` in the
result, at its line. A deal is settled when it has its mode (``call`` or ``alone``), its places and (for
找朋友) its points; each step of its settlement cites the section of docs/hubei-dagun-rules.md and the
rule key it applied.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, cast

from referee.core.i18n import M, Msg, form
from referee.core.records import RecordError
from referee.games.hubei_dagun.events import (
    JOKERS,
    SEATS,
    SPADE_JACK,
    Alone,
    Call,
    Claim,
    Deal,
    Declare,
    Event,
    Header,
    Places,
    Points,
    Seat,
)
from referee.games.hubei_dagun.ruleset import DagunRules
from referee.games.kit.conduct import Conduct, split

HAND_SIZE = 27  # 108 cards, 27 a player (rules §1)
COPIES = 8  # two decks: eight cards of each rank (rules §1)
Coins = tuple[int, int, int, int]  # by seat, E S W N
ZERO: Coins = (0, 0, 0, 0)


class Step(NamedTuple):
    """One step of a settlement: what was decided, and the rule section and key it followed."""

    msg: Msg
    cite: str  # "§5.4 fan.bang"


class Reward(NamedTuple):
    declare: Declare
    each: int  # 番 each other player pays
    coins: Coins


class DealResult(NamedTuple):
    number: int  # the deal's place in the match, 1, 2, …
    line: int
    dealer: str
    mode: str  # "friend" (找朋友) or "alone" (硬牌)
    card: str | None  # the called card (找朋友)
    sides: tuple[tuple[str, ...], tuple[str, ...]]  # the dealer's side (or the lone player), the other side
    places: tuple[str, str, str, str]
    points: Points | None
    final: Coins | None  # each seat's points after the end transfers (rules §5.2), None without points
    side_points: tuple[int, int] | None
    winner: int  # 0: sides[0] won, 1: sides[1] won
    kind: str  # plain, bang, qing, guangtou, alone_win, alone_loss
    fan: int
    result_coins: Coins
    rewards: tuple[Reward, ...]
    coins: Coins  # this deal's coins by seat: the result and the rewards
    totals: Coins  # the running totals after this deal
    rules: DagunRules  # the rule set it was settled under: its steps are worked out again from it when asked for

    @property
    def steps(self) -> tuple[Step, ...]:
        """Each step of the deal's settlement, citing its rule: the deal settled again from what it kept (pure, so
        the same steps as when it was first settled)."""
        mode: Call | Alone = (Call(self.card, self.sides[0][1], 0) if self.mode == "friend" and self.card is not None
                              else Alone(self.sides[0][0], 0))
        before = tuple(t - c for t, c in zip(self.totals, self.coins, strict=True))
        steps: list[Step] = []
        settle(Deal(self.number, self.dealer, self.line), self.number, mode, Places(self.places, 0), self.points,
               [r.declare for r in self.rewards], self.rules, cast("Coins", before), steps)
        return tuple(steps)

    def won(self, seat: str) -> bool:
        return seat in self.sides[self.winner]


LACKS = "deal {n}: not settled, it lacks {xs:list}"  # the msgid of settle's refusal: ``Game.pending``


def pending(result: MatchResult) -> list[RecordError]:
    """The last deal's "not settled, it lacks …": what the deal in progress still needs, not a mistake."""
    lacks = [e for e in result.errors if e.msg.msgid == LACKS]
    if not lacks:
        return []
    last = max(lacks, key=lambda e: e.line)
    return [last] if last.line > max([d.line for d in result.deals], default=0) else []


class MatchResult(NamedTuple):
    header: Header | None
    rules: DagunRules
    names: tuple[str, str, str, str]  # players by seat ("" when not recorded)
    deals: tuple[DealResult, ...]
    totals: Coins
    errors: tuple[RecordError, ...]
    last: tuple[Event, ...] = ()  # the last deal's events from its ``deal`` line on: what ``expect`` reads
    conduct: tuple[Conduct, ...] = ()  # the warnings and rulings, in order (kit.conduct: they change no score)


class Card(str):
    """A card code that words itself: ``H10`` → ``♥10``, ``JS`` → ``♠J``; the jokers by name in each language."""

    __slots__ = ()

    @property
    def rank(self) -> str | None:
        """``10`` of ``H10``, ``J`` of ``JS``; None for a joker."""
        if self in JOKERS:
            return None
        return "J" if self == SPADE_JACK else self[1:]

    def localized(self, lang: str) -> str:
        if self == "BJ":
            return M("big joker").text(lang)
        if self == "SJ":
            return M("small joker").text(lang)
        suit = "S" if self == SPADE_JACK else self[0]
        return {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}[suit] + cast(str, self.rank)


def side_word(side: Sequence[str]) -> Msg:
    """A side as one word of seats: ``EW`` (东西); made once for each side (a message is a value)."""
    key = tuple(side)
    word = _SIDE_WORDS.get(key)
    if word is None:
        word = _SIDE_WORDS[key] = form("".join(f"{{s{i}:seat}}" for i in range(len(side))),
                                       **{f"s{i}": s for i, s in enumerate(side)})
    return word


_SIDE_WORDS: dict[tuple[str, ...], Msg] = {}  # at most every side of one to four seats


def seat_index(seat: str) -> int:
    return SEATS.index(seat)


class _Open:
    """A deal being read: its lines until the next deal."""

    def __init__(self, deal: Deal, number: int) -> None:
        self.deal, self.number = deal, number
        self.mode: Call | Alone | None = None
        self.places: Places | None = None
        self.points: Points | None = None
        self.declares: list[Declare] = []
        self.claim: Claim | None = None


def replay(events: Sequence[Event], rules: DagunRules, explain: bool = False) -> MatchResult:
    """Settle every deal of a record (``explain`` is accepted for the interface: a deal works out its steps when
    asked, :attr:`DealResult.steps`). A warning or a ruling belongs to no deal and changes no score ("Conduct and
    rulings"): kept with the result."""
    events, conduct = cast("tuple[list[Event], tuple[Conduct, ...]]", split(events))
    errors: list[RecordError] = []
    header: Header | None = None
    names = ["", "", "", ""]
    deals: list[DealResult] = []
    totals: Coins = ZERO
    current: _Open | None = None
    count = 0
    for i, ev in enumerate(events):
        if isinstance(ev, Header):
            if header is not None or i:
                errors.append(RecordError(ev.line, M("match: the header comes once, first")))
            header = header or ev
        elif isinstance(ev, Seat):
            if current is not None:
                errors.append(RecordError(ev.line, M("seat: players are seated before the first deal")))
            elif names[seat_index(ev.seat)]:
                errors.append(RecordError(ev.line, M("seat: {s:seat} is seated twice",
                                                     s=ev.seat)))
            else:
                names[seat_index(ev.seat)] = ev.name
        elif isinstance(ev, Deal):
            if current is not None:
                totals = _close(current, rules, deals, totals, errors)
            count += 1
            current = _Open(ev, count)
            _check_deal(ev, count, deals, rules, errors)
        elif current is None:
            errors.append(RecordError(ev.line, M("this line belongs to a deal: start one with 'deal'")))
        else:
            _add(current, ev, errors)
    if current is not None:
        totals = _close(current, rules, deals, totals, errors)
    if header is None and events:
        errors.append(RecordError(0, M("the record has no 'match id=… game=hubei-dagun' header")))
    errors.sort(key=lambda e: e.line)
    start = max((i for i, ev in enumerate(events) if isinstance(ev, Deal)), default=len(events))
    return MatchResult(header, rules, (names[0], names[1], names[2], names[3]), tuple(deals), totals, tuple(errors),
                       tuple(events[start:]), conduct)


def _check_deal(ev: Deal, count: int, deals: list[DealResult], rules: DagunRules, errors: list[RecordError]) -> None:
    if ev.number is not None and ev.number != count:
        errors.append(RecordError(ev.line, M("deal {number}: this is deal {count} of the record", number=ev.number,
                                             count=count)))
    if rules.first_out_deals and deals and deals[-1].number == count - 1 and ev.dealer != deals[-1].places[0]:
        errors.append(RecordError(ev.line, M(
            "deal {count}: the dealer is {dealer:seat}, but the previous deal's 一游 was {first:seat} "
            "(§4.1, dealing.first_out_deals)",
            count=count, dealer=ev.dealer, first=deals[-1].places[0])))


def _twice(what: str, line: int) -> RecordError:
    return RecordError(line, M("{what}: given twice in this deal", what=what))


def _add(deal: _Open, ev: Event, errors: list[RecordError]) -> None:
    if isinstance(ev, Call | Alone):
        if deal.mode is not None:
            errors.append(RecordError(ev.line, M(
                "a deal is played either 找朋友 (call) or 硬牌 (alone), once")))
        elif isinstance(ev, Call) and ev.partner == deal.deal.dealer:
            errors.append(RecordError(ev.line, M(
                "call: the partner holds the twin of the dealer's called card, so it is not the dealer "
                "(a dealer holding both calls again: §4.2)")))
        else:
            deal.mode = ev
    elif isinstance(ev, Places):
        if deal.places is not None:
            errors.append(_twice("places", ev.line))
        else:
            deal.places = ev
    elif isinstance(ev, Points):
        if deal.points is not None:
            errors.append(_twice("points", ev.line))
        else:
            deal.points = ev
    elif isinstance(ev, Declare):
        deal.declares.append(ev)
    elif isinstance(ev, Claim):
        if deal.claim is not None:
            errors.append(_twice("claim", ev.line))
        else:
            deal.claim = ev


def _close(deal: _Open, rules: DagunRules, deals: list[DealResult], totals: Coins,
           errors: list[RecordError]) -> Coins:
    """Settle a deal that has what it needs (else say what it lacks); the new running totals."""
    line, n = deal.deal.line, deal.number
    missing: list[str] = []
    if deal.mode is None:
        missing.append("call/alone")
    if deal.places is None:
        missing.append("places")
    if deal.points is None and isinstance(deal.mode, Call):
        missing.append("points")
    if missing:
        errors.append(RecordError(line, M("deal {n}: not settled, it lacks {xs:list}",
                                          n=n, xs=missing)))
        return totals
    assert deal.mode is not None and deal.places is not None
    errors += _declare_problems(deal)
    result = settle(deal.deal, n, deal.mode, deal.places, deal.points, deal.declares, rules, totals)
    if deal.claim is not None:
        errors += _claim_problems(deal.claim, result)
    deals.append(result)
    return result.totals


# --- the declared hands (rules §6, §8) -----------------------------------------------------------------

def _declare_problems(deal: _Open) -> list[RecordError]:
    """Declared hands the two decks cannot hold together, or that contradict the called card."""
    out: list[RecordError] = []
    skies: list[Declare] = []
    by_rank: dict[str, Declare] = {}
    cards = dict.fromkeys(SEATS, 0)
    call = deal.mode if isinstance(deal.mode, Call) else None
    for d in deal.declares:
        size = 4 if d.kind == "sky" else 8 if d.kind == "xi8" else 7
        cards[d.seat] += size
        if d.kind == "sky":
            if skies:
                out.append(RecordError(d.line, M(
                    "declare: 天炸 is all four jokers: only one player can hold it (§6)")))
            elif call is not None and call.card in JOKERS:
                out.append(RecordError(d.line, M(
                    "declare: 天炸 holds all four jokers, but a joker was called and its twin is the "
                    "partner's (§4.2, §6)")))
            skies.append(d)
            continue
        assert d.rank is not None
        other = by_rank.get(d.rank)
        if other is not None:
            out.append(RecordError(d.line, M(
                "declare: the two decks hold 8 cards of {rank}; this 喜 and the one at line {other} need more (§6)",
                rank=d.rank, other=other.line)))
        else:
            by_rank[d.rank] = d
        if call is not None and Card(call.card).rank == d.rank:
            out += _against_call(d, call, deal.deal.dealer)
    for seat, n in cards.items():
        if n > HAND_SIZE:
            out.append(RecordError(deal.deal.line, M(
                "declare: {s:seat} declares {n} cards of 天炸 and 喜, more than the {most} a player holds (§1)",
                s=seat, n=n, most=HAND_SIZE)))
    return out


def _against_call(d: Declare, call: Call, dealer: str) -> list[RecordError]:
    """A 喜 of the called rank: the dealer and the partner each hold one of the called pair (§4.2)."""
    if d.kind == "xi8":
        return [RecordError(d.line, M(
            "declare: an 8喜 of {rank} leaves no {rank} for both the dealer and the partner, who hold the called "
            "{card} (§4.2, §6)",
            rank=d.rank, card=Card(call.card)))]
    if d.seat not in (dealer, call.partner):
        return [RecordError(d.line, M(
            "declare: a 7喜 of {rank} by {s:seat} leaves one {rank}, but the dealer and the partner each hold a "
            "called {card} (§4.2, §6)",
            rank=d.rank, s=d.seat, card=Card(call.card)))]
    return []


# --- settling (rules §5, §6, §7) -----------------------------------------------------------------------

KIND_KEY = {"plain": "fan.plain", "bang": "fan.bang", "qing": "fan.qing", "guangtou": "fan.guangtou",
            "alone_win": "fan.alone_win", "alone_loss": "fan.alone_loss"}
KIND_SECTION = {"plain": "§5.3", "bang": "§5.4", "qing": "§5.5", "guangtou": "§5.6", "alone_win": "§5.7",
                "alone_loss": "§5.7"}
# Who pays whom for a result: a partnership's players each (§7.2 找朋友), or the lone player and the three (§7.3 硬牌).
KIND_COINS = {"plain": "§7.2", "bang": "§7.2", "qing": "§7.2", "guangtou": "§7.2", "alone_win": "§7.3",
              "alone_loss": "§7.3"}
KIND_WORD = {
    "plain": M("a plain win"),
    "bang": M("绑"),
    "qing": M("清"),
    "guangtou": M("光头"),
    "alone_win": M("硬牌 won"),
    "alone_loss": M("硬牌 lost"),
}
REWARD_WORD = {"sky": M("天炸"), "xi8": M("8喜"), "xi7": M("7喜")}


def settle(deal: Deal, number: int, mode: Call | Alone, places: Places, points: Points | None,
           declares: Sequence[Declare], rules: DagunRules, before: Coins, steps: list[Step] | None = None
           ) -> DealResult:
    """One deal's result: who won, how (plain, 绑, 清, 光头 or 硬牌), its 番 and coins, and the rewards; each step
    of it appended to *steps* when given (:attr:`DealResult.steps` settles the deal again for them: a deal's
    worded steps were ~7 KB of messages, kept for all 14,000 deals of a long match that nobody asked to
    explain)."""
    order = places.order
    if steps is not None:
        steps.append(Step(M("places: 一游 {a:seat}, 二游 {b:seat}, 三游 {c:seat}, 末游 {d:seat}",
                            a=order[0], b=order[1], c=order[2], d=order[3]), "§5.1"))
    final: Coins | None = None
    side_points: tuple[int, int] | None = None
    if isinstance(mode, Call):
        ours: tuple[str, ...] = (deal.dealer, mode.partner)
        sides: tuple[tuple[str, ...], tuple[str, ...]] = (ours, tuple(s for s in SEATS if s not in ours))
        if steps is not None:
            steps.append(Step(M("找朋友: {dealer:seat} called {card}; {partner:seat} holds its twin: {a} against "
                                "{b}",
                                dealer=deal.dealer, card=Card(mode.card), partner=mode.partner, a=side_word(sides[0]),
                                b=side_word(sides[1])), "§4.2"))
        assert points is not None
        final, side_points, winner, kind = _friend(points, order, sides, rules, steps)
    else:
        sides = ((mode.seat,), tuple(s for s in SEATS if s != mode.seat))
        if steps is not None:
            steps.append(Step(M("硬牌: {lone:seat} plays alone against {b}; only 一游 decides",
                                lone=mode.seat, b=side_word(sides[1])),
                              "§4.3, §5.7"))
        won = order[0] == mode.seat
        winner, kind = (0, "alone_win") if won else (1, "alone_loss")
        if steps is not None:
            steps.append(Step(M("{first:seat} is 一游: the 硬牌 player {verb}", first=order[0],
                                verb=M("wins") if won else M("loses")), "§5.7"))
    fan = rules.fan(kind)
    result_coins = _result_coins(sides, winner, rules.stake * fan)
    if steps is not None:
        steps.append(_coins_step(kind, fan, rules.stake, result_coins))
    rewards = tuple(_reward(d, rules) for d in declares)
    for r in rewards:
        if steps is not None:
            steps.append(Step(M("{what} declared by {s:seat}: each of the other three pays {each} 番 × {stake} = "
                                "{coins}, whatever the result",
                                what=REWARD_WORD[r.declare.kind], s=r.declare.seat, each=r.each, stake=rules.stake,
                                coins=r.each * rules.stake), f"§6 rewards.{r.declare.kind}_each"))
    coins = _add_coins(result_coins, *(r.coins for r in rewards))
    totals = _add_coins(before, coins)
    if steps is not None:
        steps.append(Step(M("this deal: {line}", line=_coins_line(coins)), "§7.4"))
    return DealResult(number, deal.line, deal.dealer, "friend" if isinstance(mode, Call) else "alone",
                      mode.card if isinstance(mode, Call) else None, sides, order, points, final, side_points,
                      winner, kind, fan, result_coins, rewards, coins, totals, rules)


def _friend(points: Points, order: tuple[str, str, str, str], sides: tuple[tuple[str, ...], tuple[str, ...]],
            rules: DagunRules, steps: list[Step] | None) -> tuple[Coins, tuple[int, int], int, str]:
    """找朋友: the end transfers (§5.2), then 绑/光头 (§5.4, §5.6), 清 (§5.5) or more points (§5.3)."""
    first, _, third, last = order
    won = dict(points.won)
    final = dict(won)
    final[first] += won[last]
    final[last] = 0
    final[third] += points.hand
    if steps is not None:
        steps.append(Step(M("末游 {last:seat}'s {lp} points go to 一游 {first:seat}; the {hand} points still in "
                            "hand go to 三游 {third:seat}",
                            last=last, lp=won[last], first=first, hand=points.hand, third=third), "§5.2"))
    side = (sum(final[s] for s in sides[0]), sum(final[s] for s in sides[1]))
    coins_final: Coins = (final["E"], final["S"], final["W"], final["N"])
    if steps is not None:
        steps.append(Step(M("points: {a} {pa}, {b} {pb}",
                            a=side_word(sides[0]), pa=side[0], b=side_word(sides[1]), pb=side[1]), "§5.2"))
    winner_of = {s: (0 if s in sides[0] else 1) for s in SEATS}
    if winner_of[order[0]] == winner_of[order[1]]:
        winner = winner_of[order[0]]
        loser_won = sum(won[s] for s in sides[1 - winner])
        if loser_won == 0:
            if steps is not None:
                steps.append(Step(M("绑 with the other side on no points: 光头, {a} win whatever the points",
                                    a=side_word(sides[winner])), "§5.6"))
            return coins_final, side, winner, "guangtou"
        if steps is not None:
            steps.append(Step(M("{a} are 一游 and 二游: 绑, they win and the points are not counted",
                                a=side_word(sides[winner])), "§5.4"))
        return coins_final, side, winner, "bang"
    if 200 in side:
        winner = side.index(200)
        if steps is not None:
            steps.append(Step(M("{a} have all 200 points: 清", a=side_word(sides[winner])), "§5.5"))
        return coins_final, side, winner, "qing"
    if side[0] == side[1]:
        if rules.tie == "last_loses":
            winner = 1 - winner_of[last]
            if steps is not None:
                steps.append(Step(M("100:100: the side of 末游 {last:seat} loses",
                                    last=last), "§5.3 scoring.tie"))
        else:
            winner = winner_of[first]
            if steps is not None:
                steps.append(Step(M("100:100: the side of 一游 {first:seat} wins",
                                    first=first), "§5.3 scoring.tie"))
        return coins_final, side, winner, "plain"
    winner = 0 if side[0] > side[1] else 1
    if steps is not None:
        steps.append(Step(M("{a} have more points and win", a=side_word(sides[winner])), "§5.3"))
    return coins_final, side, winner, "plain"


def _result_coins(sides: tuple[tuple[str, ...], tuple[str, ...]], winner: int, unit: int) -> Coins:
    """Each loser pays each... in 2 against 2 each winner takes *unit* from one loser; 1 against 3, the
    single player takes (or pays) *unit* from (to) each of the three (rules §7.2, §7.3)."""
    out = dict.fromkeys(SEATS, 0)
    win, lose = sides[winner], sides[1 - winner]
    if len(win) == len(lose):
        for s in win:
            out[s] += unit
        for s in lose:
            out[s] -= unit
    else:
        lone, many = (win, lose) if len(win) == 1 else (lose, win)
        sign = 1 if lone is win else -1
        out[lone[0]] += sign * unit * len(many)
        for s in many:
            out[s] -= sign * unit
    return (out["E"], out["S"], out["W"], out["N"])


def _coins_step(kind: str, fan: int, stake: int, coins: Coins) -> Step:
    key = KIND_KEY[kind]
    return Step(M("{what}: {fan} 番 × table base {stake} = {unit} a player: {line}", what=KIND_WORD[kind], fan=fan,
                  stake=stake, unit=fan * stake, line=_coins_line(coins)),
                f"{KIND_SECTION[kind]}, {KIND_COINS[kind]} {key}")


def _reward(d: Declare, rules: DagunRules) -> Reward:
    each = rules.reward(d.kind)
    unit = each * rules.stake
    out = {s: (3 * unit if s == d.seat else -unit) for s in SEATS}
    return Reward(d, each, (out["E"], out["S"], out["W"], out["N"]))


def _add_coins(*parts: Coins) -> Coins:
    return cast("Coins", tuple(map(sum, zip(*parts, strict=True))))


def _coins_line(coins: Coins) -> Msg:
    """``E -1, S +1, W -1, N +1``, listed the reader's way (``东 -1、南 +1、西 -1、北 +1``); a tuple, so that the step
    is hashable and a long match's same steps are worded once."""
    line = _COINS_LINES.get(coins)
    if line is None:
        line = form("{seats:list}", seats=tuple([form("{s:seat} {c:+d}", s=s, c=c)
                                                 for s, c in zip(SEATS, coins, strict=True)]))
        if len(_COINS_LINES) < 4096:
            _COINS_LINES[coins] = line
    return line


_COINS_LINES: dict[Coins, Msg] = {}  # each deal's coins worded once: a match's deals pay the same few ways


# --- the claim (rules §8) --------------------------------------------------------------------------------

def _claim_problems(claim: Claim, result: DealResult) -> list[RecordError]:
    if result.mode == "alone":
        return [RecordError(claim.line, M(
            "claim: a 硬牌 deal is decided by 一游 alone; 绑, 清 and 光头 are 找朋友's (§5.7)"))]
    if claim.kind == result.kind:
        return []
    return [RecordError(claim.line, M(
        "claim: the table called {claimed}, but the places and points give {actual} (§5.3-§5.6)",
        claimed=KIND_WORD[claim.kind], actual=KIND_WORD[result.kind]))]
