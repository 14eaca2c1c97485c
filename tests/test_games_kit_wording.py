"""The games kit's wording of explanations (``kit.wording.Wording``): each distinct message worded once, and never a
text of another message — messages equal as tuples but worded apart stay apart."""

from __future__ import annotations

from referee.core.i18n import M, form, listed
from referee.games.kit.wording import Wording


def test_a_message_is_worded_as_it_words_itself_in_each_language() -> None:
    msg = M("seat {seat:seat} pays {n}", seat="E", n=2)
    for lang in ("en", "zh"):
        word = Wording(lang)
        assert word(msg) == msg.text(lang)
        assert word(msg) == msg.text(lang)  # the second time from what it kept


def test_equal_fields_of_other_types_are_worded_apart() -> None:
    """1 == True and hash alike, but a message words them "1" and "True"."""
    word = Wording("en")
    assert word(M("got {x}", x=1)) == "got 1"
    assert word(M("got {x}", x=True)) == "got True"
    assert word(M("got {x}", x=1.0)) == "got 1.0"


def test_a_form_and_a_message_of_one_text_are_worded_apart() -> None:
    """A form is no catalogue message: ``{s:seat}`` alone is the same tuple as a message, worded without a lookup."""
    word = Wording("zh")
    assert word(form("{s:seat}", s="E")) == "东"
    assert word(M("deal")) == M("deal").text("zh")
    assert word(form("deal")) == "deal"


def test_a_message_with_a_list_is_worded_and_kept_by_its_items() -> None:
    word = Wording("en")
    assert word(M("{xs:list}", xs=["a", "b"])) == "a, b"
    assert word(M("{xs:list}", xs=["a", "c"])) == "a, c"
    assert word(M("{xs}", xs=["a"])) == "['a']"
    assert word(M("{xs}", xs=("a",))) == "('a',)"  # a list and a tuple of the same items worded apart
    assert word(M("{xs:list}", xs=listed([form("{s:seat}", s="S")]))) == "S"
