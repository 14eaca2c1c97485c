"""A game behind the interface (``referee.games.api.Game``), written once: a game subclasses :class:`Adapter`
and states only what differs, as python-chess's variants subclass its board.

Every method hands over to the module of the game's own package that holds the work, loaded when first used (a
command that only reads the registry loads none of them). The modules are found by name in the package the
subclass is defined in (``referee.games.doudizhu.game`` → ``referee.games.doudizhu``):

- ``notation``: ``parse``, ``parse_lines``, ``format_event``, ``write`` (:class:`Notation`)
- ``events``: ``header_of`` (:class:`Events`)
- ``ruleset``: ``available``, ``load``, ``values_of``, ``from_values``, ``explain`` (:class:`Rulesets`)
- ``engine``: ``replay(events, rules, explain)`` (:class:`Engine`)
- ``expect``: ``expected`` (:class:`Expect`)
- ``views``: ``check_summary``, ``match_view``, ``write_json``, ``score_table``, ``game_table``
  (:class:`Views`), ``explain_view(deal, lang)`` (:class:`Explains`)
- ``summary``: ``summarize`` (:class:`Summaries`; :attr:`Adapter.summary_module` names another module)

A game whose module has another shape overrides the method. The type checker cannot follow a module loaded by
name, so each game's ``game.py`` holds its modules to these protocols under ``TYPE_CHECKING``
(``_NOTATION: kit.Notation[Event] = notation``): a module that drifts from its game's types is a mypy error.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, TextIO, TypeVar, cast

from referee.core.i18n import P_, M, Msg
from referee.games.api import GameOf, Header, Reading, Summary, table_facts, total_facts

if TYPE_CHECKING:
    from referee.core.records import RecordError
    from referee.games.api import (
        Fact,
        ForcedEnd,
        GameTable,
        PadGroup,
        Replayer,
        RuleSetInfo,
        Scorecard,
        Timed,
        TimeRuling,
        Where,
    )


E = TypeVar("E")  # the game's event
R = TypeVar("R", bound="Named")  # its rule set
Res = TypeVar("Res", bound="Played")  # its engine's result
E_in = TypeVar("E_in", contravariant=True)
R_in = TypeVar("R_in", contravariant=True)
Res_in = TypeVar("Res_in", contravariant=True)
Res_out = TypeVar("Res_out", covariant=True)


# What the adapter holds each module of a game's package to (and a game's rule set and result): protocols that only
# the type checker reads (a game's ``game.py`` checks its modules against them under ``TYPE_CHECKING``, and the
# adapter casts to them by name), so not built at run time: a generic protocol class is ~0.6M instructions of every
# command's start.
if TYPE_CHECKING:
    class Named(Protocol):
        """What every game's rule set has: its name, title and the source it follows."""

        @property
        def name(self) -> str: ...
        @property
        def title(self) -> str: ...
        @property
        def source(self) -> str: ...


    class Played(Protocol):
        """What every game's result has: the problems of the record (an error for each)."""

        @property
        def errors(self) -> Sequence[RecordError]: ...


    class Notation(Protocol[E_in]):
        def parse(self, text: str, /) -> Reading: ...
        def parse_lines(self, lines: Iterable[tuple[int, str]], /) -> Reading: ...
        def format_event(self, event: E_in, /) -> str: ...
        def write(self, events: Sequence[E_in], /) -> str: ...


    class Events(Protocol[E_in]):
        def header_of(self, events: Sequence[E_in], /) -> Header | None: ...


    class Rulesets(Protocol[R]):
        def available(self) -> list[str]: ...
        def load(self, name_or_path: str, /) -> R: ...
        def values_of(self, rules: R, /) -> Mapping[str, bool | int | str]: ...
        def from_values(self, values: Mapping[str, bool | int | str], name: str, title: str, source: str, /) -> R: ...
        def explain(self, rules: R, /) -> Iterable[tuple[str, str, Msg]]: ...


    class Engine(Protocol[E_in, R_in, Res_out]):
        def replay(self, events: Sequence[E_in], rules: R_in, explain: bool, /) -> Res_out: ...


    class Expect(Protocol[Res_in]):
        def expected(self, result: Res_in, /) -> tuple[str, ...]: ...


    class Views(Protocol[R_in, Res_in]):
        def check_summary(self, result: Res_in, lang: str, /) -> str: ...
        def match_view(self, result: Res_in, lang: str, /) -> str: ...
        def write_json(self, result: Res_in, out: TextIO, lang: str, errors: Sequence[RecordError], /) -> None: ...
        def score_table(self, rules: R_in, lang: str, /) -> str: ...
        def game_table(self, result: Res_in, lang: str, /) -> GameTable: ...


    class Explains(Protocol):
        def explain_view(self, deal: Any, lang: str, /) -> str: ...


    class Summaries(Protocol[Res_in]):
        def summarize(self, result: Res_in, head: str, entries: int, /) -> Summary: ...


    class Pad(Protocol):  # --- web pad: a game's ``pad`` module (Adapter.pad)
        def groups(self) -> tuple[PadGroup, ...]: ...


