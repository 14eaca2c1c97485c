"""`referee scorecard`: the PDF scorecard of one match (a record file or a stored match), or of all.

Imported when the CLI starts: only typer and the standard library at the top. ReportLab, the engine
and the store load inside the command.
"""

from __future__ import annotations

import re
from pathlib import Path

import typer

DB_HELP = "Store folder (else $REFEREE_DB, else ./referee-store)."
REPORTS_DIR = "reports"
LANGS = ("zh", "en")


def _fail(message: str, code: int = 1) -> None:
    typer.echo(message, err=True)
    raise typer.Exit(code)


def file_name(match_id: str) -> str:
    """A safe file name for a match id: letters (any script), digits, ``-``, ``_`` and ``.`` kept."""
    stem = re.sub(r"[^\w.-]", "_", match_id).lstrip(".") or "match"
    return stem + ".pdf"


CORRECTION_KINDS = ("undo", "void", "amend")


def corrections(log: list) -> list:
    """The audit trail's corrections (undo, void, amend); recorded events are the record itself."""
    out = []
    for entry in log:
        kind = entry.get("kind") if isinstance(entry, dict) else getattr(entry, "kind", None)
        if kind in CORRECTION_KINDS:
            out.append(entry)
    return out


def load_result(source: str, db: str | None):
    """(MatchResult, Source) for a record file or stored match id; exits with a message when it cannot."""
    from referee import engine, ruleset, sources

    try:
        src = sources.load(source, db)
    except sources.SourceError as e:
        _fail(f"error: {e}", 2)
    try:
        rules = ruleset.load(src.rules)
    except ruleset.RulesError as e:
        _fail(f"error: {src.name}: {e}", 2)
    return engine.replay(src.events, rules), src


def write_one(source: str, out: Path | None, lang: str, font: str | None, db: str | None,
              out_dir: Path | None = None, quiet: bool = False) -> Path:
    from referee.scorecard.fonts import FontError, missing_glyphs, register
    from referee.scorecard.layout import build_scorecard, texts_in

    result, src = load_result(source, db)
    match_id = result.header.id if result.header is not None and result.header.id else Path(src.name).stem
    path = out if out is not None else (out_dir or Path(REPORTS_DIR)) / file_name(match_id)
    try:
        info = register(font)
    except FontError as e:
        _fail(f"error: --font: {e}", 2)
    missing = missing_glyphs(info, texts_in(result))
    if missing and not quiet:
        shown = "".join(missing[:20]) + ("…" if len(missing) > 20 else "")
        typer.echo(f"warning: {font} has no glyphs for {shown}; they will print as boxes", err=True)
    problems = len(src.errors) + len(result.errors)
    if problems and not quiet:
        typer.echo(f"warning: {src.name}: {problems} problem(s) in the record; listed on the scorecard",
                   err=True)
    try:
        build_scorecard(result, path, lang=lang, font_path=font, log=corrections(src.log), errors=src.errors)
    except OSError as e:
        _fail(f"error: cannot write {path}: {e.strerror or e}", 1)
    return path


def _write_all(out_dir: Path | None, lang: str, font: str | None, event: str | None, db: str | None) -> None:
    from referee.store.store import Store

    store = Store(db)
    rows = store.summaries()
    if event is not None:
        want = event.strip().casefold()
        rows = [r for r in rows if (r.get("event") or "").strip().casefold() == want]
    if not rows:
        where = f" of event {event!r}" if event is not None else ""
        typer.echo(f"no stored matches{where} in {store.root}")
        return
    if font is not None:
        from referee.scorecard.fonts import FontError, register

        try:
            register(font)
        except FontError as e:
            _fail(f"error: --font: {e}", 2)
    folder = out_dir or Path(REPORTS_DIR)
    written: list[Path] = []
    failed: list[str] = []
    with typer.progressbar(rows, label=f"{len(rows)} scorecard(s)", show_pos=True,
                           item_show_func=lambda r: r["id"] if r else None) as bar:
        for row in bar:
            try:
                written.append(write_one(row["id"], None, lang, font, db, out_dir=folder, quiet=True))
            except typer.Exit:
                failed.append(row["id"])
    typer.echo(f"wrote {len(written)} scorecard(s) to {folder}")
    if failed:
        _fail(f"error: no scorecard for {', '.join(failed)} (see `referee replay` on each)", 1)
