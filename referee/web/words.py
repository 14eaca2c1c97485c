"""The words of the pages: each label a catalogue message, looked up by a short key.

Templates call ``_("standings")`` or ``_("hand_n", n=3)``; the function is bound to the request's
language (``referee.web.pages``). The messages live here, in Python, so that ``make catalogues``
extracts them and ``--harvest`` moves their Chinese into the catalogue like every other message.
"""

from __future__ import annotations

from collections.abc import Callable

from referee.core.i18n import M, Msg
from referee.web.offlinewords import OFFLINE
from referee.web.phonewords import PHONE
from referee.web.remarkwords import REMARKS

WORDS: dict[str, Msg] = {
    "title": M("Card and tile games referee"),
    "home": M("Events and matches"),
    # the front page's first line: every game of the registry by its name (referee.games.registry.named)
    "games_officiated": M("Officiating and scoring for {games}."),
    "events": M("Events"),
    "matches": M("Matches"),
    "no_events": M("No events in this store yet."),
    "no_matches": M("No matches in this store yet."),
    "standings": M("Standings"),
    "no_standings": M("No standings yet: no pairs entered."),
    "rank": M("Rank"),
    "ratings": M("Club ratings"),
    "partnerships": M("Partnerships"),
    "rating": M("Rating"),
    "no_ratings": M("No finished match to rate yet."),
    "leagues": M("Leagues"),
    "no_leagues": M("No league in this store yet."),
    "league_events": M("Events of the league"),
    "league_ratings": M("The season's ratings"),
    # the venues that sync into the store (referee sync): each one's last complete pass (no section when none has)
    "venue_syncs": M("Venues syncing into this store"),
    "venue": M("Venue"),
    "last_synced": M("Last synced (UTC)"),
    "entries_pushed": M("Entries pushed"),
    "entries_waiting": M("Waiting then"),
    "chains_stopped": M("Chains stopped"),
    "pair": M("Pair"),
    "players": M("Players"),
    "played": M("Played"),
    "won": M("Won"),
    "lost": M("Lost"),
    "games": M("Games"),
    "round_n": M("Round {n}"),
    # a directive's button: its keyword (typed in the record) and the registry's Chinese keyword; the English
    # catalogue rewords it to the keyword alone
    "directive_button": M("{keyword} {chinese}"),
    "round_closed": M("closed"),
    "round_open": M("in play"),
    "no_round": M("No round paired yet."),
    "bye": M("Bye: {pair}"),
    "table": M("Table"),
    "table_n": M("Table {n}"),
    "match": M("Match"),
    "state": M("State"),
    "not_started": M("not started"),
    "in_play": M("game {game}, hand {hand}"),
    "won_by_pair": M("won by {pair} ({ew}:{ns})"),
    "hand": M("Hand"),
    "game": M("Game"),
    "totals_chart": M("Running totals deal by deal"),
    "no_chart": M("The chart, once a deal is settled"),
    "game_end_mark": M("a large dot: the hand that ended its game"),
    "where": M("Where the match stands"),
    "live": M("Live: this page updates by itself."),
    "language": M("中文 / English"),
    "referee": M("Referee"),
    "director": M("Director"),
    "sign_in": M("Sign in"),
    "sign_out": M("Sign out"),
    "token": M("Token"),
    "token_help": M("Type or paste the token the director gave you."),
    "sign_in_here": M("This page needs you signed in: type or paste your token here."),
    "pair_after_close": M("The next round is paired once this round is closed."),
    "event_final": M("Every round of the event is played: the standings are final."),
    "signed_in_as": M("Signed in as {name} ({role})"),
    "role_referee": M("referee"),
    "role_director": M("director"),
    "your_tables": M("Your tables"),
    "no_tables": M("No tables for you right now."),
    "enter": M("Enter scores"),
    "next": M("Next"),
    "directive": M("Directive"),
    "directive_help": M("Tap a directive, then complete it: cards as 10H, 红桃10 or 大王."),
    "record": M("Record"),
    "undo": M("Undo the latest"),
    "amend": M("Amend"),
    "amend_help": M("Replace entry SEQ by a directive, with a reason (kept in the log)."),
    "seq": M("Entry #"),
    "reason": M("Reason"),
    "stored": M("Stored"),
    "rejected": M("Not stored"),
    "settlement": M("Hand settled"),
    "log": M("The match's latest entries"),
    "team": M("{team:team}"),
    "match_over": M("The match is over."),
    "pair_next": M("Pair the next round"),
    "close_round": M("Close the current round"),
    "force": M("even with unfinished matches (rulings with the reason)"),
    "assign": M("Assign a referee to tables"),
    "assign_help": M("Tables as 1,2,3; empty: every table of the event."),
    "tokens": M("Tokens"),
    "issue": M("Issue a token"),
    "revoke": M("Revoke"),
    "name": M("Name"),
    "role": M("Role"),
    "event": M("Event"),
    "tables": M("Tables"),
    "all_tables": M("all"),
    "revoked": M("revoked"),
    "new_token": M("The token of {name}, shown once: hand it over now."),
    "done": M("Done."),
    "error": M("Error"),
    "back": M("Back"),
    # a match's own table (the scorecard's rows), every game's
    "totals": M("Totals"),
    "deals": M("Deal by deal"),
    "no_deals": M("No deal recorded yet."),
    "problems": M("Problems in the record"),
    "line_problem": M("line {line}: {problem}"),
    "pad_keys": M("Keys: tap the directive's words"),
    "void": M("Void an entry"),
    "void_help": M("The entry # to void and the reason (both kept in the log)."),
    "rule": M("Rule on a dispute"),
    "rule_help": M("The dispute's number, whether the record stands or which weighed alternative replaces it, and "
                   "the reason."),
    "rule_dispute": M("Dispute #"),
    "rule_keep": M("The record stands"),
    "rule_alternative": M("Alternative # (instead)"),
    "ruling_stored": M("stored: the ruling on dispute {number} ({deal})"),
    "game_directive_help": M("Type the next directive as the game's record writes it; a player by seat or name."),
}
WORDS.update(PHONE)
WORDS.update(REMARKS)
WORDS.update(OFFLINE)


def words(lang: str) -> Callable[..., str]:
    """The ``_`` of a page in *lang*: ``_("hand_n", n=3)``."""
    def say(key: str, **fields: object) -> str:
        msg = WORDS[key]
        return (msg.bind(**fields) if fields else msg).text(lang)
    return say
