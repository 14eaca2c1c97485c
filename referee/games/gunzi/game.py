"""Dalian Gunzi behind the game interface (``referee.games.api.Game``): the registry's ``gunzi``.

What it shares with every game is :class:`referee.games.kit.adapter.Adapter`'s; this states what differs: its
views are its own modules (``terminal``, ``jsonview``, ``scoretable``), and ``replay --json`` streams. The
modules load when first used, so reading the registry costs a command nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TextIO

from referee.core.i18n import P_, M, Msg
from referee.core.records import RecordError
from referee.games.gunzi.events import Event, HandStart, MatchHeader, SeatName, TeamName
from referee.games.gunzi.results import HandResult, MatchResult
from referee.games.gunzi.ruleset import DEFAULT_RULES, RuleSet
from referee.games.kit.adapter import Adapter

if TYPE_CHECKING:
    from referee.games.api import Fact, ForcedEnd, GameTable, Scorecard  # seamviews


class Gunzi(Adapter[Event, RuleSet, MatchResult]):
    key = "gunzi"
    title: Msg = M("Dalian Gunzi")
    default_rules = DEFAULT_RULES
    deal_opening = HandStart
    setup_events = (MatchHeader, TeamName, SeatName)

    @property
    def sides(self) -> tuple[str, ...]:
        return ("EW", "NS")  # the partnerships dispute and confirm a hand

    def score_table(self, rules: RuleSet, lang: str) -> str:
        from referee.games.gunzi.scoretable import format_table, score_table

        return format_table(rules, score_table(rules), lang)

    def replay(self, events: Sequence[Event], rules: RuleSet, explain: bool = False) -> MatchResult:
        """*explain* asks nothing more of Gunzi: every settled hand keeps its settlement, whose steps
        ``explain_hand`` words when a view asks for them."""
        from referee.games.gunzi.engine import replay

        return replay(events, rules)

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

    def settled(self, result: MatchResult) -> Iterable[tuple[int, HandResult]]:
        return ((h.hand, h) for h in result.hands)

    def explain_view(self, result: MatchResult, hand: int, lang: str) -> str | None:
        from referee.games.gunzi.terminal import explain_view

        return next((explain_view(h, lang) for n, h in self.settled(result) if n == hand), None)

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
        from referee.games.api import GameTable  # loaded when first named (games.apitypes)

        return GameTable(heads, tuple(rows), players, tuple(running), totals,
                         tr(lang, "Ledger"))

    def deal_title(self, deal: int) -> Msg:
        return M("hand {hand}", hand=deal)

    def deal_named(self, deal: int) -> Msg:
        return M("hand {n}", n=deal)  # 第 3 副: a sentence spaces the number, as the phone's "hand {n}" does

    def deal_nouns(self) -> tuple[Msg, Msg]:
        return Msg(P_("deal noun", "hand"), context="deal noun"), Msg(P_("deal noun", "hands"), context="deal noun")

    def deals_heading(self) -> Msg:
        return M("Hands")

    def no_deals(self) -> Msg:
        return M("No hand settled yet.")

    def deal_facts(self, result: MatchResult, deal: int, lang: str) -> tuple[Fact, ...] | None:
        from referee.games.gunzi.facts import deal_facts

        return deal_facts(result, deal, lang)

    def match_facts(self, result: MatchResult, lang: str) -> tuple[Fact, ...]:
        from referee.games.gunzi.facts import match_facts

        return match_facts(result, lang)

    def gloss(self, keyword: str) -> Msg | None:
        from referee.games.gunzi.directives import gloss, lookup

        directive = lookup(keyword)  # a spelling (``KITTY``, ``底牌``) glossed as its directive
        return gloss(directive.keyword) if directive is not None else None

    # --- views: the scorecard as sections, what a stored entry says (seamviews) ---
    def scorecard(self, result: MatchResult, lang: str, rules: str, referee: str = "") -> Scorecard:
        """Gunzi's own card (``card``): the partnerships, the games won and how, the levels chart, the eighteen
        hand columns, the record's notes, both captains to sign."""
        from referee.games.gunzi.card import scorecard

        return scorecard(result, lang, rules, referee)

    def next_text(self, result: MatchResult, lang: str) -> str:
        """The directives that may come next, each glossed; in the declaring, the declarer and trump it fixed."""
        from referee.games.gunzi.tabletext import next_line

        return next_line(result, lang)

    def resettled_lines(self, before: MatchResult, after: MatchResult, lang: str) -> list[str]:
        """Each hand a correction changed, with its settlement (``tabletext.settlement``)."""
        from referee.games.gunzi.tabletext import resettled_lines

        return resettled_lines(before, after, lang)

    def forced_end(self, result: MatchResult, rules: RuleSet, reason: str) -> ForcedEnd:
        from referee.games.gunzi.forced import forced_end

        return forced_end(result, rules, reason)

    def walkover_games(self, rules: RuleSet) -> int:
        """A match given up is lost by games_to_win : 0 (gunzi-rules.md §8.1: three warnings lose it 2:0)."""
        return rules.games_to_win

    def setup_lines(self, players: Sequence[str], teams: Sequence[str] = ()) -> list[str]:
        """``team EW|NS NAME`` each partnership (gunzi-rules.md §1.1: partners sit opposite, EW and NS), then ``seat``
        each player."""
        from referee.games.kit.notation import quote

        named = [f"team {side} {quote(name)}" for side, name in zip(self.sides, teams, strict=False) if name]
        return named + [f"seat {seat} {quote(name)}" for seat, name in zip(self.seats, players, strict=False) if name]

    # --- store: replays kept and extended, the summary cache's rows, the clock and the time rule ---
    time_section = "§7.3.5"

    def read_lines(self, lines: Iterable[tuple[int, str]]) -> Reading:
        """As ``notation.parse_lines``, each distinct directive read once per process (``notation.parse_known``):
        the summary cache reads every match of an event through here, and they repeat the same lines."""
        from referee.games.gunzi.events import record_error
        from referee.games.gunzi.notation import NotationError, Record, parse_known

        record = Record()
        for number, raw in lines:
            try:
                ev = parse_known(raw, number)
            except NotationError as e:
                record.errors.append(record_error(number, e))
                continue
            if ev is not None:
                record.events.append(ev)
        return record

    def replayer(self, events: Sequence[Event], rules: RuleSet) -> Replayer:
        """The engine's own fold (``engine.Replay``): copied and extended event by event, no replay."""
        from referee.games.gunzi.engine import Replay

        state = Replay(rules)
        state.run(events)
        return state

    def summary_data(self, summary: Summary) -> dict[str, Any]:
        from referee.games.gunzi.summary import MatchSummary

        assert isinstance(summary, MatchSummary)
        return summary.to_dict()

    def summary_of_data(self, data: Any) -> Summary:
        """``MatchSummary.from_dict`` (its ``SummaryError`` is a ``ValueError``)."""
        from referee.games.gunzi.summary import MatchSummary, SummaryError

        if not isinstance(data, dict):
            raise SummaryError("summary")
        return MatchSummary.from_dict(data)

    def where(self, events: Sequence[Event], result: MatchResult) -> Where:
        from referee.games.api import Where

        st = result.state
        return Where(st.game, st.hand, st.in_hand)

    def timed(self, events: Sequence[Event], result: MatchResult) -> tuple[Timed, ...]:
        from referee.games.gunzi.timing import timed

        return timed(events, result)

    def time_limit(self, rules: RuleSet) -> int:
        return rules.time_limit_minutes

    def time_running(self, result: MatchResult) -> int | None:
        from referee.games.gunzi.timing import running

        return running(result)

    def time_unit(self, unit: int) -> Msg:
        return M("game {game}", game=unit)

    def time_call(self, result: MatchResult, limit: int) -> TimeRuling:
        from referee.games.gunzi.timing import time_call

        return time_call(result, limit)

    def time_notice(self, unit: int, minutes: int, limit: int) -> Msg:
        from referee.games.gunzi.timing import notice

        return notice(unit, minutes, limit)


    # --- seamapp: recording and guided entry of every game: Gunzi's directive registry
    def directive_words(self) -> Mapping[str, str]:
        from referee.games.gunzi.directives import SPELLINGS

        return {word.lower(): d.keyword for word, d in SPELLINGS.items()}

    def usage(self, word: str) -> Msg | None:
        from referee.games.gunzi.directives import lookup, usage

        d = lookup(word)
        return usage(d.keyword) if d is not None else None

    def suggest(self, word: str, extra: Iterable[str] = ()) -> str | None:
        from referee.games.gunzi.directives import suggest

        return suggest(word, extra)

    def seat_words(self) -> tuple[str, ...]:
        from referee.games.gunzi.directives import SEAT_WORDS

        return SEAT_WORDS

    # --- seamoff: officiating, appending, guided answers and record files of any game (app/ names no game)
    def expects(self, result: MatchResult) -> tuple[str, ...]:
        return result.state.expected

    def warned(self, event: Event, rules: RuleSet) -> tuple[str, int, int] | None:
        """The team of the seat warned, ``match.warnings_limit`` and ``match.games_to_win`` (§8.1: the team warned
        that many times forfeits the match, given to the other team by the games to win)."""
        from referee.games.gunzi.events import Warn
        from referee.games.gunzi.seats import team_of

        if not isinstance(event, Warn):
            return None
        return team_of(event.seat), rules.warnings_limit, rules.games_to_win

    def short_answer(self, state: Any, text: str) -> str | None:
        """``30`` → ``points 30``, 保底 → ``last def``, bare cards → ``kitty``/``bury``/``tribute SEAT``
        (``gunzi.answers``: the registry's ``bare``)."""
        from referee.games.gunzi.answers import short_answer

        return short_answer(state, text)

    def owns(self, event: Event) -> bool:
        """An event of Gunzi's own (``gunzi.events``: its warn and ruling are its own too, not the kit's)."""
        return type(event).__module__.startswith("referee.games.gunzi.")

    def read_record(self, text: str) -> Reading:
        """``notation.parse``, and the ids, names and texts it reads unchecked (``kit.recordnames``)."""
        from referee.games.gunzi.notation import parse
        from referee.games.kit.recordnames import name_problems

        record = parse(text)
        record.errors.extend(name_problems(record.events, MatchHeader))
        record.errors.sort(key=lambda e: e.line)
        return record

    # --- seamtext: what the web's match page and the older ``views.matchtext`` names say of a match, by the game
    def settled_text(self, result: MatchResult, deal: int, lang: str) -> list[str]:
        """``Hand 4 settled (game 2; declarer …)``, the score, outcome, levels (§7), blood, the next declarer; the
        hand that ended the match says who won it (§8.1): ``tabletext.settlement``."""
        from referee.games.gunzi.tabletext import settlement

        hand = next((h for h in result.hands if h.hand == deal), None)
        return [] if hand is None else settlement(hand, result, lang)

    def page_status_lines(self, match_id: str, result: MatchResult, lang: str, entries: Msg | None = None,
                          head: str | None = None, broken: Msg | None = None,
                          clock: Sequence[Msg] | None = None) -> list[str]:
        """The teams, seats, game, levels, declarer, blood owed, warnings and the directives next
        (``tabletext.status``)."""
        from referee.games.gunzi.tabletext import status

        return status(match_id, result, lang, entries, head, broken, clock)

    def text_view(self, name: str) -> Any | None:
        """``tabletext``'s view *name* (its public functions and tables: ``settlement``, ``who``, ``LogGroup`` …)."""
        from referee.games.gunzi import tabletext

        return None if name.startswith("_") else getattr(tabletext, name, None)

    def pad_state(self, result: MatchResult) -> tuple[Mapping[str, str], str | None]:
        """The seats' names, and the blood giver: who owes the tribute (§5.2)."""
        return dict(result.seats), result.state.blood_giver

    def prompt_problem(self, problem: Msg) -> Msg | None:
        """The engine's "the hand before a new `hand` is unsettled" (``engine._abandon_open_hand``): its line is that
        of the `hand` refused, so the prompt says what the hand still needs (§3.1: a hand is played out to its last
        trick and settled)."""
        if problem.msgid == UNFINISHED:
            return M("hand {hand} is not finished: it has no 'last' yet (record its last trick, or 'redeal')",
                     hand=dict(problem.fields)["hand"])
        return None

    # --- seamcli: one guided prompt for every game (``referee record MATCH``): its lines, its help, its words
    def prompt_lines(self, result: MatchResult, lang: str) -> list[str]:
        from referee.games.gunzi.prompt import prompt_lines

        return prompt_lines(result, lang)

    def help_lines(self, result: MatchResult, lang: str, commands: Sequence[str]) -> list[str]:
        from referee.games.gunzi.prompt import help_lines

        return help_lines(result, lang, commands)

    def typed_words(self, before: Sequence[str]) -> tuple[str, ...]:
        from referee.games.gunzi.prompt import typed_words

        return typed_words(before)

    def opening(self, result: MatchResult) -> str | None:
        from referee.games.gunzi.prompt import opening

        return opening(result)

    @property
    def prompt_by_deal(self) -> bool:
        """True: Gunzi's prompt is the entry of one hand, begun by ``hand`` and ended at its settlement."""
        return True

    def status_lines(self, match_id: str, result: MatchResult, lang: str, entries: int, head: str,
                     broken: Msg | None, clock: Sequence[Msg], unreadable: Sequence[RecordError]) -> list[str]:
        """``tabletext.status``: the hand, the levels, the declarer, trump and blood, what comes next."""
        from referee.core.i18n import tr
        from referee.games.gunzi.prompt import entries_text
        from referee.games.gunzi.tabletext import status

        return [*status(match_id, result, lang, entries_text(entries), head, broken, clock),
                *(tr(lang, "unreadable entry #{seq}: {problem}", seq=e.line, problem=e.msg) for e in unreadable)]

    def log_units(self, events: Sequence[Event], result: MatchResult) -> list[int | None] | None:
        """The game (局, gunzi-rules.md §7) each hand was played in."""
        from referee.games.gunzi.prompt import log_units

        return log_units(events, result)

    def log_title(self, unit: int | None, deal: int | None) -> Msg:
        """``game 1, hand 3`` (``hand 3`` before its game is known)."""
        if deal is None:
            return M("match (before the first hand)")
        if unit is None:
            return M("hand {hand}", hand=deal)
        return M("game {game}, hand {hand}", game=unit, hand=deal)

    # --- writepath: one write path for every game (``app.recording.enter``): a referee's text read, what it settled
    def read_entry(self, events: Sequence[Event], line: int, text: str) -> Reading:
        """Read alone: a line of Gunzi's names its seats and teams by their codes, never by the record's names."""
        return self.read_lines([(line, text)])

    def answer_state(self, result: MatchResult) -> Any:
        """The table state (``engine.TableState``): what ``gunzi.answers`` reads ``30`` or 保底 against."""
        return result.state

    def settled_now(self, before: MatchResult, after: MatchResult, lang: str) -> list[list[str]]:
        """Each hand settled since *before* (``tabletext.settlement``: the one that ended the match says who won)."""
        from referee.games.gunzi.tabletext import settlement

        return [settlement(hand, after, lang) for hand in after.hands[len(before.hands):]]

    def ended_text(self, before: MatchResult, after: MatchResult, lang: str) -> str | None:
        """``match won by EW (games …)`` when the match is over now with no hand settled since *before* (§8.1)."""
        from referee.games.gunzi.tabletext import won_line

        if after.winner and after.state.match_over and len(after.hands) == len(before.hands):
            return won_line(after, lang)
        return None

    def entry_next(self, result: MatchResult) -> tuple[str, ...]:
        """The keywords (``engine.TableState.expected``: ``declare``, ``flip``): the API's answer as it always was."""
        return result.state.expected

    def refusal_expects(self, before: MatchResult) -> tuple[str, ...]:
        """:meth:`expects`: ``event rejected, nothing stored: …; expected next: points | last``."""
        return before.state.expected

UNFINISHED = "hand {hand} has no 'last' before line {line}: it is not settled"  # engine._abandon_open_hand's

GAME = Gunzi()

if TYPE_CHECKING:  # the store block's types (kept out of the imports above: other blocks add theirs)
    from referee.games.api import Reading, Replayer, Summary, Timed, TimeRuling, Where

if TYPE_CHECKING:  # the type checker holds Gunzi, and each module the adapter hands over to, to the interface
    from referee.games.gunzi import events, expect, notation, ruleset, summary
    from referee.games.kit import adapter as kit

    _CHECKED = kit.Checked[Event, RuleSet, MatchResult](  # each module held to this game's own types
        GAME, notation=notation, events=events, rulesets=ruleset, expect=expect, summaries=summary)