if TYPE_CHECKING:
    from typing import Generic

    class Checked(Generic[E, R, Res]):
        """What the type checker holds a game to, in its ``game.py`` (under ``TYPE_CHECKING``, never run): the
        adapter to the interface of the game's own types, and each module the adapter hands over to to its
        protocol, ``kit.Checked[Event, RuleSet, MatchResult](GAME, notation=notation, …)``. The types are given,
        not inferred, so a module of another game's types is refused. A game that overrides the methods an
        engine, views or an explanation module would serve leaves them out."""

        def __init__(self, game: GameOf[E, R, Res], *, notation: Notation[E], events: Events[E],
                     rulesets: Rulesets[R], expect: Expect[Res], summaries: Summaries[Res],
                     engine: Engine[E, R, Res] | None = None, views: Views[R, Res] | None = None,
                     explains: Explains | None = None) -> None: ...


_LOADED: dict[tuple[type, str], ModuleType] = {}  # Adapter.module's, by the game's class and the module's name


class Adapter(GameOf[E, R, Res]):
    """A game behind the interface, each method handed over to the module of its package that holds the work.
    It subclasses :class:`referee.games.api.GameOf` of the game's types, so mypy checks each method against the
    interface's (and refuses to make a game whose class leaves an interface method without a body).

    A subclass sets :attr:`key`, :attr:`title`, :attr:`default_rules` (and :attr:`seats` when they are not
    ``E S W N``), says how its result numbers its settled deals (:meth:`settled`), and overrides what its
    modules do otherwise."""

    key: str
    title: Msg
    default_rules: str
    seats: tuple[str, ...] = ("E", "S", "W", "N")
    summary_module = "summary"  # the module of the package that holds ``summarize``

    def module(self, name: str) -> ModuleType:
        """The module *name* of the game's package, imported when first asked for and kept from then on: asked
        several times an entry (the header, the notation), and ``importlib.import_module`` of a loaded module is
        ~3 us of Python each time (its name built, its lock's check)."""
        loaded = _LOADED.get((type(self), name))
        if loaded is None:
            loaded = _LOADED[type(self), name] = importlib.import_module(
                f"{type(self).__module__.rpartition('.')[0]}.{name}")
        return loaded

    def _notation(self) -> Notation[E]:
        return cast("Notation[E]", self.module("notation"))

    def _rulesets(self) -> Rulesets[R]:
        return cast("Rulesets[R]", self.module("ruleset"))

    def _views(self) -> Views[R, Res]:
        return cast("Views[R, Res]", self.module("views"))

    # the record
    def read(self, text: str) -> Reading:
        return self._notation().parse(text)

    def read_lines(self, lines: Iterable[tuple[int, str]]) -> Reading:
        return self._notation().parse_lines(lines)

    def format_event(self, event: E) -> str:
        return self._notation().format_event(event)

    def write(self, events: Sequence[E]) -> str:
        return self._notation().write(events)

    def header(self, events: Sequence[E]) -> Header | None:
        return cast("Events[E]", self.module("events")).header_of(events)

    # the rules
    def rule_sets(self) -> list[str]:
        return self._rulesets().available()

    def load_rules(self, name_or_path: str) -> R:
        return self._rulesets().load(name_or_path)

    def rule_info(self, rules: R) -> RuleSetInfo:
        from referee.games.api import RuleSetInfo  # loaded when first named (games.apitypes)

        return RuleSetInfo(rules.name, rules.title, rules.source)

    def rules_values(self, rules: R) -> Mapping[str, bool | int | str]:
        return self._rulesets().values_of(rules)

    def pinned_rules(self, values: Mapping[str, bool | int | str], name: str, title: str, source: str) -> R:
        return self._rulesets().from_values(values, name, title, source)

    def explain_rules(self, rules: R, lang: str) -> list[tuple[str, str, str]]:
        return [(key, value, doc.text(lang)) for key, value, doc in self._rulesets().explain(rules)]

    def score_table(self, rules: R, lang: str) -> str:
        return self._views().score_table(rules, lang)

    # the engine and its views
    def replay(self, events: Sequence[E], rules: R, explain: bool = False) -> Res:
        return cast("Engine[E, R, Res]", self.module("engine")).replay(events, rules, explain)

    def problems(self, result: Res) -> list[RecordError]:
        return list(result.errors)

    def pending(self, result: Res) -> list[RecordError]:
        """None: a deal in progress lacks nothing a problem would name (a game whose engine says so overrides)."""
        return []

    def expected(self, result: Res) -> tuple[str, ...]:
        return cast("Expect[Res]", self.module("expect")).expected(result)

    def check_summary(self, result: Res, lang: str) -> str:
        return self._views().check_summary(result, lang)

    def match_view(self, result: Res, lang: str) -> str:
        return self._views().match_view(result, lang)

    def write_json(self, result: Res, out: TextIO, lang: str, errors: Sequence[RecordError]) -> None:
        self._views().write_json(result, out, lang, errors)

    def replay_json(self, events: Sequence[E], rules: R, out: TextIO, lang: str,
                    errors: Sequence[RecordError]) -> None:
        self.write_json(self.replay(events, rules, explain=True), out, lang, errors)

    def settled(self, result: Res) -> Iterable[tuple[int, Any]]:
        """Each settled deal (hand) of *result* with its number: what ``explain_view`` explains."""
        raise NotImplementedError

    def explain_view(self, result: Res, hand: int, lang: str) -> str | None:
        for number, deal in self.settled(result):
            if number == hand:
                return cast("Explains", self.module("views")).explain_view(deal, lang)
        return None

    def settled_hands(self, result: Res) -> list[int]:
        return [number for number, _ in self.settled(result)]

    def scorecard_rows(self, result: Res, lang: str) -> GameTable:
        return self._views().game_table(result, lang)

    def summarize(self, result: Res, head: str = "", entries: int = 0) -> Summary:
        return cast("Summaries[Res]", self.module(self.summary_module)).summarize(result, head, entries)

    # the deals as disputes, confirmations and what-if name them
    deal_opening: type  # the event that opens a deal (``deal``): deal k opens at the k-th of them

    @property
    def sides(self) -> tuple[str, ...]:
        """Each player plays for themself: a seat disputes and confirms (a game of partnerships overrides)."""
        return self.seats

    def deal_title(self, deal: int) -> Msg:
        return M("deal {n}", n=deal)

    def deal_named(self, deal: int) -> Msg:
        return self.deal_title(deal)

    def deal_nouns(self) -> tuple[Msg, Msg]:
        return Msg(P_("deal noun", "deal"), context="deal noun"), Msg(P_("deal noun", "deals"), context="deal noun")

    def deals_heading(self) -> Msg:
        return M("Deals")

    def no_deals(self) -> Msg:
        return M("No deal settled yet.")

    def deal_starts(self, events: Sequence[E]) -> list[int]:
        return [cast("Any", ev).line for ev in events if isinstance(ev, self.deal_opening)]

    def deal_facts(self, result: Res, deal: int, lang: str) -> tuple[Fact, ...] | None:
        """The deal's row of the scorecard's table, cell by cell (None: not settled)."""
        if deal not in self.settled_hands(result):
            return None
        return table_facts(self.scorecard_rows(result, lang), deal)

    def match_facts(self, result: Res, lang: str) -> tuple[Fact, ...]:
        return total_facts(self.scorecard_rows(result, lang))

    # words
    def rules_title(self, title: str, lang: str) -> str:
        """A bundled rule set's title in *lang* (the package's ``rules.TITLES``); a club's own as written."""
        from referee.core.rulesfile import worded_title

        return worded_title(title, lang, self.module("rules").TITLES)

    def gloss(self, keyword: str) -> Msg | None:
        """What a Chinese reader gets beside a directive offered next (the package's ``expect.GLOSSES``)."""
        glosses: dict[str, Msg] = self.module("expect").GLOSSES
        return glosses.get(keyword)

    # --- web pad: the phone's tap pad (issue 30) ---
    def pad(self) -> tuple[PadGroup, ...]:
        """The package's ``pad.groups()``: each game states its own keys (its notation's words)."""
        return cast("Pad", self.module("pad")).groups()

    # --- views: the scorecard as sections, what a stored entry says (seamviews) ---
    def scorecard(self, result: Res, lang: str, rules: str, referee: str = "") -> Scorecard:
        """The card :meth:`scorecard_rows` says all of: totals, the places and the winner (:meth:`summarize`),
        each player's running total charted, the deals (``kit.card``); a game with more to print overrides."""
        from referee.games.kit import card

        return card.scorecard(self.title, card.header_of(result), self.scorecard_rows(result, lang), lang, rules,
                              referee, self.summarize(result))

    def directive_text(self, directive: str) -> Msg:
        """The directive with its keyword's :meth:`gloss` (the English prints none: the ``.0`` spec)."""
        from referee.core.i18n import literal

        keyword = directive.split(None, 1)[0] if directive.strip() else ""
        gloss = self.gloss(keyword) if keyword else None
        if gloss is None:
            return literal(directive)
        return M("{text}{gloss:.0}", text=directive, gloss=gloss)

    def next_text(self, result: Res, lang: str) -> str:
        """The forms :meth:`expected` offers, else what :meth:`pending` says the deal lacks, else the match is over."""
        from referee.core.i18n import tr
        from referee.games.kit.card import joined

        expected = self.expected(result)
        if expected:  # the forms are input words, the same in each language
            return tr(lang, "next: {what}", what=" / ".join(expected))
        pending = self.pending(result)
        if pending:
            return tr(lang, "next: {what}", what=joined([e.msg for e in pending]))
        return tr(lang, "next: nothing, the match is over")

    def resettled_lines(self, before: Res, after: Res, lang: str) -> list[str]:
        """Each deal whose own row of :meth:`scorecard_rows` changed, as ``re-settled: deal 2, …``."""
        from referee.core.i18n import tr
        from referee.games.kit.card import changed_deals

        return [tr(lang, "re-settled: {deal}", deal=deal)
                for deal in changed_deals(self.scorecard_rows(before, lang), self.scorecard_rows(after, lang))]

    # --- events: what an event's round creates of a match of any game, and what it can take back
    setup_events: tuple[type, ...] = ()  # the events a new match is created with: its header, names, seats

    def setup(self, event: E) -> bool:
        return isinstance(event, self.setup_events)

    def setup_lines(self, players: Sequence[str], teams: Sequence[str] = ()) -> list[str]:
        """``seat SEAT NAME`` a player (the directive every game of individual players shares); no side has a
        name of its own (a game of partnerships overrides)."""
        from referee.games.kit.notation import quote

        if any(teams):
            raise ValueError("teams")
        return [f"seat {seat} {quote(name)}" for seat, name in zip(self.seats, players, strict=False) if name]

    def forced_end(self, result: Res, rules: R, reason: str) -> ForcedEnd:
        """A game of individual players' match stands as its settled deals leave it: its rules name no side that a
        match stopped early is given to, so no ruling is recorded (the round closes on the scores so far)."""
        from referee.games.api import ForcedEnd

        return ForcedEnd(None, (), ())

    def walkover_games(self, rules: R) -> int:
        """A game of individual players counts deals' payments, not games won: a match given up counts none."""
        return 0

    # --- store: replays kept and extended, the summary cache's rows, the clock and the time rule ---
    summary_type = "MatchSummary"  # the NamedTuple of :attr:`summary_module` that ``summarize`` gives
    time_section = ""  # the § of docs/<game>-rules.md whose clause says what happens when time runs out

    def replayer(self, events: Sequence[E], rules: R) -> Replayer:
        """The events kept and replayed whole at each extension: right for any game (a game whose engine folds
        event by event overrides, faster)."""
        return WholeReplay(self, rules, list(events))

    def summary_data(self, summary: Summary) -> dict[str, Any]:
        """The summary's fields (a NamedTuple's), tuples as lists."""
        return {"fields": _plain(cast("Any", summary)._asdict())}

    def summary_of_data(self, data: Any) -> Summary:
        """The NamedTuple :attr:`summary_type` of the fields :meth:`summary_data` wrote, lists as tuples; a
        ``ValueError`` when they are not its fields."""
        kind = getattr(self.module(self.summary_module), self.summary_type)
        try:
            fields = data["fields"]
            summary: Summary = kind(**{str(k): _tupled(v) for k, v in fields.items()})
        except (KeyError, TypeError, AttributeError) as e:
            raise ValueError(f"not a {self.summary_type}: {e}") from None
        if set(fields) != set(kind._fields):
            raise ValueError(f"not a {self.summary_type}'s fields")
        return summary

    deal_keyword = "deal"  # the directive that opens a deal, as :meth:`expected` offers it

    def where(self, events: Sequence[E], result: Res) -> Where:
        """One timed unit (the match); the last deal opened is in progress until a new deal is what may come next
        (:meth:`expected` offers :attr:`deal_keyword`) or nothing may."""
        from referee.games.api import Where

        opened = len(self.deal_starts(events))
        offered = self.expected(result)
        going = opened > 0 and bool(offered) and not any(
            self.deal_keyword in form.split(None, 1)[0].split("|") for form in offered if form)
        return Where(1, opened if going else opened + 1, going)

    def timed(self, events: Sequence[E], result: Res) -> tuple[Timed, ...]:
        """The match whole, from its first deal's opening to its last event once it is over (:meth:`time_running`
        says no unit is played)."""
        from referee.games.api import Timed

        starts = self.deal_starts(events)
        if not starts:
            return ()
        over = self.time_running(result) is None
        return (Timed(1, starts[0], cast("Any", events[-1]).line if over else None),)

    def time_limit(self, rules: R) -> int:
        value = self.rules_values(rules).get("match.time_limit_minutes", 0)
        return value if isinstance(value, int) and not isinstance(value, bool) else 0

    def time_running(self, result: Res) -> int | None:
        """The match, until nothing more can be recorded (:meth:`expected` is empty)."""
        return 1 if self.expected(result) else None

    def time_unit(self, unit: int) -> Msg:
        return M("the match")

    def time_call(self, result: Res, limit: int) -> TimeRuling:
        """The match ends with the deal in progress (the club's ``match.time_limit_minutes``: the game's
        :attr:`time_section`)."""
        from referee.games.api import TimeRuling

        return TimeRuling("ends", None, M(
            "time is up ({limit} min, {rule}): the deal in progress is finished and the match ends there",
            limit=limit, rule=self.time_section))

    def time_notice(self, unit: int, minutes: int, limit: int) -> Msg:
        return M("the match has run {minutes} min, past its {limit}-minute limit ({rule}): the deal in progress "
                 "is finished and the match ends there",
                 minutes=minutes, limit=limit, rule=self.time_section)

    # --- seamapp: recording and guided entry of every game (the prompt's words and hints)
    def directive_words(self) -> Mapping[str, str]:
        """The package's ``notation.SPELLINGS`` (word → keyword)."""
        spellings: Mapping[str, str] = self.module("notation").SPELLINGS
        return spellings

    def usage(self, word: str) -> Msg | None:
        """The package's ``notation.USAGE`` of the keyword *word* spells, kept as written (input words)."""
        from referee.core.i18n import literal

        keyword = self.directive_words().get(word.lower())
        forms: Mapping[str, str] = self.module("notation").USAGE
        return literal(forms[keyword]) if keyword is not None and keyword in forms else None

    def suggest(self, word: str, extra: Iterable[str] = ()) -> str | None:
        """The nearest English keyword or *extra* word (``difflib``, as Gunzi's registry suggests)."""
        import difflib

        keywords = dict.fromkeys(self.directive_words().values())
        found = difflib.get_close_matches(word.lower(), [*keywords, *extra], n=1, cutoff=0.6)
        return found[0] if found else None

    def seat_words(self) -> tuple[str, ...]:
        """The seats as a record writes them, and the words of :attr:`seat_spellings` (东 南 西 北) where the game
        names its reader's table of them."""
        if self.seat_spellings is None:
            return self.seats
        from referee.games.kit.notation import seat_words

        module, _, name = self.seat_spellings.partition(".")
        spellings: Mapping[str, str] = getattr(self.module(module), name)
        return seat_words(self.seats, spellings)

    # --- seamoff: officiating, appending, guided answers and record files of any game (app/ names no game)
    def expects(self, result: Res) -> tuple[str, ...]:
        """The first word of each form :meth:`expected` offers (``deal|redeal`` gives both), each once."""
        words: dict[str, None] = {}
        for form in self.expected(result):
            first = form.split(None, 1)[0] if form.strip() else ""
            words.update(dict.fromkeys(w for w in first.split("|") if w))
        return tuple(words)

    def warned(self, event: E, rules: R) -> tuple[str, int, int] | None:
        """None: the rule sets of a game of individual players set no warnings limit (its rules doc, "Conduct and
        rulings"): a warning is kept with the match and counts towards nothing."""
        return None

    def short_answer(self, state: Any, text: str) -> str | None:
        """None: the game's prompt reads every answer as a directive (it has no short answers)."""
        return None

    def owns(self, event: E) -> bool:
        """An event of a class of the game's package, or of the kit's shared directives (``warn``, ``ruling``)."""
        package = type(self).__module__.rpartition(".")[0]
        module = type(event).__module__
        return module.startswith(package + ".") or module.startswith("referee.games.kit.")

    def read_record(self, text: str) -> Reading:
        """:meth:`read`: the kit's readers check the header's id and every name as they read them."""
        return self.read(text)


    # --- seamtext: what the web's match page and the older ``views.matchtext`` names say of a match, by the game
    def settled_text(self, result: Res, deal: int, lang: str) -> list[str]:
        """``deal 3 settled``, then each of the deal's facts (:meth:`deal_facts`: its scorecard row) on a line (an
        empty cell, a pattern or a reward the deal had none of, left out)."""
        from referee.core.i18n import tr

        if deal not in self.settled_hands(result):
            return []
        facts = self.deal_facts(result, deal, lang) or ()
        return [tr(lang, "{deal} settled", deal=self.deal_title(deal)),
                *("  " + tr(lang, "{label}: {value}", label=f.label, value=f.cell)
                  for f in facts if f.cell.strip())]

    def page_status_lines(self, match_id: str, result: Res, lang: str, entries: Msg | None = None,
                          head: str | None = None, broken: Msg | None = None,
                          clock: Sequence[Msg] | None = None) -> list[str]:
        """The match's title, ``check``'s line (a record without mistakes), what the deal in progress still lacks
        (:meth:`pending`), the clock, the record's mistakes, the store's entries and chain head."""
        from referee.core.i18n import tr
        from referee.games.api import split_problems

        problems, pending = split_problems(self, result)
        out = [tr(lang, "match {id} ({game})", id=match_id, game=self.title)]
        if not problems:
            out.append(self.check_summary(result, lang))
        out += [tr(lang, "next: {what}", what=e.msg) for e in pending]
        if clock is not None:
            out += [tr(lang, "Clock: {what}", what=line) for line in clock]
        if problems:
            out.append(tr(lang, "Problems in the record ({n}):", n=len(problems)))
            out += ["  " + (tr(lang, "#{seq}: {problem}", seq=e.line, problem=e.msg) if e.line else e.text(lang))
                    for e in problems]
        if entries is not None:
            out.append(tr(lang, "{entries} in the store", entries=entries))
            if broken is not None:
                out.append(tr(lang, "Chain BROKEN: {problem} (see `referee verify`)", problem=broken))
            elif head is not None:
                out.append(tr(lang, "Chain head: {head} ({entries})", head=head, entries=entries))
        return [line for line in out if line]

    def text_view(self, name: str) -> Any | None:
        """None: a game added with the interface has no text views by older names (Gunzi, the first, has)."""
        return None

    def pad_state(self, result: Res) -> tuple[Mapping[str, str], str | None]:
        """No names beside the seats' keys (the players' names are the table's), no seat the rules make give."""
        return {}, None

    def prompt_problem(self, problem: Msg) -> Msg | None:
        """None: the engines of the games added with the interface cite an earlier entry's line, or none."""
        return None

    # --- seamcli: one guided prompt for every game (``referee record MATCH``): its lines, its help, its words
    def expected_text(self, expected: Sequence[str], lang: str) -> str:
        """``expected next: bid 张三 1|2|3|pass / redeal``: the forms are input words, the same in each language; a
        Chinese reader gets each directive's :meth:`gloss` beside it (``redeal（重新发牌）``), the English none."""
        from referee.core.i18n import tr

        return tr(lang, "expected next: {what}", what=" / ".join(self.directive_text(f).text(lang) for f in expected))

    def _usages(self, expected: Sequence[str], lang: str) -> list[str]:
        """The forms (:meth:`usage`) of the directives *expected*, each once, in their order."""
        forms: list[str] = []
        for form in expected:
            usage = self.usage(form.split(None, 1)[0]) if form.strip() else None
            if usage is not None and usage.text(lang) not in forms:
                forms.append(usage.text(lang))
        return forms

    def prompt_lines(self, result: Res, lang: str) -> list[str]:
        """What comes next (:meth:`expected`), and the forms of those directives where the line does not show
        them already."""
        from referee.core.i18n import tr

        expected = self.expected(result)
        lines = [self.expected_text(expected, lang)]
        forms = " / ".join(self._usages(expected, lang))
        if forms and forms != " / ".join(expected):
            lines.append("  " + tr(lang, "type: {usage}", usage=forms))
        return lines

    def help_lines(self, result: Res, lang: str, commands: Sequence[str]) -> list[str]:
        """Each directive expected with its form (:meth:`usage`), then the prompt's commands."""
        from referee.core.i18n import tr

        expected = self.expected(result)
        lines = [tr(lang, "expected now:")] if expected else []
        for form in expected:
            usage = self.usage(form.split(None, 1)[0]) if form.strip() else None
            lines.append(f"  {form}" if usage is None or usage.text(lang) == form else
                         tr(lang, "  {form} — {what}", form=form, what=usage))
        return [*lines, tr(lang, "commands at this prompt:"), *commands]

    def typed_words(self, before: Sequence[str]) -> tuple[str, ...]:
        """Every spelling of a directive's word (:meth:`directive_words`); after it a seat (:meth:`seat_words`)."""
        return tuple(self.directive_words()) if not before else self.seat_words()

    def opening(self, result: Res) -> str | None:
        """None: the prompt asks for a deal's opening like any other directive."""
        return None

    @property
    def prompt_by_deal(self) -> bool:
        """False: a session enters directives until the referee stops or the match is over."""
        return False

    def status_lines(self, match_id: str, result: Res, lang: str, entries: int, head: str, broken: Msg | None,
                     clock: Sequence[Msg], unreadable: Sequence[RecordError]) -> list[str]:
        """The store's line, the clock's, :meth:`match_view`, the unreadable entries, each problem by entry (what
        the deal in progress lacks as ``next:``), else :meth:`check_summary`, and what is expected next."""
        from referee.core.i18n import tr
        from referee.games.api import split_problems

        lines = [tr(lang, "match {match} ({game}): {n} entries, head {head}", match=match_id, game=self.title,
                    n=entries, head=head)]
        if broken is not None:
            lines.append(tr(lang, "warning: {problem}", problem=broken))
        lines += [m.text(lang) for m in clock]
        lines.append(self.match_view(result, lang).rstrip("\n"))
        lines += [tr(lang, "unreadable entry #{seq}: {problem}", seq=e.line, problem=e.msg) for e in unreadable]
        problems = self.problems(result)
        still = {e.key for e in split_problems(self, result).pending}
        for e in problems:
            if e.key in still:  # what the deal in progress lacks: the next thing to record
                lines.append(tr(lang, "next: {what}", what=e.msg))
            else:
                lines.append(tr(lang, "#{seq}: {problem}", seq=e.line, problem=e.msg))
        if not problems:
            lines.append(self.check_summary(result, lang))
        expected = self.expected(result)
        if expected:
            lines.append(self.expected_text(expected, lang))
        return lines

    def log_units(self, events: Sequence[E], result: Res) -> list[int | None] | None:
        """None: a match of deals, none grouped into a unit."""
        return None

    def log_title(self, unit: int | None, deal: int | None) -> Msg:
        """:meth:`deal_title`; before the first deal, the match's."""
        return M("match (before the first deal)") if deal is None else self.deal_title(deal)

    # --- writepath: one write path for every game (``app.recording.enter``): a referee's text read, what it settled
    def read_entry(self, events: Sequence[E], line: int, text: str) -> Reading:
        """*text* read after the match's stored lines (each event as the store keeps it, ``format_event``), as the
        kit's readers read a line in its record's context (a player's name names the seat the record gave them)."""
        held = [(cast(Any, ev).line, self.format_event(ev)) for ev in events]  # every game's event has its line
        reading = self.read_lines([*held, (line, text)])
        return Read([ev for ev in reading.events if ev.line == line], [e for e in reading.errors if e.line == line])

    def answer_state(self, result: Res) -> Any:
        """The result itself: a game without short answers (:meth:`short_answer` None) reads none against it."""
        return result

    def settled_now(self, before: Res, after: Res, lang: str) -> list[list[str]]:
        """``settled: …`` for each deal whose payment the recording changed (an ``out``, a spring claimed after it),
        as its row of the scorecard's table (``kit.card.changed_deals``), a block each."""
        from referee.core.i18n import tr
        from referee.games.kit.card import changed_deals

        return [[tr(lang, "settled: {deal}", deal=deal)] for deal in
                changed_deals(self.scorecard_rows(before, lang), self.scorecard_rows(after, lang), paid=True)]

    def ended_text(self, before: Res, after: Res, lang: str) -> str | None:
        """None: a match of the kit's games ends at a deal (its match limit), said by that deal's row."""
        return None

    def entry_next(self, result: Res) -> tuple[str, ...]:
        """The forms :meth:`expected` offers (``bid SEAT 1|2|3|pass``)."""
        return self.expected(result)

    def refusal_expects(self, before: Res) -> tuple[str, ...]:
        """None: the kit games' prompt and entry page show the forms expected next above the refusal."""
        return ()

    # --- kitdup: what the games copied, stated once ---
    seat_spellings: str | None = None  # "module.NAME" of the reader's seat spellings (word → seat), for seat_words


class Read(NamedTuple):
    """What :meth:`Adapter.read_entry` gives: the events and errors of one line (a :class:`Reading`)."""

    events: list[Any]
    errors: list[RecordError]


class WholeReplay:
    """A match's events kept with its rules and replayed whole at each extension (:meth:`Adapter.replayer`)."""

    def __init__(self, game: Any, rules: Any, events: list[Any]) -> None:
        self.game, self.rules, self.events = game, rules, events

    def copy(self) -> WholeReplay:
        return WholeReplay(self.game, self.rules, list(self.events))

    def extend(self, events: Sequence[Any]) -> Any:
        self.events.extend(events)
        return self.result()

    def result(self) -> Any:
        return self.game.replay(self.events, self.rules)


def _plain(value: Any) -> Any:
    """*value* as JSON holds it: tuples (named ones too) as lists."""
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def _tupled(value: Any) -> Any:
    """What :func:`_plain` wrote, lists as tuples again."""
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    return value
