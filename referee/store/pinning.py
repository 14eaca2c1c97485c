"""Rule sets pinned by content: the rules of a stored match are the ones it was created under.

A rule file can be edited (a club's house rules) or replaced by an upgrade (a bundled file); a stored match
that only named it would then be re-settled, silently, by whatever the file says today. So every match is
created with its rule set's content hash in its header (``rules-hash=…``: ``core.rulesfile`` defines it, the
same for every game), and the store keeps that content (the resolved values, canonical text) under the pin,
in the same store as the match (the folder's ``rules/``, PostgreSQL's ``rule_sets``).

:func:`pin_events` is what every creation goes through (``referee new``, ``import``, a round's pairing, the
web): a header without a pin gets the pin of the rule set it names as loaded now, and that content is kept;
a header with one (an imported record, a copied match) must name content the store keeps or the named rule
set loads with, else it is refused, naming the line. :func:`rules_of_match` is the one answer to "the rules
of this stored match" for every replay: the kept content when the store has it; else the named rule set,
refused (nothing re-settled) when the header's pin says it is not the one the match was created under. A
match created before pins (no ``rules-hash=``) is resolved by name, as it always was.

Kept content is addressed by its hash, so the same pin is the same content in every store: a process keeps
what it has read in memory, and a replay that is handed no store asks the stores this process opened.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from referee.core import rulesfile
from referee.core.errors import RefereeError, UsageError
from referee.core.frozen import Record
from referee.core.i18n import M, Msg
from referee.games import stored
from referee.games.api import Game, rules_content, rules_named
from referee.store.errors import StoreError


class KeptRules(Record):
    """A rule set's content as a store keeps it: its pin and full SHA-256, the game, the canonical text (what is
    hashed) and, as labels, the name, title and source it had when first kept (not hashed)."""

    pin: str
    digest: str
    game: str
    name: str
    title: str
    source: str
    text: str

    def sound(self) -> bool:
        """The text is what the pin and digest say (a kept row edited by hand is not)."""
        digest = rulesfile.digest(self.text)
        return digest == self.digest and digest.startswith(self.pin)


if TYPE_CHECKING:  # protocols for the checker only: nothing reads them at run time (~40 us each to build)

    class Keeps(Protocol):
        """What pinning asks of a store: the kept content of a pin, and to keep some (written durably, once)."""

        def kept_rules(self, pin: str) -> KeptRules | None: ...
        def keep_rules(self, kept: KeptRules) -> None: ...


class RulesMoved(StoreError):
    """A pinned match whose content the store does not keep and whose named rule set now differs: refused."""


class PinRefused(UsageError):
    """A new match whose header's pin names content neither the store nor the named rule set has (exit 2)."""


_MEMORY: dict[str, KeptRules] = {}  # pin → content this process has read or kept (content-addressed)
_BUILT: dict[tuple[str, str, str], Any] = {}  # (game, pin, name) → the game's rule set of that content
_OPENED: weakref.WeakSet[Any] = weakref.WeakSet()  # the stores this process opened (their kept content)


def forget() -> None:
    """Forget what this process has read and built (kept contents, rule sets of them, the pins of named rule
    sets): a test that edits a rule file between two replays."""
    _MEMORY.clear()
    _BUILT.clear()
    _NAMED.clear()


def opened(store: Keeps) -> None:
    """Note a store this process opened: a replay handed no store looks for kept content there."""
    _OPENED.add(store)


def kept_of(game: Game, rules: Any) -> KeptRules:
    """What a store keeps of a loaded rule set."""
    content = rules_content(game, rules)
    info = game.rule_info(rules)
    return KeptRules(content.pin, content.digest, game.key, info.name, info.title, info.source, content.text)


