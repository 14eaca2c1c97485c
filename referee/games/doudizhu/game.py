"""Dou Dizhu (斗地主) behind the game interface (``referee.games.api.Game``): the registry's ``doudizhu``.

What it shares with every game is :class:`referee.games.kit.adapter.Adapter`'s; this states what differs."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, TextIO

from referee.core.i18n import M, Msg
from referee.core.records import RecordError
from referee.games.doudizhu.engine import DealResult, MatchResult
from referee.games.doudizhu.events import DealStart, Event, Header, SeatName
from referee.games.doudizhu.ruleset import DEFAULT_RULES, RuleSet
from referee.games.kit.adapter import Adapter


class DouDizhu(Adapter[Event, RuleSet, MatchResult]):
    key = "doudizhu"
    title: Msg = M("Dou Dizhu")
    default_rules = DEFAULT_RULES
    seats: tuple[str, ...] = ("1", "2", "3")
    deal_opening = DealStart
    setup_events = (Header, SeatName)

    def replay(self, events: Sequence[Event], rules: RuleSet, explain: bool = False) -> MatchResult:
        """*explain* asks nothing more: every settled deal keeps its steps."""
        from referee.games.doudizhu.engine import replay

        return replay(events, rules)

    def replay_json(self, events: Sequence[Event], rules: RuleSet, out: TextIO, lang: str,
                    errors: Sequence[RecordError]) -> None:
        """Each deal written as it is settled, with its steps, and let go (``views.stream_json``)."""
        from referee.games.doudizhu.views import stream_json

        stream_json(events, rules, out, lang, errors)

    def pending(self, result: MatchResult) -> list[RecordError]:
        from referee.games.doudizhu.engine import pending

        return pending(result)

    def settled(self, result: MatchResult) -> Iterable[tuple[int, DealResult]]:
        return ((d.deal, d) for d in result.deals)

    def explain_view(self, result: MatchResult, hand: int, lang: str) -> str | None:
        """A deal's steps are worded with the match's names."""
        from referee.games.doudizhu.views import explain_view

        return next((explain_view(d, result, lang) for n, d in self.settled(result) if n == hand), None)


    # --- store: replays kept and extended, the summary cache's rows, the clock and the time rule ---
    summary_type = "MatchSummary"
    time_section = "§8"

    def time_running(self, result: MatchResult) -> int | None:
        """The match, until its ``match.deals`` are played (§7: then it is over, whatever may still be noted)."""
        if result.rules.deals and result.finished:
            return None
        return super().time_running(result)

GAME = DouDizhu()

if TYPE_CHECKING:  # the type checker holds Dou Dizhu, and each module the adapter hands over to, to the interface
    from referee.games.doudizhu import events, expect, notation, ruleset, summary, views
    from referee.games.kit import adapter as kit

    _CHECKED = kit.Checked[Event, RuleSet, MatchResult](  # each module held to this game's own types
        GAME, notation=notation, events=events, rulesets=ruleset, expect=expect, summaries=summary, views=views)
