"""Plain-text views of the store for the terminal: settlements, status, the audit log, what-if."""

from __future__ import annotations

import unicodedata


def pad(text: str, width: int) -> str:
    """Left-justify for the terminal: Chinese characters take two columns."""
    used = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)
    return text + " " * max(width - used, 0)

OUTCOME = {
    "keep": "kept (保底): the declarers stay and go up",
    "foul_dig": "foul dig (臭抠): the declarers stay, no level change",
    "stage_kept": "the defenders take over (上台), kitty kept: no level change",
    "stage_dug": "the defenders take over and dig (上台抠底): they go up",
}
GAME_REASON = {
    "passed_10": "passed 10", "zero": "defenders scored 0", "sweep": "defenders scored 300",
    "three_jokers": "three jokers in the kitty", "time": "time", "ruling": "referee's ruling",
    "forfeit": "forfeit (warnings)",
}
PHASE = {
    "between_hands": "between hands", "declaring": "declaring trump", "tribute": "tribute",
    "kitty": "kitty", "bury": "burying", "kings": "burying kings (扣王)", "points": "play (points)",
    "done": "hand finished", "match_over": "match over",
}


def who(seat: str | None, seats: dict[str, str]) -> str:
    if seat is None:
        return "-"
    name = seats.get(seat)
    return f"{seat} ({name})" if name else seat


def levels(lv: dict[str, int]) -> str:
    return ", ".join(f"{team} {lv[team]}" for team in ("EW", "NS") if team in lv)


def settlement(hand, result) -> list[str]:
    """A settled hand in a few lines: score, outcome, levels, blood, next declarer, game."""
    seats = result.seats
    trump = hand.trump or "-"
    out = [f"Hand {hand.hand} settled (game {hand.game}; declarer {who(hand.declarer, seats)} of "
           f"{hand.declarer_team}, level {hand.level}, trump {trump})"]
    kitty = hand.score - hand.points
    how = "the defenders dug the kitty (抠底)" if hand.dug else "the declarers kept the last trick (保底)"
    score = f"  defenders' score {hand.score} = trick points {hand.points}"
    if kitty:
        score += f" + {kitty} from the kitty"
    out.append(f"{score}; {how}" + ("; dry pot (干锅)" if hand.dry_pot else ""))
    out.append(f"  outcome: {OUTCOME.get(hand.outcome, hand.outcome)}")
    out.append(f"  levels now: {levels(hand.levels_after)}")
    if hand.game_winner:
        reason = GAME_REASON.get(hand.game_reason or "", hand.game_reason or "")
        out.append(f"  game {hand.game} won by {hand.game_winner} ({reason})")
    else:
        if hand.blood:
            out.append(f"  blood owed next hand: {hand.blood} (kings {hand.blood_kings} + score "
                       f"{hand.blood_score}), paid by {who(hand.blood_giver, seats)} to "
                       f"{who(hand.next_declarer, seats)}")
        else:
            out.append("  blood owed next hand: none")
        out.append(f"  next declarer: {who(hand.next_declarer, seats)}")
    if result.winner:
        games = levels(result.games_won)
        out.append(f"  match won by {result.winner} (games {games})")
    return out


def status(match_id: str, result, log_len: int) -> list[str]:
    st = result.state
    seats = result.seats
    h = result.header
    title = f"Match {match_id} ({result.rules})"
    if h is not None:
        extra = [x for x in (h.event, f"table {h.table}" if h.table else None,
                             f"round {h.round}" if h.round else None, h.date) if x]
        if extra:
            title += " — " + ", ".join(extra)
    out = [title]
    if result.teams:
        out.append("Teams: " + ", ".join(f"{t} {n}" for t, n in result.teams.items()))
    if seats:
        out.append("Seats: " + ", ".join(f"{s} {n}" for s, n in seats.items()))
    if st.match_over or result.winner:
        out.append(f"Match over: won by {result.winner or '-'} (games {levels(result.games_won)})")
    out.append(f"Game {st.game}, hand {st.hand}" + (" (in progress)" if st.in_hand else " (not started)")
               + f"; phase: {PHASE.get(st.phase, st.phase)}")
    out.append(f"Levels: {levels(st.levels)}   games won: {levels(result.games_won)}")
    decl = who(st.declarer, seats) if st.declarer else "not fixed yet (first hand of a game)"
    out.append(f"Declarer: {decl}; level {st.level if st.level is not None else '-'}; "
               f"trump {st.trump or 'not fixed yet'}")
    if st.blood_owed:
        out.append(f"Blood owed: {st.blood_owed}, by {who(st.blood_giver, seats)} "
                   f"to {who(st.declarer, seats)}")
    else:
        out.append("Blood owed: none")
    if st.in_hand and st.points_so_far:
        out.append(f"Defenders' points so far: {st.points_so_far}")
    if any(st.warnings.values()):
        out.append("Warnings: " + ", ".join(f"{k} {v}" for k, v in st.warnings.items() if v))
    out.append("Next: " + (" | ".join(st.expected) if st.expected else "nothing (match over)"))
    if result.errors:
        out.append(f"Problems in the record ({len(result.errors)}):")
        out += [f"  seq {e.line}: {e.message}" if e.line else f"  {e.message}" for e in result.errors]
    out.append(f"{log_len} entries in the store")
    return out