def _find(pin: str, store: Keeps | None) -> KeptRules | None:
    """The kept content of *pin*: this process's memory, *store*'s, or any opened store's."""
    found = _MEMORY.get(pin)
    if found is not None:
        return found
    sources: list[Keeps] = [store] if store is not None else []
    sources += [s for s in list(_OPENED) if s is not store]
    for source in sources:
        try:
            found = source.kept_rules(pin)
        except (RefereeError, OSError):  # another store this process opened, gone since: not this match's
            if source is store:
                raise
            continue
        if found is not None and found.sound():
            _MEMORY[pin] = found
            return found
    return None


def remember(store: Keeps, events: Sequence[Any]) -> None:
    """Read into this process's memory the kept content *events*' header pins, from *store*: for a caller that
    replays a stored match's events after letting go of the store they came from."""
    game = stored.game_of_events(events)
    header = game.header(events[:1]) if game is not None else None
    if header is not None and header.pin:
        _find(header.pin, store)


def _built(game: Game, kept: KeptRules, name: str) -> Any:
    key = (game.key, kept.pin, name)
    if key not in _BUILT:
        _, values = rulesfile.parse_canonical(kept.text)
        _BUILT[key] = game.pinned_rules(values, name, kept.title, kept.source)
    return _BUILT[key]


def rules_of_match(game: Game, events: Sequence[Any], store: Keeps | None = None) -> Any:
    """The rules a stored match (its corrected view's *events*) is replayed under: its pinned content when kept;
    else its named rule set, refused when the header's pin says the content moved on."""
    header = game.header(events)
    name = rules_named(game, events)
    pin = header.pin if header is not None else None
    if pin:
        kept = _find(pin, store)
        if kept is not None and kept.game == game.key:
            return _built(game, kept, name)
    try:
        rules = game.load_rules(name)
    except UsageError as e:
        raise StoreError(M("the match's rule set cannot be used: {problem}", problem=e.msg)) from None
    if pin:
        now = rules_content(game, rules).pin
        if now != pin:
            raise RulesMoved(M(
                "match {match}: it was created under rule set {rules} with content {pinned}, which this store does "
                "not keep, and {rules} now has content {now}: nothing re-settled (restore that rule file, or copy "
                "the match with its rule set from the store that keeps it)",
                match=header.id if header is not None else "?", rules=name, pinned=pin, now=now))
    return rules


def pin_events(store: Keeps, events: Sequence[Any]) -> list[Any]:
    """A new match's *events* with its header pinned, the content kept in *store* (written before the match).

    A header without a pin is given the pin of the rule set it names, as it loads now (a rule set that cannot
    be loaded leaves the match unpinned, as before pins: its replay says why). A header with one is kept as it
    is when *store* keeps that content or the named rule set loads with it; else refused, naming its line."""
    game = stored.game_of_events(events)
    header = game.header(events[:1]) if game is not None else None
    if game is None or header is None:
        return list(events)
    name = rules_named(game, events)
    if header.pin:
        found = _pinned(store, game, header, name)
        if found is not None:
            store.keep_rules(found)
        return list(events)
    try:
        rules = game.load_rules(name)
    except UsageError:
        return list(events)
    found = kept_of(game, rules)
    store.keep_rules(found)
    _MEMORY.setdefault(found.pin, found)
    line = f"{game.format_event(events[0])} {rulesfile.PIN_KEY}={found.pin}"
    reading = game.read_lines([(header.line, line)])
    assert not reading.errors and reading.events, line  # a header's own line with one more KEY=VALUE
    return [reading.events[0], *events[1:]]


def amended_header(store: Keeps, game: Game, old: Sequence[Any], new: Any) -> Any:
    """The header an amend of the header puts in place, pinned: a pin it writes is checked as an import's; without
    one it keeps the old header's pin when it names the same rule set (a date or a table corrected), else it is
    pinned to the rule set it now names, as a new match is. Never unpinned by an amend, so never re-settled."""
    header = game.header([new])
    if header is None:
        return new
    name = rules_named(game, [new])
    if header.pin:
        found = _pinned(store, game, header, name)
        if found is not None:
            store.keep_rules(found)
        return new
    before = game.header(old)
    pin = before.pin if before is not None and rules_named(game, old) == name else None
    if not pin:
        try:
            found = kept_of(game, game.load_rules(name))
        except UsageError:
            return new
        store.keep_rules(found)
        pin = found.pin
    reading = game.read_lines([(header.line, f"{game.format_event(new)} {rulesfile.PIN_KEY}={pin}")])
    assert not reading.errors and reading.events
    return reading.events[0]


