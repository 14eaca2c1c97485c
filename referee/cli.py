"""The ``referee`` command line: a thin layer over notation → engine → views.

Only typer, the standard library and `referee.language` load at start-up; each command imports what it needs, so
``referee --help`` and ``referee check`` of a short record start quickly.
"""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from referee.language import LANG_HELP
from referee.language import resolve_lang as _lang

HELP = "Officiate and score Dalian Gunzi (大连打滚子) matches: check, replay and explain match records."

RULES_HELP = "Rule set name (dalian-club, gunzi-001, classic) or a rule file path; overrides the record's rules=."
DB_HELP = "Store folder, for stored matches (else $REFEREE_DB, else ./referee-store)."


def _fail(message: str, code: int = 1) -> None:
    typer.echo(message, err=True)
    raise typer.Exit(code)


def _load(source: str, db: str | None):
    from referee.sources import SourceError, load

    try:
        return load(source, db)
    except SourceError as e:
        _fail(f"error: {e}", 2)


def _rules(name: str, option: bool):
    from referee.ruleset import RulesError, load

    try:
        return load(name)
    except RulesError as e:
        _fail(f"error: {'--rules: ' if option else ''}{e}", 2)


def _replay(source: str, rules: str | None, db: str | None):
    """Source → events → engine; the parse errors come back beside the result."""
    from referee.engine import replay

    src = _load(source, db)
    result = replay(src.events, _rules(rules or src.rules, rules is not None))
    return src, result


def check(
    files: list[Path] = typer.Argument(..., help="Record files to check.", show_default=False),
    lang: str | None = typer.Option(None, "--lang", help=LANG_HELP),
) -> None:
    """Check records: exit 0 when valid, else list every error as FILE:LINE: message and exit 1."""
    language = _lang(lang)
    from referee.engine import replay
    from referee.ruleset import RulesError, load
    from referee.sources import SourceError, read_record

    bad = 0
    for path in files:
        try:
            record = read_record(path)
        except SourceError as e:
            typer.echo(str(e), err=True)
            bad += 1
            continue
        errors = list(record.errors)
        header = record.header
        try:
            rules = load(header.rules if header else "dalian-club")
        except RulesError as e:
            errors.append(_rule_error(header, e))
            rules = load("dalian-club")
        errors += replay(record.events, rules).errors
        for e in sorted(errors, key=lambda e: e.line):
            typer.echo(f"{path}:{e.line}: {e.text(language)}")
        bad += bool(errors)
    raise typer.Exit(1 if bad else 0)


def _rule_error(header, e):
    from referee.events import RecordError

    name = header.rules if header else ""
    return RecordError(header.line if header else 0, f"rules={name}: {e}", f"rules={name}：规则集无法使用（{e}）")


def replay_cmd(
    source: str = typer.Argument(..., help="A record file, or a stored match id."),
    as_json: bool = typer.Option(False, "--json", help="Print the JSON object of record-format.md."),
    rules: str | None = typer.Option(None, "--rules", help=RULES_HELP),
    lang: str | None = typer.Option(None, "--lang", help=LANG_HELP),
    db: str | None = typer.Option(None, "--db", help=DB_HELP),
) -> None:
    """Replay a match hand by hand: levels, blood, outcomes, ledger and the result."""
    language = _lang(lang)
    src, result = _replay(source, rules, db)
    errors = sorted([*src.errors, *result.errors], key=lambda e: e.line)
    if as_json:
        from referee.gcpause import no_gc
        from referee.jsonview import write_json

        with no_gc():
            write_json(result, sys.stdout, language, src.errors)
        return
    from referee.terminal import match_view

    typer.echo(match_view(result, language))
    for e in errors:
        typer.echo(f"{src.name}:{e.line}: {e.text(language)}", err=True)


