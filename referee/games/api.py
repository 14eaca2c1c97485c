"""The game interface: what every game offers the layers above, and the game-neutral match summary.

A game is a package under ``referee/games/`` (Gunzi is the first) whose ``game`` module holds an object
satisfying :class:`Game`; ``referee.games.registry`` finds it by the key a match header names
(``game=gunzi``, the default when absent). Above ``games/`` a command, the store, the tournament layer and
the views reach a game only through this: its reader, its rule sets, its pure ``replay`` and its views.
The event, rule-set and result types stay the game's own (``Any`` here): only the game reads them.

The tournament layer reads a match only as a :class:`Summary` — participants and each one's
:class:`Outcome` — so pair events (Gunzi's partnerships EW/NS) and individual events (3 players at Dou
Dizhu, 4 at mahjong) share standings and pairing.
"""

# No `from __future__ import annotations` here: the named tuples' and typed dicts' string annotations would each be
# compiled by typing at import (a ForwardRef per field), on every command's start; as types they are not.
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple, Protocol, TextIO, TypeAlias

from referee.core import rulesfile
from referee.core.i18n import Msg, literal
from referee.core.records import RecordError

AnyEvent: TypeAlias = Any
"""An event of whichever game: only the game that read it looks inside (the store, the use cases and the views
above ``games/`` pass them along)."""


class Participant(NamedTuple):
    """One side of a match as a tournament enters it: a partnership (Gunzi's ``EW``/``NS``) or a player
    (a seat). ``key`` is the match's own name for it; ``name`` the team's or player's name in the header."""

    key: str
    name: str
    players: tuple[str, ...] = ()


class Outcome(NamedTuple):
    """What a tournament counts of one participant's finished match.

    ``won``/``lost`` are the games (Gunzi's 局, a deal of Dou Dizhu) the participant won and lost;
    ``placement`` is 1 for the winner (ties share a place); ``score`` the game's own running total (Gunzi's
    points ledger, coins at Dou Dizhu or mahjong); ``margin`` the game's tie-break difference (Gunzi: the
    level difference summed over games; 0 where a game has none)."""

    key: str
    won: int
    lost: int
    placement: int
    score: int
    margin: int = 0


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
    def participants(self) -> tuple[Participant, ...]: ...
    def outcome(self, key: str) -> Outcome:
        """*key*'s outcome (a forfeited match counts as won by the games the winner was given)."""
        ...


class Reading(Protocol):
    """What a game's tolerant reader gives: the events, and an error for every line it could not read."""

    @property
    def events(self) -> list[Any]: ...
    @property
    def errors(self) -> list[RecordError]: ...


class RuleSetInfo(NamedTuple):
    """A rule set as ``referee rules`` lists it: its name, title and the source it follows."""

    name: str
    title: str
    source: str


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


class GameTable(NamedTuple):
    """A match deal by deal in the game's own columns, and each player's running total: what the scorecard PDF
    and the web's match page show of a match of any game (:meth:`Game.scorecard_rows`). Every text is already in
    the language asked for; every number is one the game's engine settled."""

    headings: tuple[str, ...]  # the column heads
    rows: tuple[tuple[str, ...], ...]  # one a deal (a redealt or unsettled one too), a cell per heading
    players: tuple[str, ...]  # each player (or side) whose total runs: its seat and name
    running: tuple[tuple[int, ...], ...]  # per row: each player's running total after that deal
    totals: tuple[int, ...]  # each player's total over the match
    unit: str  # what the totals count (coins, points, the ledger)


class Fact(NamedTuple):
    """One thing a deal (or the match) settled to, as a dispute's side-by-side table shows it: its label (a
    message: a ruling sheet prints it in both languages) and its value in the language asked for. Two
    settlements differ where a fact's cell differs."""

    label: Msg
    cell: str


def table_facts(table: GameTable, deal: int) -> tuple[Fact, ...] | None:
    """Deal *deal*'s facts as the game's scorecard table has them (its row's cells by heading), None for a deal
    the table has no row for (its first column is the deal's number): what a game whose scorecard row says all
    a deal settled to offers a dispute."""
    row = next((r for r in table.rows if r and r[0] == str(deal)), None)
    if row is None:
        return None
    return tuple(Fact(literal(head), cell) for head, cell in zip(table.headings[1:], row[1:], strict=True))


def total_facts(table: GameTable) -> tuple[Fact, ...]:
    """The match's facts from the scorecard table: each player's (or side's) total."""
    return tuple(Fact(literal(f"{player} ({table.unit})"), str(total))
                 for player, total in zip(table.players, table.totals, strict=True))