def check_pin(store: Keeps, events: Sequence[Any]) -> None:
    """Refuse, naming the header's line, a record whose pin names content neither *store* keeps nor its named
    rule set has (what ``import`` says before anything else of the record); nothing is written."""
    game = stored.game_of_events(events)
    header = game.header(events[:1]) if game is not None else None
    if game is not None and header is not None and header.pin:
        _pinned(store, game, header, rules_named(game, events))


def _pinned(store: Keeps, game: Game, header: Any, name: str) -> KeptRules | None:
    """For a header that carries a pin: None when *store* keeps its content; else the named rule set's content
    when it is that one (to keep); else refused, naming the line."""
    pin = str(header.pin)
    if not rulesfile.is_pin(pin):
        raise PinRefused(M("line {line}: rules-hash={pin} is not a rule set's pin ({digits} hex digits)",
                           line=header.line, pin=pin, digits=rulesfile.PIN_DIGITS))
    kept = store.kept_rules(pin)
    if kept is not None and kept.sound() and kept.game == game.key:
        return None
    try:
        rules = game.load_rules(name)
    except UsageError as e:
        raise PinRefused(M("line {line}: rules-hash={pin}: the store keeps no rule set with this content, and "
                           "{rules} cannot be loaded ({problem}); nothing stored",
                           line=header.line, pin=pin, rules=name, problem=e.msg)) from None
    found = kept_of(game, rules)
    if found.pin != pin:
        raise PinRefused(M("line {line}: rules-hash={pin}: the store keeps no rule set with this content, and "
                           "{rules} has content {now}; nothing stored (import it into the store that keeps its "
                           "rule set, or copy that rule set with `referee db copy`)",
                           line=header.line, pin=pin, rules=name, now=found.pin))
    return found


_NAMED: dict[tuple[str, str], str | None] = {}  # (game, name) → its pin as loaded (files are read once a process)


def named_pin(game: Game, name: str) -> str | None:
    """The pin of the rule set *name* as this process loads it (None when it cannot be loaded): what a summary of
    an unpinned match was computed under, so that a cached one computed under other rules is not reused."""
    key = (game.key, name)
    if key not in _NAMED:
        try:
            _NAMED[key] = rules_content(game, game.load_rules(name)).pin
        except UsageError:
            _NAMED[key] = None
    return _NAMED[key]


def pin_shown(game: Game, events: Sequence[Any]) -> str | None:
    """The pin of a match's header, if it has one: what ``status`` and ``replay`` show beside the rules."""
    header = game.header(events)
    return header.pin if header is not None else None


if TYPE_CHECKING:

    class Unkept(Protocol):
        """What :func:`unkept` reads of a store."""

        def match_ids(self) -> list[str]: ...
        def header(self, match_id: str) -> Any: ...
        def kept_rules(self, pin: str) -> KeptRules | None: ...


def unkept(store: Unkept, match_ids: Sequence[str] | None = None) -> list[Msg]:
    """``verify``: each match whose header pins a rule set the store does not keep (its replay then needs the
    named file to load with that very content, and is refused otherwise). A match that cannot be read is left to
    the chain's own findings."""
    out: list[Msg] = []
    for match_id in match_ids if match_ids is not None else store.match_ids():
        try:
            header = store.header(match_id)
        except RefereeError:
            continue
        pin = header.pin
        if pin and store.kept_rules(pin) is None:
            out.append(M("match {match}: its rule set {rules} is pinned as {pin}, which the store does not keep",
                         match=match_id, rules=header.rules or "-", pin=pin))
    return out
