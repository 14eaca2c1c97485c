"""A stored match summarized by its game, for the summary cache (``referee.store.summaries``): the store keeps the
rows, keyed by the chain head and sealed; what a row says — a replay of the match by the game its header names,
summarized (``Game.summarize``), the rules it was settled under, the summary's data as the game writes and reads
it — comes from here, through the games' interface (``referee.games.api.Game``, ``referee.games.registry``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from referee.core.i18n import M
from referee.games import registry
from referee.games.api import rules_content, rules_named
from referee.games.stored import game_of_view
from referee.store.chain import CORRECTIONS, StoredEntry
from referee.store.pinning import named_pin, rules_of_match
from referee.store.store import StoreError, corrected
from referee.store.summaries import Cached, Note, Progress, RulesUsed

if TYPE_CHECKING:
    from referee.games.api import Game
    from referee.store.api import MatchStore, SummariesRepo


def _game(key: str) -> Game:
    """The game of a row (its key; "": the registry's default, a row written before rows kept it)."""
    return registry.game(key or None)


class GameSummaries:
    """The cache's :class:`referee.store.summaries.Summarizer`: each match summarized by its own game."""

    def compute(self, match_id: str, entries: list[StoredEntry]) -> Cached:
        """Replay the corrected view of *entries* by the game its header names (``Game.read_lines``, ``replay``)
        and summarize it at their head (``Game.summarize``); where it stands from ``Game.where``. A directive the
        game's reader refuses is skipped (the replay of the store's own reader reports it)."""
        view = corrected(entries)
        try:
            game = game_of_view(view)
        except registry.UnknownGame as e:
            raise StoreError(M("match {match}: {problem}", match=match_id, problem=e.msg)) from None
        events = list(game.read_lines(view.items()).events)
        rules = rules_of_match(game, events)
        result = game.replay(events, rules)
        head = entries[-1]["hash"] if entries else ""
        summary = game.summarize(result, head=head, entries=len(entries))
        if not summary.match_id:
            summary = cast("Any", summary)._replace(match_id=match_id)
        times = {e["seq"]: e.get("time") for e in entries}
        starts = game.deal_starts(events)
        first_hand = times.get(starts[0]) if starts else None
        where = game.where(events, result)
        progress = Progress(started=bool(game.settled_hands(result)) or where.in_deal or first_hand is not None,
                            game=where.unit, hand=where.deal, in_hand=where.in_deal,
                            errors=len(game.problems(result)),
                            first_hand=None if first_hand is None else str(first_hand),
                            last_entry=str(entries[-1].get("time") or "") if entries else "")
        notes = tuple(Note(int(e["seq"]), str(e.get("kind")), str(e.get("reason") or "")) for e in entries
                      if e.get("kind") in CORRECTIONS or (e.get("kind") == "event" and e.get("reason")))
        header = game.header(events)
        pin = header.pin if header is not None else None
        name = rules_named(game, events)
        used = RulesUsed(name, pin, True) if pin else RulesUsed(name, rules_content(game, rules).pin, False)
        return Cached(summary, progress, notes, used, game.key)

    def current(self, cached: Cached) -> bool:
        """Whether the match would be replayed under the rules it was summarized under now: a header that pins
        them fixes them; else the named rule set's content must not have changed since."""
        rules = cached.rules
        if rules.pinned:
            return True
        return named_pin(_game(cached.game), rules.name) == rules.pin

    def summary_data(self, game: str, summary: Any) -> Any:
        return _game(game).summary_data(summary)

    def summary_of_data(self, game: str, data: Any) -> Any:
        return _game(game).summary_of_data(data)


SUMMARIES = GameSummaries()


def summary_cache(store: MatchStore, event_id: str) -> SummariesRepo:
    """The event's summary cache (the store's: ``store.summary_cache``), its rows summarized by their games."""
    return store.summary_cache(event_id, SUMMARIES)


def compute(match_id: str, entries: list[StoredEntry]) -> Cached:
    """The summary of a match of *entries* at their head (:meth:`GameSummaries.compute`)."""
    return SUMMARIES.compute(match_id, entries)
