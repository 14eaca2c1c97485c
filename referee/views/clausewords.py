"""The Chinese of the clauses of docs/gunzi-rules.md whose sources quote no Chinese seed text (a heading, a rule
of the project's own, a clause its seeds state in other words): what a Chinese reader of a dispute's weighing or
of a ruling sheet reads beside the section (``views.clauses.Clause.quoted``). Each msgid is the clause as the
statement words it (tests/test_chinese_output.py checks each against the statement), so an edited clause is
noticed; an English reader reads the statement itself.
"""

from __future__ import annotations

from referee.core.i18n import M, Msg

CHINESE: dict[str, Msg] = {
    "§1": M("Table, cards, notation", zh="牌桌、牌与记法"),
    "§1.3": M(
        "3 full decks, 162 cards: three copies of each suited card and 3 big jokers + 3 small jokers. Each "
        "player gets 39 cards, the kitty (底牌) has 6.",
        zh="三副整牌共162张：每张花色牌各三张，另有大王3张、小王3张。每人39张，底牌6张。"),
    "§1.4": M(
        "Canonical card tokens (ASCII, case-insensitive on input): rank `2 3 4 5 6 7 8 9 10 J Q K A` followed "
        "by suit `S H C D` (spades 黑桃 ♠, hearts 红桃 ♥, clubs 梅花 ♣, diamonds 方块 ♦): `10H`, `KS`, `3D`. "
        "Jokers: `BJ` big joker (大王), `SJ` small joker (小王). Input should also accept the suit symbols "
        "(`♥10`, `10♥`) and Chinese names (大王, 小王, 红桃10); output uses the canonical form.",
        zh="标准牌面写法（ASCII，输入不分大小写）：点数 `2 3 4 5 6 7 8 9 10 J Q K A` 后接花色 `S H C D`（黑桃 ♠"
           "、红桃 ♥、梅花 ♣、方块 ♦）：`10H`、`KS`、`3D`。王：`BJ` 大王，`SJ` 小王。输入也接受花色符号（`♥10`、"
           "`10♥`）和中文名称（大王、小王、红桃10）；输出用标准写法。"),
    "§1.6": M(
        "No more than 3 copies of any card can exist anywhere in one hand (one deal).",
        zh="一副牌（一次发牌）中，任何一张牌都不能超过3张。"),
    "§2": M("With level rank L (3..10) and trump suit T:", zh="设级数为 L（3..10），主花色为 T："),
    "§3": M("Match structure", zh="比赛结构"),
    "§4": M("Declaring trump (亮主) and the declarer (庄家)", zh="亮主与庄家"),
    "§4.1": M("First hand of a game", zh="每局的第一副"),
    "§4.1.1": M(
        "Any player may grab with **one big joker** (抢亮大王). It cannot be overcalled. That player is the "
        "declarer; the trump suit is the suit of the first suited card that player then draws (jokers are "
        "passed over). The referee records the suit.",
        zh="任何玩家都可以用一张大王抢亮（抢亮大王），不能被反。该玩家坐庄；主花色是该玩家随后摸到的第一张花色牌"
           "的花色（王跳过）。由裁判记下花色。"),
    "§4.1.3": M("The level (trump rank) of the first hand is 3.", zh="每局第一副的级数（主牌点数）为3。"),
    "§4.2": M("Later hands", zh="以后各副"),
    "§4.2.4": M(
        "Nobody declares: the declarer draws a card from the kitty at random; its suit is trump; a joker is "
        "passed over and the next card drawn; a kitty of six jokers means a redeal.",
        zh="无人亮主：庄家从底牌中随机抽一张，其花色为主；抽到王则跳过再抽；底牌六张都是王则重新发牌。"),
    "§5": M("Tribute (进贡, \"blood\" 喝血/吃肉) and riot (暴动)", zh="进贡（喝血/吃肉）与暴动"),
    "§5.4": M(
        "**Riot** (暴动, club draft only, `tribute.riot`): if either player of the paying side holds three "
        "big jokers or three small jokers and shows them before the kitty is taken, the tribute is waived "
        "(nothing comes back either). Three small jokers riot even if the receiving side holds three big "
        "jokers.",
        zh="暴动（仅俱乐部草案，`tribute.riot`）：进贡方任一玩家持有三个大王或三个小王，并在拿底牌之前亮出，则免"
           "进贡（也不还贡）。即使收贡方持有三个大王，三个小王也可暴动。"),
    "§6": M("The kitty (底牌)", zh="底牌"),
    "§6.1": M(
        "After declaring (and tribute) the dealt kitty is turned face up, unless nobody declared (then it "
        "stays hidden).",
        zh="亮主（及进贡）之后，发出的底牌翻开亮出；无人亮主时底牌不亮。"),
    "§6.2": M("Dry pot (干锅), judged on the dealt kitty", zh="干锅（以发出的底牌判定）"),
    "§6.3": M("The declarer's bury (扣底)", zh="庄家扣底"),
    "§6.3.1": M(
        "Otherwise the declarer takes the six cards and buries six (may bury point cards and any number of "
        "jokers; with jokers buried the kitty is shown to all).",
        zh="否则庄家拿起六张底牌，再扣下六张（可以扣分牌和任意张王；扣了王的底牌要亮给大家看）。"),
    "§6.3.3": M(
        "Except that whoever buries **three small jokers** need not bury a big joker first "
        "(\"扣三个小王时无需扣大王\"; in the rule sets where three small jokers end the game, "
        "`game.three_small_jokers_win`; rule-file key `kitty.three_small_jokers_without_big`, true in "
        "`dalian-club` and `gunzi-001`, false in `classic`). This holds for the declarer's bury and for "
        "another player's burying of kings (§6.4; the record's `king`) alike, and when the big joker held is "
        "the kitty's own, taken up by the declarer.",
        zh="但扣三个小王时无需先扣大王（在三个小王结束本局的规则中，`game.three_small_jokers_win`；规则文件键 `k"
           "itty.three_small_jokers_without_big`，`dalian-club` 和 `gunzi-001` 中为 true，`classic` 中为 false）"
           "。庄家扣底和其他玩家扣王（§6.4；记录中的 `king`）都是如此；庄家拿起的大王是底牌里的也一样。"),
    "§6.4": M("Burying kings (扣王) after the declarer", zh="庄家之后的扣王"),
    "§6.4.2": M(
        "If the kitty holds no such card (the declarer buried only point cards, or point cards and jokers), "
        "nobody may bury jokers.",
        zh="底牌中没有这样的牌（庄家只扣了分牌，或只扣了分牌和王）时，谁都不能扣王。"),
    "§6.6": M(
        "If the defenders win the last trick they **dig** the kitty (抠底) and add **twice** the kitty's "
        "points (`kitty.dig_multiplier = 2`), whatever the size of the last lead "
        "(不论用几张牌抠底，底牌的分数都只翻两倍). If the declarer side wins it, they **keep** it (保底).",
        zh="抓分方赢得最后一墩则抠底，加上底牌分数的两倍（`kitty.dig_multiplier = 2`）：不论用几张牌抠底，底牌的"
           "分数都只翻两倍。庄家方赢得最后一墩则保底。"),
    "§7.1": M(
        "The threshold 120 is `scoring.stage_threshold`. Levels stop at 10 (§3.4). A declarer side at level "
        "10 that levels up passes 10 and wins the game (§7.3.4).",
        zh="阈值120即 `scoring.stage_threshold`。级数到10为止（§3.4）。庄家方在10级时再升级即打过10，赢得本局（§"
           "7.3.4）。"),
    "§7.2": M("Blood owed for the next hand", zh="下一副所欠的血"),
    "§7.2.4": M(
        "Total blood = king blood + score blood. (Worked: S = 75 → 1; S = 65 → 2; S = 155 → 0; S = 175 → 2.)",
        zh="总血数 = 王的血 + 得分的血。（例：S = 75 → 1；S = 65 → 2；S = 155 → 0；S = 175 → 2。）"),
    "§7.3": M("Game-ending hands, checked in this order", zh="结束一局的各种情况，按以下顺序判定"),
    "§8": M("Time is called by §7.3.5.", zh="时间到按 §7.3.5 处理。"),
    "§9.5": M(
        "\"Levels gained\" are the levels actually moved after the stop at 10; passing 10 counts as one level.",
        zh="“升级数”是停在10之后实际移动的级数；打过10算一级。"),
    "§10": M("The three rule sets in the seeds", zh="原始资料中的三套规则"),
}
