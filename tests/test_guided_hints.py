"""The guided prompt's hints, the same capabilities at every game's prompt (``Game.usage``, ``Game.suggest``): the
usage hint of what is expected next, and "did you mean" for a mistyped directive or prompt command. The expected
forms are worked from each game's rules: a new Dou Dizhu deal opens with anyone's bid (docs/doudizhu-rules.md §3.1,
bids 1–3 or pass), a new mahjong match expects its first ``deal``, a 打滚 match its first ``deal dealer=SEAT``."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.games import registry


def _reader(answers: list[str]):
    typed = iter(answers)

    def read(prompt: str) -> str:
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None
    return read


def _match(tmp_path: Path, header: str) -> tuple[object, str]:
    from referee.store.api import open_store

    key, _ = registry.game_of_text(header)
    store = open_store(tmp_path / "st")
    match = store.create(list(registry.game(key).read(header).events))
    return store, match


def _guided(store, match: str, answers: list[str], lang: str = "en") -> None:
    from referee.cli.commands.guided import guided

    guided(store, match, None, lang, read=_reader(answers))


def test_doudizhu_usage_hint_and_did_you_mean(tmp_path: Path, capsys) -> None:
    """After ``deal``: anyone bids 1, 2, 3 or passes (§3.1), or the cards are dealt again; the usage hint gives the
    bid's whole form (call/rob under ``bidding.style = "rob"``, §3.2). ``bdi`` is one letter from ``bid``; ``staus``
    from the prompt's ``status``; ``xyzzy`` near nothing. Nothing is stored for any of them."""
    store, match = _match(tmp_path, "match id=D1 game=doudizhu\nseat 1 张三\nseat 2 李四\nseat 3 王五\n")
    _guided(store, match, ["deal", "bdi 1 2", "staus", "xyzzy", "q"])
    out = capsys.readouterr().out.splitlines()
    assert "expected next: bid SEAT 1|2|3|pass / redeal" in out
    assert "  type: bid SEAT 1|2|3|pass|call|rob / redeal" in out
    assert ("'bdi 1 2' is not understood: did you mean 'bid'? (expected: bid SEAT 1|2|3|pass / redeal); "
            "try again") in out
    assert "'staus' is not understood: did you mean 'status'? (expected: bid SEAT 1|2|3|pass / redeal); try again" \
        in out
    assert "'xyzzy' is not understood (expected: bid SEAT 1|2|3|pass / redeal); try again" in out
    assert len(store.entries(match)) == 5  # header, three seats, the deal


def test_doudizhu_hints_in_chinese(tmp_path: Path, capsys) -> None:
    store, match = _match(tmp_path, "match id=D2 game=doudizhu\n")
    _guided(store, match, ["deal", "bdi 1 2", "q"], "zh")
    out = capsys.readouterr().out.splitlines()
    assert "  应输入：bid SEAT 1|2|3|pass|call|rob / redeal" in out
    assert "无法理解 'bdi 1 2'：是不是 'bid'？（应输入：bid SEAT 1|2|3|pass / redeal）；请重新输入" in out


def test_mahjong_did_you_mean_and_help_usage(tmp_path: Path, capsys) -> None:
    """A new match expects its first deal (its dealer optional: E deals first, §9); ``deel`` means ``deal``. ``help``
    lists the expected directive with its form."""
    store, match = _match(tmp_path, "match id=M1 game=jinhua-mahjong\n")
    _guided(store, match, ["deel", "help", "q"])
    out = capsys.readouterr().out.splitlines()
    assert "expected next: deal" in out
    assert "'deel' is not understood: did you mean 'deal'? (expected: deal); try again" in out
    assert "  deal — deal [DEALER]" in out


def test_hubei_usage_hint_and_did_you_mean(tmp_path: Path, capsys) -> None:
    store, match = _match(tmp_path, "match id=H1 game=hubei-dagun\n")
    _guided(store, match, ["dael dealer=E", "q"])
    out = capsys.readouterr().out.splitlines()
    expected = registry.game("hubei-dagun").expected
    assert any(line.startswith("expected next: deal") for line in out), out
    assert "  type: deal [N] dealer=SEAT" in out
    assert any(line.startswith("'dael dealer=E' is not understood: did you mean 'deal'? (expected: deal")
               for line in out), out
    assert callable(expected)


@pytest.mark.parametrize(("key", "word", "near"), [
    ("gunzi", "piont", "points"), ("doudizhu", "rockett", "rocket"), ("hubei-dagun", "places2", "places"),
    ("jinhua-mahjong", "pong2", "pong"),
])
def test_every_game_suggests_its_own_keyword(key: str, word: str, near: str) -> None:
    """``Game.suggest``: each game's nearest directive, and the prompt's commands among them (``undp`` → ``undo``)."""
    game = registry.game(key)
    assert game.suggest(word) == near
    assert game.suggest("undp", ["undo", "status"]) == "undo"
    assert game.suggest("zzzzzz") is None
    assert game.usage("warn") is not None and game.usage("警告") is not None
    assert game.usage("zzzzzz") is None


def test_tab_completes_each_games_words() -> None:
    """A first word completes to the game's directives in either language and the prompt's commands; a later word
    to the game's seats (Dou Dizhu's 1 2 3, mahjong's letters and Chinese seat words)."""
    from referee.cli.commands.guided import completions

    ddz, mahjong = registry.game("doudizhu"), registry.game("jinhua-mahjong")
    assert completions(ddz, "", "b") == ["bid", "bomb"]
    assert completions(ddz, "", "un") == ["undo"]
    assert completions(ddz, "", "警") == ["警告"]
    assert completions(ddz, "out ", "") == ["1", "2", "3"]
    assert completions(mahjong, "", "ca") == ["caishen"]
    assert completions(mahjong, "win ", "") == ["E", "S", "W", "N", "东", "南", "西", "北"]
