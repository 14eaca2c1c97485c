"""The commands on records: check, replay, explain, export, rules.

Imported when the command line starts: only typer and the standard library at the top; the notation,
the engine and the views load inside the commands.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from referee.commands.boundary import language
from referee.commands.options import Db, Lang, Output, Rules, Source
from referee.i18n import N_

if TYPE_CHECKING:  # for the checker only: the command modules load none of these at start-up
    from referee import sources
    from referee.events import MatchHeader, RecordError
    from referee.results import MatchResult
    from referee.ruleset import RulesError, RuleSet


def _rules(name: str, option: bool) -> RuleSet:
    """The rule set *name*; a problem with it names ``--rules`` when the option gave it."""
    from referee.ruleset import RulesError, load

    try:
        return load(name)
    except RulesError as e:
        if option:
            from referee.i18n import M

            raise RulesError(M("--rules: {problem}", problem=e.msg)) from None
        raise


def _replay(source: str, rules: str | None, db: str | None) -> tuple[sources.Source, MatchResult]:
    """Source → events → engine; the parse errors come back beside the result."""
    from referee.engine import replay as run
    from referee.sources import load

    src = load(source, db)
    result = run(src.events, _rules(rules or src.rules, rules is not None))
    return src, result


def check(
    files: Annotated[list[Path], typer.Argument(metavar="FILE", help=N_("Record files to check."),
                                                show_default=False)],
    lang: Lang = None,
) -> None:
    """Exit 0 when every record is valid, else list every error as FILE:LINE: message and exit 1."""
    out = language(lang)
    from referee.engine import replay as run
    from referee.ruleset import RulesError, load
    from referee.sources import SourceError, read_record

    bad = 0
    for path in files:
        try:
            record = read_record(path)
        except SourceError as e:
            typer.echo(e.text(out), err=True)
            bad += 1
            continue
        errors = list(record.errors)
        header = record.header
        try:
            rules = load(header.rules if header else "dalian-club")
        except RulesError as e:
            errors.append(_rule_error(header, e))
            rules = load("dalian-club")
        result = run(record.events, rules)
        errors += result.errors
        for err in sorted(errors, key=lambda err: err.line):
            typer.echo(f"{path}:{err.line}: {err.text(out)}")
        if not errors:
            from referee.store.views import check_summary

            typer.echo(f"{path}: {check_summary(result, out)}")
        bad += bool(errors)
    raise typer.Exit(1 if bad else 0)


def _rule_error(header: MatchHeader | None, e: RulesError) -> RecordError:
    from referee.events import RecordError
    from referee.i18n import M

    name = header.rules if header else ""
    problem = e.msg if hasattr(e, "msg") else str(e)
    return RecordError(header.line if header else 0,
                       M("rules={name}: {problem}", name=name,
                         problem=problem))


def replay(
    source: Source,
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print the JSON object of record-format.md."))] = False,
    rules: Rules = None,
    lang: Lang = None,
    db: Db = None,
) -> None:
    """Replay a match hand by hand: levels, blood, outcomes, ledger and the result."""
    out = language(lang)
    src, result = _replay(source, rules, db)
    errors = sorted([*src.errors, *result.errors], key=lambda e: e.line)
    if as_json:
        from referee.gcpause import no_gc
        from referee.jsonview import write_json

        with no_gc():
            write_json(result, sys.stdout, out, src.errors)
        return
    from referee.terminal import match_view

    typer.echo(match_view(result, out))
    for e in errors:
        typer.echo(f"{src.name}:{e.line}: {e.text(out)}", err=True)


def explain(
    source: Source,
    hand: Annotated[int, typer.Option("--hand", "-n", metavar="N",
                                      help=N_("The hand number (hands count 1, 2, … through the match)."))],
    rules: Rules = None,
    lang: Lang = None,
    db: Db = None,
) -> None:
    """Show how one hand was settled, step by step, each step naming the rule it applied."""
    out = language(lang)
    src, result = _replay(source, rules, db)
    from referee.errors import NotFound
    from referee.i18n import M
    from referee.terminal import explain_view

    for h in result.hands:
        if h.hand == hand:
            typer.echo(explain_view(h, out))
            return
    settled = ", ".join(str(h.hand) for h in result.hands) or "-"
    raise NotFound(M("--hand {hand}: no settled hand {hand} in {source} (settled hands: {settled})",
                     hand=hand, source=src.name, settled=settled))


def export(
    source: Source,
    out: Output = None,
    db: Db = None,
    lang: Lang = None,
) -> None:
    """Write the canonical record (exporting an export gives the same text)."""
    words = language(lang)
    from referee.i18n import tr
    from referee.notation import write
    from referee.sources import load

    src = load(source, db)
    text = write(src.events)
    if out is None:
        sys.stdout.write(text)
    else:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text, encoding="utf-8")
    for e in src.errors:
        typer.echo(tr(words, "{source}:{line}: left out: {problem}",
                      source=src.name, line=e.line, problem=e.msg), err=True)
    if src.errors:  # the record is written without them; the exit status says it has problems
        from referee.errors import RefereeError
        from referee.i18n import MN

        raise RefereeError(MN("{n} line left out of the export", "{n} lines left out of the export",
                              len(src.errors)))


def rules(
    name: Annotated[str | None, typer.Argument(metavar="NAME|PATH", help=N_("A rule set name or rule file path."))]
    = None,
    table: Annotated[bool, typer.Option("--table", help=N_("Print what each defenders' score 0-300 settles to."))]
    = False,
    lang: Lang = None,
) -> None:
    """List the rule sets, or show one with every key explained (or, with --table, its score table)."""
    words = language(lang)
    from referee.errors import UsageError
    from referee.i18n import M, tr
    from referee.ruleset import available

    if name is None:
        if table:
            raise UsageError(M("--table needs a rule set: referee rules NAME --table"))
        for n in available():
            r = _rules(n, False)
            typer.echo(tr(words, "{name} {title} (seed {source})",
                          name=n.ljust(12), title=r.title, source=r.source))
        return
    r = _rules(name, False)
    if table:
        from referee.scoretable import format_table, score_table

        typer.echo(format_table(r, score_table(r)))
        return
    typer.echo(tr(words, "{name}: {title} (seed {source})", name=r.name,
                  title=r.title, source=r.source))
    for key, value, doc in r.explain():
        typer.echo(f"  {key} = {value}\n      {doc}")
