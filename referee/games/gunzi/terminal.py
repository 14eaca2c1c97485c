"""Plain-text views for the terminal: the hand-by-hand table, one hand's settlement, the result.

Every word comes from the catalogue (``tr``; codes from ``referee.games.gunzi.codes``), so any language
with a catalogue reads the same views. Widths count a Chinese character as two columns, so tables
with Chinese names stay aligned.
"""

from __future__ import annotations

import unicodedata
from typing import cast

from referee.core.i18n import KINDS, MN, M, form, tr
from referee.games.gunzi.cards import BIG_JOKER, SMALL_JOKER, card_name
from referee.games.gunzi.codes import NoteKind, word
from referee.games.gunzi.results import GameResult, HandResult, MatchResult, Note
from referee.games.gunzi.ruleset import RuleSet
from referee.games.gunzi.settle import explain_hand

TEAMS = ("EW", "NS")
# A seat, team or suit as a language names it (a table cell): the catalogue's word for the code.
seat_word, team_word, suit_word = KINDS["seat"], KINDS["team"], KINDS["suit"]


_WIDTHS: dict[str, int] = {}  # text -> its width, for the texts that are not ASCII (a long table repeats them)


def width(text: str) -> int:
    """Columns on a terminal: two for a wide (Chinese) character, one for any other. ASCII text, most
    of a table's cells, is its length; other texts are measured once each."""
    if text.isascii():
        return len(text)
    n = _WIDTHS.get(text)
    if n is None:
        n = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
        if len(_WIDTHS) < 10_000:
            _WIDTHS[text] = n
    return n


def pad(text: str, n: int) -> str:
    return text + " " * max(0, n - width(text))


def table(rows: list[list[str]]) -> list[str]:
    """The rows as aligned columns, two spaces apart, padded column by column: a column of ASCII text is
    measured by length (``str.ljust``); in any other each distinct cell is measured once (:func:`width`)."""
    padded: list[list[str]] = []
    for col in zip(*rows, strict=True):
        if "".join(col).isascii():
            n = max(map(len, col))
            padded.append([c.ljust(n) for c in col])
        else:
            widths = {c: width(c) for c in set(col)}
            n = max(widths.values())
            cells = {c: c + " " * (n - w) for c, w in widths.items()}
            padded.append([cells[c] for c in col])
    return ["  ".join(r).rstrip() for r in zip(*padded, strict=True)]


# --- the hand-by-hand table ---------------------------------------------------------------------------


def heading(lang: str) -> list[str]:
    """The column heads of the hand table: a hand is 副 and a game 局 (docs/gunzi-rules.md §Terms)."""
    return [
        tr(lang, "#"), tr(lang, "game"), tr(lang, "decl"), tr(lang, "lvl"),
        tr(lang, "trump"), tr(lang, "tribute"), tr(lang, "pts"),
        tr(lang, "kitty"), tr(lang, "last"), tr(lang, "score"),
        tr(lang, "outcome"),
        tr(lang, "levels {ew:team}-{ns:team}", ew="EW", ns="NS"),
        tr(lang, "blood"),
        tr(lang, "ledger {ew:team}/{ns:team}", ew="EW", ns="NS"),
    ]


def _tribute(h: HandResult, lang: str) -> str:
    t = h.tribute
    if t is None:
        return "-"
    if t.waived:
        return word(t.waived, lang)
    given = len(t.cards) if len(t.cards) == t.owed else f"{len(t.cards)}/{t.owed}"
    return f"{seat_word(t.giver, lang)}→{seat_word(t.receiver, lang)} {given}"


def _kitty(h: HandResult, lang: str) -> str:
    """The kitty's points as counted, its jokers (``+2BJ``) and whether it was a dry pot."""
    cell = str(h.kitty_points)
    for n, joker in ((h.big_jokers, BIG_JOKER), (h.small_jokers, SMALL_JOKER)):
        if n:
            cell += f" +{n}{card_name(joker, lang)}"
    if h.dry_pot:
        cell += " " + tr(lang, "dry")
    return cell


