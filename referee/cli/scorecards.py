"""`referee scorecard`: the PDF scorecard of one match (a record file or a stored match), or of all.

Imported when the command runs (not when the CLI starts): typer, the standard library and the
project's light modules (codes, errors, messages) at the top; ReportLab, the engine and the store
load only as they are needed. Nothing here prints an error: what goes wrong is raised as a
project error (``referee.core.errors``) and the command line's one boundary words it and exits with its
code. Two languages are in play: ``lang`` is the scorecard's, ``say`` the terminal's (the language
the boundary prints errors in, so that every line a command prints is in one language).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from referee.core.errors import RefereeError, UsageError
from referee.core.i18n import MN, M, Msg, listed, tr, trn
from referee.core.safefile import failure, output_folder

if TYPE_CHECKING:
    from referee.app.sources import Kind, Source
    from referee.games.api import Game
    from referee.store.api import MatchStore
    from referee.views.scorecard.audit import AuditEntry
    from referee.views.scorecard.fonts import FontInfo

REPORTS_DIR = "reports"


def file_name(match_id: str) -> str:
    """The PDF's file name for a match id: :func:`referee.core.names.file_stem` (injective and bounded: two
    ids never share a scorecard, ``.`` and ``..`` included)."""
    from referee.core.names import file_stem

    return file_stem(match_id) + ".pdf"


def hand_marks(log: Iterable[AuditEntry], game: Game, result: Any, lang: str) -> dict[int, str]:
    """Each settled deal's mark (confirmed, disputed, not confirmed) in *lang*, for a stored match that has
    confirmations or disputes in its audit trail; empty otherwise (a record file, a match without them)."""
    from referee.store.chain import REMARKS
    from referee.store.disputes import fold
    from referee.views.disputetext import mark_word

    fields = ("seq", "kind", "time", "referee", "directive", "target", "reason")
    entries = [{f: getattr(e, f, None) for f in fields} | {"hash": ""} for e in log if getattr(e, "kind", None)
               in REMARKS]
    if not entries:
        return {}
    remarks = fold(entries)  # type: ignore[arg-type]  # the audit trail's entries carry every field fold reads
    return {n: mark_word(remarks.mark(n), lang) for n in game.settled_hands(result)}


def recorder(log: Iterable[AuditEntry]) -> str:
    """Who recorded the match: the referee named by most of its entries (the first of them on a tie)."""
    from collections import Counter

    names: Counter[str] = Counter()
    for entry in log:
        name = entry.get("referee") if isinstance(entry, dict) else getattr(entry, "referee", None)
        if isinstance(name, str) and name:
            names[name] += 1
    return names.most_common(1)[0][0] if names else ""


def warn(say: str, message: Msg) -> None:
    """A warning on stderr, in the terminal's language: the scorecard is still written."""
    typer.echo(tr(say, "warning: {message}", message=message), err=True)


def replayed(src: Source) -> tuple[Game, Any, Any]:
    """The game of *src*, its rules (a stored match's pinned ones, ``store.pinning``; a record file's named rule
    set) and its match replayed under them; a rule set that cannot be used is a usage error naming the source."""
    from referee.games.registry import game as game_of
    from referee.store.pinning import rules_of_match

    game = game_of(src.game)
    if src.rules_problem is not None:
        raise UsageError(M("{source}: {problem}", source=src.name, problem=src.rules_problem))
    try:
        rules = rules_of_match(game, src.events) if src.origin == "store" else game.load_rules(src.rules)
    except RefereeError as e:
        raise UsageError(M("{source}: {problem}", source=src.name, problem=e.msg)) from None
    return game, rules, game.replay(src.events, rules)


def register_font(font: str | None) -> FontInfo:
    """The scorecard's font, registered; a font that cannot be used is a usage error of ``--font``."""
    return choose_font(font, ())


