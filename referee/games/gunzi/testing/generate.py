"""A seeded generator of random, legal match records (for property tests and the replay bench).

Every hand is a real shuffled deal of the three decks (162 cards: 39 to each seat, 6 to the kitty),
so no card ever exists more than three times, and every declaration, tribute, riot, bury and king is
taken from the cards the seat actually holds. The generator keeps its own state of the match —
levels, the next declarer, the blood owed, games won — and settles each hand itself from
``gunzi-rules.md`` §7 (it does not call ``referee.games.gunzi.settle``), so a replay of its records cross-checks
the engine: the engine must accept every line and agree with ``GeneratedMatch.hands``.

``generate_match(seed)`` plays a whole match (until a team has won ``rules.games_to_win`` games).
``generate_match(seed, hands=N)`` stops after N settled hands, or earlier if the match ends: for a
long record that must not end, pass ``endless_rules()`` (``games_to_win`` raised) and replay the record
with that same rule set (``referee replay FILE --rules PATH`` with a copy of the rule file).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple, TypedDict

from referee.games.gunzi import events as ev  # each event made a few times per hand: by its module's name
from referee.games.gunzi.cards import ALL_CARDS, BIG_JOKER, SMALL_JOKER, SUITS, Card, strength
from referee.games.gunzi.codes import DeclarerRotation, DryPotRule, FlipWinner, GameEnd, Outcome
from referee.games.gunzi.notation import write
from referee.games.gunzi.ruleset import RuleSet, load
from referee.games.gunzi.seats import SEATS, lower_hand, other_team, partner, team_of, upper_hand

DECK: tuple[Card, ...] = ALL_CARDS * 3  # 162 cards
CARD = {(c.rank, c.suit): c for c in ALL_CARDS}
TOTAL_POINTS = 300

_TEAM_NAMES = ["海之韵", "星海", "老虎滩", "棒棰岛", "Harbour Lights", "金石滩"]
_PLAYER_NAMES = ["张三", "李四", "王五", "赵六", "刘洋", "陈静", "Ann Lee", "孙悟空", "周 杰", "吴敏"]
_WARN_TEXTS = ["说话示意", "看了别人的牌", "slow play", "摔牌", "出牌太慢"]
_RULING_TEXTS = ["双方同级，裁判判定", "tie on time: decided by the referee", "协商一致"]


def endless_rules(rules: RuleSet | None = None) -> RuleSet:
    """The rule set with ``games_to_win`` raised so that a long generated record never ends the match."""
    return (rules or load("dalian-club"))._replace(games_to_win=10**6)


def endless_rule_file(folder: Path) -> Path:
    """A house file on dalian-club with ``games_to_win`` raised, as :func:`endless_rules` does in-process:
    for a whole process (``referee replay --rules FILE``) replaying a long generated record."""
    path = folder / "dalian-club-endless.toml"
    path.write_text('base = "dalian-club"\n\n[match]\ngames_to_win = 1000000\n', encoding="utf-8")
    if load(str(path))._replace(name="", title="") != endless_rules()._replace(name="", title=""):
        raise ValueError("the endless rule file differs from endless_rules()")
    return path


class GeneratedHand(TypedDict):
    """What the generator settled a hand to, keys as in ``HandResult``."""

    hand: int
    game: int
    declarer: str
    level: int
    trump: str
    points: int
    dug: bool
    dry_pot: bool
    score: int
    outcome: Outcome
    levels_after: dict[str, int]
    blood: int
    next_declarer: str | None
    game_winner: str | None


class GeneratedGame(NamedTuple):
    """A game the generator ended, as ``GameResult`` has it."""

    game: int
    winner: str
    reason: GameEnd


@dataclass
class GeneratedMatch:
    """A generated record: its events, and what the generator itself settled, for cross-checking."""

    events: list[ev.Event]
    hands: list[GeneratedHand] = field(default_factory=list)
    games: list[GeneratedGame] = field(default_factory=list)
    winner: str | None = None
    games_won: dict[str, int] = field(default_factory=dict)
    rules: RuleSet | None = None

    @property
    def text(self) -> str:
        return write(self.events)


# --- small rule helpers (gunzi-rules.md §2, §5, §6), written from the digest ------------------------


def _flip_value(card: Card) -> int:
    return card.rank if card.rank <= 10 else 1  # 10 high … 2; A K Q J equal and lowest


def _may_give(card: Card, level: int) -> bool:
    if card.is_joker:
        return True
    if card.rank == 13:
        return False  # kings are never given
    return card.points == 0 or (card.rank == level and level in (5, 10))


def _is_trump(card: Card, level: int, trump: str) -> bool:
    return card.is_joker or card.rank in (2, level) or card.suit == trump


def _dry(kitty: list[Card], level: int, trump: str, all_trump: bool) -> bool:
    if not any(c.suit == trump and c.rank not in (2, level) for c in kitty):
        return True
    return all_trump and all(_is_trump(c, level, trump) for c in kitty)


def _take(cards: list[Card], wanted: list[Card]) -> None:
    for c in wanted:
        cards.remove(c)


class Deal(NamedTuple):
    """Three shuffled decks dealt."""

    hands: dict[str, list[Card]]  # 39 cards to each seat
    kitty: list[Card]  # and 6


class FinalKitty(NamedTuple):
    """How the kitty ends the hand."""

    cards: list[Card]  # the kitty as the hand ends: buried, kings added
    dry: bool  # the dealt kitty was a dry pot


class Declared(NamedTuple):
    """How declaring ended: the declarer and trump."""

    declarer: str
    trump: str


class Candidate(NamedTuple):
    """A declaration a seat's cards allow in a later hand (§4.2)."""

    power: tuple[int, int]  # (identical cards, kind: 0 level cards, 1 small jokers, 2 big), ordered as §4.2.3
    seat: str
    cards: tuple[Card, ...]
    trump: str
    as_suit: str | None


