"""Every word Gunzi's scorecard prints, as catalogue messages, and the small formatters that use them.

Text only (the PDF, ``views.scorecard``, lays out what ``gunzi.card`` makes of them). A label is an ``M("…")`` template
(English msgid; its Chinese inline until the lead harvests it into the catalogue), worded in any
catalogue's language by :func:`t`. Seats, teams and suits are the catalogue's field words
(``seat``/``team``/``suit`` contexts), and outcomes, game ends, note and entry kinds are codes worded
once in ``referee.games.gunzi.codes``: the PDF says what the terminal and the store views say.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from referee.core.i18n import LabelTable, M, Msg, pgettext
from referee.games.gunzi.codes import Code, EntryKind, GameEnd, NoteKind, Outcome, Waiver, word

# An empty cell: a mark, not a word, the same in every language.
NONE = "—"

LABELS: dict[str, Msg] = {
    # title and header
    "title": M("Dalian Gunzi scorecard"),
    "event": M("Event"),
    "date": M("Date"),
    "round": M("Round"),
    "table": M("Table"),
    "rules": M("Rules"),
    "referee": M("Referee"),
    # result
    "result": M("Result"),
    "games_won": M("Games won: {ew} {ew_games} : {ns_games} {ns}"),
    "winner": M("Winner: {team}"),
    "winner_how": M("Winner: {team} — How: {how}"),
    "no_winner": M("Match not finished"),
    "forfeit_note": M("forfeit (warning limit)"),
    "game_col": M("Game"),
    "game_winner": M("Winner"),
    "game_reason": M("How"),
    "game_last_hand": M("Last hand"),
    "game_open": M("awaiting ruling"),
    # chart
    "chart_title": M("Levels, hand by hand"),
    "chart_x": M("Hand"),
    "chart_y": M("Level"),
    "chart_game": M("Game {n}"),
    # hand table
    "hands": M("Hand by hand"),
    "col_game": M("Game"),
    "col_hand": M("Hand"),
    "col_declarer": M("Declarer"),
    "col_level": M("Level"),
    "col_trump": M("Trump"),
    "col_tribute": M("Tribute"),
    "col_kitty_points": M("Kitty pts"),
    "col_kitty_jokers": M("Kitty jokers"),
    "col_dry_pot": M("Dry pot"),
    "col_points": M("Def. pts"),
    "col_last": M("Dig/keep"),
    "col_score": M("Score"),
    "col_outcome": M("Outcome"),
    "col_level_change": M("Level +"),
    "col_levels_after": M("Levels after"),
    "col_blood": M("Blood"),
    "col_ledger": M("Ledger"),
    "col_game_end": M("Game end"),
    "dry_pot_yes": M("dry"),
    "dug": M("dig"),
    "kept": M("keep"),
    "tribute": M("{giver:seat}→{receiver:seat} {n}"),
    "riot_by": M("riot {seat:seat}"),
    "big_jokers": M("BJ×{n}"),
    "small_jokers": M("SJ×{n}"),
    "game_end": M("{team:team} wins: {how}"),
    "game_n": M("game {game}"),
    "game_hand_n": M("game {game} hand {hand}"),
    # signatures (the page numbers, the notes, the record's problems and the rest of the signatures are every
    # game's: referee.views.scorecard.text)
    "captain": M("{team} captain"),
}

TEAM_SEATS = {"EW": ("E", "W"), "NS": ("S", "N")}


# The words are cached: each catalogue look-up first finds the language among the installed catalogues
# (``referee.core.i18n.normalize`` lists the locale folder), a cost the 40-hand bench can measure.
CACHE = 4096
t = LabelTable(LABELS, CACHE)  # t(key, lang, **fields): the label worded


@lru_cache(maxsize=CACHE)
def _field_word(context: str, code: str, lang: str) -> str:
    return pgettext(lang, context, code)


def seat(code: str | None, lang: str) -> str:
    """A seat as the language names it (``E`` → 东); nothing for no seat."""
    return _field_word("seat", code, lang) if code else ""


def team(code: str | None, lang: str) -> str:
    """A team as the language names it (``EW`` → 东西); nothing for no team."""
    return _field_word("team", code, lang) if code else ""


def suit(code: str | None, lang: str) -> str:
    """A trump suit as the language names it (``H`` → hearts / 红桃); the empty mark for none."""
    return _field_word("suit", code, lang) if code else NONE


@lru_cache(maxsize=CACHE)
def coded(kind: type[Code], value: str | None, lang: str, top: int = 10) -> str:
    """The catalogue's word for ``value`` as a code of ``kind``; nothing for none, and a value that is
    no such code (a newer engine's) as it stands rather than a traceback."""
    if not value:
        return ""
    try:
        code = kind(value)
    except ValueError:
        return str(value)
    return word(code, lang, top=top)


def outcome(code: str, lang: str) -> str:
    return coded(Outcome, code, lang)


def reason(code: str | None, lang: str, top: int = 10) -> str:
    """How a game ended; *top* is the rule set's top level, which "passed 10" names."""
    return coded(GameEnd, code, lang, top)


ENTRY_KINDS = frozenset(EntryKind)  # codes hash like their strings: a plain "undo" is found


def note_kind(kind: str, lang: str) -> str:
    """A note's kind (warning, ruling…) or an audit entry's (undo, void, amend)."""
    return coded(EntryKind if kind in ENTRY_KINDS else NoteKind, kind, lang)


def waiver(code: str, lang: str) -> str:
    return coded(Waiver, code, lang)


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def seat_player(code: str, names: Mapping[str, str], lang: str) -> str:
    """``东 张三`` / ``E 张三``; the seat alone when the record names nobody."""
    name = names.get(code)
    return f"{seat(code, lang)} {name}" if name else seat(code, lang)


def team_label(code: str, names: Mapping[str, str], lang: str) -> str:
    """``东西 海之韵`` / ``EW 海之韵``."""
    name = names.get(code)
    return f"{team(code, lang)} {name}" if name else team(code, lang)
