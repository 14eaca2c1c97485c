"""Jinhua mahjong behind the game interface (``referee.games.api.Game``): the registry's ``jinhua-mahjong``.

Each method hands over to the module that holds the work (notation, ruleset, engine, views)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, TextIO

from referee.core import rulesfile
from referee.core.i18n import M, Msg
from referee.core.records import RecordError
from referee.core.rulesfile import Rules
from referee.games.api import Fact, GameTable, Reading, RuleSetInfo, table_facts, total_facts
from referee.games.jinhua_mahjong.engine import MatchResult
from referee.games.jinhua_mahjong.events import Event, Header, header_of
from referee.games.jinhua_mahjong.ruleset import DEFAULT_RULES, SCHEMA
from referee.games.jinhua_mahjong.views import MahjongSummary


class JinhuaMahjong:
    key = "jinhua-mahjong"
    title: Msg = M("Jinhua mahjong")
    default_rules = DEFAULT_RULES
    seats: tuple[str, ...] = ("E", "S", "W", "N")

    def read(self, text: str) -> Reading:
        from referee.games.jinhua_mahjong.notation import parse

        return parse(text)

    def read_lines(self, lines: Iterable[tuple[int, str]]) -> Reading:
        from referee.games.jinhua_mahjong.notation import parse_lines

        return parse_lines(lines)

    def format_event(self, event: Event) -> str:
        from referee.games.jinhua_mahjong.notation import format_event

        return format_event(event)

    def write(self, events: Sequence[Event]) -> str:
        from referee.games.jinhua_mahjong.notation import write

        return write(events)

    def header(self, events: Sequence[Event]) -> Header | None:
        return header_of(events)

    def rule_sets(self) -> list[str]:
        return rulesfile.available(SCHEMA)

    def load_rules(self, name_or_path: str) -> Rules:
        return rulesfile.load(SCHEMA, name_or_path)

    def rule_info(self, rules: Rules) -> RuleSetInfo:
        return RuleSetInfo(rules.name, rules.title, rules.source)

    def rules_title(self, title: str, lang: str) -> str:
        from referee.core.rulesfile import worded_title
        from referee.games.jinhua_mahjong.rules import TITLES

        return worded_title(title, lang, TITLES)

    def rules_values(self, rules: Rules) -> Mapping[str, bool | int | str]:
        return rules.values

    def pinned_rules(self, values: Mapping[str, bool | int | str], name: str, title: str, source: str) -> Rules:
        return rulesfile.from_values(SCHEMA, values, name, title, source, f"{name}@pinned")

    def explain_rules(self, rules: Rules, lang: str) -> list[tuple[str, str, str]]:
        return [(k.key, k.value, k.doc.text(lang)) for k in rulesfile.explain(SCHEMA, rules)]

    def score_table(self, rules: Rules, lang: str) -> str:
        from referee.games.jinhua_mahjong.views import score_table

        return score_table(rules, lang)

    def replay(self, events: Sequence[Event], rules: Rules, explain: bool = False) -> MatchResult:
        from referee.games.jinhua_mahjong.engine import replay

        return replay(events, rules, explain)

    def problems(self, result: MatchResult) -> list[RecordError]:
        return list(result.errors)

    def pending(self, result: MatchResult) -> list[RecordError]:
        return []  # an unfinished deal is no problem: a win or nowin settles it

    def expected(self, result: MatchResult) -> tuple[str, ...]:
        from referee.games.jinhua_mahjong.expect import expected

        return expected(result)

    def gloss(self, keyword: str) -> Msg | None:
        from referee.games.jinhua_mahjong.expect import GLOSSES

        return GLOSSES.get(keyword)

    def check_summary(self, result: MatchResult, lang: str) -> str:
        from referee.games.jinhua_mahjong.views import check_summary

        return check_summary(result, lang)

    def match_view(self, result: MatchResult, lang: str) -> str:
        from referee.games.jinhua_mahjong.views import match_view

        return match_view(result, lang)

    def write_json(self, result: MatchResult, out: TextIO, lang: str, errors: Sequence[RecordError]) -> None:
        from referee.games.jinhua_mahjong.views import write_json

        write_json(result, out, lang, errors)

    def replay_json(self, events: Sequence[Event], rules: Rules, out: TextIO, lang: str,
                    errors: Sequence[RecordError]) -> None:
        self.write_json(self.replay(events, rules, explain=True), out, lang, errors)

    def explain_view(self, result: MatchResult, hand: int, lang: str) -> str | None:
        from referee.games.jinhua_mahjong.views import explain_view

        for d in result.deals:
            if d.deal == hand and d.settled:
                return explain_view(d, lang)
        return None

    def settled_hands(self, result: MatchResult) -> list[int]:
        return [d.deal for d in result.deals if d.settled]

    def scorecard_rows(self, result: MatchResult, lang: str) -> GameTable:
        from referee.games.jinhua_mahjong.views import game_table

        return game_table(result, lang)

    def summarize(self, result: MatchResult, head: str = "", entries: int = 0) -> MahjongSummary:
        from referee.games.jinhua_mahjong.views import summarize

        return summarize(result, head, entries)


    @property
    def sides(self) -> tuple[str, ...]:
        return self.seats  # each player plays for themself: a seat disputes and confirms

    def deal_title(self, deal: int) -> Msg:
        return M("deal {n}", zh="第{n}局", n=deal)

    def deal_starts(self, events: Sequence[Event]) -> list[int]:
        from referee.games.jinhua_mahjong.events import Deal

        return [ev.line for ev in events if isinstance(ev, Deal)]

    def deal_facts(self, result: MatchResult, deal: int, lang: str) -> tuple[Fact, ...] | None:
        if deal not in self.settled_hands(result):
            return None
        return table_facts(self.scorecard_rows(result, lang), deal)

    def match_facts(self, result: MatchResult, lang: str) -> tuple[Fact, ...]:
        return total_facts(self.scorecard_rows(result, lang))

GAME = JinhuaMahjong()

if TYPE_CHECKING:  # the type checker holds the game to the interface
    from referee.games.api import Game

    _CHECKED: Game = GAME
