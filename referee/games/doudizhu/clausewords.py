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
        zh="TODO"),
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
        zh="TODO"),
    "§3": M(
        "Bidding",
        zh="TODO"),
    "§3.1": M(
        "The player the deal starts with bids first, then the others in turn; each player bids **once**: 1, 2 or "
        "3 (`bidding.max_bid`) or pass; a bid must be **higher** than every bid before it; a bid of 3 ends the "
        "bidding at once. The highest bidder is the landlord and the bid is the **base**. (source: 000 "
        "“叫牌可以\"1分\"、\"2分\"、\"3分\"或不叫叫完后叫的最大的为地主”, “每人只能叫一次”; S1 for "
        "“后叫牌者只能叫比前面玩家高的分” and “叫 3 分则立即结束叫牌”)",
        zh="TODO"),
    "§3.2": M(
        "The house variant 叫地主/抢地主: in turn, each player once calls (叫地主) or passes; after a call, each "
        "later player robs (抢地主) or passes; once all three have spoken and someone robbed, the turn comes back "
        "to the caller, who may answer once more (rob back or pass). The last to call or rob is the landlord. The "
        "base is `bidding.call_points` (1), and **each rob** multiplies by `bidding.rob_multiplier` (2). (source: "
        "the issue's “each rob doubles”; the caller's answer is the common online form; both numbers are the "
        "project's choice, as keys)",
        zh="TODO"),
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
        zh="TODO"),
    "§5": M(
        "The multiplier starts at 1. (source: S1 “倍数：初始为 1”)",
        zh="TODO"),
    "§5.1": M(
        "Each bomb **played** multiplies by `multipliers.bomb` (2) and the rocket played by `multipliers.rocket` "
        "(2); bombs kept in hand do not count. (source: S1 "
        "“每出一个炸弹或火箭翻一倍（火箭和炸弹留在手上没出的不算）”) A `play` line of exactly four cards of one "
        "rank or of both jokers counts as a bomb or the rocket.",
        zh="TODO"),
    "§5.2": M(
        "**Spring** (春天): the landlord goes out before either farmer has played a card; × `multipliers.spring` "
        "(2). **Anti-spring** (反春): a farmer goes out after the landlord played only the first lead; × "
        "`multipliers.antispring` (2). (source: S1 “地主所有牌出完，其他两家一张都未出：分数 × 2”, "
        "“其他两家中有一家先出完牌， 地主只出过一手牌：分数 × 2”; S2 for the wording) The record says `spring` or "
        "`antispring`; the engine refuses a claim the record contradicts: spring with a farmer out first or a "
        "farmer's play entered; anti-spring with the landlord out first or a second landlord's play entered; both "
        "at once.",
        zh="TODO"),
    "§5.3": M(
        "The landlord who plays with the hand shown multiplies by `multipliers.shown` (2); only the landlord "
        "shows, once. (source: the issue's house variant “明牌 ×2”; the number is the project's choice, as a key)",
        zh="TODO"),
    "§5.4": M(
        "`multipliers.cap` (0 = none) is the greatest multiplier: a larger one counts as the cap. Capped sets "
        "exist online (a 24× cap is common on platforms); the `doudizhu-capped` set's 8 is the project's choice.",
        zh="TODO"),
    "§6": M(
        "Let `unit = base × multiplier`. If the landlord goes out first, each farmer pays `payment.farmer_factor "
        "× unit` (1 ×) and the landlord receives `payment.landlord_factor × unit` (2 ×); if a farmer goes out "
        "first, the landlord pays 2 × unit and each farmer receives 1 × unit. The deal sums to zero: "
        "`landlord_factor` must be twice `farmer_factor`. (source: S1 “地主胜：地主得分为 2 × 底分 × 倍数。 "
        "其余玩家各得：−底分 × 倍数”, S2) Worked example (the example record's deal 1): 李四 bids 3, one bomb: "
        "unit = 3 × 2 = 6; 李四 goes out: +12, 张三 and 王五 −6 each.",
        zh="TODO"),
    "§7": M(
        "A match is a sequence of deals with a running total per player; `match.deals` (0 = as many as recorded) "
        "fixes its length. A tournament reads each player's total, deals won and lost, and place by total (ties "
        "share the better place). (source: none; the project's choice)",
        zh="TODO"),
    "§8": M(
        "Time",
        zh="TODO"),
    "§9": M(
        "Conduct and rulings",
        zh="TODO"),
    "§9.1": M(
        "A referee records a conduct warning against a seat (`warn SEAT TEXT`, 警告) and a ruling in favour of a "
        "side, which at Dou Dizhu is a seat (`ruling winner=SEAT TEXT`, 裁定), with its reason. Neither belongs "
        "to a deal. The game's sources set no number of warnings that forfeits and no outcome a ruling decides, "
        "so both are kept in the record and shown with the match (`referee status`, `replay`) and change no "
        "score; a club's sanction is the referee's, as at Dalian Gunzi (docs/gunzi-rules.md §8.2). (source: none; "
        "the tool's choice, shared with Gunzi's record, docs/record-format.md)",
        zh="TODO"),
}
