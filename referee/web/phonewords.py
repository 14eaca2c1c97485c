"""The words of the phone pages (issue 19: the sign-in link, tap-first entry, offline entry, the projector,
the director's phone page): catalogue messages by a short key, merged into ``referee.web.words.WORDS``.

Their Chinese is written inline while they are new; ``tools/catalogues.py --harvest`` moves it into the
catalogue like every other message.
"""

from __future__ import annotations

from referee.core.i18n import M, Msg

PHONE: dict[str, Msg] = {
    # the one-time sign-in link of a token's QR code
    "link_title": M("Signing in", zh="正在登录"),
    "link_help": M("This link signs this phone in once. If nothing happens, tap the button.",
                   zh="这个链接只能为这部手机登录一次。若没有反应，请点按钮。"),
    "link_qr": M("Sign-in QR code of {name}: scanning it signs a phone in, once",
                 zh="{name} 的登录二维码：扫一次即登录，只能用一次"),
    "link_new": M("Sign-in QR", zh="登录二维码"),
    # tap-first entry
    "pad_seat": M("Seat", zh="座位"),
    "pad_cards": M("Cards", zh="牌"),
    "pad_chosen": M("Chosen: {n}", zh="已选：{n}"),
    "pad_need": M("of {n}", zh="／{n}"),
    "pad_clear": M("Clear", zh="清除"),
    "pad_back": M("Remove last", zh="删去最后一张"),
    "pad_points": M("Points", zh="分数"),
    "pad_suit": M("Suit", zh="花色"),
    "pad_as": M("as suit (three jokers)", zh="指定花色（三张王）"),
    "pad_take": M("Take out", zh="取出"),
    "pad_jokers": M("Jokers", zh="王"),
    "pad_send": M("Record {text}", zh="记录 {text}"),
    "pad_fourth": M("{card}: three decks hold three copies, a fourth is refused",
                    zh="{card}：三副牌只有三张，不能选第四张"),
    "pad_typing": M("Or type the directive", zh="或者输入指令"),
    "pad_amend_this": M("Amend #{seq}", zh="修改 #{seq}"),
    "seat_E": M("East", zh="东"),
    "seat_S": M("South", zh="南"),
    "seat_W": M("West", zh="西"),
    "seat_N": M("North", zh="北"),
    "suit_S": M("Spades", zh="黑桃"),
    "suit_H": M("Hearts", zh="红桃"),
    "suit_C": M("Clubs", zh="梅花"),
    "suit_D": M("Diamonds", zh="方块"),
    "joker_SJ": M("Small joker", zh="小王"),
    "joker_BJ": M("Big joker", zh="大王"),
    # offline entry
    "offline": M("offline — not yet stored: {text}. It is sent again when the server answers.",
                 zh="离线——尚未保存：{text}。服务器有回应时会自动再发送。"),
    "sending": M("sending…", zh="正在发送……"),
    # the projector
    "screen_title": M("{name}: standings and tables", zh="{name}：排名与各桌"),
    "screen_page": M("page {page} of {pages}", zh="第 {page}/{pages} 页"),
    "clock": M("Game clock", zh="局时"),
    "minutes": M("{n} min", zh="{n} 分钟"),
    "finished": M("finished", zh="已结束"),
    "hand_n_now": M("hand {n}", zh="第 {n} 副"),
    # the director's phone page
    "downloads": M("Downloads", zh="下载"),
    "download_sheets": M("Score sheets (PDF)", zh="记分表（PDF）"),
    "download_report": M("Report (PDF)", zh="报告（PDF）"),
    "download_xlsx": M("Workbook (XLSX)", zh="工作簿（XLSX）"),
    "tables_now": M("Tables of round {n}", zh="第 {n} 轮各桌"),
    "entries": M("Entries", zh="参赛对"),
    "add_entry": M("Add an entry", zh="添加参赛对"),
    "withdraw": M("Withdraw", zh="退赛"),
    "withdrawn": M("withdrawn", zh="已退出"),
    "player1": M("Player 1", zh="选手 1"),
    "player2": M("Player 2", zh="选手 2"),
    "club": M("Club", zh="俱乐部"),
    "pair_id": M("Pair id", zh="对号"),
    "projector": M("Projector view", zh="投影页面"),
}
