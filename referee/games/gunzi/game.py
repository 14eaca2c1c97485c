"""Dalian Gunzi behind the game interface (``referee.games.api.Game``): the registry's ``gunzi``.

Each method hands over to the module that holds the work (notation, ruleset, engine, the views); the
modules load when first used, so reading the registry costs a command nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, TextIO

from referee.core.i18n import M, Msg
from referee.core.records import RecordError
from referee.games.api import Fact, GameTable, Reading, RuleSetInfo
from referee.games.gunzi.events import Event, MatchHeader, header_of
from referee.games.gunzi.results import MatchResult
from referee.games.gunzi.ruleset import DEFAULT_RULES, RuleSet

if TYPE_CHECKING:  # the summary loads when a match is summarized, not when one is recorded
    from referee.games.gunzi.summary import MatchSummary


class Gunzi:
    key = "gunzi"
    title: Msg = M("Dalian Gunzi")
    default_rules = DEFAULT_RULES
    seats: tuple[str, ...] = ("E", "S", "W", "N")

    def read(self, text: str) -> Reading:
        from referee.games.gunzi.notation import parse

        return parse(text)

    def read_lines(self, lines: Iterable[tuple[int, str]]) -> Reading:
        from referee.games.gunzi.notation import parse_lines

        return parse_lines(lines)

    def format_event(self, event: Event) -> str:
        from referee.games.gunzi.notation import format_event

        return format_event(event)

    def write(self, events: Sequence[Event]) -> str:
        from referee.games.gunzi.notation import write

        return write(events)

    def header(self, events: Sequence[Event]) -> MatchHeader | None:
        return header_of(events)

    def rule_sets(self) -> list[str]:
        from referee.games.gunzi.ruleset import available

        return available()

    def load_rules(self, name_or_path: str) -> RuleSet:
        from referee.games.gunzi.ruleset import load

        return load(name_or_path)

    def rule_info(self, rules: RuleSet) -> RuleSetInfo:
        return RuleSetInfo(rules.name, rules.title, rules.source)

    def rules_title(self, title: str, lang: str) -> str:
        from referee.core.rulesfile import worded_title
        from referee.games.gunzi.rules import TITLES

        return worded_title(title, lang, TITLES)

    def rules_values(self, rules: RuleSet) -> Mapping[str, bool | int | str]:
        from referee.games.gunzi.ruleset import values_of

        return values_of(rules)

    def pinned_rules(self, values: Mapping[str, bool | int | str], name: str, title: str, source: str) -> RuleSet:
        from referee.games.gunzi.ruleset import from_values

        return from_values(values, name, title, source)

    def explain_rules(self, rules: RuleSet, lang: str) -> list[tuple[str, str, str]]:
        return [(k.key, k.value, k.doc.text(lang)) for k in rules.explain()]

    def score_table(self, rules: RuleSet, lang: str) -> str:
        from referee.games.gunzi.scoretable import format_table, score_table

        return format_table(rules, score_table(rules), lang)

    def replay(self, events: Sequence[Event], rules: RuleSet, explain: bool = False) -> MatchResult:
        """*explain* asks nothing more of Gunzi: every settled hand keeps its settlement, whose steps
        ``explain_hand`` words when a view asks for them."""
        from referee.games.gunzi.engine import replay

        return replay(events, rules)

    def problems(self, result: MatchResult) -> list[RecordError]:
        return list(result.errors)

    def pending(self, result: MatchResult) -> list[RecordError]:
        return []  # an unfinished hand is not a problem: the engine says what it expects next

    def expected(self, result: MatchResult) -> tuple[str, ...]:
        from referee.games.gunzi.expect import expected

        return expected(result)

    def gloss(self, keyword: str) -> Msg | None:
        from referee.games.gunzi.directives import gloss, lookup

        return gloss(keyword) if lookup(keyword) is not None else None

    def check_summary(self, result: MatchResult, lang: str) -> str:
        from referee.games.gunzi.terminal import check_summary

        return check_summary(result, lang)

    def match_view(self, result: MatchResult, lang: str) -> str:
        from referee.games.gunzi.terminal import match_view

        return match_view(result, lang)

    def write_json(self, result: MatchResult, out: TextIO, lang: str, errors: Sequence[RecordError]) -> None:
        from referee.games.gunzi.jsonview import write_json

        write_json(result, out, lang, errors)

    def replay_json(self, events: Sequence[Event], rules: RuleSet, out: TextIO, lang: str,
                    errors: Sequence[RecordError]) -> None:
        """Each hand written soon after it is settled, and let go (``jsonview.stream_json``)."""
        from referee.games.gunzi.jsonview import stream_json

        stream_json(events, rules, out, lang, errors)

    def explain_view(self, result: MatchResult, hand: int, lang: str) -> str | None:
        from referee.games.gunzi.terminal import explain_view

        for h in result.hands:
            if h.hand == hand:
                return explain_view(h, lang)
        return None

    def settled_hands(self, result: MatchResult) -> list[int]:
        return [h.hand for h in result.hands]

    def scorecard_rows(self, result: MatchResult, lang: str) -> GameTable:
        """Gunzi's hands in a few columns with each team's ledger; its own scorecard (``views.scorecard``) and
        match page print far more, and stay as they are."""
        from referee.core.i18n import form, tr
        from referee.games.gunzi.codes import describe

        teams = ("EW", "NS")
        players = tuple(form("{team:team} {name}", team=t, name=result.teams.get(t, "")).text(lang).strip()
                        for t in teams)
        heads = (tr(lang, "Game"), tr(lang, "Hand"), tr(lang, "Declarer"), tr(lang, "Score"), tr(lang, "Outcome"),
                 *players)
        rows: list[tuple[str, ...]] = []
        running: list[tuple[int, ...]] = []
        for h in result.hands:
            ledger = tuple(h.ledger.get(t, 0) for t in teams)
            rows.append((str(h.game), str(h.hand), form("{seat:seat}", seat=h.declarer).text(lang), str(h.score),
                         describe(h.outcome, lang), *(str(v) for v in ledger)))
            running.append(ledger)
        totals = running[-1] if running else (0, 0)
        return GameTable(heads, tuple(rows), players, tuple(running), totals,
                         tr(lang, "Ledger"))

    def summarize(self, result: MatchResult, head: str = "", entries: int = 0) -> MatchSummary:
        from referee.games.gunzi.summary import summarize

        return summarize(result, head, entries)


    sides: tuple[str, ...] = ("EW", "NS")  # the partnerships dispute and confirm a hand

    def deal_title(self, deal: int) -> Msg:
        return M("hand {hand}", hand=deal)

    def deal_starts(self, events: Sequence[Event]) -> list[int]:
        from referee.games.gunzi.events import HandStart

        return [ev.line for ev in events if isinstance(ev, HandStart)]

    def deal_facts(self, result: MatchResult, deal: int, lang: str) -> tuple[Fact, ...] | None:
        from referee.games.gunzi.facts import deal_facts

        return deal_facts(result, deal, lang)

    def match_facts(self, result: MatchResult, lang: str) -> tuple[Fact, ...]:
        from referee.games.gunzi.facts import match_facts

        return match_facts(result, lang)

GAME = Gunzi()

if TYPE_CHECKING:  # the type checker holds Gunzi to the interface
    from referee.games.api import Game

    _CHECKED: Game = GAME
