"""Hubei 打滚 behind the game interface (``referee.games.api.Game``): the registry's ``hubei-dagun``.

Each method hands over to the module that holds the work; the modules load when first used.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, TextIO

from referee.core.i18n import M, Msg
from referee.core.records import RecordError
from referee.games.api import Fact, GameTable, Reading, RuleSetInfo, table_facts, total_facts
from referee.games.hubei_dagun.engine import MatchResult
from referee.games.hubei_dagun.events import Event, Header, header_of
from referee.games.hubei_dagun.ruleset import DEFAULT_RULES, DagunRules
from referee.games.hubei_dagun.summary import DagunSummary


class HubeiDagun:
    key = "hubei-dagun"
    title: Msg = M("Hubei 打滚")
    default_rules = DEFAULT_RULES
    seats: tuple[str, ...] = ("E", "S", "W", "N")

    def read(self, text: str) -> Reading:
        from referee.games.hubei_dagun.notation import parse

        return parse(text)

    def read_lines(self, lines: Iterable[tuple[int, str]]) -> Reading:
        from referee.games.hubei_dagun.notation import parse_lines

        return parse_lines(lines)

    def format_event(self, event: Event) -> str:
        from referee.games.hubei_dagun.notation import format_event

        return format_event(event)

    def write(self, events: Sequence[Event]) -> str:
        from referee.games.hubei_dagun.notation import write

        return write(events)

    def header(self, events: Sequence[Event]) -> Header | None:
        return header_of(events)

    def rule_sets(self) -> list[str]:
        from referee.games.hubei_dagun.ruleset import available

        return available()

    def load_rules(self, name_or_path: str) -> DagunRules:
        from referee.games.hubei_dagun.ruleset import load

        return load(name_or_path)

    def rule_info(self, rules: DagunRules) -> RuleSetInfo:
        return RuleSetInfo(rules.name, rules.title, rules.source)

    def rules_title(self, title: str, lang: str) -> str:
        from referee.core.rulesfile import worded_title
        from referee.games.hubei_dagun.rules import TITLES

        return worded_title(title, lang, TITLES)

    def rules_values(self, rules: DagunRules) -> Mapping[str, bool | int | str]:
        from referee.games.hubei_dagun.ruleset import values_of

        return values_of(rules)

    def pinned_rules(self, values: Mapping[str, bool | int | str], name: str, title: str, source: str) -> DagunRules:
        from referee.games.hubei_dagun.ruleset import from_values

        return from_values(values, name, title, source)

    def explain_rules(self, rules: DagunRules, lang: str) -> list[tuple[str, str, str]]:
        from referee.games.hubei_dagun.ruleset import explain

        return [(k.key, k.value, k.doc.text(lang)) for k in explain(rules)]

    def score_table(self, rules: DagunRules, lang: str) -> str:
        from referee.games.hubei_dagun.views import score_table

        return score_table(rules, lang)

    def replay(self, events: Sequence[Event], rules: DagunRules, explain: bool = False) -> MatchResult:
        from referee.games.hubei_dagun.engine import replay

        return replay(events, rules, explain)

    def problems(self, result: MatchResult) -> list[RecordError]:
        return list(result.errors)

    def pending(self, result: MatchResult) -> list[RecordError]:
        from referee.games.hubei_dagun.engine import pending

        return pending(result)

    def expected(self, result: MatchResult) -> tuple[str, ...]:
        from referee.games.hubei_dagun.expect import expected

        return expected(result)

    def gloss(self, keyword: str) -> Msg | None:
        from referee.games.hubei_dagun.expect import GLOSSES

        return GLOSSES.get(keyword)

    def check_summary(self, result: MatchResult, lang: str) -> str:
        from referee.games.hubei_dagun.views import check_summary

        return check_summary(result, lang)

    def match_view(self, result: MatchResult, lang: str) -> str:
        from referee.games.hubei_dagun.views import match_view

        return match_view(result, lang)

    def write_json(self, result: MatchResult, out: TextIO, lang: str, errors: Sequence[RecordError]) -> None:
        from referee.games.hubei_dagun.views import write_json

        write_json(result, out, lang, errors)

    def replay_json(self, events: Sequence[Event], rules: DagunRules, out: TextIO, lang: str,
                    errors: Sequence[RecordError]) -> None:
        self.write_json(self.replay(events, rules, explain=True), out, lang, errors)

    def explain_view(self, result: MatchResult, hand: int, lang: str) -> str | None:
        from referee.games.hubei_dagun.views import explain_view

        for d in result.deals:
            if d.number == hand:
                return explain_view(d, lang)
        return None

    def settled_hands(self, result: MatchResult) -> list[int]:
        return [d.number for d in result.deals]

    def scorecard_rows(self, result: MatchResult, lang: str) -> GameTable:
        from referee.games.hubei_dagun.views import game_table

        return game_table(result, lang)

    def summarize(self, result: MatchResult, head: str = "", entries: int = 0) -> DagunSummary:
        from referee.games.hubei_dagun.summary import summarize

        return summarize(result, head, entries)


    @property
    def sides(self) -> tuple[str, ...]:
        return self.seats  # each player plays for themself: a seat disputes and confirms

    def deal_title(self, deal: int) -> Msg:
        return M("deal {n}", zh="第{n}局", n=deal)

    def deal_starts(self, events: Sequence[Event]) -> list[int]:
        from referee.games.hubei_dagun.events import Deal

        return [ev.line for ev in events if isinstance(ev, Deal)]

    def deal_facts(self, result: MatchResult, deal: int, lang: str) -> tuple[Fact, ...] | None:
        if deal not in self.settled_hands(result):
            return None
        return table_facts(self.scorecard_rows(result, lang), deal)

    def match_facts(self, result: MatchResult, lang: str) -> tuple[Fact, ...]:
        return total_facts(self.scorecard_rows(result, lang))

GAME = HubeiDagun()

if TYPE_CHECKING:  # the type checker holds 打滚 to the interface
    from referee.games.api import Game

    _CHECKED: Game = GAME