def choose_font(font: str | None, texts: Iterable[str]) -> FontInfo:
    """The one font policy of every PDF (scorecard, round sheet, report): ``--font``'s font (a path, or
    ``cid``), a usage error when it cannot be used; without it the first installed Chinese TrueType font
    that draws every one of *texts* (embedded), else the CID font."""
    from referee.views.scorecard.fonts import FontError, register, register_default

    try:
        return register(font) if font is not None else register_default(texts)
    except FontError as e:
        raise UsageError(M("--font: {problem}", problem=e.msg)) from None


def pdf_font(font: str | None, texts: Iterable[str], say: str, checked: Iterable[str] | None = None,
             quiet: bool = False) -> FontInfo:
    """:func:`choose_font`, with the warnings every PDF command gives in *say* (unless *quiet*): no
    Chinese TrueType font to embed, and the characters of *checked* (default: *texts*) it cannot draw."""
    from referee.views.scorecard.fonts import missing_glyphs

    texts = list(texts)
    info = choose_font(font, texts)
    if quiet:
        return info
    if font is None and not info.embedded:
        from referee.views.scorecard.fonts import CID_FONT, INSTALL_HINT

        warn(say, M("no Chinese TrueType font is installed: the PDF names {font} without its glyphs (a reader "
                    "without Chinese fonts shows boxes); to embed one: {install}",
                    font=CID_FONT, install=INSTALL_HINT))
    _warn_glyphs(say, font, missing_glyphs(info, texts if checked is None else checked), info)
    return info


def write_one(source: str, out: Path | None, lang: str, font: str | None, db: str | None,
              out_dir: Path | None = None, quiet: bool = False, say: str = "en",
              kind: Kind = "auto", encoding: str | None = None) -> tuple[Path, Msg | None]:
    """Write the scorecard of *source* in *lang*, whatever its game (its sections: ``Game.scorecard``); return
    where, and what is broken in a stored match's chain (None when sound: the PDF carries it on its face). Warnings
    (unless *quiet*) in *say*."""
    from referee.app import sources
    from referee.cli.commands.records import notifier
    from referee.views.scorecard.layout import document_texts, texts_in

    src = sources.load(source, db, kind, encoding, notifier(say))
    game, rules, result = replayed(src)
    header = game.header(src.events)
    info = game.rule_info(rules)
    printed = f"{info.name} · {game.rules_title(info.title, lang)}"
    referee = recorder(src.log)
    card = game.scorecard(result, lang, printed, referee)
    match_id = (header.id if header is not None else "") or Path(src.name).stem
    path = out if out is not None else (out_dir or output_folder(REPORTS_DIR)) / file_name(match_id)
    pdf_font(font, document_texts(card, lang), say, checked=texts_in(card), quiet=quiet)
    if not quiet:
        _warn_problems(say, src.name, len(src.errors) + len(game.problems(result)))
    _build(game, result, src, path, lang, font, printed, referee)
    return path, src.broken


def _build(game: Game, result: Any, src: Source, path: Path, lang: str, font: str | None, rules: str,
           referee: str) -> None:
    """The PDF written, or a project error saying why not: a file that cannot be written, or a text
    of the record too long for a page (a table row cannot break across pages)."""
    from reportlab.platypus.doctemplate import LayoutError

    from referee.views.scorecard.layout import build_scorecard

    try:
        build_scorecard(result, path, lang=lang, font_path=font, log=src.log, errors=sorted(src.errors,
                        key=lambda e: e.line), broken=src.broken, head=src.head,
                        marks=hand_marks(src.log, game, result, lang), referee=referee, game=game, rules=rules)
    except OSError as e:
        raise failure(e) from None  # the one wording: it names the file (output() names path)
    except LayoutError:
        raise RefereeError(M("{source}: a text of the record is too long for a page of the scorecard "
                             "(a very long note or reason?)",
                             source=src.name)) from None


