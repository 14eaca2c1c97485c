"""The words of the phone kept offline (issue 32): the queue's pending count, a resend answered with the entry
stored already, a resend the match moved past, the installable app's name. Catalogue messages, merged into
``referee.web.words.WORDS`` like the phone's; their Chinese inline while they are new."""

from __future__ import annotations

from referee.core.i18n import M, Msg

OFFLINE: dict[str, Msg] = {
    "app_name": M("Referee's tables"),
    "app_short": M("Referee"),
    "pending": M("Not yet stored, kept on this phone: {n}. They are sent in order when the server answers."),
    "pending_none": M("Nothing of this phone waits to be sent."),
    "resent": M("#{seq} {entry}: stored already (this phone's entry, sent again)"),
    "superseded": M("This phone's entry “{mine}” was not stored: the match moved on, and #{seq} {entry} ({referee}) "
                    "stands in its place."),
    "superseded_title": M("Entries of this phone not stored"),
}
