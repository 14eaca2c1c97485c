"""`referee record` of one entry is a process's start-up more than its work (issue 31: within 1.25× of
`python -c "import typer"`): what a record from the kept engine state does not need is not imported, and what
replaces a costlier import gives the same bytes (the kept state's signature is HMAC-SHA256 all the same)."""

from __future__ import annotations

import hashlib
import hmac
import os
import subprocess
import sys
from pathlib import Path

import pytest

from referee.core import digest

REPO = Path(__file__).resolve().parent.parent

# What a record of one directive from the kept state used to import and does not use: OpenSSL (hashlib, hmac), the
# Python pickler (the C one reads the state), the TOML reader (the kept rules are read back from their canonical
# text), the game interface's tournament, scorecard, rule-listing, facts, forced-close, time-ruling, place and pad
# types, the shared rules-file loader's keys, schemas and rule sets (Gunzi declares its own), what record_lines,
# correct_lines, game_state and a record file give (app.recordtypes), TinyDB (the entry's line is appended to the
# pinned match file, no TinyDB opened) and its storage (store.atomicstorage), the store's interfaces (protocols
# named only by annotations: store.protocols) and unicodedata (ASCII names and ids are checked without it)
UNNEEDED = ("hashlib", "hmac", "_hashlib", "pickle", "tomllib", "referee.games.apitypes", "referee.core.ruleschema",
            "referee.app.recordtypes", "tinydb", "referee.store.atomicstorage", "referee.store.protocols",
            "unicodedata")


@pytest.mark.parametrize("key", [b"", b"k", b"\x00" * 32, bytes(range(64)), bytes(range(65)), b"x" * 200])
@pytest.mark.parametrize("message", [b"", b"referee-fold 1\n{}\n", bytes(range(256)) * 40])
def test_the_kept_states_mac_is_hmac_sha256(key: bytes, message: bytes) -> None:
    """The signature written without hmac's import is RFC 2104's HMAC-SHA256, keys longer than a block included."""
    assert digest.mac(key, message) == hmac.new(key, message, hashlib.sha256).digest()


def _record(store: Path, cache: Path, directive: list[str],
            show_modules: bool = False) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "REFEREE_DB": str(store), "REFEREE_NAME": "bench",
           "XDG_CACHE_HOME": str(cache)}
    code = ("import sys\nfrom referee.cli import main\n"
            f"try:\n    main(['record', 'M1', *{directive!r}])\n"
            "except SystemExit as e:\n    assert not e.code, e.code\n")
    if show_modules:
        code += (f"print(sorted(m for m in sys.modules if m in {UNNEEDED!r} or m.split('.')[0] in {UNNEEDED!r}), "
                 "file=sys.stderr)\n")
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)


def test_a_record_from_the_kept_state_imports_nothing_it_does_not_use(tmp_path: Path) -> None:
    """The second record of a match (a fresh process, the first's kept state signed and read) stores its entry and
    says what it did as before, without OpenSSL, pickle.py, tomllib or the scorecard's types in the process."""
    from referee.games.gunzi.notation import parse_line
    from referee.store.api import open_store

    store, cache = tmp_path / "store", tmp_path / "cache"
    open_store(str(store)).create([ev for ev in (parse_line(t, line=i) for i, t in enumerate(
        ["match id=M1 rules=dalian-club", "seat E 甲", "seat S 乙", "seat W 丙", "seat N 丁"], 1)) if ev is not None],
        referee="director")
    _record(store, cache, ["hand"])
    assert list((cache / "referee" / "folds").glob("*.fold"))  # the first record kept the engine's state
    done = _record(store, cache, ["declare", "E", "BJ"], show_modules=True)
    assert done.stdout.startswith("stored #7 in M1 (by bench): declare E BJ\n")
    assert done.stderr.strip().splitlines()[-1] == "[]"


def _toml_read(text: str) -> object:
    """What tomllib makes of *text* through parse_canonical's checks (the reading before the shortcut)."""
    import tomllib

    try:
        data = tomllib.loads(text)
    except ValueError:
        return "not TOML"
    table = data.get("values")
    if not isinstance(data.get("game"), str) or not isinstance(table, dict) or not all(
            isinstance(v, (bool, int, str)) for v in table.values()):
        return "refused"
    return data["game"], dict(table)


CANONICAL = [
    'game = "gunzi"\n\n[values]\n"match.games_to_win" = 2\n"scoring.cap" = -3\n"table.rob" = true\n'
    '"x.name" = "rob \\"them\\"\\n\\t大"\n',
    'game = "doudizhu"\n\n[values]\n',
]
NOT_CANONICAL = [
    'game = "gunzi"\n\n[values]\n"b.x" = 1\n"a.x" = 2\n',  # unsorted
    'game = "gunzi"\n\n[values]\n"a.x" = -0\n',  # TOML's -0, written 0
    'game = "gunzi"\n\n[values]\n"a.x" = "\\u00e9"\n',  # an escape canonical does not write
    'game = "gunzi"\n\n[values]\n"a.x" = "\x7f"\n',  # DEL: TOML refuses it, JSON does not
    'game = "gunzi"\n\n[values]\n"a.x" = 1\n"a.x" = 2\n',  # a key twice: TOML refuses it
    'game = "gunzi"\n\n[values]\n"a.x" = 1.5\n',  # a float
    'game = "gunzi"\n\n[values]\na.x = 1\n',  # a dotted key: another table
    'game = "gunzi"\r\n\r\n[values]\r\n"a.x" = 1\r\n',
    'game = "gunzi"\n\n[values]\n"a.x" = null\n',
]


@pytest.mark.parametrize("text", CANONICAL + NOT_CANONICAL)
def test_a_kept_rule_sets_text_reads_as_toml_reads_it(text: str) -> None:
    """parse_canonical reads a canonical text without tomllib: the same game and values as the TOML reading, and
    anything else it reads (or refuses) through tomllib as before."""
    from referee.core import rulesfile

    want = _toml_read(text)
    try:
        got: object = rulesfile.parse_canonical(text)
    except rulesfile.RulesError:
        got = "not TOML" if want == "not TOML" else "refused"
    assert got == want
    shortcut = rulesfile._canonical_values(text)
    assert (shortcut is not None) == (text in CANONICAL)
    if shortcut is not None:
        assert rulesfile.canonical(*shortcut) == text
