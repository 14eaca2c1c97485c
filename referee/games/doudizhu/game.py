"""Dou Dizhu (斗地主) behind the game interface (``referee.games.api.Game``): the registry's ``doudizhu``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, TextIO

from referee.core.i18n import M, Msg
from referee.core.records import RecordError
from referee.games.api import Fact, GameTable, Reading, RuleSetInfo, table_facts, total_facts
from referee.games.doudizhu.engine import MatchResult
from referee.games.doudizhu.events import Event, Header, header_of
from referee.games.doudizhu.ruleset import DEFAULT_RULES, RuleSet
from referee.games.doudizhu.summary import MatchSummary


class DouDizhu:
    key = "doudizhu"
    title: Msg = M("Dou Dizhu")
    default_rules = DEFAULT_RULES
    seats: tuple[str, ...] = ("1", "2", "3")

    def read(self, text: str) -> Reading:
        from referee.games.doudizhu.notation import parse

        return parse(text)

    def read_lines(self, lines: Iterable[tuple[int, str]]) -> Reading:
        from referee.games.doudizhu.notation import parse_lines

        return parse_lines(lines)

    def format_event(self, event: Event) -> str:
        from referee.games.doudizhu.notation import format_event

        return format_event(event)

    def write(self, events: Sequence[Event]) -> str:
        from referee.games.doudizhu.notation import write

        return write(events)

    def header(self, events: Sequence[Event]) -> Header | None:
        return header_of(events)

    def rule_sets(self) -> list[str]:
        from referee.games.doudizhu.ruleset import available

        return available()

    def load_rules(self, name_or_path: str) -> RuleSet:
        from referee.games.doudizhu.ruleset import load

        return load(name_or_path)

    def rule_info(self, rules: RuleSet) -> RuleSetInfo:
        return RuleSetInfo(rules.name, rules.title, rules.source)

    def rules_title(self, title: str, lang: str) -> str:
        from referee.core.rulesfile import worded_title
        from referee.games.doudizhu.rules import TITLES

        return worded_title(title, lang, TITLES)

    def rules_values(self, rules: RuleSet) -> Mapping[str, bool | int | str]:
        from referee.games.doudizhu.ruleset import values_of

        return values_of(rules)

    def pinned_rules(self, values: Mapping[str, bool | int | str], name: str, title: str, source: str) -> RuleSet:
        from referee.games.doudizhu.ruleset import from_values

        return from_values(values, name, title, source)

    def explain_rules(self, rules: RuleSet, lang: str) -> list[tuple[str, str, str]]:
        from referee.games.doudizhu.ruleset import explain

        return [(key, value, doc.text(lang)) for key, value, doc in explain(rules)]

    def score_table(self, rules: RuleSet, lang: str) -> str:
        from referee.games.doudizhu.views import score_table

        return score_table(rules, lang)

    def replay(self, events: Sequence[Event], rules: RuleSet, explain: bool = False) -> MatchResult:
        from referee.games.doudizhu.engine import replay

        return replay(events, rules)

    def problems(self, result: MatchResult) -> list[RecordError]:
        return list(result.errors)

    def pending(self, result: MatchResult) -> list[RecordError]:
        from referee.games.doudizhu.engine import pending

        return pending(result)

    def expected(self, result: MatchResult) -> tuple[str, ...]:
        from referee.games.doudizhu.expect import expected

        return expected(result)

    def gloss(self, keyword: str) -> Msg | None:
        from referee.games.doudizhu.expect import GLOSSES

        return GLOSSES.get(keyword)

    def check_summary(self, result: MatchResult, lang: str) -> str:
        from referee.games.doudizhu.views import check_summary

        return check_summary(result, lang)

    def match_view(self, result: MatchResult, lang: str) -> str:
        from referee.games.doudizhu.views import match_view

        return match_view(result, lang)

    def write_json(self, result: MatchResult, out: TextIO, lang: str, errors: Sequence[RecordError]) -> None:
        from referee.games.doudizhu.views import write_json

        write_json(result, out, lang, errors)

    def replay_json(self, events: Sequence[Event], rules: RuleSet, out: TextIO, lang: str,
                    errors: Sequence[RecordError]) -> None:
        self.write_json(self.replay(events, rules, explain=True), out, lang, errors)

    def explain_view(self, result: MatchResult, hand: int, lang: str) -> str | None:
        from referee.games.doudizhu.views import explain_view

        for d in result.deals:
            if d.deal == hand:
                return explain_view(d, result, lang)
        return None

    def settled_hands(self, result: MatchResult) -> list[int]:
        return [d.deal for d in result.deals]

    def scorecard_rows(self, result: MatchResult, lang: str) -> GameTable:
        from referee.games.doudizhu.views import game_table

        return game_table(result, lang)

    def summarize(self, result: MatchResult, head: str = "", entries: int = 0) -> MatchSummary:
        from referee.games.doudizhu.summary import summarize

        return summarize(result, head, entries)


    @property
    def sides(self) -> tuple[str, ...]:
        return self.seats  # each player plays for themself: a seat disputes and confirms

    def deal_title(self, deal: int) -> Msg:
        return M("deal {n}", zh="第{n}局", n=deal)

    def deal_starts(self, events: Sequence[Event]) -> list[int]:
        from referee.games.doudizhu.events import DealStart

        return [ev.line for ev in events if isinstance(ev, DealStart)]

    def deal_facts(self, result: MatchResult, deal: int, lang: str) -> tuple[Fact, ...] | None:
        if deal not in self.settled_hands(result):
            return None
        return table_facts(self.scorecard_rows(result, lang), deal)

    def match_facts(self, result: MatchResult, lang: str) -> tuple[Fact, ...]:
        return total_facts(self.scorecard_rows(result, lang))

GAME = DouDizhu()

if TYPE_CHECKING:  # the type checker holds Dou Dizhu to the interface
    from referee.games.api import Game

    _CHECKED: Game = GAME
