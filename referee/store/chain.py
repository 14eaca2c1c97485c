"""The hash chain: each entry carries the hash of the one before it.

An entry's hash is the SHA-256 of a canonical JSON of its fields (the match id and the previous
entry's hash included, the hash itself excluded): keys sorted, no spaces, UTF-8, so the same entry
always gives the same bytes whatever wrote it. Editing any field of any entry by hand, removing an
entry or reordering entries breaks the chain at a place :func:`check` names.
"""

# No `from __future__ import annotations` here: the named tuples' and typed dicts' string annotations would each be
# compiled by typing at import (a ForwardRef per field), on every command's start; as types they are not.
import contextlib
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextvars import ContextVar
from typing import TYPE_CHECKING, NotRequired, TypedDict

from referee.core.digest import sha256
from referee.core.frozen import Record
from referee.core.i18n import MN, M, Msg, literal

# How json.dumps(ensure_ascii=False) writes a text (the C encoder's function): _canonical's escaping.
_text: Callable[[str], str] = json.encoder.encode_basestring

GENESIS = "0" * 64
FIELDS = ("seq", "kind", "time", "referee", "directive", "target", "reason", "prev")
CORRECTIONS = ("undo", "void", "amend")  # the kinds that change the corrected view of a match
# Remarks on the record (issue 24, issue 19 item 11): a dispute of a hand, an alternative weighed for it, the
# referee's ruling, an appeal, the director's decision, a side's confirmation of a hand. Chained and verified
# like every entry, never part of the corrected view: the replay ignores them (a ruling that picks an
# alternative is stored as an ``amend`` beside it). Their ``directive`` holds their fields as canonical JSON.
REMARKS = ("dispute", "alternative", "ruling", "appeal", "decision", "confirm")
KINDS = ("event", *CORRECTIONS, *REMARKS)
SHORT = 12  # hex digits of a hash shown as a chain head (`referee status`, a scorecard)
SHORTEST = 8  # the fewest digits `referee verify --head` accepts


if TYPE_CHECKING:  # a typed dict is a dict at run time: its class (~50 us to build) is the checker's alone

    class Unsealed(TypedDict):
        """An entry about to be appended: every field of :data:`FIELDS` but its link to the one before."""

        seq: int
        kind: str  # one of KINDS
        time: str  # UTC, ISO 8601
        referee: str
        directive: str  # the directive recorded (event) or put in place (amend); "" for undo/void
        target: int | None  # the event an undo/void/amend corrects; None for an event
        reason: str
        # The id a phone gave the entry it queued (issue 32: a resend after a lost answer is recognised, not stored
        # twice): only on an entry a client named, hashed with it; an entry without one hashes as it always did.
        client: NotRequired[str]


    class StoredEntry(Unsealed):
        """One entry of a match file, as stored: the fields of :data:`FIELDS` and its own hash."""

        prev: str  # the hash of the entry before (GENESIS for the first)
        hash: str
else:
    Unsealed = dict
    StoredEntry = dict


def _canonical_encoder() -> Callable[[object, int], list[str]] | None:
    """One C encoder of the canonical JSON (``json.dumps(sort_keys=True, ensure_ascii=False, separators=(",",
    ":"))`` makes one at each call: a third of a 2,000-entry chain's check); None without the C module."""
    from json.encoder import c_make_encoder, encode_basestring  # type: ignore[attr-defined]

    if c_make_encoder is None:  # pragma: no cover - CPython always has it
        return None
    encoder: Callable[[object, int], list[str]] = c_make_encoder(
        None, None, encode_basestring, None, ":", ",", True, False, True)
    return encoder


_CANONICAL = _canonical_encoder()


def entry_hash(match_id: str, entry: Mapping[str, object]) -> str:
    """The hash of *entry*: any mapping, a stored entry or one read from a hand-edited file.

    An entry of the stored shape (every field of its type) has its canonical JSON written out field by field
    (:func:`_canonical`: the bytes ``json.dumps`` gives, 5x faster: a cold read of 350 matches hashes ~100,000
    entries); any other shape goes through ``json.dumps`` itself."""
    text = _canonical(match_id, entry)
    if text is None:
        text = _dumped(match_id, entry)
    return sha256(text.encode("utf-8")).hexdigest()


def digest(data: bytes) -> str:
    """The SHA-256 of *data*, in hex (the built-in one, as every hash of the chain)."""
    return sha256(data).hexdigest()