def _warn_glyphs(say: str, font: str | None, missing: list[str], info: FontInfo | None = None) -> None:
    if missing:
        shown = "".join(missing[:20]) + ("…" if len(missing) > 20 else "")
        if info is not None and not info.embedded:
            warn(say, M("the PDF's built-in font ({font}) cannot draw {chars}: they will be missing from the "
                        "PDF; give --font with a TrueType font that has them",
                        font=info.name, chars=shown))
            return
        warn(say, M("{font} has no glyphs for {chars}; they will print as boxes",
                    font=str(info.path if info is not None and info.path else font), chars=shown))


def _warn_problems(say: str, source: str, problems: int) -> None:
    if problems:
        warn(say, MN("{source}: {n} problem in the record; listed on the scorecard",
                     "{source}: {n} problems in the record; listed on the scorecard", problems, source=source))


def stored_matches(db: str | None, event: str | None) -> tuple[MatchStore, list[str]]:
    """(store, the ids of its matches), of one event only when *event* is given: its id, as every
    ``event`` command takes it (its rounds' matches, by round and table); else, for matches stored
    outside an event, the event name their headers carry (any case). Neither: an ``UnknownEvent``
    naming the events stored (exit 2)."""
    from referee.store.api import open_store
    from referee.store.eventlog import UnknownEvent

    store = open_store(db)
    rows = store.summaries()
    if event is None:
        return store, [r["id"] for r in rows]
    log = store.event_log(event)
    if log.exists():
        stored = {r["id"] for r in rows}
        from referee.results.eventstate import event_state
        return store, [t.match_id for rnd in sorted(event_state(log).rounds, key=lambda r: r.number)
                       for t in sorted(rnd.tables, key=lambda t: t.number) if t.match_id in stored]
    want = event.strip().casefold()
    named = [r["id"] for r in rows if (r.get("event") or "").strip().casefold() == want]
    if not named:
        known = store.event_ids()
        raise UnknownEvent(M("--event {event}: no event with this id in the store at {root}, nor a stored match "
                             "of an event so named (events stored: {known})",
                             event=event, root=store.where,
                             known=listed([*known[:8], *(["…"] if len(known) > 8 else [])]) if known else "-"))
    return store, named


def write_all(out_dir: Path | None, lang: str, font: str | None, event: str | None, db: str | None,
              say: str = "en") -> None:
    """One scorecard per stored match (of *event*), with a progress bar; the matches that could not
    be written are named at the end (exit 1), after every other one is written."""
    from referee.core.names import shown

    store, ids = stored_matches(db, event)
    if not ids:
        if event is not None:
            typer.echo(tr(say, "event {event} has no match yet (referee event pair {event})", event=event))
        else:
            typer.echo(tr(say, "no stored matches in {store}", store=store.where))
        return
    if font is not None:
        register_font(font)  # a bad --font stops here, not once per match
    folder = output_folder(out_dir or REPORTS_DIR)  # made if missing, its parent never
    written: list[Path] = []
    failed: list[str] = []
    tampered: list[str] = []  # written, with the broken chain on their face
    with typer.progressbar(ids, label=trn(say, "{n} scorecard", "{n} scorecards", len(ids)),
                           show_pos=True, item_show_func=lambda mid: shown(mid) if mid else mid) as bar:
        for mid in bar:
            try:
                # an id out of the store is a stored match only: never tried as a path
                path, broken = write_one(mid, None, lang, font, db, out_dir=folder, quiet=True, say=say,
                                         kind="match")
                written.append(path)
                if broken is not None:
                    tampered.append(mid)
            except RefereeError:
                failed.append(mid)
    typer.echo(trn(say, "wrote {n} scorecard to {folder}", "wrote {n} scorecards to {folder}", len(written),
                   folder=str(folder)))
    if tampered:
        message = M("the hash chain of {ids:list} is broken: their scorecards say so on their face "
                    "(`referee verify` shows what changed)", ids=tampered)
        if not failed:
            raise RefereeError(message)
        warn(say, message)
    if failed:
        raise RefereeError(M("no scorecard for {ids:list} (see `referee replay` on each)", ids=failed))
