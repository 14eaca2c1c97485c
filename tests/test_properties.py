"""Property tests: random legal records replay cleanly, export is a fixed point, garbage never raises.

Legal records come from ``referee.games.gunzi.testing.generate`` (real shuffled deals, its own settlement of every
hand); hypothesis draws the seeds, the sizes and the rule sets, and mutates the records into garbage.
The whole module runs in about half a minute.
"""

from __future__ import annotations

import random
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.games.gunzi.cards import parse_card
from referee.games.gunzi.engine import replay
from referee.games.gunzi.notation import parse, write
from referee.games.gunzi.ruleset import load
from referee.games.gunzi.testing.generate import endless_rules, generate, generate_match

RULE_SETS = ("dalian-club", "gunzi-001", "classic")
FAST = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
GARBAGE = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

seeds = st.integers(min_value=0, max_value=2**32 - 1)
sizes = st.one_of(st.none(), st.integers(min_value=1, max_value=60))
rule_names = st.sampled_from(RULE_SETS)


def _replay_text(text: str, rules):
    record = parse(text)
    return record, replay(record.events, rules)


def _lines_in_range(errors, text: str) -> None:
    n = len(text.splitlines())
    for e in errors:
        assert 0 <= e.line <= n, (e, n)
        assert isinstance(e.message, str) and e.message


# --- legal records ---------------------------------------------------------------------------------


@FAST
@given(seed=seeds, hands=sizes, name=rule_names)
def test_generated_records_replay_without_errors(seed, hands, name):
    rules = load(name)
    g = generate(seed, hands, rules)
    record, result = _replay_text(g.text, rules)
    assert record.errors == []
    assert result.errors == (), result.errors[:3]
    # The generator settled every hand itself, from the digest: the engine must agree.
    assert len(result.hands) == len(g.hands)
    keys = ("hand", "game", "declarer", "level", "trump", "points", "dug", "dry_pot", "score", "outcome",
            "levels_after", "blood", "next_declarer", "game_winner")
    for mine, got in zip(g.hands, result.hands, strict=True):
        assert {k: getattr(got, k) for k in keys} == {k: mine[k] for k in keys}
    assert [(x.game, x.winner, x.reason) for x in result.games] == g.games
    assert result.winner == g.winner
    if hands is None:
        assert result.winner is not None  # a whole match is played out
    else:
        assert len(result.hands) == hands or result.winner is not None


@FAST
@given(seed=seeds, hands=sizes, name=rule_names)
def test_invariants_of_legal_records(seed, hands, name):
    rules = load(name)
    _, result = _replay_text(generate_match(seed, hands, rules), rules)
    assert result.errors == ()
    start, top = rules.start_level, rules.top_level
    winners_by_game: dict[int, int] = {}
    for i, h in enumerate(result.hands, 1):
        assert h.hand == i  # numbered through the match
        assert start <= h.level <= top
        assert all(start <= v <= top for v in h.levels_after.values())
        assert sum(h.ledger_change.values()) == 0
        assert sum(h.ledger.values()) == 0
        assert h.points % 5 == 0 and 0 <= h.points <= 300 - h.kitty_points_physical
        if h.game_winner is not None:
            winners_by_game[h.game] = winners_by_game.get(h.game, 0) + 1
            assert h.blood == 0 and h.next_declarer is None
        elif h.next_declarer is None:  # the game ended off the table (time, ruling, forfeit)
            assert h.blood == 0
    assert all(n == 1 for n in winners_by_game.values())
    games = [g.game for g in result.games]
    assert games == sorted(set(games))  # each game's winner appears once
    for g in result.games:
        assert g.winner in ("EW", "NS")
    if result.winner is not None:
        assert result.games_won[result.winner] >= rules.games_to_win


def test_endless_rules_keep_a_long_record_going():
    rules = endless_rules()
    g = generate(7, 400, rules)
    _, result = _replay_text(g.text, rules)
    assert result.errors == ()
    assert len(result.hands) == 400 and result.winner is None
    assert len(result.games) >= 2


def test_generator_is_deterministic():
    assert generate_match(123, 30) == generate_match(123, 30)
    assert generate_match(123, 30) != generate_match(124, 30)


# --- export is a fixed point -----------------------------------------------------------------------


