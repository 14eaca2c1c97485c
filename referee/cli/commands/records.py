"""The commands on records: check, replay, explain, export, rules.

Imported when the command line starts: only typer and the standard library at the top; the notation,
the engine and the views load inside the commands.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from referee.cli.commands.boundary import language
from referee.cli.commands.options import AsFile, AsMatch, Db, Encoding, Lang, Output, Rules, Source
from referee.core.i18n import N_

if TYPE_CHECKING:  # for the checker only: the command modules load none of these at start-up
    from collections.abc import Callable

    from referee.app import sources
    from referee.core.i18n import Msg
    from referee.games.gunzi.events import MatchHeader, RecordError
    from referee.games.gunzi.results import MatchResult
    from referee.games.gunzi.ruleset import RulesError, RuleSet


def _rules(name: str, option: bool) -> RuleSet:
    """The rule set *name*; a problem with it names ``--rules`` when the option gave it."""
    from referee.games.gunzi.ruleset import RulesError, load

    try:
        return load(name)
    except RulesError as e:
        if option:
            from referee.core.i18n import M

            raise RulesError(M("--rules: {problem}", problem=e.msg)) from None
        raise


def _load(source: str, db: str | None, as_file: bool, as_match: bool, encoding: str | None = None,
          lang: str = "en") -> sources.Source:
    """The source as ``--file``/``--match`` (or neither) ask; an assumed encoding noticed in *lang*."""
    from referee.app.sources import kind_of, load

    return load(source, db, kind_of(as_file, as_match), encoding, notifier(lang))


def notifier(lang: str) -> Callable[[Msg], None]:
    """What prints a reader's notice (an assumed encoding) on stderr in *lang*."""
    def say(notice: Msg) -> None:
        from referee.core.i18n import tr

        typer.echo(tr(lang, "notice: {message}", message=notice), err=True)
    return say


def _problem_line(source: str, line: int, problem: Msg | str, lang: str) -> str:
    """``FILE:LINE: problem`` with the file name through a message field (its control characters escaped)."""
    from referee.core.i18n import tr

    return tr(lang, "{source}:{line}: {problem}", source=source, line=line,
              problem=problem)


def _broken(src: sources.Source) -> None:
    """A stored match whose chain is broken: said on stderr (the output is still printed), exit 1."""
    if src.broken is not None:
        from referee.core.errors import RefereeError
        from referee.core.i18n import M

        raise RefereeError(M("match {match}: {problem}; `referee verify` shows what changed",
                             match=src.name, problem=src.broken))


def _replay(source: str, rules: str | None, db: str | None, as_file: bool = False,
            as_match: bool = False, encoding: str | None = None,
            lang: str = "en", explain: bool = False) -> tuple[sources.Source, MatchResult]:
    """Source → events → engine; the parse errors come back beside the result (with ``explain``, each
    hand keeps its settlement's steps: for a view that explains every hand)."""
    from referee.games.gunzi.engine import replay as run

    src = _load(source, db, as_file, as_match, encoding, lang)
    if rules is None and src.rules_problem is not None:
        from referee.games.gunzi.ruleset import RulesError

        raise RulesError(src.rules_problem)
    result = run(src.events, _rules(rules or src.rules, rules is not None), explain)
    return src, result


def check(
    files: Annotated[list[Path], typer.Argument(metavar="FILE", help=N_("Record files to check."),
                                                show_default=False)],
    lang: Lang = None,
    encoding: Encoding = None,
) -> None:
    """Exit 0 when every record is valid, else list every error as FILE:LINE: message and exit 1."""
    out = language(lang)
    from referee.app.sources import SourceError, header_rules, read_record
    from referee.games.gunzi.engine import replay as run
    from referee.games.gunzi.events import RecordError
    from referee.games.gunzi.ruleset import RulesError, load

    bad = 0
    for path in files:
        try:
            record = read_record(path, encoding, notifier(out))
        except SourceError as e:
            typer.echo(e.text(out), err=True)
            bad += 1
            continue
        errors = list(record.errors)
        header = record.header
        try:
            name = header_rules(header.rules, path) if header else "dalian-club"
        except RulesError as e:  # a path a record's header may not name: said as it stands
            errors.append(RecordError(header.line if header else 0, e.msg))
            name = "dalian-club"
        try:
            rules = load(name)
        except RulesError as e:
            errors.append(_rule_error(header, e))
            rules = load("dalian-club")
        result = run(record.events, rules)
        errors += result.errors
        for err in sorted(errors, key=lambda err: err.line):
            typer.echo(_problem_line(str(path), err.line, err.msg, out))
        if not errors:
            from referee.core.i18n import tr
            from referee.views.matchtext import check_summary

            typer.echo(tr(out, "{source}: {summary}", source=str(path), summary=check_summary(result, out)))
        bad += bool(errors)
    raise typer.Exit(1 if bad else 0)


