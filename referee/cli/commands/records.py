"""The commands on records: check, replay, explain, export, rules.

Imported when the command line starts: only typer and the standard library at the top; the notation,
the engine and the views load inside the commands.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from referee.cli.commands.boundary import language
from referee.cli.commands.options import AsFile, AsMatch, Db, Encoding, Lang, Output, Replaying, Source, grouped
from referee.core.i18n import N_, listed

if TYPE_CHECKING:  # for the checker only: the command modules load none of these at start-up
    from collections.abc import Callable

    from referee.app import sources
    from referee.core.errors import UsageError
    from referee.core.i18n import Msg
    from referee.core.records import RecordError
    from referee.games.api import Game


def _rules(game: Game, name: str, option: bool) -> Any:
    """*game*'s rule set *name*; a problem with it names ``--rules`` when the option gave it."""
    from referee.core.errors import UsageError

    try:
        return game.load_rules(name)
    except UsageError as e:
        if option:
            from referee.core.i18n import M

            raise type(e)(M("--rules: {problem}", problem=e.msg)) from None
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


def _replay(source: str, at: Replaying, lang: str = "en", explain: bool = False) -> tuple[sources.Source, Game, Any]:
    """Source → events → its game's engine; the parse errors come back beside the result (with ``explain``,
    each hand keeps its settlement's steps: for a view that explains every hand)."""
    src, game, rule_set = _source(source, at, lang)
    return src, game, game.replay(src.events, rule_set, explain)


def _source(source: str, at: Replaying, lang: str) -> tuple[sources.Source, Game, Any]:
    """The source read, its game, and the rule set to replay it under (``--rules``, else its header's)."""
    from referee.core.errors import UsageError
    from referee.games.registry import game as game_of

    rules = at.rules
    src = _load(source, at.db, at.as_file, at.as_match, at.encoding, lang)
    game = game_of(src.game)
    if rules is None and src.rules_problem is not None:
        raise UsageError(src.rules_problem)
    if rules is None and src.origin == "store":  # a stored match: the rules it pinned (referee.store.pinning)
        from referee.store.pinning import rules_of_match

        return src, game, rules_of_match(game, src.events)
    return src, game, _rules(game, rules or src.rules, rules is not None)


def check(
    files: Annotated[list[Path], typer.Argument(metavar="FILE", help=N_("Record files to check."),
                                                show_default=False)],
    lang: Lang = None,
    encoding: Encoding = None,
) -> None:
    """Exit 0 when every record is valid, else list every error as FILE:LINE: message and exit 1."""
    out = language(lang)
    from referee.app.sources import SourceError, header_rules, read_game_record
    from referee.core.errors import UsageError
    from referee.core.records import RecordError
    from referee.games.api import header_line, rules_named
    from referee.games.registry import game as game_of

    bad = 0
    for path in files:
        try:
            key, record = read_game_record(path, encoding, notifier(out))
        except SourceError as e:
            typer.echo(e.text(out), err=True)
            bad += 1
            continue
        game = game_of(key)
        errors = list(record.errors)
        named, line = rules_named(game, record.events), header_line(game, record.events)
        try:
            name = header_rules(named, path)
        except UsageError as e:  # a path a record's header may not name: said as it stands
            errors.append(RecordError(line, e.msg))
            name = game.default_rules
        try:
            rules = game.load_rules(name)
        except UsageError as e:
            errors.append(_rule_error(named, line, e))
            rules = game.load_rules(game.default_rules)
        result = game.replay(record.events, rules)
        errors += game.problems(result)
        for err in sorted(errors, key=lambda err: err.line):
            typer.echo(_problem_line(str(path), err.line, err.msg, out))
        if not errors:
            from referee.core.i18n import tr

            typer.echo(tr(out, "{source}: {summary}", source=str(path), summary=game.check_summary(result, out)))
        bad += bool(errors)
    raise typer.Exit(1 if bad else 0)


def _rule_error(name: str, line: int, e: UsageError) -> RecordError:
    from referee.core.i18n import M
    from referee.core.records import RecordError

    return RecordError(line, M("rules={name}: {problem}", name=name, problem=e.msg))


@grouped
def replay(
    source: Source,
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print the JSON object of record-format.md."))] = False,
    at: Replaying = Replaying(),
) -> None:
    """Replay a match hand by hand: levels, blood, outcomes, ledger and the result."""
    out = language(at.lang)
    if as_json:  # written as the game settles it (a long match is not held whole)
        src, game, rule_set = _source(source, at, out)
        game.replay_json(src.events, rule_set, sys.stdout, out, src.errors)
        _broken(src)
        return
    src, game, result = _replay(source, at, out)
    errors = sorted([*src.errors, *game.problems(result)], key=lambda e: e.line)
    typer.echo(game.match_view(result, out))
    for e in errors:
        typer.echo(_problem_line(src.name, e.line, e.msg, out), err=True)
    _broken(src)


@grouped
def explain(
    source: Source,
    hand: Annotated[int, typer.Option("--hand", "-n", metavar="N",
                                      help=N_("The hand number (hands count 1, 2, … through the match)."))],
    at: Replaying = Replaying(),
) -> None:
    """Show how one hand was settled, step by step, each step naming the rule it applied."""
    out = language(at.lang)
    src, game, result = _replay(source, at, out)
    from referee.core.errors import NotFound
    from referee.core.i18n import M

    shown = game.explain_view(result, hand, out)
    if shown is not None:
        typer.echo(shown)
        return
    settled = listed(game.settled_hands(result)) or "-"
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
    from referee.games.registry import game

    src = _load(source, db, as_file, as_match, encoding, words)
    text = game(src.game).write(src.events)
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
    table: Annotated[bool, typer.Option("--table", help=N_(
        "Print the rule set's score table: what each result of its game settles to, as the scoring function "
        "gives it."))] = False,
    lang: Lang = None,
) -> None:
    """List the rule sets, or show one with every key explained (or, with --table, its score table)."""
    words = language(lang)
    from referee.core.errors import UsageError
    from referee.core.i18n import M, tr
    from referee.games.api import rules_content
    from referee.games.registry import game, game_of_rules, keys

    if name is None:
        if table:
            raise UsageError(M("--table needs a rule set: referee rules NAME --table"))
        sets = [(game(key), n) for key in keys() for n in game(key).rule_sets()]
        width = max([12, *(len(n) for _, n in sets)])  # the names in one column, however long the longest
        for g, n in sets:
            info = g.rule_info(_rules(g, n, False))
            typer.echo(tr(words, "{name} {title} (seed {source})",
                          name=n.ljust(width), title=g.rules_title(info.title, words), source=info.source))
        return
    g = game(game_of_rules(name))
    r = _rules(g, name, False)
    if table:
        typer.echo(g.score_table(r, words))
        return
    info = g.rule_info(r)
    typer.echo(tr(words, "{name}: {title} (seed {source})", name=info.name,
                  title=g.rules_title(info.title, words), source=info.source))
    content = rules_content(g, r)  # what a match created under it pins (rules-hash=…)
    typer.echo(tr(words, "content hash: rules-hash={pin} (SHA-256 {digest})", pin=content.pin, digest=content.digest))
    for key, value, doc in g.explain_rules(r, words):
        typer.echo(f"  {key} = {value}\n      {doc}")
