"""The hand patterns (番型) a deal may claim, as data: code, Chinese name, the rule key holding its factor,
the section of docs/jinhua-mahjong-rules.md, and what the claim needs (docs §6, §8).

A pattern's factor is the rule key ``factors.<code>``; the factors of a deal's patterns multiply (§5.3).
"""

from __future__ import annotations

from typing import NamedTuple

from referee.core.i18n import M, Msg


class Pattern(NamedTuple):
    code: str
    zh: str
    section: str  # of docs/jinhua-mahjong-rules.md
    default: int  # the seed's factor (or the documented choice, §10)
    doc: Msg
    shape: str = ""  # the winning shape it names (§4): "pairs", "bukao", "honours"; "" for four sets and a pair
    self_draw: bool = False  # only on a self-draw (自摸)
    uses_wild: bool = False  # needs a 财神 in the hand
    no_wild: bool = False  # needs a hand without 财神
    aliases: tuple[str, ...] = ()


PATTERNS: tuple[Pattern, ...] = (
    Pattern("pinghu", "平胡", "§6.1", 1, M("平胡: four sets and a pair, no other pattern (§6.1)")),
    Pattern("pengpeng", "碰碰胡", "§6.2", 2, M("碰碰胡: four triplets (or kongs) and a pair (§6.2)")),
    Pattern("quanqiuren", "全求人", "§6.3", 2, M(
        "全求人: every set claimed, one tile left in hand, not a 财神, won on a discard (§6.3)")),
    Pattern("qing_qidui", "清七对", "§6.4", 4, M("清七对: seven pairs without 财神 (§6.4)"),
            shape="pairs", no_wild=True),
    Pattern("qidui", "七对子", "§6.5", 2, M("七对子: seven pairs, 财神 allowed (§6.5)"), shape="pairs",
                                                                        aliases=("七对",)),
    Pattern("qidui_baotou", "七对子爆头", "§6.6", 8, M(
        "七对子爆头: six pairs, the last tile paired by a 财神 (§6.6)"), shape="pairs", uses_wild=True),
    Pattern("shisan_bukao", "十三不靠", "§6.7", 1, M(
        "十三不靠: five or more different winds and dragons, the other tiles of a suit at least three apart (§6.7)"),
        shape="bukao"),
    Pattern("qifeng", "七风", "§6.8", 2, M(
        "七风: all seven winds and dragons (no 财神 standing for one), the other tiles at least three apart (§6.8)"),
        shape="bukao"),
    Pattern("qingyise", "清一色", "§6.9", 2, M("清一色 with 财神: one suit only (§6.9)"), uses_wild=True),
    Pattern("qingyise_clean", "清一色无财神", "§6.9", 4, M("清一色 without 财神: one suit only (§6.9)"),
            no_wild=True, aliases=("无财神清一色",)),
    Pattern("luanfeng", "乱风", "§6.10", 8, M("乱风: winds and dragons only, no shape needed (§6.10)"),
            shape="honours"),
    Pattern("caishen_tou", "财神头", "§6.11", 4, M(
        "财神头: two 财神 as the pair, standing for nothing (§6.11)"), uses_wild=True),
    Pattern("sancai_yike", "三财一刻", "§6.12", 8, M(
        "三财一刻: three 财神 as a triplet, standing for nothing (§6.12)"), uses_wild=True),
    Pattern("baotou", "爆头", "§6.13", 2, M(
        "爆头 (敲响): twelve tiles in sets and a 财神, the tile won pairs the 财神 (§6.13)"),
        uses_wild=True, aliases=("敲响",)),
    Pattern("gangbao", "杠爆", "§6.14", 4, M(
        "杠爆: an 爆头 hand wins on the tile drawn after a kong of a discard (§6.14; the factor is the "
        "project's choice, §10)"),
            self_draw=True, uses_wild=True),
    Pattern("gangkai", "杠上开花", "§6.16", 2, M(
        "杠上开花: won with the tile drawn after a kong (§6.16)"),
            self_draw=True),
    Pattern("hunyise", "混一色", "§6.15", 2, M("混一色: one suit and winds or dragons (§6.15)")),
    Pattern("tianhu", "天胡", "§6.17", 2, M("天胡: the dealer wins on the tiles dealt (§6.17)"), self_draw=True),
    Pattern("dihu", "地胡", "§6.17", 2, M("地胡: a player wins on the dealer's first discard (§6.17)")),
    Pattern("haidi", "海底捞月", "§6.18", 2, M("海底捞月: self-drawn with the last tile of the wall (§6.18)"),
            self_draw=True),
)
BY_CODE: dict[str, Pattern] = {p.code: p for p in PATTERNS}
_NAMES: dict[str, str] = {}
for _p in PATTERNS:
    for _n in (_p.code, _p.code.replace("_", "-"), _p.zh, *_p.aliases):
        _NAMES[_n.lower()] = _p.code


