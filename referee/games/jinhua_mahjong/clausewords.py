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
        zh="座位为 E S W N（东 南 西 北）；按 E → S → W → N 的顺序行牌（逆时针，原文 003“现在可以开始游戏了"
           "…”）。某座位之后的玩家是它的下家，之前的是它的上家。"),
    "§2": M(
        "Tiles",
        zh="牌"),
    "§2.1": M(
        "136 tiles: 一万..九万, 一筒..九筒, 一条..九条 (four of each), the winds 东南西北 and the dragons 中 发 "
        "白 (four of each) (seed 003, the wall: \"如果没有花牌是136张\"). Flowers are not used.",
        zh="共136张：一万..九万、一筒..九筒、一条..九条（每种四张），风牌东南西北和箭牌中 发 白（每种四张）"
           "（原文 003，砌牌一节：“如果没有花牌是136张”）。不用花牌。"),
    "§2.2": M(
        "The dice choose the 财神 kind; its three remaining tiles are wild (seed 003 二A: "
        "\"财神有三个，可以代替任何牌\"). A hand holds at most three 财神. **白板 stands for the 财神 tile**: "
        "with 三万 as 财神, 白板 is an ordinary 三万 (seed 003 二A: \"白板可以代替财神 …<二万-白板-四万>\"). When "
        "白板 is itself the 财神, the 白板 are the wild tiles and nothing stands for them. The record names the "
        "財神 with `caishen TILE`.",
        zh="掷骰决定财神是哪一种牌；这种牌余下的三张是财神，百搭（原文 003 二A：“财神有三个，可以代替任何牌”）。"
           "一手牌最多有三张财神。白板代替财神那种牌：三万为财神时，白板就是一张普通的三万（原文 003 二A："
           "“白板可以代替财神 …<二万-白板-四万>”）。白板本身是财神时，白板就是百搭的财神，没有牌代替它们。"
           "记录用 `caishen TILE` 写出财神。"),
    "§3": M(
        "Claims",
        zh="吃碰杠"),
    "§3.1": M(
        "A player may 吃 only from their 上家; 碰 and 杠 from anyone (seed 003 一, 二B, 二D). The record writes "
        "each claim as `chi|pong|kong CLAIMER FEEDER`; a 吃 from any other seat is an error. Claims are recorded "
        "for 承包 (§7) and for 全求人 / 碰碰胡, which need them.",
        zh="玩家只能吃上家的牌；碰和杠可以是任何一家的（原文 003 一、二B、二D）。记录把每次吃碰杠写作 `chi|pong|kong"
           " CLAIMER FEEDER`；吃其他座位的牌是错误。记录吃碰杠是为了承包（§7），以及需要它们的全求人 / 碰碰胡。"),
    "§4": M(
        "A winning hand is 14 tiles (a kong counts as three of its tiles). 财神 are wild unless a pattern says "
        "otherwise (seed 003 二A).",
        zh="胡牌的手牌为 14 张（一副杠按其中三张计）。除非番型另有规定，财神百搭（原文 003 二A）。"),
    "§4.1": M(
        "将牌 + any four of 顺子 (a run of three in one suit), 刻子 (a triplet) or 杠子 (seed 003 三1 a-d, (1)).",
        zh="将牌 + 顺子（同一花色三张连续的牌）、刻子（三张相同的牌）或杠子的任意4个（原文 003 三1 a-d、(1)）。"),
    "§4.2": M(
        "Seven pairs (seed 003 三(4)); four tiles of a kind count as two pairs (the seed is silent; we follow the "
        "common reading stated in the Matjok rulebook, https://matjok.com/en/docs/special-hands/7-pairs). A 财神 "
        "pairs any single tile.",
        zh="七个对子（原文 003 三(4)）；四张相同的牌算两个对子（原文未提及；我们采用一份网上麻将规则书所述的通行解"
           "读，https://matjok.com/en/docs/special-hands/7-pairs ）。一张财神可与任何一张单牌成对。"),
    "§4.3": M(
        "Fourteen different tiles: winds and dragons, and suited tiles at least three apart within a suit "
        "(\"至少相隔 两张\", seed 003 三(5)). See §6.7 and §6.8.",
        zh="十四张各不相同的牌：风牌和箭牌，以及同一花色内至少相隔两张的数牌（“至少相隔两张”，原文 003 三(5)）。"
           "见 §6.7 和 §6.8。"),
    "§4.4": M(
        "Fourteen winds and dragons, no shape needed (seed 003 三(8): \"全部是风牌不需要成基本和牌牌型\"), §6.10. "
        "Since no shape is needed, the honours may include a declared kong (four 东 count as three of the "
        "fourteen, as in §4), and the replacement tile drawn after that kong may complete the hand: 乱风 won that "
        "way is also 杠上开花 (seed 003 三(6): \"此时你杠牌杠出的牌你正好可以和\"), ×8 × ×2 = ×16 (§5.3, §8.1).",
        zh="十四张风牌与箭牌，不需要成牌型（原文 003 三(8)：“全部是风牌不需要成基本和牌牌型”），§6.10。"
           "既然不需要成牌型，这些风牌与箭牌中可以有一副已开的杠（四张东算作十四张中的三张，同 §4），"
           "杠后补的那张牌也可以完成这手牌：这样胡的乱风同时是杠上开花（原文 003 三(6)：“此时你杠牌杠出的牌你正好可"
           "以和”），×8 × ×2 = ×16（§5.3、§8.1）。"),
    "§5": M(
        "The stake is X (`scoring.base`, seed 003 三: \"底注分为X\"). A deal's factor F is the product of its "
        "patterns' factors (§5.3), capped by §5.4.",
        zh="底注为 X（`scoring.base`，原文 003 三：“底注分为X”）。一局的倍数 F 是其各番型倍数的乘积（§5.3），"
           "按 §5.4 封顶。"),
    "§5.1": M(
        "The discarder pays 2·X·F (`scoring.discarder_pays` = 2), each of the other two X·F (`scoring.others_pay` "
        "= 1) (seed 003 三: \"放铳时，放铳的人付2X，其它两家付X\").",
        zh="放铳的人付 2·X·F（`scoring.discarder_pays` = 2），其他两家各付 X·F（`scoring.others_pay` = 1）"
           "（原文 003 三：“放铳时，放铳的人付2X，其它两家付X”）。"),
    "§5.2": M(
        "Each of the three pays 2·X·F (`scoring.self_draw_pays` = 2) (seed 003 三: \"自摸时三家付2X\").",
        zh="三家各付 2·X·F（`scoring.self_draw_pays` = 2）（原文 003 三：“自摸时三家付2X”）。"),
    "§5.3": M(
        "\"倍数应该是这样计算2*2*2\" (seed 003 三): the factors of all claimed patterns multiply; a hand with no "
        "pattern is 平胡, factor 1. Example (the seed's own): 海底捞月 ×2 with 七对子 ×2 is ×4; with 清七对 ×4 it "
        "is ×8.",
        zh="“倍数应该是这样计算2*2*2”（原文 003 三）：所报各番型的倍数相乘；没有番型的牌是平胡，倍数为 1。"
           "例（原文自己的例子）：海底捞月 ×2 加七对子 ×2 为 ×4；加清七对 ×4 为 ×8。"),
    "§5.4": M(
        "`scoring.cap` = 0 in the seed's set (no cap; the seed names none). The house variant `jinhua-capped` "
        "pays a deal at most at factor 8 (`scoring.cap = 8`): a limit as many tables use (e.g. the limit hands of "
        "https://4windsmj.com/kb/help/4winsc14.htm); the number 8 is the project's choice (§10).",
        zh="原文的规则集中 `scoring.cap` = 0（不封顶；原文没有提到封顶）。本地规则 `jinhua-capped` 一局最多按 8 倍计"
           "（`scoring.cap = 8`）：许多牌桌都用这样的上限（例如 https://4windsmj.com/kb/help/4winsc14.htm 中的限额"
           "牌）；8 这个数是本项目的选择（§10）。"),
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
        zh="每个番型的倍数为 `factors.<代码>`；记录用番型的代码或中文名称写出番型。检查的条件（否则为记录错误）："
           "杠上开花、杠爆、天胡和海底捞月须自摸（§6.16-§6.18，§6.14）；天胡只属于庄家；地胡须胡庄家打出的牌。"
           "裁判录入 14 张手牌时（`tiles …`，胡的那张写在最后），这些牌必须成所报的每个能从牌上看出的番型："
           "牌型（§4）、碰碰胡（全是刻子）、清七对 / 七对子 / 七对子爆头、十三不靠 / 七风、乱风、"
           "清一色（只有一种花色，没有风牌与箭牌；按所报有无财神）、混一色（一种花色加风牌与箭牌）、财神头、"
           "三财一刻、爆头 / 杠爆（最后一张与一张财神成将）、全求人（最后一张不是财神）。吃碰杠和最后摸的牌（碰碰胡"
           "的三次碰、杠上开花、海底捞月、天胡）从牌上看不出，由裁判判定。"),
    "§7": M(
        "承包 (liability)",
        zh="承包"),
    "§7.1": M(
        "When one player has claimed (吃, 碰 or 杠) three times (`chengbao.feeds` = 3) from the same player in a "
        "deal, liability begins (seed 003 二: "
        "\"玩家可以连续三次或三次以上吃、碰、杠同一玩家的牌，满三次后则开始承包对方的牌\"). A `liable SEAT` line "
        "in the record is checked: it is an error unless the claims recorded make that seat liable.",
        zh="一局中一名玩家吃、碰或杠同一玩家的牌满三次（`chengbao.feeds` = 3）即开始承包（原文 003 二："
           "“玩家可以连续三次或三次以上吃、碰、杠同一玩家的牌，满三次后则开始承包对方的牌”）。"
           "记录中的 `liable SEAT` 行要经检查：除非所记的吃碰杠使该座位承包，否则为错误。"),
    "§7.2": M(
        "The feeder pays for the other two (`chengbao.feeder_pays_all`) (seed 003 四: "
        "\"吃碰者胡牌，由被吃碰者一家承包\").",
        zh="被吃碰者替另外两家付（`chengbao.feeder_pays_all`）（原文 003 四：“吃碰者胡牌，由被吃碰者一家承包”）。"),
    "§7.3": M(
        "The claimer pays for the other two, doubled (`chengbao.claimer_pays_all`, `chengbao.claimer_factor` = 2) "
        "(seed 003 四: \"被吃碰者胡牌，吃碰者承包并且加倍\").",
        zh="吃碰者替另外两家付，并且加倍（`chengbao.claimer_pays_all`，`chengbao.claimer_factor` = 2）"
           "（原文 003 四：“被吃碰者胡牌，吃碰者承包并且加倍”）。"),
    "§7.4": M(
        "Each loser's share is first worked out as in §5.1/§5.2. A liable player pays their own share and takes "
        "over the share of each player who is not liable; with more than one liable player "
        "(\"如果多者发生这种情况都要算\", seed 003 四), a non-liable player's share goes to the first liable "
        "player after them in the order of play. Then the payment of a player liable as a claimer (§7.3) is "
        "multiplied by `chengbao.claimer_factor`. The winner receives everything paid. (The split between several "
        "liable players is the project's reading, §10.)",
        zh="先按 §5.1/§5.2 算出每个输家应付的份额。承包者付自己的份额，并接过每个不承包者的份额；"
           "承包者不止一人时（“如果多者发生这种情况都要算”，原文 003 四），不承包者的份额归按行牌顺序在其之后的第"
           "一个承包者。然后，作为吃碰者承包的玩家（§7.3）所付再乘以 `chengbao.claimer_factor`。"
           "胡牌者收取所付的全部。（几名承包者之间如何分担是本项目的解读，§10。）"),
    "§8": M(
        "Patterns that cannot be claimed together",
        zh="不能同时报的番型"),
    "§8.1": M(
        "清七对, 七对子 and 七对子爆头 are one hand (at most one); likewise 十三不靠 and 七风. Seven pairs, not "
        "touching and 乱风 are different shapes; none of them has sets, so none goes with 平胡, 碰碰胡, 全求人, "
        "财神头, 三财一刻, 爆头 or 杠爆. Seven pairs and not touching hold no kong either, so they do not go with "
        "杠上开花; 乱风 may hold one (§4.4) and goes with 杠上开花. Example: W declares 杠 of four 东 on N's "
        "discard, draws the replacement and completes 东东东(东) 南南 西西西 北北 中中 发发 — 乱风 ×8 and "
        "杠上开花 ×2, F = 16; self-drawn, each of the other three pays 2·X·16 = 32X (§5.2) and W receives 96X; in "
        "`jinhua-capped` F = 8, so 16X each and 48X.",
        zh="清七对、七对子和七对子爆头是同一种牌（最多报一个）；十三不靠和七风也是如此。七对、"
           "不靠和乱风是不同的牌型；它们都没有顺刻，所以都不能与平胡、碰碰胡、全求人、财神头、三财一刻、"
           "爆头或杠爆同报。七对和不靠也没有杠，所以不能与杠上开花同报；乱风可以有一副杠（§4.4），"
           "可与杠上开花同报。例：W 杠 N 打出的东（四张东），摸补牌后胡成 东东东(东) 南南 西西西 北北 中中 发发——"
           "乱风 ×8 加杠上开花 ×2，F = 16；自摸，其他三家各付 2·X·16 = 32X（§5.2），W 收 96X；"
           "在 `jinhua-capped` 中 F = 8，所以各付 16X，W 收 48X。"),
    "§8.2": M(
        "清七对 and 清一色 without 财神 exclude every pattern that needs a 财神: 七对子爆头, 清一色 (with 财神), "
        "财神头, 三财一刻, 爆头, 杠爆 (the seed's example: \"清七对：指没有财神的七个对子\").",
        zh="清七对和没财神的清一色排除一切需要财神的番型：七对子爆头、有财神的清一色、财神头、三财一刻、爆头、"
           "杠爆（原文的例子：“清七对：指没有财神的七个对子”）。"),
    "§8.3": M(
        "清一色 (either) and 混一色 exclude each other; 十三不靠, 七风 and 乱风 cannot be one suit.",
        zh="清一色（有无财神均是）和混一色互相排除；十三不靠、七风和乱风不可能是一种花色。"),
    "§8.4": M(
        "There are three 财神 and one pair: at most one of 财神头, 三财一刻, 爆头, 杠爆. 杠爆 already counts the "
        "kong, so it is not claimed with 杠上开花. 全求人's last tile is not a 财神, so it excludes 财神头, 爆头 "
        "and 杠爆.",
        zh="财神只有三张，将只有一对：财神头、三财一刻、爆头、杠爆最多报一个。杠爆已经算了杠，所以不与杠上开花同报。"
           "全求人的最后一张不是财神，所以排除财神头、爆头和杠爆。"),
    "§8.5": M(
        "天胡, 地胡, 海底捞月 and a win after a kong (杠上开花, 杠爆) are different last tiles: at most one. 天胡 "
        "and 地胡 come before any claim, so they exclude 碰碰胡 and 全求人. 平胡 is a hand with no other pattern.",
        zh="天胡、地胡、海底捞月和杠后胡牌（杠上开花、杠爆）的最后一张各不相同：最多报一个。"
           "天胡和地胡在任何吃碰杠之前，所以排除碰碰胡和全求人。平胡是没有其他番型的牌。"),
    "§9": M(
        "The seed says who deals first (by the dice) but not who deals next. We follow the common rule stated by "
        "the Omaha Mahjong Club (https://www.omahamahjongclub.com/faq/dealer-role-in-mahjong): the dealer deals "
        "again after winning or a deal without a winner; otherwise the deal passes to the next seat "
        "(`deal.dealer_keeps` = true). A `deal SEAT` line names the dealer outright. The first dealer is E unless "
        "named.",
        zh="原文说了谁先坐庄（掷骰决定），没说下一局谁坐庄。我们采用奥马哈麻将俱乐部所述的通行规则"
           "（https://www.omahamahjongclub.com/faq/dealer-role-in-mahjong ）：庄家胡牌或流局后连庄；"
           "否则由下家坐庄（`deal.dealer_keeps` = true）。`deal SEAT` 行直接指定庄家。未指定时第一局由 E 坐庄。"),
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
        zh="原文的数值：§6 中除杠爆外的每个倍数，§5.1-§5.2 的支付，吃碰杠满三次承包及其加倍（§7）。"
           "本项目的选择：- 杠爆 ×4（`factors.gangbao`）：原文没有给出数值；4 = 爆头 ×2 × 杠上开花 ×2，"
           "即它兼有的两样。- `jinhua-capped` 中 `scoring.cap` = 8（§5.4）；原文的规则集不封顶。"
           "- 庄家的轮换（§9）。- 四张相同的牌算两个对子（§4.2）。- 十三不靠解读为风牌与箭牌“五张或以上”"
           "（§6.7）——七张俱全的牌是七风，可以按七风报。- 几名承包者（§7.4）：如何分担是我们定的。"
           "- 乱风带杠与杠上开花（§4.4、§8.1）：原文没有说三(6)和三(8)互相排除；乱风不需要成牌型，"
           "其风牌与箭牌中可以有杠，杠后补的牌可以完成它，我们按 §5.3 任意两个倍数相乘的规则两个倍数都算（这是我们"
           "对原文这两条合起来的解读）。- 原文说“爆头的海捞是八倍”；相乘（§5.3）得 爆头 ×2 × 海底捞月 ×2 = 4。"
           "我们遵循原文的相乘规则，而不是与之矛盾的这一个例子；按 8 倍付的俱乐部可以设 `factors.baotou = 4`。"
           "- 原文七风一条的“当风作为财神时手上必须有两个白板才能作为十四不靠和牌”解读为：在十三不靠和七风中，"
           "白板既可以算作财神那种牌（§2.2），也可以算作白本身，所以风牌作财神时需要两张白板，一张当财神那种牌，"
           "一张当白；七风中财神从不代替风牌或箭牌。"),
    "§11": M(
        "Time",
        zh="时间"),
    "§12": M(
        "Conduct and rulings",
        zh="行为与裁定"),
    "§12.1": M(
        "A referee records a conduct warning against a seat (`warn SEAT TEXT`, 警告) and a ruling in favour of a "
        "side, which at Jinhua mahjong is a seat (`ruling winner=SEAT TEXT`, 裁定), with its reason. Neither "
        "belongs to a deal. The game's sources set no number of warnings that forfeits and no outcome a ruling "
        "decides, so both are kept in the record and shown with the match (`referee status`, `replay`) and change "
        "no score; a club's sanction is the referee's, as at Dalian Gunzi (docs/gunzi-rules.md §8.2). (source: "
        "none; the tool's choice, shared with Gunzi's record, docs/record-format.md)",
        zh="裁判可记录对某座位的行为警告（`warn SEAT TEXT`，警告），以及有利于一方的裁定（金华麻将中一方即一个座位："
           "`ruling winner=SEAT TEXT`，裁定），并写明理由。两者都不属于某一局。本游戏的规则来源既没有规定几次警告判"
           "负，也没有规定裁定决定什么结果，所以两者都保存在记录中，随比赛显示（`referee status`、`replay`），"
           "不改变任何分数；俱乐部的处罚由裁判决定，与大连打滚子相同（docs/gunzi-rules.md §8.2）。（来源：无；"
           "本工具的选择，与打滚子的记录相同，docs/record-format.md）"),
}
