"""The kinds of settlement step and their messages: what each step of an explanation says.

The engine records a step as (kind, clause, values) and words nothing; :data:`STEPS` gives each kind
the names of its values and its message, so a step is worded only when someone reads it, in the
language asked for. The clause after each step names the rule-file key and the section of
``docs/gunzi-rules.md`` it applied: ``[blood.short; scoring.short_threshold · §7.2.3]``.

Field kinds (``referee.core.i18n``): seats ``{x:seat}``, teams ``{x:team}``, suits ``{x:suit}``, cards
``{x:cards}``; codes (an outcome, a rule choice …) are worded by type, from ``referee.games.gunzi.codes``.
"""

# No `from __future__ import annotations` here: a named tuple's string annotations are each compiled by typing
# at import (a ForwardRef per field), on every command's start; as types they are not.

from collections.abc import Iterator
from typing import TYPE_CHECKING

from referee.core.frozen import Record
from referee.core.i18n import KINDS, M, Msg, _translated, localize, separator
from referee.games.gunzi.cards import Card

if TYPE_CHECKING:  # typeshed has no stub for the C module behind string.Formatter.parse
    def formatter_parser(template: str, /) -> Iterator[tuple[str, str | None, str | None, str | None]]: ...
else:  # what string.Formatter().parse(template) returns, without loading string (its Template compiles a pattern)
    from _string import formatter_parser

# What a step's values are: numbers, seats, teams, suits (None: no trump), texts, codes (a ``StrEnum``,
# so a str) and cards.
StepValue = int | str | tuple[Card, ...] | None


class Step(Record):
    """One step of a settlement: the kind of step, the rule it applied and what it gave.

    The text is formatted only when shown (``text``), so replaying a long record stays cheap; a
    named tuple because thousands are made per second of replay. ``args`` are the values of the
    step kind's fields, in the order ``STEPS`` names them.
    """

    key: str  # the kind of step, e.g. "blood.short" (STEPS)
    clause: str  # the rule-file key and the section of docs/gunzi-rules.md, e.g. "scoring.short_threshold · §7.2.3"
    args: tuple[StepValue, ...] = ()

    def text(self, lang: str = "en") -> str:
        return render(self, lang)


class StepKind(Record):
    """The names of a step's values, in the order the engine passes them, and its message."""

    fields: tuple[str, ...]
    msg: Msg


def _kind(fields: str, msg: Msg) -> StepKind:
    return StepKind(tuple(fields.split()), msg)


