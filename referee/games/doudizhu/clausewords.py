"""The Chinese of the clauses of docs/doudizhu-rules.md: what a Chinese reader of a dispute's weighing or of a ruling
sheet reads beside the section (``Game.clause_words``, read by ``views.clauses``). Each msgid is the clause as
the statement words it (tests/test_chinese_output.py checks each against the statement), so an edited clause is
noticed; an English reader reads the statement itself.
"""

from __future__ import annotations

from referee.core.i18n import M, Msg

CHINESE: dict[str, Msg] = {
    "§1": M(
        "Three players, numbered 1, 2, 3 in playing order (seed 000: “按逆时针顺序依次出牌”: the record's seat 2 "
        "plays after seat 1, seat 3 after seat 2). (source: 000 “该游戏由三人玩一副牌”)",
        zh="三名玩家，按出牌顺序编为 1、2、3 号（原始资料 000：“按逆时针顺序依次出牌”："
           "记录中 2 号座位在 1 号之后出牌，3 号在 2 号之后）。（来源：000 “该游戏由三人玩一副牌”）"),
    "§2": M(
        "One deck of 54 cards: 3 4 5 6 7 8 9 10 J Q K A 2 in four suits, the small joker (小王) and the big joker "
        "(大王); rank order 3 < … < A < 2 < small joker < big joker; suits do not matter. Each player is dealt "
        "17, and three are left as the kitty (exactly 3), which goes to the landlord (20 cards) and is shown to "
        "all (`kitty.shown = true`: the record must then say the kitty). (source: 000 "
        "“一副牌，留三张底牌其他发给三家”, “三张底牌所有人都能看到”) A card is in one place only: a suited card "
        "is played once; no rank is played more often than the deck holds it (4, one of each joker), the kitty's "
        "cards counting as the landlord's; a farmer cannot play a kitty card; nobody plays more cards than held "
        "(17, the landlord 20). (reading: the consequence of one deck) A play that breaks this is refused at its "
        "line (each card too many named), is not judged as a combination, and the deal is paid as without it: a "
        "refused bomb or rocket multiplies nothing (§5.1), as a play recorded after the first player out is "
        "refused and paid as not played (§4: that player ended the deal). (reading: a card the deck cannot hold "
        "was never played)",
        zh="一副牌共 54 张：3 4 5 6 7 8 9 10 J Q K A 2 各四种花色，另有小王和大王；"
           "大小顺序为 3 < … < A < 2 < 小王 < 大王；花色不分大小。每人发 17 张，留三张作底牌（恰好 3 张），"
           "底牌归地主（共 20 张），并亮给所有人看（`kitty.shown = true`：此时记录必须写明底牌）。（来源："
           "000 “一副牌，留三张底牌其他发给三家”、“三张底牌所有人都能看到”）每张牌只能在一处："
           "一张带花色的牌只能出一次；任何点数出的张数都不能多于一副牌中的张数（4 张，大小王各一张），"
           "底牌算作地主的牌；农民不能出底牌中的牌；谁出的牌都不能多于手中的张数（17 张，地主 20 张）。（解读："
           "只有一副牌的必然结果）违反这一条的出牌在其所在行被拒绝（逐一指出多出的每张牌），不作为牌型判定，"
           "该局按没有这次出牌结算：被拒绝的炸弹或火箭不翻倍（§5.1），正如第一位出完牌的玩家之后所记的出牌被拒绝、"
           "按未出结算（§4：该玩家已结束此局）。（解读：一副牌容不下的牌从未被出过）"),
    "§3": M(
        "Bidding",
        zh="叫牌"),
    "§3.1": M(
        "The player the deal starts with bids first, then the others in turn; each player bids **once**: 1, 2 or "
        "3 (`bidding.max_bid`) or pass; a bid must be **higher** than every bid before it; a bid of 3 ends the "
        "bidding at once. The highest bidder is the landlord and the bid is the **base**. (source: 000 "
        "“叫牌可以\"1分\"、\"2分\"、\"3分\"或不叫叫完后叫的最大的为地主”, “每人只能叫一次”; S1 for "
        "“后叫牌者只能叫比前面玩家高的分” and “叫 3 分则立即结束叫牌”)",
        zh="本局起始的玩家先叫，其余玩家依次叫；每人只叫**一次**：1、2 或 3 分（`bidding.max_bid`）或不叫；"
           "叫分必须**高于**之前所有的叫分；叫 3 分则立即结束叫牌。叫分最高者为地主，其叫分即为**底分**。（来源："
           "000 “叫牌可以\"1分\"、\"2分\"、\"3分\"或不叫叫完后叫的最大的为地主”、“每人只能叫一次”；"
           "《淘宝斗地主怎么计分》：“后叫牌者只能叫比前面玩家高的分”、“叫 3 分则立即结束叫牌”）"),
    "§3.2": M(
        "The house variant 叫地主/抢地主: in turn, each player once calls (叫地主) or passes; after a call, each "
        "later player robs (抢地主) or passes; once all three have spoken and someone robbed, the turn comes back "
        "to the caller, who may answer once more (rob back or pass). The last to call or rob is the landlord. The "
        "base is `bidding.call_points` (1), and **each rob** multiplies by `bidding.rob_multiplier` (2). (source: "
        "the issue's “each rob doubles”; the caller's answer is the common online form; both numbers are the "
        "project's choice, as keys)",
        zh="本地玩法叫地主/抢地主：玩家依次各有一次机会叫地主或不叫；有人叫地主后，其后的每位玩家可以抢地主或不抢；"
           "三人都表过态且有人抢过之后，轮回到叫地主的玩家，他可以再应一次（抢回或不抢）。最后叫或抢的玩家为地主。"
           "底分为 `bidding.call_points`（1），**每抢一次**乘以 `bidding.rob_multiplier`（2）。（来源："
           "本项目议题的“每抢一次翻倍”；叫地主者的再应是网上常见的玩法；两个数都是本项目的选择，作为规则键）"),
    "§4": M(
        "The landlord leads; each player in turn passes or beats the last play with the same combination of the "
        "same number of cards: single (单), pair (对), three (三张), three with one (三带一), three with a pair "
        "(三带二), straight of 5 or more (单顺), 3 or more consecutive pairs (双顺), 2 or more consecutive threes "
        "(三顺/飞机), a plane with as many singles or pairs (飞机带翅膀), four with two singles or two pairs "
        "(四带二). 2 and the jokers are not in sequences. A **bomb** (four of a rank) beats everything but a "
        "higher bomb and the rocket; the **rocket** (both jokers) beats everything. The first player out of cards "
        "ends the deal and wins it for their side: the landlord alone, or both farmers. (source: 000 items 1–12 "
        "and “直至某一方牌出完就结束此局”) The record need not enter every play (`play` is optional); the engine "
        "checks what is entered (§2, §5.2): each `play` must be one of the combinations above "
        "(`referee.games.doudizhu.combos`; a plane's wings may be any single cards, a pair among them, and "
        "four-with-two's two cards may be a pair), else it is refused at its line. Whether a play beats the one "
        "before it is not checked: that needs the passes, which a record does not enter. Four-with-two is not a "
        "bomb: only exactly four cards of one rank are.",
        zh="地主先出牌；之后每位玩家依次不出，或用张数相同的同一牌型压过上一手牌：单、对、三张、三带一、三带二、"
           "五张或以上的单顺、三对或以上连续的对牌（双顺）、两个或以上连续的三张（三顺/飞机）、"
           "带同样数量单牌或对牌的飞机（飞机带翅膀）、四张带两张单牌或两对（四带二）。2 和大小王不能连成顺。"
           "**炸弹**（四张同点的牌）除更大的炸弹和火箭外什么牌都能压；**火箭**（大小王）什么牌都能压。"
           "第一位出完牌的玩家结束此局，并为其一方赢得此局：地主一人，或两位农民。（来源："
           "000 第 1–12 条和“直至某一方牌出完就结束此局”）记录不必写入每一手出牌（`play` 可选）；"
           "引擎检查写入的出牌（§2、§5.2）：每个 `play` 都必须是上述牌型之一（`referee/games/doudizhu/combos.py`；"
           "飞机的翅膀可以是任意单牌，其中可含一对，四带二所带的两张可以是一对），否则在其所在行被拒绝。"
           "不检查一手牌是否压过前一手：那需要知道谁不出，而记录并不写入不出。四带二不是炸弹："
           "只有恰好四张同点的牌才是。"),
    "§5": M(
        "The multiplier starts at 1. (source: S1 “倍数：初始为 1”)",
        zh="倍数初始为 1。（来源：《淘宝斗地主怎么计分》“倍数：初始为 1”）"),
    "§5.1": M(
        "Each bomb **played** multiplies by `multipliers.bomb` (2) and the rocket played by `multipliers.rocket` "
        "(2); bombs kept in hand do not count. (source: S1 "
        "“每出一个炸弹或火箭翻一倍（火箭和炸弹留在手上没出的不算）”) A `play` line of exactly four cards of one "
        "rank or of both jokers counts as a bomb or the rocket.",
        zh="每**打出**一个炸弹乘以 `multipliers.bomb`（2），打出火箭乘以 `multipliers.rocket`（2）；"
           "留在手上的炸弹不算。（来源：《淘宝斗地主怎么计分》“每出一个炸弹或火箭翻一倍（火箭和炸弹留在手上没出的不算"
           "）”）恰好四张同点的牌或大小王的 `play` 行算作炸弹或火箭。"),
    "§5.2": M(
        "**Spring** (春天): the landlord goes out before either farmer has played a card; × `multipliers.spring` "
        "(2). **Anti-spring** (反春): a farmer goes out after the landlord played only the first lead; × "
        "`multipliers.antispring` (2). (source: S1 “地主所有牌出完，其他两家一张都未出：分数 × 2”, "
        "“其他两家中有一家先出完牌， 地主只出过一手牌：分数 × 2”; S2 for the wording) The record says `spring` or "
        "`antispring`; the engine refuses a claim the record contradicts: spring with a farmer out first or a "
        "farmer's play entered; anti-spring with the landlord out first or a second landlord's play entered; both "
        "at once.",
        zh="**春天**：地主在任一农民出牌之前出完；× `multipliers.spring`（2）。**反春**：地主只出了首出的一手牌，"
           "农民就出完；× `multipliers.antispring`（2）。（来源：《淘宝斗地主怎么计分》“地主所有牌出完，"
           "其他两家一张都未出：分数 × 2”、“其他两家中有一家先出完牌， 地主只出过一手牌：分数 × 2”；"
           "措辞依《斗地主比赛计分》）记录写 `spring` 或 `antispring`；与记录矛盾的声称被引擎拒绝："
           "声称春天而农民先出完或记有农民的出牌；声称反春而地主先出完或记有地主的第二手出牌；两者同时声称。"),
    "§5.3": M(
        "The landlord who plays with the hand shown multiplies by `multipliers.shown` (2); only the landlord "
        "shows, once. (source: the issue's house variant “明牌 ×2”; the number is the project's choice, as a key)",
        zh="明牌打的地主乘以 `multipliers.shown`（2）；只有地主可以明牌，且只一次。（来源："
           "本项目议题中的本地玩法“明牌 ×2”；这个数是本项目的选择，作为规则键）"),
    "§5.4": M(
        "`multipliers.cap` (0 = none) is the greatest multiplier: a larger one counts as the cap. Capped sets "
        "exist online (a 24× cap is common on platforms); the `doudizhu-capped` set's 8 is the project's choice.",
        zh="`multipliers.cap`（0 = 不封顶）是倍数的上限：更大的倍数按上限计。网上有封顶的玩法（各平台常见 24 倍封顶）"
           "；`doudizhu-capped` 规则集的 8 是本项目的选择。"),
    "§6": M(
        "Let `unit = base × multiplier`. If the landlord goes out first, each farmer pays `payment.farmer_factor "
        "× unit` (1 ×) and the landlord receives `payment.landlord_factor × unit` (2 ×); if a farmer goes out "
        "first, the landlord pays 2 × unit and each farmer receives 1 × unit. The deal sums to zero: "
        "`landlord_factor` must be twice `farmer_factor`. (source: S1 “地主胜：地主得分为 2 × 底分 × 倍数。 "
        "其余玩家各得：−底分 × 倍数”, S2) Worked example (the example record's deal 1): 李四 bids 3, one bomb: "
        "unit = 3 × 2 = 6; 李四 goes out: +12, 张三 and 王五 −6 each.",
        zh="设单位分 = 底分 × 倍数。若地主先出完，每位农民付 `payment.farmer_factor` × 单位分（1 倍），"
           "地主得 `payment.landlord_factor` × 单位分（2 倍）；若农民先出完，地主付 2 × 单位分，"
           "每位农民得 1 × 单位分。一局的得分总和为零：`landlord_factor` 必须是 `farmer_factor` 的两倍。（来源："
           "《淘宝斗地主怎么计分》“地主胜：地主得分为 2 × 底分 × 倍数。 其余玩家各得：−底分 × 倍数”；"
           "《斗地主比赛计分》）算例（示例记录的第 1 局）：李四叫 3 分，打出一个炸弹：单位分 = 3 × 2 = 6；李四出完："
           "+12，张三和王五各 −6。"),
    "§7": M(
        "A match is a sequence of deals with a running total per player; `match.deals` (0 = as many as recorded) "
        "fixes its length. A tournament reads each player's total, deals won and lost, and place by total (ties "
        "share the better place). (source: none; the project's choice)",
        zh="一场比赛由若干局组成，每位玩家累计总分；`match.deals`（0 = 记录多少局就算多少局）规定比赛的局数。"
           "赛事读取每位玩家的总分、胜局数和负局数，并按总分排定名次（同分者共享较高的名次）。（来源：无；"
           "本项目的选择）"),
    "§8": M(
        "Time",
        zh="时间"),
    "§9": M(
        "Conduct and rulings",
        zh="行为与裁定"),
    "§9.1": M(
        "A referee records a conduct warning against a seat (`warn SEAT TEXT`, 警告) and a ruling in favour of a "
        "side, which at Dou Dizhu is a seat (`ruling winner=SEAT TEXT`, 裁定), with its reason. Neither belongs "
        "to a deal. The game's sources set no number of warnings that forfeits and no outcome a ruling decides, "
        "so both are kept in the record and shown with the match (`referee status`, `replay`) and change no "
        "score; a club's sanction is the referee's, as at Dalian Gunzi (docs/gunzi-rules.md §8.2). (source: none; "
        "the tool's choice, shared with Gunzi's record, docs/record-format.md)",
        zh="裁判可以记录对某个座位的行为警告（`warn SEAT TEXT`，警告），"
           "以及有利于一方的裁定（斗地主中一方即一个座位：`ruling winner=SEAT TEXT`，裁定），并附理由。"
           "两者都不属于任何一局。本游戏的原始资料既没有规定几次警告判负，也没有规定裁定决定什么结果，"
           "因此两者都保存在记录中，随比赛显示（比赛状态和回放中），不改变任何得分；俱乐部的处罚由裁判决定，"
           "与大连打滚子相同（docs/gunzi-rules.md §8.2）。（来源：无；本工具的选择，与打滚子的记录相同，"
           "docs/record-format.md）"),
}
