"""The words of the phone pages (issue 19: the sign-in link, tap-first entry, offline entry, the projector,
the director's phone page): catalogue messages by a short key, merged into ``referee.web.words.WORDS``.

Their Chinese is written inline while they are new; ``tools/catalogues.py --harvest`` moves it into the
catalogue like every other message.
"""

from __future__ import annotations

from referee.core.i18n import M, Msg

PHONE: dict[str, Msg] = {
    # the one-time sign-in link of a token's QR code
    "link_title": M("Signing in"),
    "link_help": M("This link signs this phone in once. If nothing happens, tap the button."),
    "link_qr": M("Sign-in QR code of {name}: scanning it signs a phone in, once"),
    "link_new": M("Sign-in QR"),
    # tap-first entry
    "pad_seat": M("Seat"),
    "pad_cards": M("Cards"),
    "pad_chosen": M("Chosen: {n}"),
    "pad_need": M("of {n}"),
    "pad_clear": M("Clear"),
    "pad_back": M("Remove last"),
    "pad_points": M("Points"),
    "pad_suit": M("Suit"),
    "pad_as": M("as suit (three jokers)"),
    "pad_take": M("Take out"),
    "pad_jokers": M("Jokers"),
    "pad_send": M("Record {text}"),
    "pad_fourth": M("{card}: three decks hold three copies, a fourth is refused"),
    "pad_typing": M("Or type the directive"),
    "pad_amend_this": M("Amend #{seq}"),
    "seat_E": M("East"),
    "seat_S": M("South"),
    "seat_W": M("West"),
    "seat_N": M("North"),
    "suit_S": M("Spades"),
    "suit_H": M("Hearts"),
    "suit_C": M("Clubs"),
    "suit_D": M("Diamonds"),
    "joker_SJ": M("Small joker"),
    "joker_BJ": M("Big joker"),
    # offline entry
    "offline": M("offline — not yet stored: {text}. It is sent again when the server answers."),
    "sending": M("sending…"),
    # the projector
    "screen_title": M("{name}: standings and tables"),
    "screen_page": M("page {page} of {pages}"),
    "clock": M("Game clock"),
    "minutes": M("{n} min"),
    "finished": M("finished"),
    "hand_n_now": M("hand {n}"),
    # the director's phone page
    "downloads": M("Downloads"),
    "download_sheets": M("Score sheets (PDF)"),
    "download_report": M("Report (PDF)"),
    "download_xlsx": M("Workbook (XLSX)"),
    "tables_now": M("Tables of round {n}"),
    "entries": M("Entries"),
    "add_entry": M("Add an entry"),
    "withdraw": M("Withdraw"),
    "withdrawn": M("withdrawn"),
    "player1": M("Player 1"),
    "player2": M("Player 2"),
    "club": M("Club"),
    "pair_id": M("Pair id"),
    "projector": M("Projector view"),
}
