"""The words of the phone kept offline (issue 32): the queue's pending count, a resend answered with the entry
stored already, a resend the match moved past, the installable app's name. Catalogue messages, merged into
``referee.web.words.WORDS`` like the phone's; their Chinese inline while they are new."""

from __future__ import annotations

from referee.core.i18n import M, Msg

OFFLINE: dict[str, Msg] = {
    "app_name": M("Referee's tables", zh="裁判的牌桌"),
    "app_short": M("Referee", zh="裁判"),
    "pending": M("Not yet stored, kept on this phone: {n}. They are sent in order when the server answers.",
                 zh="本机保留、尚未保存的记录：{n} 条。服务器应答后按顺序发送。"),
    "pending_none": M("Nothing of this phone waits to be sent.", zh="本机没有待发送的记录。"),
    "resent": M("#{seq} {entry}: stored already (this phone's entry, sent again)",
                zh="#{seq} {entry}：已保存（本机的记录，再次发送）"),
    "superseded": M("This phone's entry “{mine}” was not stored: the match moved on, and #{seq} {entry} ({referee}) "
                    "stands in its place.",
                    zh="本机的记录“{mine}”未保存：比赛已继续，#{seq} {entry}（{referee}）在它的位置上。"),
    "superseded_title": M("Entries of this phone not stored", zh="本机未保存的记录"),
}
