"""``referee db copy FROM TO``: a whole store copied into another — a folder into PostgreSQL and back, or folder to
folder — its matches with every entry as sealed (the same hashes: ``referee.store.chain`` makes them the same bytes
whatever backend wrote them), the events' logs, the tokens (their hashes), the leagues and the rule sets the matches
pin (``referee.store.pinning``: kept by content hash, written before the matches that pin them).

Checked whole before anything is written: every chain of the source is recomputed (a broken one refuses the copy,
naming it), and each thing the target holds already must be the source's exactly (a match with the same chain, a
log with the same chain, a token with the same record, a league with the same events), else the copy is refused
naming the first that differs. What the target lacks is then written through the target's ``adopt`` (each chain
checked again as it is stored), and every chain copied is read back from the target and compared with the source's.
So a second copy writes nothing and says so. Not copied: the summary cache (recomputed from the matches), the
one-time sign-in links (a new QR code is made on the new store) and the matches a ``--replace`` retired.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from referee.core.i18n import M, Msg
from referee.store import chain
from referee.store.api import MatchStore
from referee.store.chain import StoredEntry
from referee.store.errors import BrokenChain, StoreError
from referee.store.leagues import League
from referee.store.tokens import Token


class Counts(NamedTuple):
    copied: int
    there: int


class Copied(NamedTuple):
    matches: Counts
    events: Counts
    tokens: Counts
    leagues: Counts
    rules: Counts = Counts(0, 0)  # the rule sets matches pin (referee.store.pinning)


def _hashes(entries: Sequence[StoredEntry]) -> list[str]:
    return [e["hash"] for e in entries]


def _chain_difference(mine: Sequence[StoredEntry], theirs: Sequence[StoredEntry]) -> Msg:
    """How the target's chain differs from the source's: where they part, or which is longer."""
    for a, b in zip(mine, theirs, strict=False):
        if a["hash"] != b["hash"]:
            return M("entry #{seq} is not the same", seq=a["seq"])
    return M("the target holds {theirs}, the source {mine}", theirs=chain.entries(len(theirs)),
             mine=chain.entries(len(mine)))


class _Plan(NamedTuple):
    matches: dict[str, list[StoredEntry]]  # the source's, by id
    logs: dict[str, list[StoredEntry]]
    tokens: list[Token]
    leagues: list[League]
    new_matches: list[str]
    new_logs: list[str]
    new_tokens: list[Token]
    new_leagues: list[League]


def _read(source: MatchStore) -> tuple[dict[str, list[StoredEntry]], dict[str, list[StoredEntry]]]:
    """The source's matches and events' logs, every chain checked (a broken one refuses the copy)."""
    matches: dict[str, list[StoredEntry]] = {}
    for mid in source.match_ids():
        snap = source.snapshot(mid)
        if snap.problem is not None:
            raise BrokenChain(snap.problem, M("{problem}; nothing was copied (run `referee verify`)"))
        matches[mid] = snap.entries
    logs = {eid: source.event_log(eid).entries() for eid in source.event_ids()}  # each read checks its chain
    return matches, logs


def _new_chains(target: MatchStore, matches: dict[str, list[StoredEntry]],
                logs: dict[str, list[StoredEntry]]) -> tuple[list[str], list[str]]:
    """The matches and logs the target lacks; refused when one it holds is not the source's."""
    new_matches: list[str] = []
    for mid, entries in matches.items():
        if not target.exists(mid):
            new_matches.append(mid)
            continue
        theirs = target.entries(mid)
        if _hashes(theirs) != _hashes(entries):
            raise StoreError(M("match {match} differs in {target} ({how}): nothing was copied", match=mid,
                               target=target.where, how=_chain_difference(entries, theirs)))
    new_logs: list[str] = []
    for eid, entries in logs.items():
        log = target.event_log(eid)
        if not log.exists():
            new_logs.append(eid)
            continue
        theirs = log.entries()
        if _hashes(theirs) != _hashes(entries):
            raise StoreError(M("event {event} differs in {target} ({how}): nothing was copied", event=eid,
                               target=target.where, how=_chain_difference(entries, theirs)))
    return new_matches, new_logs


def _new_records(target: MatchStore, tokens: list[Token], leagues: list[League]) -> tuple[list[Token], list[League]]:
    """The tokens (by hash) and leagues (by id) the target lacks; refused when one it holds is not the source's, or
    when a valid token of the source's would take a name a valid token of the target's has."""
    held = target.tokens().all()
    new_tokens: list[Token] = []
    for t in tokens:
        same = next((h for h in held if h.hash == t.hash), None)
        if (same is not None and same != t) or (same is None and t.active
                                                 and any(h.name == t.name and h.active for h in held)):
            raise StoreError(M("the token of {name} differs in {target}: nothing was copied", name=t.name,
                               target=target.where))
        if same is None:
            new_tokens.append(t)
    theirs = {lg.id: lg for lg in target.leagues().all()}
    new_leagues: list[League] = []
    for lg in leagues:
        there = theirs.get(lg.id)
        if there is not None and there != lg:
            raise StoreError(M("league {league} differs in {target}: nothing was copied", league=lg.id,
                               target=target.where))
        if there is None:
            new_leagues.append(lg)
    return new_tokens, new_leagues


def plan(source: MatchStore, target: MatchStore) -> _Plan:
    """What a copy would write: checked whole, nothing written."""
    matches, logs = _read(source)
    tokens, leagues = source.tokens().all(), source.leagues().all()
    new_matches, new_logs = _new_chains(target, matches, logs)
    new_tokens, new_leagues = _new_records(target, tokens, leagues)
    return _Plan(matches, logs, tokens, leagues, new_matches, new_logs, new_tokens, new_leagues)


def copy_store(source: MatchStore, target: MatchStore) -> Copied:
    """Copy what *target* lacks of *source* (see the module); the counts of what was copied and was there."""
    p = plan(source, target)
    kept = source.kept_rule_sets()
    new_rules = [k for k in kept if target.kept_rules(k.pin) is None]
    for k in new_rules:  # before the matches that pin them
        target.keep_rules(k)
    for mid in p.new_matches:
        target.adopt(mid, p.matches[mid])
    for eid in p.new_logs:
        target.event_log(eid).adopt(p.logs[eid])
    for t in p.new_tokens:
        target.tokens().adopt(t)
    for lg in p.new_leagues:
        target.leagues().adopt(lg)
    for mid in p.new_matches:  # read back: the target's chain is the source's
        snap = target.snapshot(mid)
        if snap.problem is not None or _hashes(snap.entries) != _hashes(p.matches[mid]):
            raise StoreError(M("match {match} does not read back from {target} as it was copied", match=mid,
                               target=target.where))
    for eid in p.new_logs:
        if _hashes(target.event_log(eid).entries()) != _hashes(p.logs[eid]):
            raise StoreError(M("event {event} does not read back from {target} as it was copied", event=eid,
                               target=target.where))
    return Copied(Counts(len(p.new_matches), len(p.matches) - len(p.new_matches)),
                  Counts(len(p.new_logs), len(p.logs) - len(p.new_logs)),
                  Counts(len(p.new_tokens), len(p.tokens) - len(p.new_tokens)),
                  Counts(len(p.new_leagues), len(p.leagues) - len(p.new_leagues)),
                  Counts(len(new_rules), len(kept) - len(new_rules)))