def _outcome(h: HandResult, lang: str) -> str:
    """The outcome's word, and the game's end when the hand ended it (``★EW passed 10``)."""
    outcome = word(h.outcome, lang)
    if not h.game_winner or h.game_reason is None:
        return outcome
    reason = word(h.game_reason, lang, **_rule_values(h.rules))
    return f"{outcome} ★{team_word(h.game_winner, lang)} {reason}"


def _rule_values(rules: RuleSet | None) -> dict[str, int]:
    """The rule values the words of a game's end name (``passed {top}``)."""
    return {"top": rules.top_level} if rules is not None else {}


def hand_row(h: HandResult, lang: str) -> list[str]:
    words = _CELLS.get(lang)
    if words is None:
        words = _CELLS[lang] = {}
    # The worded cells repeat down a long table: each is worded once per language and what it depends on.
    t = h.tribute
    keys = (("seat", h.declarer), ("suit", h.trump),
            ("tribute", None) if t is None else ("tribute", t.waived, t.giver, t.receiver, len(t.cards), t.owed),
            ("kitty", h.kitty_points, h.big_jokers, h.small_jokers, h.dry_pot), ("last", h.dug),
            ("outcome", h.outcome, h.game_winner, h.game_reason, h.rules.top_level if h.rules is not None else None))
    found = [words.get(k) for k in keys]
    if None in found:
        cells = [seat_word(h.declarer, lang), suit_word(h.trump, lang), _tribute(h, lang), _kitty(h, lang),
                 tr(lang, "dig") if h.dug else tr(lang, "keep"), _outcome(h, lang)]
        if len(words) < 10_000:
            words.update(zip(keys, cells, strict=True))
    else:
        cells = cast("list[str]", found)
    declarer, trump, tribute, kitty, last, outcome = cells
    return [
        str(h.hand), str(h.game), declarer, str(h.level), trump, tribute, str(h.points), kitty,
        last, str(h.score), outcome, f"{h.levels_after['EW']}-{h.levels_after['NS']}", str(h.blood),
        f"{h.ledger['EW']:+d}/{h.ledger['NS']:+d}",
    ]


# lang -> (a cell's kind, what it depends on) -> the cell as worded: see hand_row.
_CELLS: dict[str, dict[tuple[object, ...], str]] = {}


# --- the whole match ----------------------------------------------------------------------------------


def match_view(result: MatchResult, lang: str = "en") -> str:
    out: list[str] = []
    hd = result.header
    if hd is not None:
        bits = [hd.id] + [v for v in (hd.event, hd.date) if v]
        if hd.round:
            bits.append(tr(lang, "round {n}", n=hd.round))
        if hd.table:
            bits.append(tr(lang, "table {table}", table=hd.table))
        out.append(" · ".join(bits))
    if hd is not None and hd.pin:  # created under the content it pins (rules-hash=): replayed under that
        out.append(tr(lang, "rules: {rules} (pinned {pin})", rules=result.rules,
                      pin=hd.pin))
    else:
        out.append(tr(lang, "rules: {rules}", rules=result.rules))
    out += [_team_line(result, team, lang) for team in TEAMS]
    out.append("")
    if result.hands:
        out.extend(table([heading(lang)] + [hand_row(h, lang) for h in result.hands]))
        out.append("")
    out.extend(result_lines(result, lang))
    return "\n".join(out)


def _team_line(result: MatchResult, team: str, lang: str) -> str:
    """A team, its name and its players: ``EW 海之韵 (E 张建国 W 王志强)``."""
    seats = " ".join(f"{seat_word(s, lang)} {result.seats.get(s, '?')}" for s in team)
    name = result.teams.get(team)
    if name:
        return tr(lang, "{team:team} {name} ({seats})", team=team, name=name,
                  seats=seats)
    return tr(lang, "{team:team} ({seats})", team=team, seats=seats)


