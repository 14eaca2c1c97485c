"""The Chinese of the clauses of docs/gunzi-rules.md whose sources quote no Chinese seed text (a heading, a rule
of the project's own, a clause its seeds state in other words): what a Chinese reader of a dispute's weighing or
of a ruling sheet reads beside the section (``Game.clause_words``, read by ``views.clauses``). Each msgid is the
clause as the statement words it (tests/test_chinese_output.py checks each against the statement), so an edited
clause is noticed; an English reader reads the statement itself.
"""

from __future__ import annotations

from referee.core.i18n import M, Msg

CHINESE: dict[str, Msg] = {
    "§1": M("Table, cards, notation"),
    "§1.3": M(
        "3 full decks, 162 cards: three copies of each suited card and 3 big jokers + 3 small jokers. Each "
        "player gets 39 cards, the kitty (底牌) has 6."),
    "§1.4": M(
        "Canonical card tokens (ASCII, case-insensitive on input): rank `2 3 4 5 6 7 8 9 10 J Q K A` followed "
        "by suit `S H C D` (spades 黑桃 ♠, hearts 红桃 ♥, clubs 梅花 ♣, diamonds 方块 ♦): `10H`, `KS`, `3D`. "
        "Jokers: `BJ` big joker (大王), `SJ` small joker (小王). Input should also accept the suit symbols "
        "(`♥10`, `10♥`) and Chinese names (大王, 小王, 红桃10); output uses the canonical form."),
    "§1.6": M(
        "No more than 3 copies of any card can exist anywhere in one hand (one deal)."),
    "§2": M("With level rank L (3..10) and trump suit T:"),
    "§3": M("Match structure"),
    "§4": M("Declaring trump (亮主) and the declarer (庄家)"),
    "§4.1": M("First hand of a game"),
    "§4.1.1": M(
        "Any player may grab with **one big joker** (抢亮大王). It cannot be overcalled. That player is the "
        "declarer; the trump suit is the suit of the first suited card that player then draws (jokers are "
        "passed over). The referee records the suit."),
    "§4.1.3": M("The level (trump rank) of the first hand is 3."),
    "§4.2": M("Later hands"),
    "§4.2.4": M(
        "Nobody declares: the declarer draws a card from the kitty at random; its suit is trump; a joker is "
        "passed over and the next card drawn; a kitty of six jokers means a redeal."),
    "§5": M("Tribute (进贡, \"blood\" 喝血/吃肉) and riot (暴动)"),
    "§5.4": M(
        "**Riot** (暴动, club draft only, `tribute.riot`): if either player of the paying side holds three "
        "big jokers or three small jokers and shows them before the kitty is taken, the tribute is waived "
        "(nothing comes back either). Three small jokers riot even if the receiving side holds three big "
        "jokers."),
    "§6": M("The kitty (底牌)"),
    "§6.1": M(
        "After declaring (and tribute) the dealt kitty is turned face up, unless nobody declared (then it "
        "stays hidden)."),
    "§6.2": M("Dry pot (干锅), judged on the dealt kitty"),
    "§6.3": M("The declarer's bury (扣底)"),
    "§6.3.1": M(
        "Otherwise the declarer takes the six cards and buries six (may bury point cards and any number of "
        "jokers; with jokers buried the kitty is shown to all)."),
    "§6.3.3": M(
        "Except that whoever buries **three small jokers** need not bury a big joker first "
        "(\"扣三个小王时无需扣大王\"; in the rule sets where three small jokers end the game, "
        "`game.three_small_jokers_win`; rule-file key `kitty.three_small_jokers_without_big`, true in "
        "`dalian-club` and `gunzi-001`, false in `classic`). This holds for the declarer's bury and for "
        "another player's burying of kings (§6.4; the record's `king`) alike, and when the big joker held is "
        "the kitty's own, taken up by the declarer."),
    "§6.4": M("Burying kings (扣王) after the declarer"),
    "§6.4.2": M(
        "If the kitty holds no such card (the declarer buried only point cards, or point cards and jokers), "
        "nobody may bury jokers."),
    "§6.6": M(
        "If the defenders win the last trick they **dig** the kitty (抠底) and add **twice** the kitty's "
        "points (`kitty.dig_multiplier = 2`), whatever the size of the last lead "
        "(不论用几张牌抠底，底牌的分数都只翻两倍). If the declarer side wins it, they **keep** it (保底)."),
    "§7.1": M(
        "The threshold 120 is `scoring.stage_threshold`. Levels stop at 10 (§3.4). A declarer side at level "
        "10 that levels up passes 10 and wins the game (§7.3.4)."),
    "§7.2": M("Blood owed for the next hand"),
    "§7.2.4": M(
        "Total blood = king blood + score blood. (Worked: S = 75 → 1; S = 65 → 2; S = 155 → 0; S = 175 → 2.)"),
    "§7.3": M("Game-ending hands, checked in this order"),
    "§8": M("Time is called by §7.3.5."),
    "§9.5": M(
        "\"Levels gained\" are the levels actually moved after the stop at 10; passing 10 counts as one level."),
    "§10": M("The three rule sets in the seeds"),
}