def _variant(text: str, rng: random.Random) -> str:
    """The same record typed differently: case, spacing, suit symbols, Chinese names, comments."""
    symbols = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
    zh_suits = {"S": "黑桃", "H": "红桃", "C": "梅花", "D": "方块"}
    zh_seats = {"E": "东", "S": "南", "W": "西", "N": "北"}

    def card(tok: str) -> str:
        if tok in ("BJ", "SJ"):
            return rng.choice([tok, tok.lower(), "大王" if tok == "BJ" else "小王"])
        rank, suit = tok[:-1], tok[-1]
        return rng.choice([tok, tok.lower(), symbols[suit] + rank, rank + symbols[suit], zh_suits[suit] + rank])

    def seat(tok: str) -> str:
        return rng.choice([tok, tok.lower(), zh_seats[tok]])

    out = []
    for line in text.splitlines():
        toks = line.split()
        if not toks:
            out.append(rng.choice(["", "   ", "# a comment"]))
            continue
        word = toks[0]
        if word in ("declare", "flip", "riot", "tribute", "show"):
            new = [seat(toks[1])]
            rest = toks[2:]
            if "as" in rest:
                i = rest.index("as")
                new += [card(t) for t in rest[:i]] + [rng.choice(["as", "AS"]), rest[i + 1]]
            else:
                new += [card(t) for t in rest]
            toks = [word, *new]
        elif word == "king":
            i = toks.index("take")
            toks = [word, seat(toks[1]), *map(card, toks[2:i]), rng.choice(["take", "TAKE"]),
                    *map(card, toks[i + 1:])]
        elif word in ("kitty", "bury", "draw"):
            toks = [word, *map(card, toks[1:])]
        elif word == "trump":
            toks = [word, rng.choice([toks[1], toks[1].lower(), symbols[toks[1]], zh_suits[toks[1]]])]
        elif word == "declarer":
            toks = [word, seat(toks[1])]
        elif word == "last":
            spellings = {"def": ["def", "DEF", "抓分方", "dig"], "decl": ["decl", "庄家方", "keep"]}
            toks = [word, rng.choice(spellings[toks[1]])]
        else:
            out.append(line)  # names and texts stay as they are
            continue
        if word != "hand" and rng.random() < 0.5:
            toks[0] = toks[0].upper()
        sep = rng.choice([" ", "  ", "\t"])
        tail = rng.choice(["", "", "  # note"])
        out.append(rng.choice(["", " "]) + sep.join(toks) + tail)
    return "\n".join(out) + rng.choice(["\n", "\r\n", ""])


@FAST
@given(seed=seeds, hands=st.integers(min_value=1, max_value=25))
def test_export_is_a_fixed_point(seed, hands):
    text = generate_match(seed, hands)
    first = parse(text)
    exported = write(first.events)
    assert exported == text  # the generator writes canonical text already
    again = parse(exported)
    assert again.errors == []
    assert again.events == first.events
    assert write(again.events) == exported
    # A record typed loosely reads to the same events and exports to the same canonical text.
    loose = _variant(text, random.Random(seed))
    read = parse(loose)
    assert read.errors == []
    assert read.events == first.events
    assert write(read.events) == exported


# --- garbage never raises --------------------------------------------------------------------------

WORDS = ["match", "id=X", "hand", "declare", "declarer", "flip", "draw", "trump", "riot", "waive", "tribute",
         "kitty", "bury", "king", "take", "points", "declarer-points", "last", "def", "decl", "show", "warn",
         "time", "ruling", "winner=EW", "redeal", "team", "seat", "as", "E", "S", "W", "N", "东", "EW", "NS",
         "BJ", "SJ", "大王", "10H", "♥10", "红桃10", "KS", "5D", "3C", "4H", "JH", "2S", "0", "5", "-5", "120",
         "300", "999999999999999999999", "#", '"', "=", "x", "rules=classic", "rules=nope", "\t"]
tokens = st.one_of(st.sampled_from(WORDS), st.text(max_size=6))
lines = st.lists(tokens, max_size=8).map(" ".join)
garbage_texts = st.one_of(st.text(max_size=400), st.lists(lines, max_size=40).map("\n".join))


def _never_raises(text: str) -> None:
    record = parse(text)
    _lines_in_range(record.errors, text)
    for name in RULE_SETS:
        result = replay(record.events, load(name))
        _lines_in_range(result.errors, text)
    write(record.events)  # whatever was read can be written