def explain(
    source: str = typer.Argument(..., help="A record file, or a stored match id."),
    hand: int = typer.Option(..., "--hand", "-n", help="The hand number (hands count 1, 2, … through the match)."),
    rules: str | None = typer.Option(None, "--rules", help=RULES_HELP),
    lang: str | None = typer.Option(None, "--lang", help=LANG_HELP),
    db: str | None = typer.Option(None, "--db", help=DB_HELP),
) -> None:
    """Show how one hand was settled, step by step, each step naming the rule it applied."""
    language = _lang(lang)
    src, result = _replay(source, rules, db)
    from referee.terminal import explain_view

    for h in result.hands:
        if h.hand == hand:
            typer.echo(explain_view(h, language))
            return
    settled = ", ".join(str(h.hand) for h in result.hands) or "none"
    _fail(f"error: --hand {hand}: no settled hand {hand} in {src.name} (settled hands: {settled})", 2)


def export(
    source: str = typer.Argument(..., help="A record file, or a stored match id."),
    out: Path | None = typer.Option(None, "--output", "-o", help="Write to this file instead of the screen."),
    db: str | None = typer.Option(None, "--db", help=DB_HELP),
) -> None:
    """Write the canonical record (exporting an export gives the same text)."""
    from referee.notation import write

    src = _load(source, db)
    text = write(src.events)
    if out is None:
        sys.stdout.write(text)
    else:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text, encoding="utf-8")
    for e in src.errors:
        typer.echo(f"{src.name}:{e.line}: left out: {e.message}", err=True)
    if src.errors:
        raise typer.Exit(1)


def rules_cmd(
    name: str | None = typer.Argument(None, help="A rule set name or rule file path."),
    table: bool = typer.Option(False, "--table", help="Print what each defenders' score 0-300 settles to."),
) -> None:
    """List the rule sets, or show one with every key explained (or, with --table, its score table)."""
    from referee.ruleset import available

    if name is None:
        if table:
            _fail("error: --table needs a rule set: referee rules NAME --table", 2)
        for n in available():
            r = _rules(n, False)
            typer.echo(f"{n:12s} {r.title} (seed {r.source})")
        return
    r = _rules(name, False)
    if table:
        from referee.scoretable import format_table, score_table

        typer.echo(format_table(r, score_table(r)))
        return
    typer.echo(f"{r.name}: {r.title} (seed {r.source})")
    for key, value, doc in r.explain():
        typer.echo(f"  {key} = {value}\n      {doc}")


CORE = {"check": check, "replay": replay_cmd, "explain": explain, "export": export, "rules": rules_cmd}
STORE = {"new", "record", "status", "undo", "void", "amend", "log", "import", "list", "verify", "whatif"}


def _group() -> None:
    pass


def build_app(command: str | None = None) -> typer.Typer:
    """The ``referee`` application; with *command*, only what that command needs.

    Typer inspects every registered command each time it runs (~1.5 ms a command), so a single
    ``referee record`` at the table builds only the store's commands. The store's and the
    scorecard's commands live beside their code and register themselves.
    """
    new = typer.Typer(name="referee", help=HELP, no_args_is_help=True, add_completion=False,
                      pretty_exceptions_enable=False, rich_markup_mode=None)
    new.callback()(_group)  # keeps `referee COMMAND` a group even when only one command is built
    for name, fn in CORE.items():
        if command in (None, name):
            new.command(name)(fn)
    if command is None or command in STORE:
        from referee.store import commands as store_commands

        store_commands.register(new)
    if command in (None, "scorecard"):
        from referee.scorecard import commands as scorecard_commands

        scorecard_commands.register(new)
    return new


app = build_app()  # every command: for --help, tests and `python -m referee.cli`


def main() -> None:
    word = next((a for a in sys.argv[1:] if not a.startswith("-")), None)
    known = word in CORE or word in STORE or word == "scorecard"
    build_app(word if known and "--help" not in sys.argv[1:] else None)()


if __name__ == "__main__":
    main()
