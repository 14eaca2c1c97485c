"""``referee.core.frozen.Record``: the classes it builds behave as ``typing.NamedTuple``'s do."""

import pickle

import pytest

from referee.core.frozen import Record


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
