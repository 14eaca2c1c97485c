"""The games kit's JSON writer (``replay --json`` of Dou Dizhu, Hubei 打滚 and mahjong) writes, field by field and
deal by deal, the very bytes ``json.dump(obj, indent=1)`` of the whole object writes (plus the final newline):
checked against the standard library over generated objects, and for the example evenings of every game but
Gunzi's (whose stream is its own)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.kit.jsonout import text, write_object
from referee.games.registry import GAMES, game, game_of_text

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
scalars = (st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.floats(allow_nan=False, allow_infinity=False)
           | st.text(max_size=12))  # quotes, \n, 中文 …, 1e+300
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6),
                                                                                            inner, max_size=4),
                      max_leaves=12)
fields = st.dictionaries(st.text(max_size=6).filter(lambda k: k != "deals"), values, max_size=4)


@settings(max_examples=300, deadline=None)
@given(fields, st.lists(values, max_size=5), fields)
def test_the_writer_writes_what_json_dump_writes(before: dict, deals: list, after: dict) -> None:
    after = {k: v for k, v in after.items() if k not in before}
    out = io.StringIO()
    write_object(out, before, "deals", deals, lambda d: d, lambda: after)
    assert out.getvalue() == json.dumps({**before, "deals": deals, **after}, ensure_ascii=False, indent=1) + "\n"


@settings(max_examples=200, deadline=None)
@given(fields, st.lists(values, max_size=5), fields)
def test_rows_a_game_writes_itself_as_text_come_out_as_json_dump_writes_them(before: dict, deals: list,
                                                                             after: dict) -> None:
    """A game with rows of a fixed shape writes each row's text itself (``raw``): each row as ``text(row, 2)``,
    the object the same bytes as ``json.dump`` of it."""
    after = {k: v for k, v in after.items() if k not in before}
    out = io.StringIO()
    write_object(out, before, "deals", deals, lambda d: text(d, 2), lambda: after, raw=True)
    assert out.getvalue() == json.dumps({**before, "deals": deals, **after}, ensure_ascii=False, indent=1) + "\n"


def test_every_game_s_example_is_written_as_one_object_of_its_deals() -> None:
    written = 0
    for path in sorted(EXAMPLES.iterdir()):
        text = path.read_text(encoding="utf-8")
        key = game_of_text(text)[0]
        if key == "gunzi":  # Gunzi's stream is its own (jsonview.stream_json)
            continue
        g = game(key)
        reading = g.read(text)
        header = g.header(reading.events)
        result = g.replay(reading.events, g.load_rules((header.rules if header else None) or g.default_rules),
                          explain=True)
        out = io.StringIO()
        g.write_json(result, out, "zh", [])
        data = json.loads(out.getvalue())
        assert out.getvalue() == json.dumps(data, ensure_ascii=False, indent=1) + "\n"  # one object, indent=1
        assert data["deals"] and len(data["deals"]) == len(result.deals)
        written += 1
    assert written == len(GAMES) - 1  # an example evening of every game but Gunzi's


def test_values_of_subclasses_and_floats_are_written_as_json_writes_them() -> None:
    """The writer looks exact built-in types up by type: a bool (an int), a str or int enum, a dict or list subclass,
    a float and its constants must still come out as ``json.dumps`` writes them."""
    import collections
    import enum

    class Colour(enum.StrEnum):
        RED = "red"

    class Size(enum.IntEnum):
        BIG = 3

    value = {"b": [True, False, None], "e": [Colour.RED, Size.BIG], "f": [1.5, 1e300, float("inf"), -0.0],
             "o": collections.OrderedDict(a=1), "k": {1: "x", False: "y", None: "z", 2.5: "w"}, "s": ("t", [])}
    out = io.StringIO()
    write_object(out, {"v": value}, "deals", [value, []], lambda d: d, lambda: {"after": value})
    assert out.getvalue() == json.dumps({"v": value, "deals": [value, []], "after": value}, ensure_ascii=False,
                                        indent=1) + "\n"


# Each game's row of a deal as its record-format doc lists the fields (docs/doudizhu-record-format.md,
# docs/hubei-dagun-record-format.md §JSON, docs/jinhua-mahjong-record-format.md): the dict ``json.dump`` is to write,
# stated here once, apart from the writers that put each row's text together themselves.
def _doudizhu_row(d: Any, word: Any) -> dict[str, Any]:
    seats = (1, 2, 3)
    return {
        "deal": d.deal, "line": d.line, "settled": d.settled, "redeal": d.redeal, "landlord": d.landlord,
        "base": d.base, "multiplier": d.multiplier, "uncapped": d.uncapped, "winner": d.winner,
        "bombs": d.bombs, "rockets": d.rockets, "spring": d.spring, "antispring": d.antispring, "shown": d.shown,
        "robs": d.robs,
        "payments": {str(s): d.payments[s] for s in seats}, "totals": {str(s): d.totals[s] for s in seats},
        "explain": [word(step) for step in d.steps],
    }


def _hubei_row(d: Any, word: Any) -> dict[str, Any]:
    def by_seat(values: Any) -> dict[str, int]:
        return dict(zip("ESWN", values, strict=True))

    return {
        "deal": d.number, "line": d.line, "dealer": d.dealer, "mode": d.mode, "called": d.card,
        "sides": [list(d.sides[0]), list(d.sides[1])], "places": list(d.places),
        "points": None if d.points is None else {**dict(d.points.won), "hand": d.points.hand},
        "points_final": None if d.final is None else by_seat(d.final),
        "side_points": None if d.side_points is None else list(d.side_points),
        "winners": list(d.sides[d.winner]), "result": d.kind, "fan": d.fan, "result_coins": by_seat(d.result_coins),
        "rewards": [{"seat": r.declare.seat, "hand": r.declare.kind, "rank": r.declare.rank, "each": r.each,
                     "coins": by_seat(r.coins)} for r in d.rewards],
        "coins": by_seat(d.coins), "totals": by_seat(d.totals),
        "explain": [{"text": word(s.msg), "cite": s.cite} for s in d.steps],
    }


def _jinhua_row(d: Any, word: Any) -> dict[str, Any]:
    return {
        "deal": d.deal, "dealer": d.dealer, "settled": d.settled, "winner": d.winner, "discarder": d.discarder,
        "self_drawn": d.winner is not None and d.discarder is None, "patterns": list(d.patterns),
        "factor": d.factor, "paid_factor": d.paid_factor, "liable": [{"seat": s, "as": how} for s, how in d.liable],
        "payments": dict(d.payments), "explain": [word(s) for s in d.steps],
    }


ROW_OF = {"doudizhu": _doudizhu_row, "hubei-dagun": _hubei_row, "jinhua-mahjong": _jinhua_row}


def test_a_game_s_own_rows_are_the_dicts_of_its_deals_written_as_json_dump_writes_them() -> None:
    """Dou Dizhu, Hubei and mahjong write each deal's row as text themselves (``raw``), its repeated parts written
    once: the same bytes as ``json.dump`` of the row's dict, in every language, and again when the same deals come
    back (the deals twice over: every part then a repeat)."""
    from referee.games.kit.wording import Wording

    checked = set()
    for path in sorted(EXAMPLES.iterdir()):
        text_ = path.read_text(encoding="utf-8")
        key = game_of_text(text_)[0]
        if key not in ROW_OF:
            continue
        checked.add(key)
        g = game(key)
        reading = g.read(text_)
        header = g.header(reading.events)
        result = g.replay(reading.events, g.load_rules((header.rules if header else None) or g.default_rules),
                          explain=True)
        result = result._replace(deals=(*result.deals, *result.deals))
        row = ROW_OF[key]
        for lang in ("en", "zh", "zh_TW"):
            out = io.StringIO()
            g.write_json(result, out, lang, [])
            data = json.loads(out.getvalue())
            word = Wording(lang)
            data["deals"] = [row(d, word) for d in result.deals]
            assert out.getvalue() == json.dumps(data, ensure_ascii=False, indent=1) + "\n", (key, lang)
    assert checked == set(ROW_OF)  # an example evening of each


def test_rows_given_as_text_are_written_a_few_at_a_time() -> None:
    """A long match's rows given as text (``raw``, ~1-2 KB each) are written as they come, a hundred or so at a
    time, not gathered whole first: the largest write holds a few hundred rows, whatever the match's length."""
    writes: list[int] = []

    class Counting(io.StringIO):
        def write(self, s: str) -> int:
            writes.append(len(s))
            return super().write(s)

    row = text({"deal": 1, "explain": ["x" * 1000]}, 2)
    out = Counting()
    write_object(out, {}, "deals", range(10_000), lambda _: row, dict, raw=True)
    assert len(writes) > 20 and max(writes) < 300 * len(row)
    deals = json.loads(out.getvalue())["deals"]
    assert len(deals) == 10_000 and deals[-1] == {"deal": 1, "explain": ["x" * 1000]}


