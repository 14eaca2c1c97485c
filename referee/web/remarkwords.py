"""The words of the confirmations and disputes on the pages (issue 19 item 11, issue 24) and of the forced close's
preview: catalogue messages, merged into ``referee.web.words.WORDS`` like the phone's."""

from __future__ import annotations

from referee.core.i18n import M, Msg

REMARKS: dict[str, Msg] = {
    "disputes": M("Disputes"),
    "remarks": M("Confirm or dispute a hand"),
    "remarks_help": M("The side that did not record the hand confirms it, or disputes it with its claim: the "
                      "director sees both."),
    "remark_hand": M("Hand"),
    "remark_by": M("Side"),
    "remark_captain": M("Captain (optional)"),
    "remark_claim": M("Claim (for a dispute)"),
    "confirm_hand": M("Confirm"),
    "dispute_hand": M("Dispute"),
    "open_disputes": M("Open disputes"),
    "unconfirmed_hands": M("Hands no side confirmed"),
    "no_remarks": M("No open dispute, and every settled hand is confirmed."),
    "confirmed_stored": M("stored #{seq}: {deal} confirmed by {team}"),
    "dispute_stored": M("stored: dispute {number} of {deal} by {team}: “{claim}”"),
    "close_confirm": M("Store these rulings and close the round"),
    "close_other_ways": M("Or enter each table's result, or leave the round open: nothing is stored until you "
                          "confirm."),
}