class Game(Protocol):
    """A game behind the interface. Every method but the views is pure: records in, results out."""

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
    def format_event(self, event: Any) -> str:
        """The canonical line of one event: what the store keeps."""
        ...
    def write(self, events: Sequence[Any]) -> str:
        """The canonical record of *events* (exporting an export gives the same text)."""
        ...
    def header(self, events: Sequence[Any]) -> Header | None:
        """The match header among *events* (the first ``match`` directive), if any."""
        ...

    # the rules
    def rule_sets(self) -> list[str]: ...
    def load_rules(self, name_or_path: str) -> Any:
        """The rule set; a ``UsageError`` naming the file and the key when it cannot be used."""
        ...
    def rule_info(self, rules: Any) -> RuleSetInfo: ...
    def rules_title(self, title: str, lang: str) -> str:
        """A rule set's title (:attr:`RuleSetInfo.title`, as its file writes it) as *lang* says it: a title is a
        label kept as written, worded when shown (``core.rulesfile.worded_title`` over the game's bundled
        titles)."""
        ...
    def rules_values(self, rules: Any) -> Mapping[str, bool | int | str]:
        """Every full key of *rules* (``scoring.cap``) with its resolved value: what its content hash covers."""
        ...
    def pinned_rules(self, values: Mapping[str, bool | int | str], name: str, title: str, source: str) -> Any:
        """The rule set of resolved *values* (a store's kept copy), checked as a file is."""
        ...
    def explain_rules(self, rules: Any, lang: str) -> list[tuple[str, str, str]]:
        """Every key of *rules*: (full key, value as written, what it means in *lang*)."""
        ...
    def score_table(self, rules: Any, lang: str) -> str:
        """What ``referee rules NAME --table`` prints: the table the scoring function generates."""
        ...

    # the engine and its views
    def replay(self, events: Sequence[Any], rules: Any, explain: bool = False) -> Any: ...
    def problems(self, result: Any) -> list[RecordError]: ...
    def pending(self, result: Any) -> list[RecordError]:
        """The problems among :meth:`problems` that only say what the deal in progress (the last) still lacks —
        its kitty, who went out: what a referee records next, not a mistake to refuse while recording. Each is one
        of :meth:`problems`, the same line and message; callers tell them apart by :attr:`RecordError.key` (a
        message's fields need not be hashable), through :func:`split_problems`."""
        ...
    def expected(self, result: Any) -> tuple[str, ...]:
        """The directives that may come next, as a referee types them (``bid 张三 1|2|3|pass``, ``out SEAT``):
        what guided entry, ``referee status`` and the web's entry page offer. Pure, worked out from *result*;
        empty when nothing more can be recorded (the match is over)."""
        ...
    def gloss(self, keyword: str) -> Msg | None:
        """What directive *keyword* records, in a few words (``antispring`` → 反春), or None for no directive: a
        Chinese reader gets it beside each form :meth:`expected` offers; the English shows the keyword alone."""
        ...
    def check_summary(self, result: Any, lang: str) -> str:
        """``ok: 26 hands, 3 games, EW 2:1`` — what ``referee check`` says of a valid record."""
        ...
    def match_view(self, result: Any, lang: str) -> str: ...
    def write_json(self, result: Any, out: TextIO, lang: str, errors: Sequence[RecordError]) -> None: ...
    def replay_json(self, events: Sequence[Any], rules: Any, out: TextIO, lang: str,
                    errors: Sequence[RecordError]) -> None:
        """``write_json`` of ``replay(events, rules, explain=True)``, the same text: what ``replay --json``
        prints. A game may write each deal as it is settled rather than hold the whole result."""
        ...
    def explain_view(self, result: Any, hand: int, lang: str) -> str | None:
        """One hand's settlement step by step, or None when *hand* was not settled."""
        ...
    def settled_hands(self, result: Any) -> list[int]: ...
    def scorecard_rows(self, result: Any, lang: str) -> GameTable:
        """The match as one row a deal in the game's own columns, with each player's running total: the
        scorecard's table and the web's, so that both print the same cells."""
        ...
    def summarize(self, result: Any, head: str = "", entries: int = 0) -> Summary: ...

    # deals as disputes, confirmations and what-if name them
    @property
    def sides(self) -> tuple[str, ...]:
        """Who disputes, appeals and confirms a deal, as ``--by`` names them: Gunzi's partnerships ``EW``/``NS``,
        a seat in the games where each player plays for themself."""
        ...
    def deal_title(self, deal: int) -> Msg:
        """What the game calls deal *deal* (``hand 3`` at Gunzi, ``deal 3`` elsewhere)."""
        ...
    def deal_starts(self, events: Sequence[Any]) -> list[int]:
        """The line of the event that opens each deal, in order: deal k opens at ``deal_starts(events)[k - 1]``
        (the engine numbers deals the same way)."""
        ...
    def deal_facts(self, result: Any, deal: int, lang: str) -> tuple[Fact, ...] | None:
        """What deal *deal* settled to, fact by fact (None: the deal is not settled): what a dispute's weighing
        sets side by side for the record as stored and each alternative."""
        ...
    def match_facts(self, result: Any, lang: str) -> tuple[Fact, ...]:
        """Where the match stands after its last settled deal, fact by fact (the levels, the totals)."""
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


class Problems(NamedTuple):
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


class Content(NamedTuple):
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