def _dumped(match_id: str, entry: Mapping[str, object]) -> str:
    """The canonical JSON of *entry*, any shape: keys sorted, no spaces, not ASCII-escaped."""
    body = {k: entry.get(k) for k in FIELDS}
    if "client" in entry:  # hashed only where there is one: every older entry keeps its hash
        body["client"] = entry["client"]
    body["match"] = match_id
    if _CANONICAL is None:  # pragma: no cover
        return json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return "".join(_CANONICAL(body, 0))


def _canonical(match_id: str, entry: Mapping[str, object]) -> str | None:
    """:func:`_dumped` of an entry of the stored shape, written field by field in the sorted keys' order
    (directive, kind, match, prev, reason, referee, seq, target, time) with the encoder's own escaping of a
    text; None when a field is missing or not of its stored type (an exact ``int``: a bool is written
    ``true``; an exact ``str``), for :func:`_dumped` to write."""
    try:
        directive, kind, prev, reason = entry["directive"], entry["kind"], entry["prev"], entry["reason"]
        referee, seq, target, time = entry["referee"], entry["seq"], entry["target"], entry["time"]
    except KeyError:
        return None
    if not (type(seq) is int and (target is None or type(target) is int) and type(match_id) is str
            and type(directive) is str and type(kind) is str and type(prev) is str and type(reason) is str
            and type(referee) is str and type(time) is str):
        return None
    text = _text
    client = entry.get("client")
    if client is not None:
        if type(client) is not str:
            return None
        return (f'{{"client":{text(client)},"directive":{text(directive)},"kind":{text(kind)},"match":{text(match_id)},'
                f'"prev":{text(prev)},"reason":{text(reason)},"referee":{text(referee)},"seq":{seq:d},'
                f'"target":{"null" if target is None else format(target, "d")},"time":{text(time)}}}')
    return (f'{{"directive":{text(directive)},"kind":{text(kind)},"match":{text(match_id)},"prev":{text(prev)},'
            f'"reason":{text(reason)},"referee":{text(referee)},"seq":{seq:d},'
            f'"target":{"null" if target is None else format(target, "d")},"time":{text(time)}}}')


def seal(match_id: str, entry: Unsealed, prev: str) -> StoredEntry:
    """Return *entry* with its ``prev`` and ``hash`` set."""
    sealed: StoredEntry = {"seq": entry["seq"], "kind": entry["kind"], "time": entry["time"],
                           "referee": entry["referee"], "directive": entry["directive"],
                           "target": entry["target"], "reason": entry["reason"], "prev": prev, "hash": ""}
    if "client" in entry:
        sealed["client"] = entry["client"]
    sealed["hash"] = entry_hash(match_id, sealed)  # the hash is not in FIELDS: "" above is not hashed
    return sealed


# The client id of the write under way (issue 32): a phone's queued entry names itself so that its resend is
# recognised. The writer's use cases do not carry it; the web's write sets it around them (:func:`named`), and the
# first match entry sealed inside (``store.seal_all``, every backend's) takes it, once.
_CLIENT: ContextVar[list[str] | None] = ContextVar("referee_client", default=None)


@contextlib.contextmanager
def named(client: str | None) -> Iterator[None]:
    """The first match entry appended inside the block carries *client* (None: none does)."""
    token = _CLIENT.set([client] if client else None)
    try:
        yield
    finally:
        _CLIENT.reset(token)


def take_client() -> str | None:
    """The client id of the write under way, taken (the next entry sealed gets none); None outside :func:`named`."""
    held = _CLIENT.get()
    return held.pop() if held else None


class ChainProblem(Record):
    """Where a match's chain breaks (``seq`` None: the file as a whole) and what is wrong there."""

    match_id: str
    seq: int | None
    problem: Msg  # what is wrong, in no language yet

    @property
    def msg(self) -> Msg:
        """The whole finding, place included: what ``verify`` prints and a refused write carries."""
        if self.seq is None:
            return M("match {match}: {problem}", match=self.match_id,
                     problem=self.problem)
        return M("match {match}, #{seq}: {problem}",
                 match=self.match_id, seq=self.seq, problem=self.problem)

    def __str__(self) -> str:
        return self.text("en")

    def text(self, lang: str = "en") -> str:
        return self.msg.text(lang)


