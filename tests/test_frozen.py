"""``referee.core.frozen.Record``: the classes it builds behave as ``typing.NamedTuple``'s do; ``Codes``: as
``enum.StrEnum``'s."""

import copy
import json
import pickle
from enum import StrEnum

import pytest

from referee.core.frozen import Codes, Record


class Play(Record):
    """A play at a seat."""

    seat: str
    cards: tuple[str, ...]
    as_suit: str | None = None
    line: int = 0

    @property
    def size(self) -> int:
        return len(self.cards)


class Mark(Record):
    line: int


def test_fields_defaults_and_calls() -> None:
    p = Play("E", ("BJ", "5H"), line=7)
    assert p == ("E", ("BJ", "5H"), None, 7)  # a tuple: the default as_suit=None between the given values
    assert (p.seat, p.cards, p.as_suit, p.line) == ("E", ("BJ", "5H"), None, 7)
    assert p[3] == 7 and p.size == 2  # the class's own property kept
    assert Play._fields == ("seat", "cards", "as_suit", "line") == Play.__match_args__
    assert Play._field_defaults == {"as_suit": None, "line": 0}
    assert Play.__doc__ == "A play at a seat."
    assert Mark.__doc__ == "Mark(line)"  # no docstring: the field list, as namedtuple gives
    assert Mark(3) == (3,) and isinstance(Mark(3), tuple)


def test_repr_replace_make_asdict() -> None:
    p = Play("S", ())
    assert repr(p) == "Play(seat='S', cards=(), as_suit=None, line=0)"
    assert p._replace(line=12) == Play("S", (), None, 12)
    assert Play._make(["W", ("3C",), "H", 2]) == Play("W", ("3C",), "H", 2)
    assert p._asdict() == {"seat": "S", "cards": (), "as_suit": None, "line": 0}
    assert repr(Mark(1)) == "Mark(line=1)"


def test_equality_hashing_immutability_pickling() -> None:
    a, b = Play("E", ("BJ",)), Play(seat="E", cards=("BJ",))
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    with pytest.raises(AttributeError, match="can't set attribute"):
        a.seat = "W"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        a.other = 1  # type: ignore[attr-defined]  # no __dict__: __slots__ = ()
    assert pickle.loads(pickle.dumps(a)) == a and type(pickle.loads(pickle.dumps(a))) is Play


def test_errors_as_namedtuple_gives_them() -> None:
    with pytest.raises(TypeError, match=r"missing 2 required positional arguments: 'seat' and 'cards'"):
        Play()  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="unexpected keyword argument 'suit'"):
        Play("E", (), suit="H")  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="Expected 4 arguments, got 1"):
        Play._make(["E"])
    with pytest.raises(ValueError, match=r"Got unexpected field names: \['suit'\]"):
        Play("E", ())._replace(suit="H")  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="Non-default namedtuple field b cannot follow default field a"):
        class Bad(Record):
            a: int = 0
            b: int
    with pytest.raises(AttributeError, match="Cannot overwrite NamedTuple attribute _replace"):
        class Worse(Record):
            a: int

            def _replace(self) -> None: ...  # type: ignore[override]


class Kind(Codes):
    """Codes with a method of their own, as ``games.gunzi.codes.Code`` has."""

    __hash__ = str.__hash__

    def shout(self) -> str:
        return self.upper()


class Dig(Kind):
    keep = "keep"
    foul_dig = "foul_dig"
    kept = "keep"  # a second name of a value: an alias of the first member


class Plain(StrEnum):  # what Dig stands for to the checker: the behaviours below are enum's
    keep = "keep"
    foul_dig = "foul_dig"
    kept = "keep"


def test_codes_are_their_strings() -> None:
    assert Dig.keep == "keep" and isinstance(Dig.keep, str) and isinstance(Dig.keep, Dig)
    assert hash(Dig.foul_dig) == hash("foul_dig") and {"foul_dig": 1}[Dig.foul_dig] == 1
    assert (str(Dig.keep), f"{Dig.keep}", f"{Dig.keep:>6}", json.dumps({Dig.keep: [Dig.foul_dig]})) \
        == ("keep", "keep", "  keep", '{"keep": ["foul_dig"]}')
    assert (Dig.keep.name, Dig.keep.value, Dig.foul_dig.shout()) == ("keep", "keep", "FOUL_DIG")
    assert repr(Dig.foul_dig) == "<Dig.foul_dig: 'foul_dig'>" == repr(Plain.foul_dig).replace("Plain", "Dig")
    assert repr(Dig) == "<enum 'Dig'>"