@GARBAGE
@given(text=garbage_texts)
def test_garbage_never_raises(text):
    _never_raises(text)


@GARBAGE
@given(text=garbage_texts)
def test_garbage_with_a_header_never_raises(text):
    _never_raises("match id=G\n" + text)


def _mutate(text: str, rng: random.Random, n: int) -> str:
    lines = text.splitlines()
    for _ in range(n):
        if not lines:
            lines = [""]
        i = rng.randrange(len(lines))
        op = rng.randrange(7)
        if op == 0:
            del lines[i]
        elif op == 1:
            lines.insert(i, lines[i])
        elif op == 2:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == 3:  # corrupt a token
            toks = lines[i].split() or [""]
            k = rng.randrange(len(toks))
            toks[k] = rng.choice(WORDS + ["".join(chr(rng.randrange(32, 0x3000)) for _ in range(3))])
            lines[i] = " ".join(toks)
        elif op == 4:  # random unicode somewhere in the line
            pos = rng.randrange(len(lines[i]) + 1)
            junk = "".join(chr(rng.choice([rng.randrange(0, 0x110000), rng.randrange(0x2000, 0x3100)]))
                           for _ in range(rng.randint(1, 4)))
            junk = re.sub(r"[\ud800-\udfff]", "?", junk)
            lines[i] = lines[i][:pos] + junk + lines[i][pos:]
        elif op == 5:  # a line moved elsewhere
            lines.insert(rng.randrange(len(lines) + 1), lines.pop(i))
        else:  # a number changed
            lines[i] = re.sub(r"\d+", lambda m: str(int(m.group()) + rng.choice([-5, 1, 5, 100])), lines[i], count=1)
    return "\n".join(lines) + "\n"


@GARBAGE
@given(seed=seeds, n=st.integers(min_value=1, max_value=8), hands=st.integers(min_value=1, max_value=12))
def test_mutated_legal_records_never_raise(seed, n, hands):
    text = generate_match(seed, hands)
    _never_raises(_mutate(text, random.Random(seed), n))


@settings(max_examples=25, deadline=None)
@given(text=st.one_of(garbage_texts, seeds.map(lambda s: _mutate(generate_match(s, 4), random.Random(s), 3))))
def test_cli_check_on_garbage_exits_cleanly(tmp_path_factory, text):
    from typer.testing import CliRunner

    from referee.cli import app

    path = tmp_path_factory.mktemp("garbage") / "g.gunzi"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(path)])
    assert result.exit_code in (0, 1), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output


def test_cli_check_accepts_a_generated_record(tmp_path):
    from typer.testing import CliRunner

    from referee.cli import app

    path = tmp_path / "m.gunzi"
    path.write_text(generate_match(5), encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(path)])
    assert result.exit_code == 0, result.output


# --- hands laid open ('show') hold what the seat holds at that moment ----------------------------

_FIRST = """match id=X
hand
declarer E
trump H
kitty 4C 6C 7C 8C 9D JH
points {p}
last decl

hand
trump H
"""


def test_show_after_tribute_is_legal():
    # Hand 1: S = 60 → 2 blood; W declares hand 2 and S (W's 上家) pays 9C 9C. W held the third 9C:
    # W's hand laid open after the tribute holds all three 9C. No card exists more than three times.
    text = _FIRST.format(p=60) + "tribute S 9C 9C\nkitty 4C 6C 7C 8C 9D JH\nshow W 9C 9C 9C\npoints 100\nlast decl\n"
    _, result = _replay_text(text, load("dalian-club"))
    assert result.errors == ()


def test_king_after_giving_the_big_joker_in_tribute_is_legal():
    # S = 70 → 1 blood, paid by S with its largest card, the big joker (its hand was shown). S then holds
    # no big joker, so burying a small joker breaks no "big before small" rule (§6.3.2). EW play at 4
    # (hand 1 kept), so 4C is a level card (trump) and the smallest card that may come out is 6C.
    text = _FIRST.format(p=70) + ("show S BJ SJ 3C\ntribute S BJ\nkitty 4C 6C 7C 8C 9D JH\nking S SJ take 6C\n"
                                  "points 100\nlast decl\n")
    _, result = _replay_text(text, load("dalian-club"))
    assert result.errors == ()


def test_parse_card_spellings_used_by_the_variants():
    assert parse_card("♥10") == parse_card("10♥") == parse_card("红桃10") == parse_card("10h")
