"""The game interface: what every game offers the layers above, and the game-neutral match summary.

A game is a package under ``referee/games/`` (Gunzi is the first) whose ``game`` module holds an object
satisfying :class:`Game`; ``referee.games.registry`` finds it by the key a match header names
(``game=gunzi``, the default when absent). Above ``games/`` a command, the store, the tournament layer and
the views reach a game only through this: its reader, its rule sets, its pure ``replay`` and its views.
The event, rule-set and result types stay the game's own: :class:`GameOf` is generic over them (each game holds its
object to its own), and the layers above hold :data:`Game`, whose values only the game reads.

The tournament layer reads a match only as a :class:`Summary` — participants and each one's
:class:`Outcome` — so pair events (Gunzi's partnerships EW/NS) and individual events (3 players at Dou
Dizhu, 4 at mahjong) share standings and pairing.
"""

# No `from __future__ import annotations` here: the named tuples' and typed dicts' string annotations would each be
# compiled by typing at import (a ForwardRef per field), on every command's start; as types they are not.
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TextIO, TypeAlias, TypeVar

from referee.core import rulesfile
from referee.core.frozen import Record
from referee.core.i18n import M, Msg, literal
from referee.core.records import RecordError

# The named tuples of the tournament, the scorecard, the rule sets' listing, a dispute's facts, a forced close, the
# time rule's ruling, an event's place and the web's tap pad (issue 30) live in ``referee.games.apitypes``, named
# here as ever (``from referee.games.api import Scorecard``) but loaded when first named: a record names none of
# them, and each named tuple is ~1M instructions of every command's start.
_LATER = ("Participant", "Outcome", "Series", "Chart", "CardTable", "CardNote", "Scorecard", "RuleSetInfo",
          "GameTable", "Fact", "ForcedEnd", "TimeRuling", "Where", "PadKey", "PadGroup")
if TYPE_CHECKING:
    from referee.games.apitypes import CardNote as CardNote
    from referee.games.apitypes import CardTable as CardTable
    from referee.games.apitypes import Chart as Chart
    from referee.games.apitypes import Fact as Fact
    from referee.games.apitypes import ForcedEnd as ForcedEnd
    from referee.games.apitypes import GameTable as GameTable
    from referee.games.apitypes import Outcome as Outcome
    from referee.games.apitypes import PadGroup as PadGroup
    from referee.games.apitypes import PadKey as PadKey
    from referee.games.apitypes import Participant as Participant
    from referee.games.apitypes import RuleSetInfo as RuleSetInfo
    from referee.games.apitypes import Scorecard as Scorecard
    from referee.games.apitypes import Series as Series
    from referee.games.apitypes import TimeRuling as TimeRuling
    from referee.games.apitypes import Where as Where
else:
    def __getattr__(name: str) -> Any:
        if name in _LATER:
            from referee.games import apitypes

            value = globals()[name] = getattr(apitypes, name)
            return value
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

AnyEvent: TypeAlias = Any
"""An event of whichever game: only the game that read it looks inside (the store, the use cases and the views
above ``games/`` pass them along)."""


class Summary(Protocol):
    """The game-neutral summary of a stored match: what standings and pairing read, and nothing else."""

    @property
    def match_id(self) -> str: ...
    @property
    def finished(self) -> bool: ...
    @property
    def forfeit(self) -> bool: ...
    @property
    def head(self) -> str: ...
    @property
    def entries(self) -> int: ...
    def participants(self) -> tuple["Participant", ...]: ...
    def outcome(self, key: str) -> "Outcome":
        """*key*'s outcome (a forfeited match counts as won by the games the winner was given)."""
        ...


class Reading(Protocol):
    """What a game's tolerant reader gives: the events, and an error for every line it could not read."""

    @property
    def events(self) -> list[Any]: ...
    @property
    def errors(self) -> list[RecordError]: ...


class Header(Protocol):
    """What every game's match header has: the match id, the rule set it names (if any), the fields the store's
    index and the tournament layer repeat (``date``, ``event``, ``table``, ``round``: None where not written)
    and its line."""

    @property
    def id(self) -> str: ...
    @property
    def rules(self) -> str | None: ...
    @property
    def date(self) -> str | None: ...
    @property
    def event(self) -> str | None: ...
    @property
    def table(self) -> str | None: ...
    @property
    def round(self) -> str | None: ...
    @property
    def line(self) -> int: ...
    @property
    def pin(self) -> str | None:
        """The ``rules-hash=`` the header carries (the rule set's content it was created under), if any."""
        ...