def result_lines(result: MatchResult, lang: str = "en") -> list[str]:
    """Each game's winner, the warnings and rulings, the ledger and the match."""
    rules = {h.hand: h.rules for h in result.hands}
    out = [_game_line(g, rules.get(g.last_hand) if g.last_hand is not None else None, lang) for g in result.games]
    out += [_note_line(n, lang) for n in result.notes if n.kind in (NoteKind.warn, NoteKind.ruling)]
    if result.ledger is not None:
        out.append(_ledger_line(result, lang))
    out.append(_match_line(result, lang))
    return out


def _game_line(g: GameResult, rules: RuleSet | None, lang: str) -> str:
    why = word(g.reason, lang, **_rule_values(rules))
    return tr(lang, "game {game}: {team:team} ({why})", game=g.game,
              team=g.winner, why=why)


def _note_line(n: Note, lang: str) -> str:
    who = seat_word(n.seat, lang) if n.seat else team_word(n.team, lang)
    return tr(lang, "{kind} {who}: {text} (line {line})", kind=n.kind,
              who=who, text=n.text, line=n.line)


def _ledger_line(result: MatchResult, lang: str) -> str:
    led = result.ledger or {}
    a, b = led["EW"], led["NS"]
    if result.ledger_headline:
        return tr(lang, "ledger (the headline score): {ew:team} {a:+d}, {ns:team} {b:+d}", ew="EW", a=a, ns="NS", b=b)
    return tr(lang, "ledger: {ew:team} {a:+d}, {ns:team} {b:+d}",
              ew="EW", a=a, ns="NS", b=b)


def _match_line(result: MatchResult, lang: str) -> str:
    games = f"{team_word('EW', lang)} {result.games_won['EW']} : {result.games_won['NS']} {team_word('NS', lang)}"
    if result.winner and result.forfeit:
        return tr(lang, "match: forfeit, {team:team} win ({games})",
                  team=result.winner, games=games)
    if result.winner:
        return tr(lang, "match: {team:team} win ({games})",
                  team=result.winner, games=games)
    st = result.state
    return tr(lang, "match in progress ({games}); game {game}, levels {ew:team} {a} {ns:team} {b}",
              games=games, game=st.game,
              ew="EW", a=st.levels["EW"], ns="NS", b=st.levels["NS"])


# --- one hand ---------------------------------------------------------------------------------------


def explain_view(h: HandResult, lang: str = "en") -> str:
    """A hand's heading, its kitty as dealt (and as it ended), and its steps, numbered."""
    head = tr(lang, "hand {hand} (game {game}): {seat:seat} declares, {team:team} at level {level}",
              hand=h.hand, game=h.game,
              seat=h.declarer, team=h.declarer_team, level=h.level)
    if h.final_kitty != h.kitty:
        kitty = tr(lang, "kitty {dealt:cards}  →  {final:cards}",
                   dealt=h.kitty, final=h.final_kitty)
    else:
        kitty = tr(lang, "kitty {dealt:cards}", dealt=h.kitty)
    lines = [head, kitty]
    for i, step in enumerate(explain_hand(h), 1):
        lines.append(f"{i:2d}. {step.text(lang)}")
    return "\n".join(lines)


def check_summary(result: MatchResult, lang: str) -> str:
    """`referee check`'s line for a valid record: ``ok: 26 hands, 3 games, EW 2:1`` (the games won, the
    winner's first; ``EW 1:1 NS`` while the match is unfinished)."""
    hands = MN("{n} hand", "{n} hands", len(result.hands))
    games = MN("{n} game", "{n} games", len(result.games))
    won = result.games_won
    if result.winner:
        loser = "NS" if result.winner == "EW" else "EW"
        score = form("{team:team} {won}:{lost}", team=result.winner, won=won.get(result.winner, 0),
                      lost=won.get(loser, 0))
    else:
        score = M("{ew:team} {a}:{b} {ns:team}, unfinished", ew="EW", ns="NS",
                  a=won.get("EW", 0), b=won.get("NS", 0))
    return tr(lang, "ok: {hands}, {games}, {score}", hands=hands, games=games,
              score=score)
