"""Plain-text views of the store for the terminal: the audit log, stored entries, corrections, the record's
problems, and the columns they are padded to.

One function per view, every word from the catalogue (``tr``); an entry's kind is the catalogue's word of its
``entry`` context. A game's own views of a match (its settled deals, status, the "next:" hint) are the game's,
reached through the game interface; their older names here hand over to the game that has them
(:data:`GAME_VIEWS`, ``Game.text_view``). Columns are padded with :func:`pad`, which counts a CJK character as
two columns in any language.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from referee.core.i18n import M, Msg, literal, pgettext, tr
from referee.core.i18n import form as _form
from referee.store.chain import entries

if TYPE_CHECKING:
    from referee.core.records import RecordError
    from referee.games.api import Game
    from referee.results.clock import Clock
    from referee.store.chain import StoredEntry
    from referee.store.store import LogEntry

# --- layout -----------------------------------------------------------------------------------------


def width(text: str) -> int:
    """Terminal columns of *text*: a Chinese character takes two. (``unicodedata`` loads here, not
    with the module: recording an event pads no column.)"""
    if text.isascii():  # every character one column (a ladder of 10,000 matches pads 100,000 cells)
        return len(text)
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def pad(text: str, columns: int) -> str:
    """Left-justify for the terminal: Chinese characters take two columns."""
    return text + " " * max(columns - width(text), 0)


def rjust(text: str, columns: int) -> str:
    return " " * max(columns - width(text), 0) + text


# --- pieces the views share ---------------------------------------------------------------------------


def semicolons(items: Sequence[Msg]) -> Msg:
    """Problems joined the way the language separates clauses (``; `` / ``；``)."""
    if len(items) == 1:
        return items[0]
    if not items:
        return literal("")
    return M("{first}; {rest}", first=items[0], rest=semicolons(items[1:]))


def stored_line(entry: StoredEntry, match_id: str, what: Msg | str, lang: str) -> str:
    """What a command stored: ``stored #9 in T3 (by 王裁判): declare E BJ``."""
    return tr(lang, "stored #{seq} in {match} (by {referee}): {what}", seq=entry["seq"], match=match_id,
              referee=entry["referee"], what=what)


def error_lines(errors: Iterable[RecordError], lang: str, indent: str = "  ") -> list[str]:
    """Record errors at store sequence numbers, one a line."""
    return [indent + (tr(lang, "#{seq}: {problem}", seq=e.line, problem=e.msg)
                      if e.line else e.text(lang)) for e in errors]


# --- the audit trail ----------------------------------------------------------------------------------


def log_heading(match_id: str, n: int, lang: str) -> list[str]:
    title = tr(lang, "Audit trail of match {match} ({entries}; times in UTC)", match=match_id, entries=entries(n))
    when, who, kind, entry = tr(lang, "when"), tr(lang, "referee"), tr(lang, "kind"), tr(lang, "entry")
    columns = f"{rjust('seq', 4)}  {pad(when, 19)}  {pad(who, 12)}  {pad(kind, 6)} {entry}"
    return [title, columns]


def log_lines(log: Iterable[LogEntry], lang: str) -> list[str]:
    """The audit trail, one entry a line, corrections included (what a hand-edit put in a text is
    shown escaped, never sent raw to the terminal)."""
    out = []
    for e in log:
        time = _safe(e.time.replace("T", " ").replace("Z", "")[:19])
        kind = REMARK_KINDS[e.kind].text(lang) if e.kind in REMARK_KINDS else _Kind(e.kind).localized(lang)
        out.append(f"{e.seq:>4}  {time}  {pad(_safe(e.referee), 12)}  {pad(kind, 6)} {_entry_text(e, lang)}")
    return out


def _safe(text: str) -> str:
    from referee.core.names import shown

    return text if text.isprintable() else shown(text, len(text))


# The words of the remarks on a record (``chain.REMARKS``: disputes and confirmations).
REMARK_KINDS: dict[str, Msg] = {
    "dispute": M("dispute"), "alternative": M("alternative"), "ruling": M("ruling"),
    "appeal": M("appeal"), "decision": M("decision"), "confirm": M("confirm"),
}


def _decided(data: dict[str, object]) -> Msg:
    """What a ruling or a decision chose, from its fields."""
    if data.get("uphold"):
        return M("the ruling is upheld")
    if data.get("alternative") is not None:
        return M("alternative {k} (amend #{amend})", k=data.get("alternative"),
                 amend=data.get("amend") if data.get("amend") is not None else "-")
    if data.get("amend") is not None:
        return M("the record as it was (amend #{amend})", amend=data.get("amend"))
    return M("the record stands")