class GameOver(NamedTuple):
    """The game a hand ends (§7.3): who wins it and why."""

    winner: str
    reason: GameEnd


class _Generator:
    def __init__(self, seed: int, hands: int | None, rules: RuleSet):
        self.rng = random.Random(seed)
        self.seed = seed
        self.rules = rules
        self.limit = hands
        self.events: list[ev.Event] = []
        self.out = GeneratedMatch(self.events, rules=rules)
        self.levels = {"EW": rules.start_level, "NS": rules.start_level}
        self.reached = {"EW": 0, "NS": 0}
        self.games_won = {"EW": 0, "NS": 0}
        self.warnings = {"EW": 0, "NS": 0}
        self.game = 1
        self.game_hands = 0
        self.next_declarer: str | None = None
        self.blood = 0
        self.hand_no = 0
        self.settled = 0
        self.match_over = False
        # A fixed hand count must not be cut short by a forfeit.
        self.allow_forfeit = hands is None
        self.shown: dict[str, tuple[Card, ...]] = {}  # seat -> hand laid open in this hand

    def emit(self, event: ev.Event) -> None:
        self.events.append(event)

    # --- the match --------------------------------------------------------------------------

    def run(self) -> GeneratedMatch:
        r = self.rng
        self.emit(ev.MatchHeader(id=f"GEN-{self.seed}", rules=self.rules.name, date="2026-11-29",
                              event="Generated match" if r.random() < 0.5 else None,
                              table=str(r.randint(1, 30)), extra=(("seed", str(self.seed)),)))
        if r.random() < 0.8:
            for team, name in zip(("EW", "NS"), r.sample(_TEAM_NAMES, 2), strict=True):
                self.emit(ev.TeamName(team, name))
            for seat, name in zip(SEATS, r.sample(_PLAYER_NAMES, 4), strict=True):
                self.emit(ev.SeatName(seat, name))
        while not self.match_over and (self.limit is None or self.settled < self.limit):
            if self.between_hands():
                break
            self.play_hand()
        self.out.games_won = dict(self.games_won)
        return self.out

    def between_hands(self) -> bool:
        """Now and then a warning, a time call or a ruling; True when that ended the match."""
        r, rules = self.rng, self.rules
        if r.random() < 0.01:
            seat = r.choice(SEATS)
            team = team_of(seat)
            limit = rules.warnings_limit
            if not limit or self.warnings[team] + 1 < limit or self.allow_forfeit:
                self.emit(ev.Warn(seat, r.choice(_WARN_TEXTS)))
                self.warnings[team] += 1
                if limit and self.warnings[team] >= limit:
                    win = other_team(team)
                    self.out.games.append(GeneratedGame(self.game, win, GameEnd.forfeit))
                    self.games_won = {win: rules.games_to_win, team: 0}
                    self._match_end(win)
                    return True
        if self.game_hands and rules.time_limit_minutes and r.random() < 0.01:
            self.emit(ev.Time())
            ew, ns = self.levels["EW"], self.levels["NS"]
            if ew != ns:
                self._game_end("EW" if ew > ns else "NS", GameEnd.time)
            elif self.reached["EW"] != self.reached["NS"]:
                self._game_end("EW" if self.reached["EW"] < self.reached["NS"] else "NS", GameEnd.time)
            else:
                win = r.choice(("EW", "NS"))
                self.emit(ev.Ruling(win, r.choice(_RULING_TEXTS)))
                self._game_end(win, GameEnd.ruling)
        elif self.game_hands and r.random() < 0.003:
            win = r.choice(("EW", "NS"))
            self.emit(ev.Ruling(win, r.choice(_RULING_TEXTS)))
            self._game_end(win, GameEnd.ruling)
        return self.match_over

    def _game_end(self, winner: str, reason: GameEnd) -> None:
        self.out.games.append(GeneratedGame(self.game, winner, reason))
        last = self.out.hands[-1] if self.out.hands else None
        if last is not None and last["game"] == self.game:  # a game ended off the table voids the blood
            last["blood"], last["next_declarer"] = 0, None
        self.games_won[winner] += 1
        if self.games_won[winner] >= self.rules.games_to_win:
            self._match_end(winner)
            return
        self.game += 1
        self.game_hands = 0
        self.levels = {"EW": self.rules.start_level, "NS": self.rules.start_level}
        self.reached = {"EW": 0, "NS": 0}
        self.next_declarer, self.blood = None, 0

    def _match_end(self, winner: str) -> None:
        self.match_over = True
        self.out.winner = winner

    # --- one hand ---------------------------------------------------------------------------

    def deal(self) -> Deal:
        deck = list(DECK)
        self.rng.shuffle(deck)
        return Deal({s: deck[i * 39:(i + 1) * 39] for i, s in enumerate(SEATS)}, deck[156:])

    def play_hand(self) -> None:
        r = self.rng
        self.hand_no += 1
        self.emit(ev.HandStart())
        if r.random() < 0.02:  # a hand begun and dealt again
            hands, kitty = self.deal()
            self.declaring(hands, kitty)
            self.emit(ev.Redeal())
        while True:
            hands, kitty = self.deal()
            got = self.declaring(hands, kitty)
            if got is not None:
                break
            self.emit(ev.Redeal())  # the kitty was six jokers: nothing to draw a suit from
        declarer, trump = got
        self.shown = {}
        level = self.levels[team_of(declarer)]
        self.tribute(hands, declarer, level, trump)
        final, dry = self.kitty(hands, kitty, declarer, level, trump)
        self.points_and_last(declarer, level, trump, final, dry)

    # --- declaring (§4) ---------------------------------------------------------------------

    def declaring(self, hands: dict[str, list[Card]], kitty: list[Card]) -> Declared | None:
        if self.next_declarer is None:
            return self.first_hand(hands, kitty)
        return self.later_hand(hands, kitty)

    def first_hand(self, hands: dict[str, list[Card]], kitty: list[Card]) -> Declared:
        r = self.rng
        mode = r.choices(("grab", "flip", "declarer"), (0.5, 0.35, 0.15))[0]
        if mode == "grab":
            holders = [s for s in SEATS if BIG_JOKER in hands[s]]
            if holders:
                seat = r.choice(holders)
                suit = r.choice(SUITS)
                self.emit(ev.Declare(seat, (BIG_JOKER,)))
                self.emit(ev.Trump(suit))
                return Declared(seat, suit)
            mode = "flip"
        if mode == "flip":
            start = r.randrange(4)
            order = SEATS[start:] + SEATS[:start]
            flips: list[ev.Flip] = []
            pile = iter(kitty)
            ok = True
            for seat in order:
                for card in pile:
                    flips.append(ev.Flip(seat, card))
                    if not card.is_joker:
                        break
                else:
                    ok = False
                    break
            if ok:
                real = [f for f in flips if not f.card.is_joker]
                pick = max if self.rules.flip_winner == FlipWinner.highest else min
                best = pick(_flip_value(f.card) for f in real)
                won = next(f for f in real if _flip_value(f.card) == best)
                for f in flips:
                    self.emit(f)
                if r.random() < 0.2:
                    self.emit(ev.Trump(won.card.suit))
                return Declared(won.seat, won.card.suit)
        seat, suit = r.choice(SEATS), r.choice(SUITS)
        self.emit(ev.DeclarerIs(seat))
        self.emit(ev.Trump(suit))
        return Declared(seat, suit)

    def later_hand(self, hands: dict[str, list[Card]], kitty: list[Card]) -> Declared | None:
        r = self.rng
        declarer = self.next_declarer
        assert declarer is not None
        level = self.levels[team_of(declarer)]
        if r.random() < 0.1:
            self.emit(ev.DeclarerIs(declarer))
        if r.random() < 0.8:
            trump = self.declarations(self.candidates(hands, level))
            if trump is not None:
                return Declared(declarer, trump)
        if r.random() < 0.2:
            suit = r.choice(SUITS)
            self.emit(ev.Trump(suit))
            return Declared(declarer, suit)
        return self.draw(declarer, kitty)

    def candidates(self, hands: dict[str, list[Card]], level: int) -> list[Candidate]:
        """Every declaration the seats' cards allow: 1-3 identical level cards, three identical jokers."""
        r = self.rng
        cands: list[Candidate] = []
        for seat in SEATS:
            held = Counter(hands[seat])
            for suit in SUITS:
                card = CARD[(level, suit)]
                for k in range(1, held[card] + 1):
                    cands.append(Candidate((k, 0), seat, (card,) * k, suit, None))
            for kind, joker in ((1, SMALL_JOKER), (2, BIG_JOKER)):
                if held[joker] == 3:
                    suit = r.choice(SUITS)
                    cands.append(Candidate((3, kind), seat, (joker,) * 3, suit, suit))
        return cands

    def declarations(self, cands: list[Candidate]) -> str | None:
        """A few declarations, each overcalling the one before; the trump the last one makes, or None."""
        r = self.rng
        power = (0, 0)
        trump = None
        for _ in range(r.choice((1, 1, 2, 3, 4))):
            stronger = [c for c in cands if c.power > power]
            if not stronger:
                break
            if r.random() < 0.6:
                low = min(c.power for c in stronger)
                stronger = [c for c in stronger if c.power == low]
            chosen = r.choice(stronger)
            power, trump = chosen.power, chosen.trump
            self.emit(ev.Declare(chosen.seat, chosen.cards, chosen.as_suit))
        return trump

    def draw(self, declarer: str, kitty: list[Card]) -> Declared | None:
        """Nobody declared: cards drawn from the kitty to the first suited one (None: six jokers)."""
        drawn = []
        for card in kitty:
            drawn.append(card)
            if not card.is_joker:
                break
        if drawn[-1].is_joker:
            return None
        self.emit(ev.Draw(tuple(drawn)))
        return Declared(declarer, drawn[-1].suit)

    # --- tribute (§5) -----------------------------------------------------------------------

    def tribute(self, hands: dict[str, list[Card]], declarer: str, level: int, trump: str) -> None:
        owed = self.blood if self.game_hands else 0
        if not owed:
            return
        r = self.rng
        giver = upper_hand(declarer)
        rioters = [ev.Riot(s, (j,) * 3) for s in (giver, partner(giver)) for j in (BIG_JOKER, SMALL_JOKER)
                   if hands[s].count(j) == 3]
        if self.rules.riot and rioters and r.random() < 0.7:
            self.emit(r.choice(rioters))
            return
        giveable = [c for c in hands[giver] if _may_give(c, level)]
        if r.random() < 0.04 or len(giveable) < owed:
            self.emit(ev.Waive())
            return
        if r.random() < 0.15:  # the giver's hand laid open: the engine then judges "largest"
            self.shown[giver] = tuple(sorted(hands[giver], key=lambda c: (c.suit, c.rank)))
            self.emit(ev.Show(giver, self.shown[giver]))
        giveable.sort(key=lambda c: (strength(c, level, trump), r.random()), reverse=True)
        give = giveable[:owed]
        self.emit(ev.Tribute(giver, tuple(give)))
        _take(hands[giver], give)
        hands[declarer].extend(give)

    # --- the kitty (§6) ---------------------------------------------------------------------

    def kitty(self, hands: dict[str, list[Card]], kitty: list[Card], declarer: str, level: int,
              trump: str) -> FinalKitty:
        r = self.rng
        shown = list(kitty)
        r.shuffle(shown)
        self.emit(ev.Kitty(tuple(shown)))
        if _dry(kitty, level, trump, self.rules.dry_pot == DryPotRule.no_plain_trump_or_all_trump):
            return FinalKitty(list(kitty), True)
        mine = hands[declarer]
        pool = mine + kitty
        if r.random() < 0.05:
            # The declarer's hand laid open: what it holds now, the tribute received included.
            self.emit(ev.Show(declarer, tuple(mine)))
        if r.random() < 0.05:
            final = list(kitty)  # no 'bury': the same six cards go back
        else:
            nbig, nsmall = pool.count(BIG_JOKER), pool.count(SMALL_JOKER)
            want = min(r.choices((0, 1, 2, 3), (0.7, 0.15, 0.1, 0.05))[0], nbig + nsmall)
            jokers = [BIG_JOKER] * min(want, nbig)
            jokers += [SMALL_JOKER] * (want - len(jokers))  # big jokers are buried before small ones
            others = [c for c in pool if not c.is_joker]
            if r.random() < 0.3:
                others.sort(key=lambda c: -c.points + r.random())  # bury point cards
                rest = others[:6 - want]
            else:
                rest = r.sample(others, 6 - want)
            final = jokers + rest
            r.shuffle(final)
            self.emit(ev.Bury(tuple(final)))
            _take(pool, final)
            hands[declarer] = pool
        if r.random() < 0.25:
            final = self.kings(hands, final, declarer, level, trump)
        return FinalKitty(final, False)

    def kings(self, hands: dict[str, list[Card]], final: list[Card], declarer: str, level: int,
              trump: str) -> list[Card]:
        r = self.rng
        for seat in SEATS:
            if seat == declarer or r.random() < 0.5:
                continue
            held = hands[seat]
            nbig, nsmall = held.count(BIG_JOKER), held.count(SMALL_JOKER)
            if not nbig + nsmall:
                continue
            n = r.randint(1, min(3, nbig + nsmall))
            jokers = [BIG_JOKER] * min(n, nbig)
            jokers += [SMALL_JOKER] * (n - len(jokers))
            kitty = list(final)
            take = []
            for _ in jokers:
                eligible = [c for c in kitty if not c.is_joker and c.points == 0]
                if not eligible:
                    break
                low = min(strength(c, level, trump) for c in eligible)
                card = r.choice([c for c in eligible if strength(c, level, trump) == low])
                kitty.remove(card)
                take.append(card)
            jokers = jokers[:len(take)]
            if not jokers:
                continue
            self.emit(ev.King(seat, tuple(jokers), tuple(take)))
            _take(held, jokers)
            held.extend(take)
            final = kitty + jokers
        return final

    # --- points, the last trick and the settlement (§7) --------------------------------------

    def points_and_last(self, declarer: str, level: int, trump: str, final: list[Card], dry: bool) -> None:
        r = self.rng
        kitty_phys = sum(c.points for c in final)
        most = TOTAL_POINTS - kitty_phys
        roll = r.random()
        if roll < 0.04:
            p = 0
        elif roll < 0.07:
            p = most
        elif roll < 0.55:
            p = 5 * r.randint(1, 23)
        else:
            p = 5 * r.randint(24, most // 5) if most >= 120 else 5 * r.randint(0, most // 5)
        p = min(p, most)
        dug = r.random() < 0.3
        chunks = []
        left = p
        for _ in range(r.randint(0, 3)):
            part = 5 * r.randint(0, left // 5)
            chunks.append(part)
            left -= part
        if left or (p == 0 and r.random() < 0.5):
            chunks.append(left)
        for part in chunks:
            self.emit(ev.Points(part))
        if r.random() < 0.2:
            self.emit(ev.DeclarerPoints(TOTAL_POINTS - p - kitty_phys))
        self.emit(ev.Last(dug))
        self.settle(declarer, level, trump, p, final, dry, dug)

    def settle(self, declarer: str, level: int, trump: str, p: int, final: list[Card], dry: bool,
               dug: bool) -> None:
        rules = self.rules
        decl = team_of(declarer)
        kpts = sum(c.points for c in final)
        big, small = final.count(BIG_JOKER), final.count(SMALL_JOKER)
        if dry:
            big = small = 0
            if not rules.dry_pot_kitty_points_count:
                kpts = 0
        score = p + rules.dig_multiplier * kpts if dug else p
        staged = score >= rules.stage_threshold
        if staged:
            outcome = Outcome.stage_dug if dug else Outcome.stage_kept
        else:
            outcome = Outcome.foul_dig if dug else Outcome.keep
        before = dict(self.levels)
        passed = self.level_up(decl, outcome, big, small)
        blood = self.blood_owed(outcome, score, big, small)
        end = self.game_over(decl, score, dug, staged, big, small, passed)
        self.settled += 1
        self.game_hands += 1
        for t in ("EW", "NS"):
            if self.levels[t] != before[t]:
                self.reached[t] = self.hand_no
        if end is None:
            nxt = self.next_of(declarer, outcome)
        else:
            nxt, blood = None, 0
        self.out.hands.append(GeneratedHand(
            hand=self.hand_no, game=self.game, declarer=declarer, level=level, trump=trump,
            points=p, dug=dug, dry_pot=dry, score=score, outcome=outcome,
            levels_after=dict(self.levels), blood=blood, next_declarer=nxt, game_winner=end.winner if end else None,
        ))
        if end is not None:
            self._game_end(end.winner, end.reason)
        else:
            self.next_declarer, self.blood = nxt, blood

    def level_up(self, decl: str, outcome: Outcome, big: int, small: int) -> bool:
        """Move the levels (§7.1, §3.4); True when the declarers pass the top level."""
        rules = self.rules
        if outcome not in (Outcome.keep, Outcome.stage_dug):
            return False
        team = decl if outcome == Outcome.keep else other_team(decl)
        if team == decl and self.levels[team] == rules.top_level:
            return True
        king_levels = big * rules.level_big_joker + small * rules.level_small_joker
        self.levels[team] = min(self.levels[team] + 1 + king_levels, rules.top_level)
        return False

    def blood_owed(self, outcome: Outcome, score: int, big: int, small: int) -> int:
        """The blood the next hand pays if the game goes on (§7.2): the kings (void on a foul dig) and the score."""
        rules = self.rules
        blood = 0 if outcome == Outcome.foul_dig else big * rules.blood_big_joker + small * rules.blood_small_joker
        if score < rules.short_threshold:
            blood += -(-(rules.short_threshold - score) // rules.blood_step)
        elif score > rules.over_threshold:
            blood += (score - rules.over_threshold) // rules.blood_step
        return blood

    def game_over(self, decl: str, score: int, dug: bool, staged: bool, big: int, small: int,
                  passed: bool) -> GameOver | None:
        """Whether the hand ends the game (§7.3), the conditions in their order."""
        rules = self.rules
        dfn = other_team(decl)
        if score == 0:
            return GameOver(decl, GameEnd.zero)
        if score >= rules.sweep_threshold:
            return GameOver(dfn, GameEnd.sweep)
        if big == 3 or (small == 3 and rules.three_small_jokers_win):
            if dug and staged:
                return GameOver(dfn, GameEnd.three_jokers)
            if not dug and not staged:
                return GameOver(decl, GameEnd.three_jokers)
        return GameOver(decl, GameEnd.passed_10) if passed else None

    def next_of(self, declarer: str, outcome: Outcome) -> str:
        """The next hand's declarer (§7.4): the declarers stay (the partner or the same seat), or the
        defenders' seat after the declarer takes over."""
        if outcome in (Outcome.keep, Outcome.foul_dig):
            return partner(declarer) if self.rules.declarer_rotation == DeclarerRotation.partner else declarer
        return lower_hand(declarer)


def generate(seed: int, hands: int | None = None, rules: RuleSet | None = None) -> GeneratedMatch:
    """A random legal match (events and the generator's own settlement of every hand)."""
    return _Generator(seed, hands, rules or load("dalian-club")).run()


def generate_match(seed: int, hands: int | None = None, rules: RuleSet | None = None) -> str:
    """The canonical text of a random legal match record; the same seed gives the same record."""
    return generate(seed, hands, rules).text
