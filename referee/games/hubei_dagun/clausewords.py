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
        zh="- 4 名玩家，2 副带王的扑克牌：共 108 张，每家 27 张「使用牌数：2副扑克牌108张四人游戏，每家27张牌」。"
           "- 座位 E、S、W、N（东南西北）；发牌和出牌按逆时针进行，E → S → W → N「发牌出牌顺序为逆时针」。"
           "- 两副牌每个点数各有 8 张，另有王 4 张（大王 2 张，小王 2 张）。"),
    "§2": M(
        "Terms",
        zh="术语"),
    "§3": M(
        "Each 5 is worth 5 points, each 10 and each K 10 points: 200 points in the two decks "
        "「每张5、10和K是分数，5代表5分10代表10分，K也代表10分两副牌共200分」. A trick's points go to the player "
        "who wins the right to lead freely 「最后得到任意出牌权的玩家获得这些分数」. So every number of points in "
        "a record is a multiple of 5 from 0 to 200, and a deal's points (those each player took, plus those still "
        "in hand at the end) add up to 200.",
        zh="每张 5 记 5 分，每张 10 和每张 K 各记 10 分：两副牌共 200 分「每张5、10和K是分数，5代表5分10代表10分，"
           "K也代表10分两副牌共200分」。一轮中的分数归赢得任意出牌权的玩家「最后得到任意出牌权的玩家获得这些分数」。"
           "因此记录中的每个分数都是 0 到 200 之间 5 的倍数，一局的分数（各家抓到的分数，加上结束时仍在手中的分数）"
           "合计为 200。"),
    "§4": M(
        "The deal",
        zh="一局"),
    "§4.1": M(
        "The first deal's dealer is found by a shown card; from the second deal on, the previous deal's 一游 "
        "deals 「游戏第一局随机翻一张明牌……其后则以上局的一游玩家为庄家」. Key `dealing.first_out_deals` (true: "
        "the source; false lets any seat deal, for a table that rotates).",
        zh="第一局的庄家由翻开的一张明牌决定；从第二局起，由上一局的一游坐庄"
           "「游戏第一局随机翻一张明牌……其后则以上局的一游玩家为庄家」。"
           "键 `dealing.first_out_deals`（true：来源的规定；false 允许任何座位坐庄，供轮流坐庄的牌桌使用）。"),
    "§4.2": M(
        "The dealer shows a card of their hand (jokers included) and calls it; the player who holds the other "
        "copy is the dealer's partner (对家), two against two "
        "「另一家拥有与庄家叫牌相同牌的玩家即和庄家成为对家」. The partner shows it by playing the card (明鸡). A "
        "dealer holding both copies calls again 「如庄家发到两张一样叫庄的牌，则需 重新叫牌」, so the partner is "
        "never the dealer. It follows that: - a 天炸 (all four jokers in one hand) cannot go with a called joker: "
        "the called joker and its twin are in two hands; - an 8喜 of the called card's rank cannot be: the dealer "
        "and the partner each hold one of that rank; - a 7喜 of the called rank can only be the dealer's or the "
        "partner's: the other of them holds the eighth.",
        zh="庄家亮出手中的一张牌（包括大小王）并叫牌；持有另一张相同牌的玩家就是庄家的对家，二对二"
           "「另一家拥有与庄家叫牌相同牌的玩家即和庄家成为对家」。对家打出这张牌来表明身份（明鸡）。"
           "庄家若两张都有则重新叫牌「如庄家发到两张一样叫庄的牌，则需 重新叫牌」，所以对家不会是庄家。"
           "由此可知：- 叫的是王时不可能有天炸（四张王都在一家手里）：叫的王和与它相同的另一张在两家手里；"
           "- 不可能有叫牌点数的 8喜：庄家和对家各有一张该点数的牌；- 叫牌点数的 7喜只能是庄家或对家的："
           "两人中的另一人持有第八张。"),
    "§4.3": M(
        "Any player, the dealer or another, may choose to play alone against the other three, even after the call "
        "「每个玩家都有硬牌的权利在庄家叫牌的情况下，其他玩家依然可以选择硬牌」. The call then makes no "
        "partnership.",
        zh="任何玩家，无论是庄家还是其他人，都可以选择独自对抗其余三家，即使庄家已经叫牌"
           "「每个玩家都有硬牌的权利在庄家叫牌的情况下，其他玩家依然可以选择硬牌」。此时叫牌不结成对家。"),
    "§5": M(
        "Places and the result",
        zh="名次与胜负"),
    "§5.1": M(
        "The first player out is 一游, then 二游, 三游; the last player with cards is 末游 "
        "「第一个出完牌的玩家为一游，其次 为二游三游最后剩下的玩家为末游」. A record gives all four seats in this "
        "order.",
        zh="第一个出完牌的玩家是一游，其后是二游、三游；最后手中还有牌的玩家是末游「第一个出完牌的玩家为一游，"
           "其次 为二游三游最后剩下的玩家为末游」。记录按此顺序写出全部四个座位。"),
    "§5.2": M(
        "The points 末游 took go to 一游; the points still in hand (末游's unplayed cards) go to 三游 "
        "「末游玩家所得到的分数归一游玩家所有，手中未出的分数归三游所有」. A side's points are its players' "
        "points after these transfers.",
        zh="末游抓到的分数归一游；仍在手中的分数（末游未出的牌）归三游「末游玩家所得到的分数归一游玩家所有，"
           "手中未出的分数归三游所有」。一方的分数是该方玩家经过这些转移之后的分数。"),
    "§5.3": M(
        "The side with more points wins 「按双方最后总得分的多少来判断胜负」. At 100:100 the side of 末游 loses "
        "「若最后双方的得分均为100分则得末游的那方输」: key `scoring.tie = \"last_loses\"` (the source); "
        "`\"first_wins\"` (the side of 一游 wins) is offered for tables that play it. The two differ only when "
        "一游 and 末游 are partners. The result is a plain win, `fan.plain`.",
        zh="分数多的一方获胜「按双方最后总得分的多少来判断胜负」。100:100 时末游一方输"
           "「若最后双方的得分均为100分则得末游的那方输」：键 `scoring.tie = \"last_loses\"`（来源的规定）；"
           "另有 `\"first_wins\"`（一游一方获胜），供这样打的牌桌使用。只有一游和末游是对家时两者才不同。"
           "结果为普通胜，`fan.plain`。"),
    "§5.4": M(
        "A side that takes 一游 and 二游 wins outright; the points are not counted "
        "「若一方得到一游和二游这种情况叫做绑。 此时不再计算双方得分绑的那方直接胜利」. `fan.bang`.",
        zh="得到一游和二游的一方直接获胜，不计分数「若一方得到一游和二游这种情况叫做绑。"
           " 此时不再计算双方得分绑的那方直接胜利」。`fan.bang`。"),
    "§5.5": M(
        "A side that ends with all 200 points (after §5.2) 「若一方最后得到满分（200分）这种情况叫做清」. "
        "`fan.qing`. A 绑 is settled as 绑 or 光头 (its points are not counted), so 清 is a deal without 绑.",
        zh="最终得到全部 200 分（§5.2 之后）的一方「若一方最后得到满分（200分）这种情况叫做清」。`fan.qing`。"
           "绑按绑或光头结算（不计分数），所以清是没有绑的一局。"),
    "§5.6": M(
        "绑 while the other side has no points yet 「若一方得到一游和二游而对方还没有得分的情况下，叫光头」: the "
        "other side took 0 points in tricks (before the §5.2 transfers, which are not made in a 绑). "
        "`fan.guangtou`; 光头 is settled instead of 绑, not on top of it.",
        zh="绑且对方还没有得分「若一方得到一游和二游而对方还没有得分的情况下，叫光头」："
           "对方在各轮中抓到 0 分（在 §5.2 的转移之前；绑不做这些转移）。`fan.guangtou`；"
           "光头代替绑结算，而不是在绑之上另加。"),
    "§5.7": M(
        "Only 一游 decides: the lone player wins when 一游, and loses when any of the three is 一游; points do "
        "not count 「该局只以最先的名次决定胜负而不再以得分作为标准」. `fan.alone_win`, `fan.alone_loss`. 绑, 清 "
        "and 光头 are results of 找朋友 only (a side of one cannot take 一游 and 二游, and the points do not "
        "count).",
        zh="只看一游：硬牌玩家是一游则胜，其余三家任一人是一游则负；不计分数"
           "「该局只以最先的名次决定胜负而不再以得分作为标准」。`fan.alone_win`、`fan.alone_loss`。"
           "绑、清和光头只是找朋友的结果（一人的一方不可能得到一游和二游，而且不计分数）。"),
    "§6": M(
        "A player dealt one of these hands is rewarded whatever the result and whether or not they play it as a "
        "bomb, paid by each of the other three 「不管是否作为天炸出牌，都将取得3番的奖励由其余三方出，不管输赢」: "
        "These numbers are the source's. The referee counts the rewards from the hands the players declare (shown "
        "at the end of the deal). Two decks hold 8 cards of a rank and 4 jokers, so one 天炸 a deal at most, at "
        "most one 喜 of a rank, at most 27 declared cards in a hand, and §4.2's limits with the called card.",
        zh="拿到下列牌之一的玩家，不管输赢、不管是否作为炸弹打出，都获得奖励，由其余三家各自支付"
           "「不管是否作为天炸出牌，都将取得3番的奖励由其余三方出，不管输赢」：这些数字是来源给出的。"
           "裁判根据玩家报的牌（在一局结束时亮出）计算奖励。两副牌每个点数有 8 张、王有 4 张，所以一局最多一个天炸，"
           "同一点数最多一个喜，一家报的牌最多 27 张，并有 §4.2 中与叫牌有关的限制。"),
    "§7": M(
        "Coins",
        zh="金币"),
    "§7.1": M(
        "Final coins = table base × 番 「最终金币数＝房间底金×番数」. Key `coins.stake` is the table base.",
        zh="最终金币 = 底金 × 番「最终金币数＝房间底金×番数」。键 `coins.stake` 就是房间底金。"),
    "§7.2": M(
        "**Choice** (the source says coins are base × 番 but not who pays whom in a partnership): each player of "
        "the losing side pays base × 番 and each player of the winning side receives it — two against two, the "
        "partnership result counted once per player, as a 2-against-2 table settles. The 番 of each result is "
        "open in the source; the defaults (`hubei-dagun`) are choices: The doubling for a shutout follows the "
        "documented rule of the related four-player 5-10-K partnership game (the points doubled \"if the score of "
        "the losing team is equal to zero and no one in the losing team wins the first place\", "
        "http://slackerblud.com/Gamebox/ormdjekmsv.html): 光头 is exactly that case, on top of 绑.",
        zh="**选择**（来源说金币是底金 × 番，但没有说找朋友时谁付给谁）：输方每位玩家各付底金 × 番，"
           "赢方每位玩家各收底金 × 番——二对二，找朋友的结果每位玩家各计一次，与 2 对 2 的牌桌结算方式相同。"
           "各结果的番数来源没有规定；默认值（`hubei-dagun`）是选择："
           "输方零分时的加倍依照相近的四人二对二五十K游戏有文字记载的规则"
           "（“输方得分为零且输方无人得第一名”时分数加倍，http://slackerblud.com/Gamebox/ormdjekmsv.html）："
           "光头正是这种情况，在绑之上加倍。"),
    "§7.3": M(
        "**Choice**: one against three settles like the rewards of §6: when the lone player wins, each of the "
        "three pays them base × `fan.alone_win`; when they lose, they pay each of the three base × "
        "`fan.alone_loss` (default 2 and 2: playing alone risks three times a partnership's stake at the doubled "
        "rate).",
        zh="**选择**：一打三的结算与 §6 的奖励相同：硬牌玩家胜时，三家各付给他底金 × `fan.alone_win`；"
           "负时，他付给三家每家底金 × `fan.alone_loss`（默认 2 和 2：硬牌一人对三家，输赢是找朋友的三倍，"
           "且按加倍的番数）。"),
    "§7.4": M(
        "A deal's coins are its result's coins plus its rewards'; a match's totals are the sum over its deals; "
        "every deal's coins add up to 0.",
        zh="一局的金币是其结果的金币加上其奖励的金币；一场比赛的总计是各局之和；每一局的金币合计为 0。"),
    "§8": M(
        "Each is an error of the record at its line, in English and Chinese: - the places are the four seats, "
        "each once (§5.1); - the points are multiples of 5 from 0 to 200 and, with the points in hand, add up to "
        "200 (§3); - a deal is 找朋友 (`call`) or 硬牌 (`alone`), once; the partner is not the dealer (§4.2); - "
        "the dealer of each deal after the first is the previous 一游 (§4.1, `dealing.first_out_deals`); - 绑, "
        "清, 光头 or a plain win as the table called it (`claim`) agrees with the places and points (§5.3–§5.6); "
        "a 硬牌 deal has no such claim (§5.7); - the declared hands fit in two decks and the called card (§6, "
        "§4.2); - a deal lacking its mode, its places or (找朋友) its points is not settled.",
        zh="以下每项都是记录的错误，在其所在行报出，附英文和中文：- 名次是四个座位，各出现一次（§5.1）；"
           "- 分数是 0 到 200 之间 5 的倍数，连同手中的分数合计为 200（§3）；"
           "- 一局是找朋友（`call`）或硬牌（`alone`），只写一次；对家不是庄家（§4.2）；"
           "- 第一局之后每局的庄家是上一局的一游（§4.1，`dealing.first_out_deals`）；"
           "- 桌上报的绑、清、光头或普通胜（`claim`）与名次和分数相符（§5.3–§5.6）；硬牌的一局没有这种报结果（§5.7）；"
           "- 报的牌与两副牌及叫的牌相容（§6、§4.2）；- 缺少玩法、名次或（找朋友时）分数的一局不结算。"),
    "§9": M(
        "Rule sets",
        zh="规则集"),
    "§9.1": M(
        "The source's numbers where it gives them (§6 rewards, §5.3 tie, §4.1 dealer, §7.1 base × 番), the "
        "choices of §7.2–§7.3 for the rest, every key spelled out.",
        zh="来源给出数字的地方用来源的数字（§6 的奖励、§5.3 的平局、§4.1 的庄家、§7.1 的底金 × 番），"
           "其余用 §7.2–§7.3 的选择，每个键都写明。"),
    "§9.2": M(
        "A house variant (`base = \"hubei-dagun\"`): 清 ×4, 光头 ×8, 硬牌 ×4 won or lost; everything else as the "
        "source. **Choice**: the project's example of the common house practice of doubling the big results, not "
        "a sourced ruleset; a club writes its own file the same way (`base = \"hubei-dagun\"` and the keys it "
        "changes).",
        zh="一种家规变体（`base = \"hubei-dagun\"`）：清 ×4，光头 ×8，硬牌胜负均 ×4；其余与来源相同。"
           "**选择**：这是本项目为常见的家规做法（把大的结果加倍）举的例子，不是有来源的规则集；"
           "俱乐部也用同样的方式写自己的规则文件（`base = \"hubei-dagun\"` 加上要改的键）。"),
    "§10": M(
        "- Whether 清 and 光头 could both apply: 光头 needs 绑, whose points are not counted, so a deal is one of "
        "plain, 绑, 清, 光头 (§5.4–§5.6). - How 光头's \"no points\" is measured: the trick points before §5.2's "
        "transfers (a 绑 makes no transfers). - The 番 of every result and who pays whom (§7.2, §7.3) are "
        "choices, as said.",
        zh="- 清和光头能否同时成立：光头须有绑，而绑不计分数，所以一局只能是普通胜、绑、清、光头之一（§5.4–§5.6）。"
           "- 光头的“没有得分”如何衡量：按 §5.2 转移之前各轮抓到的分数（绑不做转移）。"
           "- 各结果的番数以及谁付给谁（§7.2、§7.3）都是选择，如前所述。"),
    "§11": M(
        "Time",
        zh="时间"),
    "§12": M(
        "Conduct and rulings",
        zh="行为与裁定"),
    "§12.1": M(
        "A referee records a conduct warning against a seat (`warn SEAT TEXT`, 警告) and a ruling in favour of a "
        "side, which at Hubei 打滚 is a seat (`ruling winner=SEAT TEXT`, 裁定), with its reason. Neither belongs "
        "to a deal. The game's sources set no number of warnings that forfeits and no outcome a ruling decides, "
        "so both are kept in the record and shown with the match (`referee status`, `replay`) and change no "
        "score; a club's sanction is the referee's, as at Dalian Gunzi (docs/gunzi-rules.md §8.2). (source: none; "
        "the tool's choice, shared with Gunzi's record, docs/record-format.md)",
        zh="裁判可以记录对某个座位的行为警告（`warn SEAT TEXT`，警告），"
           "以及有利于一方的裁定（在湖北打滚中一方就是一个座位，`ruling winner=SEAT TEXT`，裁定），并记下理由。"
           "两者都不属于任何一局。本游戏的来源没有规定警告几次判负，也没有规定裁定决定什么结果，"
           "所以两者都保存在记录中，随比赛显示（`referee status`、`replay`），不改变任何分数；"
           "俱乐部的处罚由裁判决定，与大连打滚子相同（docs/gunzi-rules.md §8.2）。（来源：无；"
           "本工具的选择，与大连打滚子的记录共用，docs/record-format.md）"),
}