def check(match_id: str, entries: Sequence[Mapping[str, object]]) -> ChainProblem | None:
    """The first place where *entries* (in stored order) break the chain, or None. They are read as
    stored, any shape: what is wrong with one is the problem found."""
    prev = GENESIS
    for i, entry in enumerate(entries, start=1):
        seq = entry.get("seq")
        if seq != i:
            return ChainProblem(match_id, i, M("entry {i} carries seq {seq}: an entry was removed, added or moved "
                                               "by hand",
                                               i=i, seq=repr(seq)))
        if entry.get("kind") not in KINDS:
            return ChainProblem(match_id, i, M("unknown entry kind {kind}",
                                               kind=repr(entry.get("kind"))))
        if entry.get("prev") != prev:
            return ChainProblem(match_id, i, M("its link to the entry before does not match (an entry before it "
                                               "was removed or replaced)"))
        digest = entry_hash(match_id, entry)
        if digest != entry.get("hash"):
            return ChainProblem(match_id, i, M("its content does not match its hash (edited by hand)"))
        prev = digest
    return None


# --- the shape of an entry, checked on every load --------------------------------------------------

# What each field of a stored entry holds (StoredEntry): a JSON integer (never true/false), a text,
# or an integer or null.
_INT, _TEXT, _INT_OR_NULL = "int", "text", "int|null"
SHAPES: dict[str, str] = {"seq": _INT, "kind": _TEXT, "time": _TEXT, "referee": _TEXT, "directive": _TEXT,
                          "target": _INT_OR_NULL, "reason": _TEXT, "prev": _TEXT, "hash": _TEXT}


def _fits(value: object, shape: str) -> bool:
    if shape == _TEXT:
        return isinstance(value, str)
    if value is None:
        return shape == _INT_OR_NULL
    return type(value) is int  # bool is an int to Python, never to the store


def _expected(shape: str) -> Msg:
    if shape == _INT:
        return M("a whole number")
    if shape == _INT_OR_NULL:
        return M("a whole number or null")
    return M("a text")


def json_value(value: object) -> Msg:
    """A JSON value as a message names it: ``true``, ``"x"``, ``12``; a list or an object by kind."""
    if isinstance(value, dict):
        return M("an object")
    if isinstance(value, list):
        return M("a list")
    from referee.core.names import shown

    return literal(shown(json.dumps(value, ensure_ascii=False), 40))


_FIELD_SET = frozenset(SHAPES)
_CLIENT_SET = _FIELD_SET | {"client"}  # an entry a phone named (Unsealed.client)
_KIND_SET = frozenset(KINDS)


def entry_problem(entry: object) -> Msg | None:
    """What is wrong with the shape of one entry read from a match file (None: it is a
    :class:`StoredEntry`, every field there and of its type, no other field, a known kind)."""
    if isinstance(entry, dict) and (entry.keys() == _FIELD_SET or (entry.keys() == _CLIENT_SET
                                                                  and type(entry["client"]) is str)):
        # the sound entry, every field checked at once
        seq, target = entry["seq"], entry["target"]
        if (type(seq) is int and (target is None or type(target) is int) and type(entry["kind"]) is str
                and entry["kind"] in _KIND_SET and type(entry["time"]) is str and type(entry["referee"]) is str
                and type(entry["directive"]) is str and type(entry["reason"]) is str and type(entry["prev"]) is str
                and type(entry["hash"]) is str):
            return None
    if not isinstance(entry, dict):
        return M("the entry is {value}, not an object", value=json_value(entry))
    for field, shape in SHAPES.items():
        if field not in entry:
            return M("it has no '{field}' field", field=field)
        if not _fits(entry[field], shape):
            return M("its '{field}' must be {expected}, not {value}",
                     field=field, expected=_expected(shape), value=json_value(entry[field]))
    if "client" in entry and not isinstance(entry["client"], str):
        return M("its '{field}' must be {expected}, not {value}",
                 field="client", expected=_expected(_TEXT), value=json_value(entry["client"]))
    extra = next((key for key in entry if key not in SHAPES and key != "client"), None)
    if extra is not None:
        from referee.core.names import shown

        return M("it has an unknown field '{field}'", field=shown(extra, 40))
    if entry["kind"] not in KINDS:
        from referee.core.names import shown

        return M("unknown entry kind {kind}", kind=shown(repr(entry["kind"]), 40))
    return None


def entries(n: int) -> Msg:
    """``17 entries`` / ``17 条记录``, for a field of a longer message (of the store's and its views')."""
    return MN("{n} entry", "{n} entries", n)