def _rule_error(header: MatchHeader | None, e: RulesError) -> RecordError:
    from referee.core.i18n import M
    from referee.games.gunzi.events import RecordError

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
    as_file: AsFile = False,
    as_match: AsMatch = False,
    encoding: Encoding = None,
) -> None:
    """Replay a match hand by hand: levels, blood, outcomes, ledger and the result."""
    out = language(lang)
    src, result = _replay(source, rules, db, as_file, as_match, encoding, out, explain=as_json)
    errors = sorted([*src.errors, *result.errors], key=lambda e: e.line)
    if as_json:
        from referee.core.gcpause import no_gc
        from referee.games.gunzi.jsonview import write_json

        with no_gc():
            write_json(result, sys.stdout, out, src.errors)
        _broken(src)
        return
    from referee.games.gunzi.terminal import match_view

    typer.echo(match_view(result, out))
    for e in errors:
        typer.echo(_problem_line(src.name, e.line, e.msg, out), err=True)
    _broken(src)


def explain(
    source: Source,
    hand: Annotated[int, typer.Option("--hand", "-n", metavar="N",
                                      help=N_("The hand number (hands count 1, 2, … through the match)."))],
    rules: Rules = None,
    lang: Lang = None,
    db: Db = None,
    as_file: AsFile = False,
    as_match: AsMatch = False,
    encoding: Encoding = None,
) -> None:
    """Show how one hand was settled, step by step, each step naming the rule it applied."""
    out = language(lang)
    src, result = _replay(source, rules, db, as_file, as_match, encoding, out)
    from referee.core.errors import NotFound
    from referee.core.i18n import M
    from referee.games.gunzi.terminal import explain_view

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
    as_file: AsFile = False,
    as_match: AsMatch = False,
    encoding: Encoding = None,
) -> None:
    """Write the canonical record, always in UTF-8 (exporting an export gives the same text)."""
    words = language(lang)
    from referee.core.i18n import tr
    from referee.games.gunzi.notation import write

    src = _load(source, db, as_file, as_match, encoding, words)
    text = write(src.events)
    if out is None:  # UTF-8 whatever the terminal's encoding: a record is read back as UTF-8
        sys.stdout.flush()
        sys.stdout.buffer.write(text.encode("utf-8"))
        sys.stdout.buffer.flush()
    else:
        from referee.core.safefile import output

        output(out, text.encode("utf-8"))  # whole or not at all: a full disk leaves the old file as it was
    for e in src.errors:
        typer.echo(tr(words, "{source}:{line}: left out: {problem}",
                      source=src.name, line=e.line, problem=e.msg), err=True)
    _broken(src)
    if src.errors:  # the record is written without them; the exit status says it has problems
        from referee.core.errors import RefereeError
        from referee.core.i18n import MN

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
    from referee.core.errors import UsageError
    from referee.core.i18n import M, tr
    from referee.games.gunzi.ruleset import available

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
        from referee.games.gunzi.scoretable import format_table, score_table

        typer.echo(format_table(r, score_table(r)))
        return
    typer.echo(tr(words, "{name}: {title} (seed {source})", name=r.name,
                  title=r.title, source=r.source))
    for key, value, doc in r.explain():
        typer.echo(f"  {key} = {value}\n      {doc}")