def pattern_named(token: str) -> Pattern | None:
    code = _NAMES.get(token.strip().lower())
    return None if code is None else BY_CODE[code]


# What cannot be claimed together (§8). At most one of each group:
EXCLUSIVE: tuple[tuple[frozenset[str], Msg], ...] = (
    (frozenset({"qing_qidui", "qidui", "qidui_baotou"}), M(
        "清七对, 七对子 and 七对子爆头 are one hand counted once (§8.1)")),
    (frozenset({"shisan_bukao", "qifeng"}), M("十三不靠 and 七风 are one hand counted once (§8.1)")),
    (frozenset({"qingyise", "qingyise_clean", "hunyise"}), M(
        "清一色 (with or without 财神) and 混一色 exclude each other (§8.3)")),
    (frozenset({"caishen_tou", "sancai_yike", "baotou", "gangbao"}), M(
        "财神头, 三财一刻, 爆头 and 杠爆 cannot hold together: three 财神 and one pair (§8.4)")),
    (frozenset({"tianhu", "dihu", "haidi", "gangkai", "gangbao"}), M(
        "天胡, 地胡, 海底捞月 and a win after a kong are each a different last tile (§8.5)")),
)
# Patterns of four sets and a pair (or claimed sets, or a kong): none goes with a special shape (§8.1).
SETS_ONLY = frozenset({"pinghu", "pengpeng", "quanqiuren", "caishen_tou", "sancai_yike", "baotou", "gangbao",
                       "gangkai"})
# What a special shape may still hold of SETS_ONLY (§8.1): 乱风 needs no shape, so its honours may include a
# declared kong (four 东), and the replacement tile that completes it wins 杠上开花 (§4.4, §6.10, §6.16; seed
# 003 三(6), (8)). Seven pairs and not-touching are fourteen tiles of their own shape: no kong.
SHAPE_HOLDS: dict[str, frozenset[str]] = {"honours": frozenset({"gangkai"})}
# Any of the first with any of the second (§8.2-§8.5):
CONFLICTS: tuple[tuple[frozenset[str], frozenset[str], Msg], ...] = (
    (frozenset({"pinghu"}), frozenset(BY_CODE) - {"pinghu"}, M(
        "平胡 is a hand with no other pattern: leave it out when claiming {other} (§6.1)")),
    (frozenset({"shisan_bukao", "qifeng", "luanfeng"}), frozenset({"qingyise", "qingyise_clean", "hunyise"}), M(
        "{one} needs winds and dragons or three suits: it cannot be {other} (§8.3)")),
    (frozenset({"tianhu", "dihu"}), frozenset({"pengpeng", "quanqiuren"}), M(
        "{one} comes before any claim, {other} needs claims (§8.5)")),
    (frozenset({"quanqiuren"}), frozenset({"caishen_tou", "baotou", "gangbao"}), M(
        "全求人's last tile is not a 财神; {other} needs one (§6.3)")),
)
