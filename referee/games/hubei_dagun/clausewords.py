"""The Chinese of the clauses of docs/hubei-dagun-rules.md: what a Chinese reader of a dispute's weighing or of a ruling
sheet reads beside the section (``Game.clause_words``, read by ``views.clauses``). Each msgid is the clause as
the statement words it (tests/test_chinese_output.py checks each against the statement), so an edited clause is
noticed; an English reader reads the statement itself.
"""

from __future__ import annotations

from referee.core.i18n import M, Msg

CHINESE: dict[str, Msg] = {
    "§1": M(
        "- 4 players, 2 decks with jokers: 108 cards, 27 each 「使用牌数：2副扑克牌108张四人游戏，每家27张牌」. - "
        "Seats E, S, W, N (东南西北); dealing and play go counter-clockwise, E → S → W → N "
        "「发牌出牌顺序为逆时针」. - Two decks hold 8 cards of each rank and 4 jokers (2 big, 2 small).",
        zh="TODO"),
    "§2": M(
        "Terms",
        zh="TODO"),
    "§3": M(
        "Each 5 is worth 5 points, each 10 and each K 10 points: 200 points in the two decks "
        "「每张5、10和K是分数，5代表5分10代表10分，K也代表10分两副牌共200分」. A trick's points go to the player "
        "who wins the right to lead freely 「最后得到任意出牌权的玩家获得这些分数」. So every number of points in "
        "a record is a multiple of 5 from 0 to 200, and a deal's points (those each player took, plus those still "
        "in hand at the end) add up to 200.",
        zh="TODO"),
    "§4": M(
        "The deal",
        zh="TODO"),
    "§4.1": M(
        "The first deal's dealer is found by a shown card; from the second deal on, the previous deal's 一游 "
        "deals 「游戏第一局随机翻一张明牌……其后则以上局的一游玩家为庄家」. Key `dealing.first_out_deals` (true: "
        "the source; false lets any seat deal, for a table that rotates).",
        zh="TODO"),
    "§4.2": M(
        "The dealer shows a card of their hand (jokers included) and calls it; the player who holds the other "
        "copy is the dealer's partner (对家), two against two "
        "「另一家拥有与庄家叫牌相同牌的玩家即和庄家成为对家」. The partner shows it by playing the card (明鸡). A "
        "dealer holding both copies calls again 「如庄家发到两张一样叫庄的牌，则需 重新叫牌」, so the partner is "
        "never the dealer. It follows that: - a 天炸 (all four jokers in one hand) cannot go with a called joker: "
        "the called joker and its twin are in two hands; - an 8喜 of the called card's rank cannot be: the dealer "
        "and the partner each hold one of that rank; - a 7喜 of the called rank can only be the dealer's or the "
        "partner's: the other of them holds the eighth.",
        zh="TODO"),
    "§4.3": M(
        "Any player, the dealer or another, may choose to play alone against the other three, even after the call "
        "「每个玩家都有硬牌的权利在庄家叫牌的情况下，其他玩家依然可以选择硬牌」. The call then makes no "
        "partnership.",
        zh="TODO"),
    "§5": M(
        "Places and the result",
        zh="TODO"),
    "§5.1": M(
        "The first player out is 一游, then 二游, 三游; the last player with cards is 末游 "
        "「第一个出完牌的玩家为一游，其次 为二游三游最后剩下的玩家为末游」. A record gives all four seats in this "
        "order.",
        zh="TODO"),
    "§5.2": M(
        "The points 末游 took go to 一游; the points still in hand (末游's unplayed cards) go to 三游 "
        "「末游玩家所得到的分数归一游玩家所有，手中未出的分数归三游所有」. A side's points are its players' "
        "points after these transfers.",
        zh="TODO"),
    "§5.3": M(
        "The side with more points wins 「按双方最后总得分的多少来判断胜负」. At 100:100 the side of 末游 loses "
        "「若最后双方的得分均为100分则得末游的那方输」: key `scoring.tie = \"last_loses\"` (the source); "
        "`\"first_wins\"` (the side of 一游 wins) is offered for tables that play it. The two differ only when "
        "一游 and 末游 are partners. The result is a plain win, `fan.plain`.",
        zh="TODO"),
    "§5.4": M(
        "A side that takes 一游 and 二游 wins outright; the points are not counted "
        "「若一方得到一游和二游这种情况叫做绑。 此时不再计算双方得分绑的那方直接胜利」. `fan.bang`.",
        zh="TODO"),
    "§5.5": M(
        "A side that ends with all 200 points (after §5.2) 「若一方最后得到满分（200分）这种情况叫做清」. "
        "`fan.qing`. A 绑 is settled as 绑 or 光头 (its points are not counted), so 清 is a deal without 绑.",
        zh="TODO"),
    "§5.6": M(
        "绑 while the other side has no points yet 「若一方得到一游和二游而对方还没有得分的情况下，叫光头」: the "
        "other side took 0 points in tricks (before the §5.2 transfers, which are not made in a 绑). "
        "`fan.guangtou`; 光头 is settled instead of 绑, not on top of it.",
        zh="TODO"),
    "§5.7": M(
        "Only 一游 decides: the lone player wins when 一游, and loses when any of the three is 一游; points do "
        "not count 「该局只以最先的名次决定胜负而不再以得分作为标准」. `fan.alone_win`, `fan.alone_loss`. 绑, 清 "
        "and 光头 are results of 找朋友 only (a side of one cannot take 一游 and 二游, and the points do not "
        "count).",
        zh="TODO"),
    "§6": M(
        "A player dealt one of these hands is rewarded whatever the result and whether or not they play it as a "
        "bomb, paid by each of the other three 「不管是否作为天炸出牌，都将取得3番的奖励由其余三方出，不管输赢」: "
        "These numbers are the source's. The referee counts the rewards from the hands the players declare (shown "
        "at the end of the deal). Two decks hold 8 cards of a rank and 4 jokers, so one 天炸 a deal at most, at "
        "most one 喜 of a rank, at most 27 declared cards in a hand, and §4.2's limits with the called card.",
        zh="TODO"),
    "§7": M(
        "Coins",
        zh="TODO"),
    "§7.1": M(
        "Final coins = table base × 番 「最终金币数＝房间底金×番数」. Key `coins.stake` is the table base.",
        zh="TODO"),
    "§7.2": M(
        "**Choice** (the source says coins are base × 番 but not who pays whom in a partnership): each player of "
        "the losing side pays base × 番 and each player of the winning side receives it — two against two, the "
        "partnership result counted once per player, as a 2-against-2 table settles. The 番 of each result is "
        "open in the source; the defaults (`hubei-dagun`) are choices: The doubling for a shutout follows the "
        "documented rule of the related four-player 5-10-K partnership game (the points doubled \"if the score of "
        "the losing team is equal to zero and no one in the losing team wins the first place\", "
        "http://slackerblud.com/Gamebox/ormdjekmsv.html): 光头 is exactly that case, on top of 绑.",
        zh="TODO"),
    "§7.3": M(
        "**Choice**: one against three settles like the rewards of §6: when the lone player wins, each of the "
        "three pays them base × `fan.alone_win`; when they lose, they pay each of the three base × "
        "`fan.alone_loss` (default 2 and 2: playing alone risks three times a partnership's stake at the doubled "
        "rate).",
        zh="TODO"),
    "§7.4": M(
        "A deal's coins are its result's coins plus its rewards'; a match's totals are the sum over its deals; "
        "every deal's coins add up to 0.",
        zh="TODO"),
    "§8": M(
        "Each is an error of the record at its line, in English and Chinese: - the places are the four seats, "
        "each once (§5.1); - the points are multiples of 5 from 0 to 200 and, with the points in hand, add up to "
        "200 (§3); - a deal is 找朋友 (`call`) or 硬牌 (`alone`), once; the partner is not the dealer (§4.2); - "
        "the dealer of each deal after the first is the previous 一游 (§4.1, `dealing.first_out_deals`); - 绑, "
        "清, 光头 or a plain win as the table called it (`claim`) agrees with the places and points (§5.3–§5.6); "
        "a 硬牌 deal has no such claim (§5.7); - the declared hands fit in two decks and the called card (§6, "
        "§4.2); - a deal lacking its mode, its places or (找朋友) its points is not settled.",
        zh="TODO"),
    "§9": M(
        "Rule sets",
        zh="TODO"),
    "§9.1": M(
        "The source's numbers where it gives them (§6 rewards, §5.3 tie, §4.1 dealer, §7.1 base × 番), the "
        "choices of §7.2–§7.3 for the rest, every key spelled out.",
        zh="TODO"),
    "§9.2": M(
        "A house variant (`base = \"hubei-dagun\"`): 清 ×4, 光头 ×8, 硬牌 ×4 won or lost; everything else as the "
        "source. **Choice**: the project's example of the common house practice of doubling the big results, not "
        "a sourced ruleset; a club writes its own file the same way (`base = \"hubei-dagun\"` and the keys it "
        "changes).",
        zh="TODO"),
    "§10": M(
        "- Whether 清 and 光头 could both apply: 光头 needs 绑, whose points are not counted, so a deal is one of "
        "plain, 绑, 清, 光头 (§5.4–§5.6). - How 光头's \"no points\" is measured: the trick points before §5.2's "
        "transfers (a 绑 makes no transfers). - The 番 of every result and who pays whom (§7.2, §7.3) are "
        "choices, as said.",
        zh="TODO"),
    "§11": M(
        "Time",
        zh="TODO"),
    "§12": M(
        "Conduct and rulings",
        zh="TODO"),
    "§12.1": M(
        "A referee records a conduct warning against a seat (`warn SEAT TEXT`, 警告) and a ruling in favour of a "
        "side, which at Hubei 打滚 is a seat (`ruling winner=SEAT TEXT`, 裁定), with its reason. Neither belongs "
        "to a deal. The game's sources set no number of warnings that forfeits and no outcome a ruling decides, "
        "so both are kept in the record and shown with the match (`referee status`, `replay`) and change no "
        "score; a club's sanction is the referee's, as at Dalian Gunzi (docs/gunzi-rules.md §8.2). (source: none; "
        "the tool's choice, shared with Gunzi's record, docs/record-format.md)",
        zh="TODO"),
}