def table_facts(table: "GameTable", deal: int) -> "tuple[Fact, ...] | None":
    """Deal *deal*'s facts as the game's scorecard table has them (its row's cells by heading), None for a deal
    the table has no row for (its first column is the deal's number): what a game whose scorecard row says all
    a deal settled to offers a dispute."""
    from referee.games.apitypes import Fact

    row = next((r for r in table.rows if r and r[0] == str(deal)), None)
    if row is None:
        return None
    return tuple(Fact(literal(head), cell) for head, cell in zip(table.headings[1:], row[1:], strict=True))


def total_facts(table: "GameTable") -> "tuple[Fact, ...]":
    """The match's facts from the scorecard table: each player's (or side's) total."""
    from referee.games.apitypes import Fact

    return tuple(Fact(M("{player} ({unit})", player=player, unit=table.unit), str(total))
                 for player, total in zip(table.players, table.totals, strict=True))


E = TypeVar("E", contravariant=True)  # a game's event (only taken, never given back)
R = TypeVar("R")  # its rule set
Res = TypeVar("Res")  # its engine's result


class GameOf(Protocol[E, R, Res]):
    """A game behind the interface. Every method but the views is pure: records in, results out.

    Generic over the game's event *E*, rule set *R* and engine result *Res*: a game's object is a
    ``GameOf[Event, RuleSet, MatchResult]`` of its own types (each ``game.py`` holds it so under ``TYPE_CHECKING``),
    so mypy refuses a rule set or a result handed to the wrong game's methods. The layers above, which reach
    whichever game a match names, hold :data:`Game` (``GameOf[Any, Any, Any]``)."""

    @property
    def key(self) -> str:
        """The header's ``game=`` value, and the folder name under ``referee/games/``."""
        ...
    @property
    def title(self) -> Msg: ...
    @property
    def default_rules(self) -> str: ...
    @property
    def seats(self) -> tuple[str, ...]:
        """The seats as a record writes them (``seat SEAT NAME``), in the order of play."""
        ...

    # the record
    def read(self, text: str) -> Reading: ...
    def read_lines(self, lines: Iterable[tuple[int, str]]) -> Reading:
        """The events of *lines*, each read with its own number: the store's corrected view (numbered by
        store sequence), read as a record is."""
        ...
    def format_event(self, event: E) -> str:
        """The canonical line of one event: what the store keeps."""
        ...
    def write(self, events: Sequence[E]) -> str:
        """The canonical record of *events* (exporting an export gives the same text)."""
        ...
    def header(self, events: Sequence[E]) -> Header | None:
        """The match header among *events* (the first ``match`` directive), if any."""
        ...

    # the rules
    def rule_sets(self) -> list[str]: ...
    def load_rules(self, name_or_path: str) -> R:
        """The rule set; a ``UsageError`` naming the file and the key when it cannot be used."""
        ...
    def rule_info(self, rules: R) -> "RuleSetInfo": ...
    def rules_title(self, title: str, lang: str) -> str:
        """A rule set's title (:attr:`RuleSetInfo.title`, as its file writes it) as *lang* says it: a title is a
        label kept as written, worded when shown (``core.rulesfile.worded_title`` over the game's bundled
        titles)."""
        ...
    def rules_values(self, rules: R) -> Mapping[str, bool | int | str]:
        """Every full key of *rules* (``scoring.cap``) with its resolved value: what its content hash covers."""
        ...
    def pinned_rules(self, values: Mapping[str, bool | int | str], name: str, title: str, source: str) -> R:
        """The rule set of resolved *values* (a store's kept copy), checked as a file is."""
        ...
    def explain_rules(self, rules: R, lang: str) -> list[tuple[str, str, str]]:
        """Every key of *rules*: (full key, value as written, what it means in *lang*)."""
        ...
    def score_table(self, rules: R, lang: str) -> str:
        """What ``referee rules NAME --table`` prints: the table the scoring function generates."""
        ...

    # the engine and its views
    def replay(self, events: Sequence[E], rules: R, explain: bool = False) -> Res: ...
    def problems(self, result: Res) -> list[RecordError]: ...
    def pending(self, result: Res) -> list[RecordError]:
        """The problems among :meth:`problems` that only say what the deal in progress (the last) still lacks —
        its kitty, who went out: what a referee records next, not a mistake to refuse while recording. Each is one
        of :meth:`problems`, the same line and message; callers tell them apart by :attr:`RecordError.key` (a
        message's fields need not be hashable), through :func:`split_problems`."""
        ...
    def expected(self, result: Res) -> tuple[str, ...]:
        """The directives that may come next, as a referee types them (``bid 张三 1|2|3|pass``, ``out SEAT``):
        what guided entry, ``referee status`` and the web's entry page offer. Pure, worked out from *result*;
        empty when nothing more can be recorded (the match is over)."""
        ...
    def gloss(self, keyword: str) -> Msg | None:
        """What directive *keyword* records, in a few words (``antispring`` → 反春), or None for no directive: a
        Chinese reader gets it beside each form :meth:`expected` offers; the English shows the keyword alone."""
        ...
    def check_summary(self, result: Res, lang: str) -> str:
        """``ok: 26 hands, 3 games, EW 2:1`` — what ``referee check`` says of a valid record."""
        ...
    def match_view(self, result: Res, lang: str) -> str: ...
    def write_json(self, result: Res, out: TextIO, lang: str, errors: Sequence[RecordError]) -> None: ...
    def replay_json(self, events: Sequence[E], rules: R, out: TextIO, lang: str,
                    errors: Sequence[RecordError]) -> None:
        """``write_json`` of ``replay(events, rules, explain=True)``, the same text: what ``replay --json``
        prints. A game may write each deal as it is settled rather than hold the whole result."""
        ...
    def explain_view(self, result: Res, hand: int, lang: str) -> str | None:
        """One hand's settlement step by step, or None when *hand* was not settled."""
        ...
    def settled_hands(self, result: Res) -> list[int]: ...
    def scorecard_rows(self, result: Res, lang: str) -> "GameTable":
        """The match as one row a deal in the game's own columns, with each player's running total: the
        scorecard's table and the web's, so that both print the same cells."""
        ...
    def summarize(self, result: Res, head: str = "", entries: int = 0) -> Summary: ...

    # deals as disputes, confirmations and what-if name them
    @property
    def sides(self) -> tuple[str, ...]:
        """Who disputes, appeals and confirms a deal, as ``--by`` names them: Gunzi's partnerships ``EW``/``NS``,
        a seat in the games where each player plays for themself."""
        ...
    def deal_title(self, deal: int) -> Msg:
        """What the game calls deal *deal* (``hand 3`` at Gunzi, ``deal 3`` elsewhere)."""
        ...
    def deal_named(self, deal: int) -> Msg:
        """Deal *deal* as a sentence names it (a dispute's lines, its ruling sheet): :meth:`deal_title` (``第3局``),
        or the game's own spacing where its sentences set the number apart from its title (Gunzi's ``第 3 副``,
        titled ``第3副``)."""
        ...
    def deal_nouns(self) -> tuple[Msg, Msg]:
        """The game's word for a deal and for deals, to stand in a sentence without a number (``(the hand is not
        settled)``, ``settled hands — …``): ``hand``/``hands`` 副 at Gunzi, ``deal``/``deals`` 局 elsewhere."""
        ...
    def deals_heading(self) -> Msg:
        """What a page heads the list of the match's deals with (``Hands`` 各副 at Gunzi, ``Deals`` 各局 elsewhere)."""
        ...
    def no_deals(self) -> Msg:
        """What a page says before the first deal is settled (``No hand settled yet.`` at Gunzi)."""
        ...
    def deal_starts(self, events: Sequence[E]) -> list[int]:
        """The line of the event that opens each deal, in order: deal k opens at ``deal_starts(events)[k - 1]``
        (the engine numbers deals the same way)."""
        ...
    def deal_facts(self, result: Res, deal: int, lang: str) -> "tuple[Fact, ...] | None":
        """What deal *deal* settled to, fact by fact (None: the deal is not settled): what a dispute's weighing
        sets side by side for the record as stored and each alternative."""
        ...
    def match_facts(self, result: Res, lang: str) -> "tuple[Fact, ...]":
        """Where the match stands after its last settled deal, fact by fact (the levels, the totals)."""
        ...

    # --- web pad: the phone's tap pad (issue 30) ---
    def pad(self) -> "tuple[PadGroup, ...]":
        """The keys of the phone's tap pad (``referee.web.pad``), row by row: the game's directive keywords, its
        seats and the words its directives take (cards, suits, bids, patterns), each with the text it types, so
        that a referee taps a directive the reader takes. Pure; the same for every match of the game."""
        ...

    # --- views: the scorecard as sections, what a stored entry says (seamviews) ---
    def scorecard(self, result: Res, lang: str, rules: str, referee: str = "") -> "Scorecard":
        """The match's scorecard as neutral sections, every text in *lang* (*rules*: the rule set's name and title
        as the card prints them; *referee*: who recorded the entries, named where the header names no referee):
        the PDF (``views.scorecard``) lays it out without knowing the game."""
        ...
    def directive_text(self, directive: str) -> Msg:
        """A stored directive as the output shows it: with the gloss of its keyword (:meth:`gloss`) where the
        language adds one."""
        ...
    def next_text(self, result: Res, lang: str) -> str:
        """``next: …`` after a command that changed the match: what the game expects next, else what the deal in
        progress lacks, else that the match is over."""
        ...
    def resettled_lines(self, before: Res, after: Res, lang: str) -> list[str]:
        """Each deal a correction changed (or completed), as *after* settles it; empty when it changed none."""
        ...

    # --- events: what an event's round creates of a match of any game, and what it can take back
    def setup(self, event: E) -> bool:
        """Whether *event* is one of those a new match is created with (its header, the sides' names, its seats)
        rather than of play: a match holding only these was created by an event's round and never played, so
        ``event unpair`` can take the round back and ``verify`` tells an interrupted pairing from a played one."""
        ...
    def setup_lines(self, players: Sequence[str], teams: Sequence[str] = ()) -> list[str]:
        """The record lines after a new match's header, in the game's notation: the names of its sides (*teams*,
        in :attr:`sides` order: a game of partnerships) and its players in their seats (in :attr:`seats` order); an
        empty name leaves its side or seat unnamed. A ``ValueError`` for *teams* given to a game whose players each
        play for themself."""
        ...
    def forced_end(self, result: Res, rules: R, reason: str) -> "ForcedEnd":
        """How ``event close --force`` ends the unfinished match *result* (its rules *rules*), each ruling giving
        *reason*: pure, worked out from the result as the game's rules decide a match stopped early."""
        ...
    def walkover_games(self, rules: R) -> int:
        """The games a match given up (a forfeit, a no-show: ``event result --forfeit``) counts for the side that
        came, the other none: what a match under *rules* is won by (0: the game counts no games)."""
        ...

    # --- store: replays kept and extended, the summary cache's rows, the clock and the time rule ---
    def replayer(self, events: Sequence[E], rules: R) -> "Replayer":
        """The engine's state after *events* under *rules*, to be copied and extended by the next directives: what
        a long-running process (the venue server's memo, ``store.memo``) keeps of a match so that checking its
        next directive need not replay it. A game whose engine folds event by event extends in place (Gunzi's
        ``engine.Replay``); the kit's default keeps the events and replays them whole (correct, not faster)."""
        ...
    def summary_data(self, summary: Summary) -> dict[str, Any]:
        """*summary* (one :meth:`summarize` gave) as JSON data: a row of the store's summary cache."""
        ...
    def summary_of_data(self, data: Any) -> Summary:
        """The summary :meth:`summary_data` wrote (parsed JSON: any value of any type); a ``ValueError`` when it
        is not one (the cache then recomputes it)."""
        ...
    def where(self, events: Sequence[E], result: Res) -> "Where":
        """Where the match stands as an event's status shows it: the timed unit, the deal in progress or next."""
        ...
    def timed(self, events: Sequence[E], result: Res) -> tuple["Timed", ...]:
        """Each unit the game's time rule times, with the lines (store sequence numbers) of the events that opened
        and ended it: Gunzi's 局 games (§7.3.5), from each one's first hand to the entry that ended it; the match
        whole in the games whose clubs time the match (``match.time_limit_minutes``)."""
        ...
    def time_limit(self, rules: R) -> int:
        """The minutes a timed unit may run under *rules* (``match.time_limit_minutes``; 0: no limit)."""
        ...
    def time_running(self, result: Res) -> int | None:
        """The timed unit whose time counts now (its :attr:`Timed.unit`), None when none does (the match is over,
        a time call awaits its ruling)."""
        ...
    def time_unit(self, unit: int) -> Msg:
        """What the clock calls timed unit *unit* (``game 2`` at Gunzi, ``the match`` elsewhere)."""
        ...
    def time_call(self, result: Res, limit: int) -> "TimeRuling":
        """What the game's time rule decides if time is called now, the limit of *limit* minutes passed: pure,
        worked out from *result*, cited to the game's rules."""
        ...
    def time_notice(self, unit: int, minutes: int, limit: int) -> Msg:
        """What recording says of an entry stored after timed unit *unit* ran past the limit, time not called."""
        ...

    # --- seamapp: recording and guided entry of every game (the prompt's words and hints)
    def directive_words(self) -> Mapping[str, str]:
        """Every word a record's line may begin with, in either language (``bid``, ``叫分``; lower case), and the
        keyword of the directive it names: what the guided prompt completes a first word to."""
        ...
    def usage(self, word: str) -> Msg | None:
        """The form of the directive *word* names (any spelling), as a referee types it (``bid SEAT 1|2|3|pass``);
        None when *word* names no directive: the guided prompt's usage hint."""
        ...
    def suggest(self, word: str, extra: Iterable[str] = ()) -> str | None:
        """The keyword a mistyped *word* most likely meant (``bdi`` → ``bid``), or one of *extra* (the prompt's
        commands); None when none is near: the guided prompt's "did you mean"."""
        ...
    def seat_words(self) -> tuple[str, ...]:
        """The words a seat may be typed as (``E`` … ``北``; ``1 2 3``): what the prompt completes a seat to."""
        ...

    # --- seamoff: officiating, appending, guided answers and record files of any game (app/ names no game)
    def expects(self, result: Res) -> tuple[str, ...]:
        """The keywords of the directives that may come next (``points``, ``last``), in :meth:`expected`'s order:
        what a refusal names as expected next (glossed by the views)."""
        ...
    def warned(self, event: E, rules: R) -> tuple[str, int, int] | None:
        """For a recorded warning (``warn SEAT TEXT``): the side it counts against, the rule set's warnings limit
        and its games to win (what the warnings count towards: Gunzi's forfeit, §8.1); None for another event, or
        a game whose rules set no warnings limit (a warning there is kept and changes nothing)."""
        ...
    def short_answer(self, state: Any, text: str) -> str | None:
        """The directive a short answer at the guided prompt means where the match stands (*state*: the engine's
        table state a caller holds, ``result.state``): Gunzi's ``30`` → ``points 30``, 保底 → ``last def``; None
        when *text* is no short answer of the game (it is then read as a directive)."""
        ...
    def owns(self, event: E) -> bool:
        """Whether *event* is one of the game's own (its reader could have read it): what recording checks of
        events a caller read already before storing them into a match of the game."""
        ...
    def read_record(self, text: str) -> Reading:
        """A record file a referee brings, read (:meth:`read`) with every id, name and text checked as the store
        checks them at entry (``core.names``), each problem an error at its line, in line order."""

    # --- seamtext: what the web's match page and the older ``views.matchtext`` names say of a match, by the game
    def settled_text(self, result: Res, deal: int, lang: str) -> list[str]:
        """Deal *deal*'s settlement in a few lines, as recording prints it when the deal is settled (its title, then
        each line indented; the deal that ended the match says who won it); empty when *deal* is not settled: what
        the web's match page shows under each deal and its entry page after a directive settled one."""
        ...
    def page_status_lines(self, match_id: str, result: Res, lang: str, entries: Msg | None = None,
                          head: str | None = None, broken: Msg | None = None,
                          clock: Sequence[Msg] | None = None) -> list[str]:
        """Where the match stands, as ``referee status`` prints it: its title, where play is, what comes next, the
        record's problems; *entries* how many the store holds, *head* its chain head (or *broken*: what breaks the
        chain), *clock* the store's clock lines (``results.clock.lines``)."""
        ...
    def text_view(self, name: str) -> Any | None:
        """The game's own text view called *name* (``settlement``, ``who``, ``log_groups`` …: a function or a value)
        among those ``views.matchtext`` handed over by these names before the interface had them, or None when the
        game has none of that name: so that the callers still reaching them there are answered by the game, not by a
        game's package named in ``views``."""
        ...
    def pad_state(self, result: Res) -> tuple[Mapping[str, str], str | None]:
        """What the phone's tap pad (``web.pad``) shows of the match *result*: each seat's player's name as the
        record names them (``seat E 张三``), and the seat a directive's pad starts from when the rules say who gives
        it (Gunzi's blood giver, who pays the tribute), None when none does."""
        ...
    def prompt_problem(self, problem: Msg) -> Msg | None:
        """*problem* (one of the engine's) as the guided prompt says it when its line is that of the directive just
        refused, which no entry holds (Gunzi's "hand 2 has no 'last' before line 17": say what the hand lacks);
        None when the prompt says it as any problem (its line numbers as the entries': ``views.prompttext``)."""

    # --- seamcli: one guided prompt for every game (``referee record MATCH``): its lines, its help, its words
    def prompt_lines(self, result: Res, lang: str) -> list[str]:
        """What the guided prompt shows above the line an answer is typed on (the prompt's own commands follow):
        what may come next (:meth:`expected`) and the form each is typed in; a game says more where its deal has
        a state to show (Gunzi: the hand and its phase, the declarer, the blood owed, the points so far)."""
        ...
    def help_lines(self, result: Res, lang: str, commands: Sequence[str]) -> list[str]:
        """The prompt's ``help``: each directive expected now with its form, then *commands* (the prompt's own,
        one a line, already worded) under their heading; a game adds what else it takes (Gunzi's short answers)."""
        ...
    def typed_words(self, before: Sequence[str]) -> tuple[str, ...]:
        """What tab completes the next word to at the prompt, *before* being the words typed before it: first a
        directive's word (each language's keyword), then the words its directive takes (a seat; Gunzi's ``last``
        a side)."""
        ...
    def opening(self, result: Res) -> str | None:
        """The directive the guided prompt records by itself before its first question, or None: Gunzi's prompt
        is the entry of one hand and begins it (``hand``) when a new hand is what comes next."""
        ...
    @property
    def prompt_by_deal(self) -> bool:
        """Whether one guided session enters one deal (begun by :meth:`opening`, ended at its settlement, as the
        game's record unit at the table: Gunzi's hand) rather than every directive until the match is over."""
        ...
    def status_lines(self, match_id: str, result: Res, lang: str, entries: int, head: str, broken: Msg | None,
                     clock: Sequence[Msg], unreadable: Sequence[RecordError]) -> list[str]:
        """What ``referee status`` prints of the match: its title (*entries* the store holds, the chain's *head*, or
        what *broken* it), the clock's lines (*clock*: the store's, each timed unit and at the limit what the time
        rule decides), the game's view of where it stands, each *unreadable* entry, its problems and what comes
        next."""
        ...
    def log_units(self, events: Sequence[E], result: Res) -> list[int | None] | None:
        """The unit each deal opened in *events* belongs to, in order (Gunzi's 局 games: ``referee log --game N``
        picks one; None for a deal not yet placed in one), or None for a game whose deals fall into no unit."""
        ...
    def log_title(self, unit: int | None, deal: int | None) -> Msg:
        """The heading of the audit trail's entries of deal *deal* of unit *unit* (*deal* None: the entries before
        the first deal)."""
        ...

    # --- writepath: one write path for every game (``app.recording.enter``): a referee's text read, what it settled
    def read_entry(self, events: Sequence[E], line: int, text: str) -> Reading:
        """*text* (one directive as a referee types it) read as the match's entry at *line* after its stored *events*:
        only the events and errors of that line. A game whose reader reads a line in the match's context (a player's
        name names a seat) reads it after the match's lines; one whose lines stand alone reads it alone."""
        ...
    def answer_state(self, result: Res) -> Any:
        """What :meth:`short_answer` reads a short answer against where the match *result* stands (Gunzi's table
        state, ``result.state``): the one place a caller gets it from, whatever the game."""
        ...
    def settled_now(self, before: Res, after: Res, lang: str) -> list[list[str]]:
        """What recording (or a correction) says of the deals it settled, one block of lines each, *before* and
        *after* the match's results around it: Gunzi's new hands with their settlement, the other games' deals whose
        payment changed as their scorecard row. Empty when it settled none."""
        ...
    def ended_text(self, before: Res, after: Res, lang: str) -> str | None:
        """Who won, when what was just stored ended the match settling no deal (time called, a ruling, a forfeit by
        warnings: Gunzi's §8.1); None otherwise (a deal that ended it says so in its :meth:`settled_now` block)."""
        ...
    def entry_next(self, result: Res) -> tuple[str, ...]:
        """What the web's API answers a stored entry with as ``next``: the forms :meth:`expected` offers (Gunzi's
        answer names the keywords, :meth:`expects`, as its phone clients read them)."""
        ...
    def refusal_expects(self, before: Res) -> tuple[str, ...]:
        """The keywords a refused directive's message names as expected next where the match stood (*before*): Gunzi's
        (:meth:`expects`, its refusals have always said them); none where the prompt and the page show the forms
        :meth:`expected` offers instead."""
        ...


