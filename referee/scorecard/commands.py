"""`referee scorecard`: the PDF scorecard of one match (a record file or a stored match), or of all.

Imported when the command runs (not when the CLI starts): typer, the standard library and the
project's light modules (codes, errors, messages) at the top; ReportLab, the engine and the store
load only as they are needed. Nothing here prints an error: what goes wrong is raised as a
project error (``referee.errors``) and the command line's one boundary words it and exits with its
code. Two languages are in play: ``lang`` is the scorecard's, ``say`` the terminal's (the language
the boundary prints errors in, so that every line a command prints is in one language).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from referee.codes import EntryKind
from referee.errors import RefereeError, UsageError
from referee.i18n import MN, M, Msg, tr, trn

if TYPE_CHECKING:
    from referee.results import MatchResult
    from referee.scorecard.fonts import FontInfo
    from referee.scorecard.layout import AuditEntry
    from referee.sources import Source
    from referee.store.store import Store

REPORTS_DIR = "reports"
CORRECTION_KINDS = (EntryKind.undo, EntryKind.void, EntryKind.amend)


def file_name(match_id: str) -> str:
    """A safe file name for a match id: letters (any script), digits, ``-``, ``_`` and ``.`` kept."""
    stem = re.sub(r"[^\w.-]", "_", match_id).lstrip(".") or "match"
    return stem + ".pdf"


def corrections(log: Iterable[AuditEntry]) -> list[AuditEntry]:
    """The audit trail's corrections (undo, void, amend); recorded events are the record itself."""
    out: list[AuditEntry] = []
    for entry in log:
        kind = entry.get("kind") if isinstance(entry, dict) else getattr(entry, "kind", None)
        if kind in CORRECTION_KINDS:
            out.append(entry)
    return out


def warn(say: str, message: Msg) -> None:
    """A warning on stderr, in the terminal's language: the scorecard is still written."""
    typer.echo(tr(say, "warning: {message}", message=message), err=True)


def load_result(source: str, db: str | None) -> tuple[MatchResult, Source]:
    """(MatchResult, Source) for a record file or stored match id.

    A source that is not there is the sources' own ``NotFound``; a rule set that cannot be used is a
    usage error naming the source whose header named it.
    """
    from referee import engine, ruleset, sources

    src = sources.load(source, db)
    try:
        rules = ruleset.load(src.rules)
    except ruleset.RulesError as e:
        raise UsageError(M("{source}: {problem}", source=src.name, problem=e.msg)) from None
    return engine.replay(src.events, rules), src


def register_font(font: str | None) -> FontInfo:
    """The scorecard's font, registered; a font that cannot be used is a usage error of ``--font``."""
    from referee.scorecard.fonts import FontError, register

    try:
        return register(font)
    except FontError as e:
        raise UsageError(M("--font: {problem}", problem=e.msg)) from None


def write_one(source: str, out: Path | None, lang: str, font: str | None, db: str | None,
              out_dir: Path | None = None, quiet: bool = False, say: str = "en") -> Path:
    """Write the scorecard of *source* in *lang*; return where. Warnings (unless *quiet*) in *say*."""
    from referee.scorecard.fonts import missing_glyphs
    from referee.scorecard.layout import texts_in

    result, src = load_result(source, db)
    match_id = result.header.id if result.header is not None and result.header.id else Path(src.name).stem
    path = out if out is not None else (out_dir or Path(REPORTS_DIR)) / file_name(match_id)
    info = register_font(font)
    if not quiet:
        _warn_glyphs(say, font, missing_glyphs(info, texts_in(result)))
        _warn_problems(say, src.name, len(src.errors) + len(result.errors))
    _build(result, src, path, lang, font)
    return path


def _build(result: MatchResult, src: Source, path: Path, lang: str, font: str | None) -> None:
    """The PDF written, or a project error saying why not: a file that cannot be written, or a text
    of the record too long for a page (a table row cannot break across pages)."""
    from reportlab.platypus.doctemplate import LayoutError

    from referee.scorecard.layout import build_scorecard

    try:
        build_scorecard(result, path, lang=lang, font_path=font, log=corrections(src.log), errors=src.errors)
    except OSError as e:
        raise RefereeError(M("cannot write {path}: {reason}", path=str(path),
                             reason=e.strerror or str(e))) from None
    except LayoutError:
        raise RefereeError(M("{source}: a text of the record is too long for a page of the scorecard "
                             "(a very long note or reason?)",
                             source=src.name)) from None


def _warn_glyphs(say: str, font: str | None, missing: list[str]) -> None:
    if missing:
        shown = "".join(missing[:20]) + ("…" if len(missing) > 20 else "")
        warn(say, M("{font} has no glyphs for {chars}; they will print as boxes", font=str(font), chars=shown))


def _warn_problems(say: str, source: str, problems: int) -> None:
    if problems:
        warn(say, MN("{source}: {n} problem in the record; listed on the scorecard",
                     "{source}: {n} problems in the record; listed on the scorecard", problems, source=source))


def stored_matches(db: str | None, event: str | None) -> tuple[Store, list[str]]:
    """(store, the ids of its matches), of one event only when *event* is given (any case)."""
    from referee.store.store import Store

    store = Store(db)
    rows = store.summaries()
    if event is not None:
        want = event.strip().casefold()
        rows = [r for r in rows if (r.get("event") or "").strip().casefold() == want]
    return store, [r["id"] for r in rows]


def write_all(out_dir: Path | None, lang: str, font: str | None, event: str | None, db: str | None,
              say: str = "en") -> None:
    """One scorecard per stored match (of *event*), with a progress bar; the matches that could not
    be written are named at the end (exit 1), after every other one is written."""
    store, ids = stored_matches(db, event)
    if not ids:
        typer.echo(tr(say, "no stored matches of event '{event}' in {store}",
                      event=event, store=str(store.root)) if event is not None else
                   tr(say, "no stored matches in {store}", store=str(store.root)))
        return
    if font is not None:
        register_font(font)  # a bad --font stops here, not once per match
    folder = out_dir or Path(REPORTS_DIR)
    written: list[Path] = []
    failed: list[str] = []
    with typer.progressbar(ids, label=trn(say, "{n} scorecard", "{n} scorecards", len(ids)),
                           show_pos=True, item_show_func=lambda mid: mid) as bar:
        for mid in bar:
            try:
                written.append(write_one(mid, None, lang, font, db, out_dir=folder, quiet=True, say=say))
            except RefereeError:
                failed.append(mid)
    typer.echo(trn(say, "wrote {n} scorecard to {folder}", "wrote {n} scorecards to {folder}", len(written),
                   folder=str(folder)))
    if failed:
        raise RefereeError(M("no scorecard for {ids:list} (see `referee replay` on each)", ids=failed))
