"""An entry's hash is the SHA-256 of the canonical JSON the chain's docstring states (keys sorted, no spaces,
UTF-8, the match id in it): the store's one C encoder gives those very bytes for every value a hand-edited file
may hold, so a chain sealed before keeps verifying and one edited by hand still breaks where it was edited."""

from __future__ import annotations

import hashlib
import json

import pytest

from referee.store import chain


def _stated(match_id: str, entry: dict[str, object]) -> str:
    """The hash as the docstring states it, through json.dumps itself."""
    body = {k: entry.get(k) for k in chain.FIELDS}
    body["match"] = match_id
    text = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


ENTRY = {"seq": 1, "kind": "event", "time": "2026-12-02T04:00:00Z", "referee": "张三", "directive": "declare E BJ",
         "target": None, "reason": "", "prev": chain.GENESIS}


@pytest.mark.parametrize("entry", [
    ENTRY,
    {**ENTRY, "referee": 'a "quoted"\nname\t\x00\u2028', "reason": "é ✓ 🂡"},
    {**ENTRY, "seq": True, "kind": 1.5, "time": [1, {"b": None, "a": 2}], "referee": float("nan"),
     "directive": {"z": 1, "a": [2]}, "target": -3, "prev": None},  # what a hand-edit can leave
    {"seq": 10**30, "extra": "not hashed"},
    {},
], ids=["stored", "escapes", "hand-edited-values", "missing-fields", "empty"])
def test_the_hash_is_the_sha256_of_the_stated_canonical_json(entry: dict[str, object]) -> None:
    assert chain.entry_hash('M "1"', entry) == _stated('M "1"', entry)


def test_the_canonical_text_of_a_stored_entry() -> None:
    # Keys sorted (directive, kind, match, prev, reason, referee, seq, target, time), no spaces, UTF-8 unescaped.
    text = ('{"directive":"declare E BJ","kind":"event","match":"M1","prev":"' + chain.GENESIS + '","reason":"",'
            '"referee":"张三","seq":1,"target":null,"time":"2026-12-02T04:00:00Z"}')
    assert chain.entry_hash("M1", ENTRY) == hashlib.sha256(text.encode("utf-8")).hexdigest()
    assert chain.seal("M1", {k: v for k, v in ENTRY.items() if k != "prev"}, chain.GENESIS)["hash"] == \
        hashlib.sha256(text.encode("utf-8")).hexdigest()
