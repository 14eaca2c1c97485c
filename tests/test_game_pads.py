"""Each game's keys on the phone's tap pad (``Game.pad``, issue 30): the rows the rules and the record format name,
and every key typing a word the game's own reader takes, so a directive tapped key by key is one the referee could
have typed. Counts worked out from docs/<game>-rules.md; the directives read back by the game's reader."""

from __future__ import annotations

from referee.games import registry
from referee.games.api import PadGroup


def rows(key: str, kind: str) -> list[PadGroup]:
    return [g for g in registry.game(key).pad() if g.kind == kind]


def texts(key: str, kind: str) -> list[str]:
    return [k.text for g in rows(key, kind) for k in g.keys]


def read_clean(key: str, *lines: str) -> None:
    """*lines* after the game's header read with no error: each key's word is one the reader takes."""
    game = registry.game(key)
    header = {"gunzi": "match id=P1", "doudizhu": "match id=P1 game=doudizhu",
              "hubei-dagun": "match id=P1 game=hubei-dagun", "jinhua-mahjong": "match id=P1 game=jinhua-mahjong"}[key]
    reading = game.read("\n".join([header, *lines]) + "\n")
    assert reading.errors == [], [e.msg.text("en") for e in reading.errors]
    assert len(reading.events) == len(lines) + 1


def test_every_game_has_directive_and_seat_keys_in_both_languages() -> None:
    for key in registry.GAMES:
        game = registry.game(key)
        assert texts(key, "seat") == list(game.seats), key  # the seats in the order of play
        for group in game.pad():
            assert group.keys, (key, group.name)
            for k in group.keys:
                assert k.text and " " not in k.text.replace("last ", ""), (key, k)
                assert k.label.text("en") and k.label.text("zh"), (key, k)


def test_gunzi_pad_three_decks_four_seats_four_suits() -> None:
    # §1.3: three full decks: every suited card and both jokers, no card more than three times in a deal
    cards = rows("gunzi", "cards")
    assert sum(len(g.keys) for g in cards) == 52 + 2 and {g.most for g in cards} == {3}
    assert texts("gunzi", "suit") == ["S", "H", "C", "D"]
    assert all(int(q) % 5 == 0 for q in texts("gunzi", "number"))  # points are multiples of 5 (§6)
    # every directive of the registry but the header, and the last trick's two outcomes (抠底 dug, 保底 kept)
    from referee.games.gunzi.directives import DIRECTIVES

    directives = texts("gunzi", "directive")
    assert set(directives) == {d.keyword for d in DIRECTIVES} - {"match", "last"} | {"last def", "last decl"}
    labels = {k.text: k.label.text("zh") for g in rows("gunzi", "directive") for k in g.keys}
    assert labels["kitty"] == "底牌" and labels["last def"] == "抠底" and labels["last decl"] == "保底"
    read_clean("gunzi", "hand", "declare E BJ", "trump H", "kitty 4C 6C 7C 8C 9C JH", "points 100", "last decl")


def test_dou_dizhu_pad_three_seats_bids_and_one_deck() -> None:
    assert texts("doudizhu", "seat") == ["1", "2", "3"]  # §1: three players
    # §3.1 points 1-3 or pass; §3.2 call and rob
    assert texts("doudizhu", "word") == ["1", "2", "3", "pass", "call", "rob"]
    # §2: one deck of 13 ranks (suits do not matter), four of a rank, one of each joker
    ranks, jokers = rows("doudizhu", "cards")
    assert [k.text for k in ranks.keys] == ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
    assert ranks.most == 4 and [k.text for k in jokers.keys] == ["SJ", "BJ"] and jokers.most == 1
    from referee.games.doudizhu.notation import WORDS

    assert set(texts("doudizhu", "directive")) == set(WORDS) - {"match", "seat"}
    # a deal tapped key by key: deal; bid 1 1, bid 2 3; the kitty; a bomb of four 7s; the rocket; out
    read_clean("doudizhu", "deal", "bid 1 1", "bid 2 3", "kitty 5 9 BJ", "bomb 2 7 7 7 7", "rocket 2", "out 2",
               "spring")


def test_hubei_pad_two_decks_points_places_and_declared_hands() -> None:
    assert texts("hubei-dagun", "seat") == ["E", "S", "W", "N"]
    cards = rows("hubei-dagun", "cards")  # §1: two decks with jokers: 13 ranks in 4 suits and two jokers, twice
    assert sum(len(g.keys) for g in cards) == 54 and {g.most for g in cards} == {2}
    # 54 different cards: the spades' J key types JS (♠J), not SJ, which is the small joker's (record format)
    codes = [k.text for g in cards for k in g.keys]
    assert len(set(codes)) == 54
    spades = {k.text: k.label.text("en") for g in cards if g.name == "S" for k in g.keys}
    assert spades["JS"] == "♠J" and "SJ" not in spades
    from referee.games.hubei_dagun.notation import KEYWORDS, parse

    for code in codes:  # each key's word reads back as the card it types
        assert parse(f"match id=P1 game=hubei-dagun\ndeal dealer=E\ncall {code} partner=W\n").events[2].card == code

    assert set(texts("hubei-dagun", "directive")) == set(KEYWORDS) - {"match", "seat"}
    words = texts("hubei-dagun", "word")
    assert {"dealer=", "partner=", "E=", "S=", "W=", "N=", "hand="} <= set(words)  # "E=" joins the next key
    assert {"sky", "xi8", "xi7", "plain", "bang", "qing", "guangtou"} <= set(words)  # §6, §8
    assert all(int(q) % 5 == 0 for q in texts("hubei-dagun", "number"))  # §3: points are multiples of 5
    # a 找朋友 deal: the called card, places, points adding up to 200 (60 + 40 + 50 + 30 + 20), a declared 8喜
    read_clean("hubei-dagun", "deal dealer=E", "call H10 partner=W", "places W E S N",
               "points E=60 S=40 W=50 N=30 hand=20", "declare S xi8 A", "claim bang")


def test_jinhua_mahjong_pad_tiles_patterns_and_how_a_win_was_made() -> None:
    tiles = rows("jinhua-mahjong", "cards")  # §2.1: 9 of each of three suits, 7 winds and dragons, four of each
    assert [len(g.keys) for g in tiles] == [9, 9, 9, 7] and {g.most for g in tiles} == {4}
    from referee.games.jinhua_mahjong.notation import KEYWORDS
    from referee.games.jinhua_mahjong.patterns import PATTERNS

    assert set(texts("jinhua-mahjong", "directive")) == set(KEYWORDS.values()) - {"match", "seat"}
    words = texts("jinhua-mahjong", "word")
    assert words[:2] == ["self", "from"]  # §5.2 自摸, §5.1 on a discard
    assert words[2:] == [p.code for p in PATTERNS]  # §6: every pattern by its code
    read_clean("jinhua-mahjong", "deal", "caishen 5p", "pong S from E", "win E self", "patterns pengpeng",
               "tiles 1m 1m 1m 2p 2p 2p 3s 3s 3s E E E C C", "liable S")