def test_mahjong_s_opening_step_is_worded_with_each_deal_s_number() -> None:
    """Mahjong's rows word a deal's step that names its number (a won deal's opening, a drawn deal's one step)
    around the number once for each dealer and 财神: the same text as the message worded whole, in every language;
    a language that words the number otherwise (``12,345``) has each worded whole."""
    from referee.core.i18n import Msg, form
    from referee.games.jinhua_mahjong import views
    from referee.games.jinhua_mahjong.engine import drawn, opening
    from referee.games.jinhua_mahjong.events import Caishen
    from referee.games.kit.wording import Wording

    for lang in ("en", "zh", "zh_TW"):
        rows = views._Rows(Wording(lang))
        for number, dealer, caishen in ((1, "E", None), (12, "E", None), (7, "S", Caishen(3)),
                                        (12345, "S", Caishen(3))):
            assert rows._opening(number, dealer, caishen, views._won) == opening(number, dealer, caishen).text(lang)
            assert rows._opening(number, dealer, None, views._drawn) == drawn(number, dealer).text(lang)
    rows = views._Rows(Wording("en"))

    def other(n: int, d: str, c: Caishen | None) -> Msg:
        return form("deal {deal:,}: {dealer:seat}", deal=n, dealer=d)

    assert rows._opening(12345, "E", None, other) == "deal 12,345: E"
    assert rows._opening(67890, "E", None, other) == "deal 67,890: E"