STEPS: dict[str, StepKind] = {
    # --- declarer and trump (§4) ---
    "declarer.grab": _kind("seat trump", M(
        "{seat:seat} grabbed with a big joker and declares; trump {trump:suit} (the suit {seat:seat} drew next)")),
    "declarer.flip": _kind("seat flips rule trump", M(
        "no grab: flips {flips:cards}; {seat:seat} flipped the {rule} card and declares, trump {trump:suit}")),
    "declarer.given": _kind("seat trump", M(
        "{seat:seat} declares (stated by the referee), trump {trump:suit}")),
    "declarer.rotation": _kind("seat", M(
        "{seat:seat} declares, fixed by the previous hand")),
    "trump.declared": _kind("trump seat cards", M(
        "trump {trump:suit}: the standing declaration is {seat:seat}'s {cards:cards}")),
    "trump.drawn": _kind("seat cards trump", M(
        "nobody declared: {seat:seat} drew {cards:cards} from the kitty, trump {trump:suit}")),
    "trump.stated": _kind("trump", M("trump {trump:suit} as recorded")),
    "level": _kind("team level", M("{team:team} play at level {level}")),
    # --- tribute (§5) ---
    "tribute.none": _kind("", M("no blood owed this hand")),
    "tribute.paid": _kind("giver receiver owed cards", M(
        "{giver:seat} (upper hand of {receiver:seat}) owes {owed} blood and gives {cards:cards}")),
    "tribute.riot": _kind("seat cards owed", M(
        "riot (暴动): {seat:seat} shows {cards:cards}; the {owed} blood owed are waived")),
    "tribute.waive": _kind("owed", M(
        "the declarer side saw the kitty first: the {owed} blood owed are waived")),
    # --- the kitty (§6) ---
    "kitty.dry": _kind("why", M(
        "dry pot (干锅): {why}; the kitty stays as dealt, no jokers may be buried")),
    "kitty.not_dry": _kind("plain", M("not a dry pot: the kitty holds {plain:cards}")),
    "kitty.three_small_without_big": _kind("seat", M(
        "{seat:seat} buried three small jokers while holding a big joker: no big joker need go first")),
    "kitty.points": _kind("points", M("points in the final kitty: {points}")),
    "kitty.points_void": _kind("points", M("dry pot: the kitty's {points} points do not count")),
    "kitty.jokers": _kind("big small", M("jokers in the final kitty: {big} big, {small} small")),
    "kitty.jokers_void": _kind("", M("dry pot: the kitty's jokers count for nothing")),
    # --- the score and the outcome (§7, §7.1) ---
    "score.kept": _kind("score", M("declarers kept the kitty (保底): S = P = {score}")),
    "score.dug": _kind("points multiplier kitty score", M(
        "defenders dug the kitty (抠底): S = {points} + {multiplier}×{kitty} = {score}")),
    "outcome.keep": _kind("score stage", M(
        "S = {score} < {stage} and kept: declarers stay and level up")),
    "outcome.foul_dig": _kind("score stage", M(
        "S = {score} < {stage} but dug (臭抠): declarers stay, nobody levels, the kings are void")),
    "outcome.stage_kept": _kind("score stage", M(
        "S = {score} ≥ {stage} but kept: defenders take over (上台) without levelling")),
    "outcome.stage_dug": _kind("score stage", M(
        "S = {score} ≥ {stage} and dug: defenders take over and level up")),
    # --- levels (§3.4, §7.1) ---
    "levels.gain": _kind("team one kings total start end", M(
        "{team:team}: {one} + {kings} = {total} levels ({start} → {end})")),
    "levels.stop": _kind("team top start", M(
        "{team:team} stop at {top} (must play {top}): {start} → {top}")),
    "levels.pass": _kind("team top", M("{team:team} level up from {top}: they pass {top}")),
    "levels.none": _kind("", M("no level changes")),
    # --- blood (§7.2) ---
    "blood.kings": _kind("big big_blood small small_blood total", M(
        "king blood: {big} big × {big_blood} + {small} small × {small_blood} = {total}")),
    "blood.kings_void": _kind("", M("king blood void (foul dig)")),
    "blood.short": _kind("score short step blood", M(
        "S = {score} < {short}: ceil(({short} − {score}) / {step}) = {blood} blood, a remainder under {step} "
        "counting as {step}")),
    "blood.over": _kind("score over step blood", M(
        "S = {score} > {over}: floor(({score} − {over}) / {step}) = {blood} blood, a remainder under {step} not "
        "counting")),
    "blood.total": _kind("blood kings score giver receiver", M(
        "blood owed next hand: {blood} (kings {kings} + score {score}), paid by {giver:seat} to {receiver:seat}")),
    "blood.none_game_over": _kind("", M("the game is over: no blood is carried")),
    # --- the end of a game (§7.3) ---
    "end.zero": _kind("team", M("defenders scored 0: the declarers {team:team} win the game")),
    "end.sweep": _kind("score sweep team", M("S = {score} ≥ {sweep}: the defenders {team:team} win the game")),
    "end.three_jokers_dug": _kind("jokers score stage team", M(
        "three {jokers} dug with S = {score} ≥ {stage}: the defenders {team:team} win the game")),
    "end.three_jokers_kept": _kind("jokers score stage team", M(
        "three {jokers} kept with S = {score} < {stage}: the declarers {team:team} win the game")),
    "end.passed_10": _kind("team top", M("the declarers {team:team} passed {top}: they win the game")),
    # --- the next declarer (§7.4) ---
    "next.stay": _kind("seat rotation", M("declarers stay: {seat:seat} declares next ({rotation})")),
    "next.take_over": _kind("seat old", M(
        "defenders take over: {seat:seat}, lower hand of {old:seat}, declares next")),
    # --- the ledger (§9) ---
    "ledger.level": _kind("gainer amount loser loss outcome", M(
        "ledger: {gainer:team} {amount:+d}, {loser:team} {loss:+d} ({outcome})")),
    "ledger.special": _kind("gainer amount loser loss why", M(
        "ledger special: {gainer:team} {amount:+d}, {loser:team} {loss:+d} ({why})")),
    "ledger.tribute": _kind("cards gainer amount loser loss", M(
        "ledger: tribute of {cards} cards, {gainer:team} {amount:+d}, {loser:team} {loss:+d}")),
    # --- games decided off the table (§7.3.5, §8) ---
    "game.time": _kind("call", M("time: {call}")),
    "game.ruling": _kind("team text", M("the referee rules for {team:team}: {text}")),
    "game.forfeit": _kind("team limit winner games", M(
        "{limit} warnings against {team:team}: {winner:team} win the match {games}:0")),
}