def remark(e: LogEntry) -> Msg:
    """A remark of the audit trail in words: ``hand 1 disputed by NS: the kitty held 25``."""
    from referee.store.disputes import payload

    data = payload({"directive": e.directive})
    team = data.get("by") if data.get("by") in ("EW", "NS") else None
    if e.kind == "dispute":
        return M("hand {hand} disputed by {team:team}: {claim}",
                 hand=data.get("hand"), team=team, claim=e.reason)
    if e.kind == "alternative":
        return M("alternative for dispute #{target}: #{seq} → {directive}", target=e.target, seq=data.get("seq"),
                 directive=_safe(str(data.get("directive", ""))))
    if e.kind == "appeal":
        return M("appeal of dispute #{target} by {team:team}",
                 target=e.target, team=team)
    if e.kind in ("ruling", "decision"):
        label = M("ruling on dispute #{target}: {what}", target=e.target,
                  what=_decided(data)) if e.kind == "ruling" else \
            M("director's decision on dispute #{target}: {what}",
              target=e.target, what=_decided(data))
        return label
    captain = data.get("captain")
    if captain:
        return M("hand {hand} confirmed by {team:team} ({captain})",
                 hand=data.get("hand"), team=team, captain=_safe(str(captain)))
    return M("hand {hand} confirmed by {team:team}", hand=data.get("hand"),
             team=team)


def _entry_text(e: LogEntry, lang: str) -> str:
    if e.kind in REMARK_KINDS:
        text = remark(e).text(lang)
        if e.reason and e.kind != "dispute":
            text += "   " + tr(lang, "reason: {reason}", reason=e.reason)
        return text
    if e.kind == "event":
        text = _safe(e.directive)
    else:
        text = correction(e.kind, e.target, _safe(e.directive), _safe(e.taken)).text(lang)
    if e.reason:
        text += "   " + tr(lang, "reason: {reason}", reason=e.reason)
    if e.superseded_by:
        text += "   " + tr(lang, "[replaced or taken back by #{later}]",
                           later=e.superseded_by)
    return text


class _Kind(str):
    """A store entry's kind (``undo``, ``void``, ``amend``) as a message field shows it: the catalogue's word of its
    ``entry`` context."""

    __slots__ = ()

    def localized(self, lang: str) -> str:
        return pgettext(lang, "entry", str(self))


def correction(kind: str, target: int | None, directive: str | Msg = "", taken: str | Msg = "") -> Msg:
    """What a correction does: ``amend #13 → points 30``; ``undo #34: points 50`` (``撤销 #34：points 50``),
    naming what it took back when *taken* says it."""
    if kind == "amend":
        return M("amend #{target} → {directive}", target=target,
                 directive=directive)
    if taken:
        return M("{kind} #{target}: {taken}", kind=_Kind(kind), target=target,
                 taken=taken)
    return _form("{kind} #{target}", kind=_Kind(kind), target=target)


# --- what if ------------------------------------------------------------------------------------------

LABEL, COLUMN = 19, 28  # the width of a row's label, and of the "as recorded" column


# --- a game's own views, by their older names ----------------------------------------------------------

# A settled hand, where the match stands, how it finished, what a warning means, the "next:" hint, the hands a
# correction changed, the audit trail by game and hand: the views the first game had here before the interface
# (``Game.settled_text``, ``Game.page_status_lines``, ``Game.next_text``, ``Game.resettled_lines``,
# ``Game.directive_text``). The commands that still call them here by these names (with a result of that game) are
# answered by the game whose ``Game.text_view`` has the name: the registry's games asked in order, no game's package
# named here.
GAME_VIEWS = frozenset({"who", "levels", "glossed", "directive_line", "hints", "usages", "next_line", "won_line",
                        "settlement", "ended_match", "finished_line", "warning_line", "ordinal", "ORDINALS",
                        "changed_hands", "LogGroup", "log_groups", "group_title"})


def game_view(name: str) -> Any:
    """The text view *name* of the first game of the registry that has one by that name (``Game.text_view``)."""
    from referee.games import registry

    for key in registry.keys():
        view = registry.game(key).text_view(name)
        if view is not None:
            return view
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __getattr__(name: str) -> Any:
    if name in GAME_VIEWS:
        return game_view(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def status(match_id: str, result: Any, log_len: int, lang: str, head: str | None = None,
           broken: Msg | None = None, clock: Clock | None = None, game: Game | None = None) -> list[str]:
    """Where a match stands, for `referee status` (``Game.page_status_lines`` of *game*, the registry's default when not
    given: a header naming no game); with *clock*, the store's clock lines (each timed unit's time and, at the
    limit, whom the time rule favours: ``referee.results.clock``)."""
    from referee.games import registry

    clocked = None
    if clock is not None:
        from referee.results import clock as clocks

        clocked = clocks.lines(clock, result)
    return (game or registry.game()).page_status_lines(match_id, result, lang, entries(log_len), head, broken, clocked)