def log_lines(entries) -> list[str]:
    out = []
    for e in entries:
        time = e.time.replace("T", " ").replace("Z", "")[:19]
        if e.kind == "event":
            text = e.directive
        elif e.kind == "amend":
            text = f"amend #{e.target} → {e.directive}"
        else:
            text = f"{e.kind} #{e.target}"
        if e.reason:
            text += f"   reason: {e.reason}"
        if e.superseded_by:
            later = e.superseded_by
            text += f"   [replaced or taken back by #{later}]"
        out.append(f"{e.seq:>4}  {time}  {pad(e.referee, 12)}  {e.kind:<6} {text}")
    return out


def changed_hands(before, after) -> list:
    """Hands whose settlement a correction changed (or that it completed)."""
    old = {h.hand: _hand_row(h) for h in before.hands}
    return [h for h in after.hands if old.get(h.hand) != _hand_row(h)]


def _hand_row(h) -> dict[str, str]:
    if h is None:
        return {k: "-" for k in ROW_KEYS}
    return {
        "score": str(h.score),
        "outcome": h.outcome,
        "levels": levels(h.levels_after),
        "blood": f"{h.blood} by {h.blood_giver}" if h.blood else "0",
        "next declarer": h.next_declarer or "-",
        "game winner": h.game_winner or "-",
    }


ROW_KEYS = ("score", "outcome", "levels", "blood", "next declarer", "game winner")


def whatif_table(w, match_id: str) -> list[str]:
    from referee.notation import format_event

    old_text, new_text = format_event(w.old_event), format_event(w.new_event)
    out = [f"What if, in match {match_id}, seq {w.seq} were `{new_text}` instead of `{old_text}`",
           "(nothing is stored)", ""]
    rec = {h.hand: h for h in w.recorded.hands if h.hand >= w.first_hand}
    alt = {h.hand: h for h in w.changed.hands if h.hand >= w.first_hand}
    width = 28
    out.append(f"{'':<22}{'as recorded':<{width}}what if")
    changed_any = False
    for n in sorted(set(rec) | set(alt)):
        a, b = _hand_row(rec.get(n)), _hand_row(alt.get(n))
        out.append(f"hand {n}")
        for key in ROW_KEYS:
            mark = "*" if a[key] != b[key] else " "
            changed_any |= mark == "*"
            out.append(f" {mark} {key:<19}{pad(a[key], width)}{b[key]}")
    out.append("match")
    for key, a, b in (
        ("winner", w.recorded.winner or "-", w.changed.winner or "-"),
        ("games", levels(w.recorded.games_won), levels(w.changed.games_won)),
        ("levels now", levels(w.recorded.state.levels), levels(w.changed.state.levels)),
        ("blood owed now", str(w.recorded.state.blood_owed), str(w.changed.state.blood_owed)),
    ):
        mark = "*" if a != b else " "
        changed_any |= mark == "*"
        out.append(f" {mark} {key:<19}{pad(a, width)}{b}")
    out.append("")
    out.append("* marks what changes." if changed_any else "Nothing in the outcome changes.")
    if w.new_errors:
        out.append("With that change the record would have these problems:")
        out += [f"  seq {e.line}: {e.message}" if e.line else f"  {e.message}" for e in w.new_errors]
    return out