_RENDERED: dict[tuple[Step, str], str] = {}  # (step, lang) -> text: a long match repeats the same few thousand steps


def render(step: Step, lang: str = "en") -> str:
    """The step in *lang*, followed by the rule it applied: ``… [blood.short; scoring.short_threshold · §7.2.3]``.

    The same text as ``STEPS[step.key].msg.bind(...).text(lang)``, made faster: ``replay --json`` of a
    long match words thousands of distinct steps, so each kind's template is looked up once per
    language and each field word (a seat, a card, a code) once per value (see :func:`_filled`).
    """
    key = (step, lang)
    text = _RENDERED.get(key)
    if text is None:
        text = worded(step, lang)
        if len(_RENDERED) < 50_000:
            _RENDERED[key] = text
    return text


def worded(step: Step, lang: str) -> str:
    """:func:`render`'s text, made afresh: for a caller that keeps the texts it words itself
    (``jsonview.write_json``), so the step is not hashed into a second cache."""
    text = _filled(step, lang)
    if not step.clause:
        return text
    clause = step.clause if ", " not in step.clause else step.clause.replace(", ", separator(lang))
    return f"{text} [{step.key}; {clause}]"


class Part(Record):
    """A piece of a step kind's message in one language: the text before a field, and the field."""

    literal: str
    place: int | None  # the field's place in the step's values; None after the last field
    spec: str  # its format spec ("seat", "cards", "+d" …; "" for none)


_PARTS: dict[tuple[str, str], list[Part]] = {}  # (kind, lang) -> its parts
_FIELD_WORDS: dict[tuple[str, type, object, str], str] = {}  # (spec, type, value, lang) -> the value as shown
_CARD_WORDS: dict[str, dict[Card, str]] = {}  # lang -> card -> its name ({x:cards} of a step: ~5 cards each)


def _filled(step: Step, lang: str) -> str:
    """The step's message in *lang*, its fields filled as ``referee.core.i18n.fill`` fills them (a test
    compares the two on every step of the example)."""
    parts = _PARTS.get((step.key, lang))
    if parts is None:
        parts = _PARTS[(step.key, lang)] = _template(step.key, lang)
    args = step.args
    out = []
    for literal, index, spec in parts:
        out.append(literal)
        if index is None:
            continue
        value = args[index]
        if value.__class__ is int:
            out.append(format(value, spec) if spec else str(value))
        elif spec == "cards" and isinstance(value, tuple) and value:
            names = _CARD_WORDS.get(lang)
            if names is None:
                names = _CARD_WORDS[lang] = {}
            try:  # as {x:cards} joins them
                out.append(" ".join([names[c] for c in value]))
            except KeyError:  # a card not named yet in this language: each is worded once
                for c in value:
                    if c not in names:
                        names[c] = _word("card", c, lang)
                out.append(" ".join([names[c] for c in value]))
        else:
            out.append(_word(spec, value, lang))
    return "".join(out)


def _template(key: str, lang: str) -> list[Part]:
    """The kind's message in *lang* cut into (text before a field, the field's place in the step's
    values, its spec); the step kinds use no conversions (``!r``)."""
    kind = STEPS[key]
    template = _translated(lang, kind.msg.msgid, None, 0, kind.msg.zh, None)
    return [Part(literal, None if name is None else kind.fields.index(name), spec or "")
            for literal, name, spec, _ in formatter_parser(template)]


def _word(spec: str, value: object, lang: str) -> str:
    """A seat, team, suit, card, code or text as *lang* shows it, looked up once per value: there are
    few of them, but thousands of distinct steps."""
    memo = (spec, type(value), value, lang)  # the type too: codes of two kinds may share a value
    text = _FIELD_WORDS.get(memo)
    if text is None:
        kind = KINDS.get(spec)
        text = kind(value, lang) if kind is not None else format(localize(value, lang), spec)
        _FIELD_WORDS[memo] = text
    return text