Game: TypeAlias = GameOf[Any, Any, Any]
"""Whichever game a match names, as the layers above ``games/`` hold it (its values opaque to them)."""

# --- store: the types of the Game block "store: replays kept and extended, ..." above

class Replayer(Protocol):
    """A match's engine state kept by :meth:`Game.replayer`: copied (the copy extended leaves it as it was) and
    extended by the next events, each extension's result what a replay of them all gives."""

    @property
    def rules(self) -> Any: ...
    def copy(self) -> "Replayer": ...
    def extend(self, events: Sequence[Any]) -> Any:
        """Fold *events* in (after those folded so far) and return the result of the match after them."""
        ...
    def result(self) -> Any:
        """The result of the match after the events folded so far."""
        ...


class Timed(Record):
    """One unit the time rule times (:meth:`Game.timed`): its number, the line (store sequence) of the event
    that opened it and of the event that ended it (None while it is played)."""

    unit: int
    start: int
    end: int | None


class Problems(Record):
    """A result's problems in two: the mistakes (what recording refuses, what ``status`` lists by entry) and what
    the deal in progress still lacks (:meth:`Game.pending`: what comes next), each in the engine's order."""

    mistakes: list[RecordError]
    pending: list[RecordError]


def split_problems(game: Game, result: Any) -> Problems:
    """*result*'s problems (:meth:`Game.problems`) split by :meth:`Game.pending`, compared by their key: the one
    way every game's problems are told apart, whatever their messages' fields hold."""
    problems = game.problems(result)
    still = {e.key for e in game.pending(result)}
    if not still:
        return Problems(problems, [])
    return Problems([e for e in problems if e.key not in still], [e for e in problems if e.key in still])


def rules_named(game: Game, events: Sequence[Any]) -> str:
    """The rule set *events*' header names, else *game*'s default."""
    header = game.header(events)
    return (header.rules if header else None) or game.default_rules


def header_line(game: Game, events: Sequence[Any]) -> int:
    """The line of *events*' header (0 without one): where a problem with the header's rules is said."""
    header = game.header(events)
    return header.line if header else 0


class Content(Record):
    """A rule set's content as a match pins it: its canonical text (``core.rulesfile.canonical``), the SHA-256
    of that text, and the short pin a header carries."""

    text: str
    digest: str
    pin: str


def rules_content(game: Game, rules: Any) -> Content:
    """The content of a loaded rule set of *game*: what ``referee rules`` shows and a new match pins."""
    text = rulesfile.canonical(game.key, game.rules_values(rules))
    digest = rulesfile.digest(text)
    return Content(text, digest, digest[:rulesfile.PIN_DIGITS])


def header_pin(game: Game, events: Sequence[Any]) -> str | None:
    """The pin (``rules-hash=``) *events*' header carries, else None (a match created before pins)."""
    header = game.header(events)
    return header.pin if header is not None else None

