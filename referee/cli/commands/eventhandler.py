"""What ``referee event …`` asks of an event kind's handler: the operations ``pairevent`` (an event of pairs) and
``individualevent`` (of individual players) each provide, the same calls, each taking every option of the command
and using those that mean something for its kind. ``event.py`` picks the handler by the event's kind and calls the
operation by name in its body (``handler.add(store, …)``): a typed protocol, which mypy checks both modules against,
rather than a function looked up by the command's name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence
    from pathlib import Path

    from referee.core.i18n import Msg
    from referee.store.api import MatchStore
    from referee.tournament.state import EventState
    from referee.views.scorecard.fonts import FontInfo

    Fonts = Callable[[], Callable[[Sequence[str]], FontInfo]]


class EventHandler(Protocol):
    """An event kind's answers to the event commands (the store first, the referee and the language last)."""

    def new(self, store: MatchStore, event_id: str, game: str | None, name: str, rules: str | None, fmt: str,
            rounds: int | None, scoring: str | None, date: str | None, venue: str | None, seed: int | None,
            sit_out: str, confirmation_required: bool, referee: str | None, say: str, /) -> None: ...

    def add(self, store: MatchStore, event_id: str, code: str, player1: str, player2: str | None, club: str,
            newcomer: bool, rating: int | None, force: bool, reason: str, referee: str | None, say: str, /) -> None: ...

    def import_(self, store: MatchStore, event_id: str, file: Path, force: bool, reason: str, referee: str | None,
                say: str, /) -> None: ...

    def edit(self, store: MatchStore, event_id: str, code: str, player1: str | None, player2: str | None,
             club: str | None, name: str | None, force: bool, reason: str, referee: str | None,
             say: str, /) -> None: ...

    def withdrawn(self, state: EventState, code: str, reason: str, say: str, /) -> list[str]: ...

    def removed(self, state: EventState, code: str, reason: str, say: str, /) -> list[str]: ...

    def pair(self, store: MatchStore, event_id: str, json_: bool, explain: bool, dry_run: bool,
             swap: tuple[str, str] | None, sets: Sequence[str], byes: Sequence[str], reason: str, by_rating: bool,
             referee: str | None, say: str, /) -> None: ...

    def status(self, store: MatchStore, event_id: str, json_: bool, say: str, /) -> None: ...

    def close(self, store: MatchStore, event_id: str, force: bool, reason: str, yes: bool, referee: str | None,
              say: str, /) -> None: ...

    def result(self, store: MatchStore, event_id: str, table: int, side: str | None, score: str | None,
               forfeit: str | None, no_show: str | None, adjusted: str | None, round_: int | None, reason: str,
               json_: bool, referee: str | None, say: str, /) -> None: ...

    def standings(self, store: MatchStore, event_id: str, json_: bool, after_round: int | None,
                  explain: tuple[str, str] | None, wide: bool, cross: bool, say: str, /) -> None: ...

    def prizes(self, store: MatchStore, event_id: str, json_: bool, say: str, /) -> None: ...

    def sheet(self, store: MatchStore, event_id: str, round_: int | None, output: Path | None,
              default: Callable[[int], Path], pdf: str, fonts: Fonts, say: str, /) -> None: ...

    def report(self, store: MatchStore, event_id: str, path: Path, pdf: str, fonts: Fonts, say: str, /) -> None: ...

    def export(self, store: MatchStore, event_id: str, xlsx: Path, book: str, say: str, /) -> None: ...

    def pages(self, store: MatchStore, event_id: str, lang: str, /) -> tuple[dict[str, str], Mapping[str, Msg]]: ...