def test_codes_lookup_iteration_and_aliases() -> None:
    assert Dig("foul_dig") is Dig.foul_dig and Dig(Dig.keep) is Dig.keep and Dig["kept"] is Dig.keep
    assert Dig.kept is Dig.keep  # the alias names the first member
    assert list(Dig) == [Dig.keep, Dig.foul_dig] and len(Dig) == 2  # two values, the alias not listed
    assert [m.value for m in Plain] == [m.value for m in Dig]
    assert list(Dig.__members__) == ["keep", "foul_dig", "kept"] == list(Plain.__members__)
    assert Dig.keep in Dig
    for kind in (Dig, Plain):
        with pytest.raises(ValueError, match=rf"^'dig' is not a valid {kind.__name__}$"):
            kind("dig")
        with pytest.raises(ValueError, match=rf"^3 is not a valid {kind.__name__}$"):
            kind(3)
        with pytest.raises(KeyError):
            kind["dig"]


def test_codes_pickle_and_copy_as_the_member() -> None:
    assert pickle.loads(pickle.dumps(Dig.foul_dig)) is Dig.foul_dig
    assert Dig.keep.__reduce_ex__(5) == (Dig, ("keep",))  # by value, as enum's: Dig("keep") on load
    assert Plain.keep.__reduce_ex__(5) == (Plain, ("keep",))
    assert copy.copy(Dig.keep) is Dig.keep and copy.deepcopy([Dig.keep])[0] is Dig.keep


def test_codes_refuse_what_enum_refuses() -> None:
    with pytest.raises(AttributeError, match="cannot reassign member 'keep'"):
        Dig.keep = "other"  # type: ignore[misc]
    with pytest.raises(TypeError, match="cannot extend Dig, which has members"):
        type("More", (Dig,), {"other": "other"})
    with pytest.raises(TypeError, match="a member's value is a str, not int"):
        type("Numbers", (Codes,), {"one": 1})


def test_compiled_templates_are_the_generated_source() -> None:
    from referee.core.frozen import _template
    from referee.core.recordnew import NEW

    assert len(NEW) == 41 and NEW[0] is None
    for n in range(1, 41):
        want = eval(_template(n), {"_tuple_new": tuple.__new__})  # noqa: S307 - the test's own text
        have = NEW[n].__code__
        assert (have.co_code, have.co_varnames, have.co_argcount, have.co_names) == \
            (want.__code__.co_code, want.__code__.co_varnames, want.__code__.co_argcount, want.__code__.co_names)
        assert have.co_varnames == ("_cls", *(f"a{i}" for i in range(n)))  # n values after the class


def test_a_record_of_more_fields_than_the_templates() -> None:
    wide = type("Wide", (Record,), {"__annotations__": {f"f{i}": int for i in range(45)}, "__module__": __name__,
                                    "__qualname__": "Wide"})
    w = wide(*range(45))
    assert w == tuple(range(45)) and w.f44 == 44 and wide._fields[-1] == "f44"
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'f44'"):
        wide(*range(44))


def test_a_record_pickled_by_record_reduce_is_made_by_one_c_call() -> None:
    """``record_reduce``: a Record's instance as (tuple.__new__, (its class, its values)), what a pickler's
    reducer_override gives so that loading skips the class's Python __new__; anything else is not its to write."""
    from referee.core.frozen import record_reduce

    p = Play("E", ("BJ",), "H", 4)
    assert record_reduce(p) == (tuple.__new__, (Play, ("E", ("BJ",), "H", 4)))
    made = tuple.__new__(Play, ("E", ("BJ",), "H", 4))
    assert made == p and type(made) is Play and made.size == 1
    assert record_reduce(("E", ("BJ",))) is None and record_reduce(Dig.keep) is None
    assert record_reduce(Plain.keep) is None and record_reduce(3) is None

    class Pickler(pickle.Pickler):
        def reducer_override(self, obj: object) -> object:
            return record_reduce(obj) or NotImplemented

    import io

    out = io.BytesIO()
    Pickler(out, protocol=5).dump([p, Mark(2), Dig.foul_dig])
    back = pickle.loads(out.getvalue())
    assert back == [p, Mark(2), Dig.foul_dig] and [type(x) for x in back] == [Play, Mark, Dig]
    assert back[2] is Dig.foul_dig
