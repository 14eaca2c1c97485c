"""The Chinese of the clauses of docs/jinhua-mahjong-rules.md: what a Chinese reader of a dispute's weighing or of a
ruling sheet reads beside the section (``Game.clause_words``, read by ``views.clauses``). Each msgid is the clause as
the statement words it (tests/test_chinese_output.py checks each against the statement), so an edited clause is
noticed; an English reader reads the statement itself.
"""

from __future__ import annotations

from referee.core.i18n import M, Msg

CHINESE: dict[str, Msg] = {
    "§1": M(
        "Seats are E S W N (东 南 西 北); play goes E → S → W → N (逆时针, seed 003 \"现在可以开始游戏了…\"). The "
        "player after a seat is its 下家, the one before it its 上家.",
        zh="TODO"),
    "§2": M(
        "Tiles",
        zh="TODO"),
    "§2.1": M(
        "136 tiles: 一万..九万, 一筒..九筒, 一条..九条 (four of each), the winds 东南西北 and the dragons 中 发 "
        "白 (four of each) (seed 003, the wall: \"如果没有花牌是136张\"). Flowers are not used.",
        zh="TODO"),
    "§2.2": M(
        "The dice choose the 财神 kind; its three remaining tiles are wild (seed 003 二A: "
        "\"财神有三个，可以代替任何牌\"). A hand holds at most three 财神. **白板 stands for the 财神 tile**: "
        "with 三万 as 财神, 白板 is an ordinary 三万 (seed 003 二A: \"白板可以代替财神 …<二万-白板-四万>\"). When "
        "白板 is itself the 财神, the 白板 are the wild tiles and nothing stands for them. The record names the "
        "財神 with `caishen TILE`.",
        zh="TODO"),
    "§3": M(
        "Claims",
        zh="TODO"),
    "§3.1": M(
        "A player may 吃 only from their 上家; 碰 and 杠 from anyone (seed 003 一, 二B, 二D). The record writes "
        "each claim as `chi|pong|kong CLAIMER FEEDER`; a 吃 from any other seat is an error. Claims are recorded "
        "for 承包 (§7) and for 全求人 / 碰碰胡, which need them.",
        zh="TODO"),
    "§4": M(
        "A winning hand is 14 tiles (a kong counts as three of its tiles). 财神 are wild unless a pattern says "
        "otherwise (seed 003 二A).",
        zh="TODO"),
    "§4.1": M(
        "将牌 + any four of 顺子 (a run of three in one suit), 刻子 (a triplet) or 杠子 (seed 003 三1 a-d, (1)).",
        zh="TODO"),
    "§4.2": M(
        "Seven pairs (seed 003 三(4)); four tiles of a kind count as two pairs (the seed is silent; we follow the "
        "common reading stated in the Matjok rulebook, https://matjok.com/en/docs/special-hands/7-pairs). A 财神 "
        "pairs any single tile.",
        zh="TODO"),
    "§4.3": M(
        "Fourteen different tiles: winds and dragons, and suited tiles at least three apart within a suit "
        "(\"至少相隔 两张\", seed 003 三(5)). See §6.7 and §6.8.",
        zh="TODO"),
    "§4.4": M(
        "Fourteen winds and dragons, no shape needed (seed 003 三(8): \"全部是风牌不需要成基本和牌牌型\"), §6.10. "
        "Since no shape is needed, the honours may include a declared kong (four 东 count as three of the "
        "fourteen, as in §4), and the replacement tile drawn after that kong may complete the hand: 乱风 won that "
        "way is also 杠上开花 (seed 003 三(6): \"此时你杠牌杠出的牌你正好可以和\"), ×8 × ×2 = ×16 (§5.3, §8.1).",
        zh="TODO"),
    "§5": M(
        "The stake is X (`scoring.base`, seed 003 三: \"底注分为X\"). A deal's factor F is the product of its "
        "patterns' factors (§5.3), capped by §5.4.",
        zh="TODO"),
    "§5.1": M(
        "The discarder pays 2·X·F (`scoring.discarder_pays` = 2), each of the other two X·F (`scoring.others_pay` "
        "= 1) (seed 003 三: \"放铳时，放铳的人付2X，其它两家付X\").",
        zh="TODO"),
    "§5.2": M(
        "Each of the three pays 2·X·F (`scoring.self_draw_pays` = 2) (seed 003 三: \"自摸时三家付2X\").",
        zh="TODO"),
    "§5.3": M(
        "\"倍数应该是这样计算2*2*2\" (seed 003 三): the factors of all claimed patterns multiply; a hand with no "
        "pattern is 平胡, factor 1. Example (the seed's own): 海底捞月 ×2 with 七对子 ×2 is ×4; with 清七对 ×4 it "
        "is ×8.",
        zh="TODO"),
    "§5.4": M(
        "`scoring.cap` = 0 in the seed's set (no cap; the seed names none). The house variant `jinhua-capped` "
        "pays a deal at most at factor 8 (`scoring.cap = 8`): a limit as many tables use (e.g. the limit hands of "
        "https://4windsmj.com/kb/help/4winsc14.htm); the number 8 is the project's choice (§10).",
        zh="TODO"),
    "§6": M(
        "Each pattern's factor is `factors.<code>`; the record names a pattern by its code or its Chinese name. "
        "Conditions checked (an error of the record otherwise): 杠上开花, 杠爆, 天胡 and 海底捞月 are self-drawn "
        "(§6.16-§6.18, §6.14); 天胡 is the dealer's; 地胡 is won on the dealer's discard. Where the referee "
        "enters the 14 tiles (`tiles …`, the tile won last), the tiles must make every claimed pattern that tiles "
        "can show: the shape (§4), 碰碰胡 (all triplets), 清七对 / 七对子 / 七对子爆头, 十三不靠 / 七风, 乱风, "
        "清一色 (one suit, no honour; with or without 财神 as claimed), 混一色 (one suit and honours), 财神头, "
        "三财一刻, 爆头 / 杠爆 (the last tile and a 财神 as the pair), 全求人 (the last tile is no 财神). The "
        "claims and the last draw (碰碰胡's three claims, 杠上开花, 海底捞月, 天胡) cannot be seen in tiles and "
        "are the referee's.",
        zh="TODO"),
    "§7": M(
        "承包 (liability)",
        zh="TODO"),
    "§7.1": M(
        "When one player has claimed (吃, 碰 or 杠) three times (`chengbao.feeds` = 3) from the same player in a "
        "deal, liability begins (seed 003 二: "
        "\"玩家可以连续三次或三次以上吃、碰、杠同一玩家的牌，满三次后则开始承包对方的牌\"). A `liable SEAT` line "
        "in the record is checked: it is an error unless the claims recorded make that seat liable.",
        zh="TODO"),
    "§7.2": M(
        "The feeder pays for the other two (`chengbao.feeder_pays_all`) (seed 003 四: "
        "\"吃碰者胡牌，由被吃碰者一家承包\").",
        zh="TODO"),
    "§7.3": M(
        "The claimer pays for the other two, doubled (`chengbao.claimer_pays_all`, `chengbao.claimer_factor` = 2) "
        "(seed 003 四: \"被吃碰者胡牌，吃碰者承包并且加倍\").",
        zh="TODO"),
    "§7.4": M(
        "Each loser's share is first worked out as in §5.1/§5.2. A liable player pays their own share and takes "
        "over the share of each player who is not liable; with more than one liable player "
        "(\"如果多者发生这种情况都要算\", seed 003 四), a non-liable player's share goes to the first liable "
        "player after them in the order of play. Then the payment of a player liable as a claimer (§7.3) is "
        "multiplied by `chengbao.claimer_factor`. The winner receives everything paid. (The split between several "
        "liable players is the project's reading, §10.)",
        zh="TODO"),
    "§8": M(
        "Patterns that cannot be claimed together",
        zh="TODO"),
    "§8.1": M(
        "清七对, 七对子 and 七对子爆头 are one hand (at most one); likewise 十三不靠 and 七风. Seven pairs, not "
        "touching and 乱风 are different shapes; none of them has sets, so none goes with 平胡, 碰碰胡, 全求人, "
        "财神头, 三财一刻, 爆头 or 杠爆. Seven pairs and not touching hold no kong either, so they do not go with "
        "杠上开花; 乱风 may hold one (§4.4) and goes with 杠上开花. Example: W declares 杠 of four 东 on N's "
        "discard, draws the replacement and completes 东东东(东) 南南 西西西 北北 中中 发发 — 乱风 ×8 and "
        "杠上开花 ×2, F = 16; self-drawn, each of the other three pays 2·X·16 = 32X (§5.2) and W receives 96X; in "
        "`jinhua-capped` F = 8, so 16X each and 48X.",
        zh="TODO"),
    "§8.2": M(
        "清七对 and 清一色 without 财神 exclude every pattern that needs a 财神: 七对子爆头, 清一色 (with 财神), "
        "财神头, 三财一刻, 爆头, 杠爆 (the seed's example: \"清七对：指没有财神的七个对子\").",
        zh="TODO"),
    "§8.3": M(
        "清一色 (either) and 混一色 exclude each other; 十三不靠, 七风 and 乱风 cannot be one suit.",
        zh="TODO"),
    "§8.4": M(
        "There are three 财神 and one pair: at most one of 财神头, 三财一刻, 爆头, 杠爆. 杠爆 already counts the "
        "kong, so it is not claimed with 杠上开花. 全求人's last tile is not a 财神, so it excludes 财神头, 爆头 "
        "and 杠爆.",
        zh="TODO"),
    "§8.5": M(
        "天胡, 地胡, 海底捞月 and a win after a kong (杠上开花, 杠爆) are different last tiles: at most one. 天胡 "
        "and 地胡 come before any claim, so they exclude 碰碰胡 and 全求人. 平胡 is a hand with no other pattern.",
        zh="TODO"),
    "§9": M(
        "The seed says who deals first (by the dice) but not who deals next. We follow the common rule stated by "
        "the Omaha Mahjong Club (https://www.omahamahjongclub.com/faq/dealer-role-in-mahjong): the dealer deals "
        "again after winning or a deal without a winner; otherwise the deal passes to the next seat "
        "(`deal.dealer_keeps` = true). A `deal SEAT` line names the dealer outright. The first dealer is E unless "
        "named.",
        zh="TODO"),
    "§10": M(
        "Numbers that are the seed's: every factor of §6 except 杠爆, the payments of §5.1-§5.2, 承包 after three "
        "claims and its doubling (§7). Choices of the project: - 杠爆 ×4 (`factors.gangbao`): the seed gives no "
        "number; 4 = 爆头 ×2 × 杠上开花 ×2, the two things it is. - `scoring.cap` = 8 in `jinhua-capped` (§5.4); "
        "the seed's set has no cap. - The dealer's rotation (§9). - Four of a kind as two pairs (§4.2). - "
        "十三不靠 read as \"five or more\" winds and dragons (§6.7) — a hand with all seven is 七风 and may be "
        "claimed as that. - Several liable players (§7.4): the split is ours. - 乱风 with a kong and 杠上开花 "
        "(§4.4, §8.1): the seed names no exclusion between 三(6) and 三(8); since 乱风 needs no shape, its "
        "honours may hold a kong and the kong's replacement tile may complete it, and we pay both factors as §5.3 "
        "multiplies any two (our reading of the seed's two clauses together). - The seed says "
        "\"爆头的海捞是八倍\"; multiplying (§5.3) gives 爆头 ×2 × 海底捞月 ×2 = 4. We follow the seed's rule of "
        "multiplication over this one example, which contradicts it; a club that pays 8 can set `factors.baotou = "
        "4`. - The seed's 七风 clause \"当风作为财神时手上必须有两个白板才能作为十四不靠和牌\" is read as: in "
        "十三不靠 and 七风 a 白板 may count either as the 财神's face (§2.2) or as 白 itself, so a wind 财神 "
        "needs two 白板 for its own face and for 白; a 财神 never stands for a wind or dragon in 七风.",
        zh="TODO"),
    "§11": M(
        "Time",
        zh="TODO"),
    "§12": M(
        "Conduct and rulings",
        zh="TODO"),
    "§12.1": M(
        "A referee records a conduct warning against a seat (`warn SEAT TEXT`, 警告) and a ruling in favour of a "
        "side, which at Jinhua mahjong is a seat (`ruling winner=SEAT TEXT`, 裁定), with its reason. Neither "
        "belongs to a deal. The game's sources set no number of warnings that forfeits and no outcome a ruling "
        "decides, so both are kept in the record and shown with the match (`referee status`, `replay`) and change "
        "no score; a club's sanction is the referee's, as at Dalian Gunzi (docs/gunzi-rules.md §8.2). (source: "
        "none; the tool's choice, shared with Gunzi's record, docs/record-format.md)",
        zh="TODO"),
}
