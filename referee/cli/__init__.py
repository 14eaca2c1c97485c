"""The ``referee`` command line: the command table (``referee.cli.commands``) made into a Typer app.

Only typer, the standard library and the table load at start-up; ``main()`` builds just the command
that runs (Typer inspects every registered command each time it starts), each behind the one error
boundary, with its help worded in the user's language.
"""

# No `from __future__ import annotations` here: the root callback's options would be compiled from their strings by
# Typer (typing.get_type_hints) on every command's start; as objects they are not.
import gc
import os
import sys
from typing import TYPE_CHECKING, Annotated

# Loading typer and the command table makes tens of thousands of objects and no garbage: the cyclic collector
# would walk them again and again for nothing (~5 % of a `referee record`). Off while they load, then as it was;
# `_main` turns it off for the whole of a command that ends when done.
_COLLECTING = gc.isenabled()
gc.disable()

import typer  # noqa: E402 - after the collector is paused

from referee import __version__  # noqa: E402
from referee.cli.commands import COMMANDS, load  # noqa: E402
from referee.cli.commands.boundary import BROKEN_PIPE, INTERRUPTED, guard, quiet_exit, run_parsed  # noqa: E402
from referee.core.i18n import N_  # noqa: E402

if _COLLECTING:
    gc.freeze()  # what loaded stays for the process's life: no collection walks it (enabling would, at once)
    gc.enable()

# {games}: every game of the registry by its name (referee.games.registry.named), filled in when the help is shown
HELP = N_("Officiate and score {games} matches: check, replay and explain match records, record them at the table, "
          "print scorecards.")
HELP_OPTIONS = ["-h", "--help"]

if TYPE_CHECKING:
    from typing import Protocol

    class Documented(Protocol):
        """What ``_translate`` rewords: a click command (of the vendored click or click itself, as the
        Typer versions allowed ship) with its help; its parameters and sub-commands are read as found."""

        help: str | None


def _version(value: bool) -> None:
    if value:
        typer.echo(f"referee {__version__}")
        raise typer.Exit()


def _root(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help=N_("Print the version and exit."))] = False,
) -> None:
    pass


def _listed() -> None:
    """A command as the top-level help lists it: its name and help text, nothing imported."""


def build_app(command: str | None = None, *, listing: bool = False) -> typer.Typer:
    """The ``referee`` application; with *command*, only that command; with *listing*, every command as
    its name and help only (``referee --help``, an unknown command): no command module is imported and
    no signature inspected, so the list costs what one command does."""
    app = typer.Typer(name="referee", help=HELP, no_args_is_help=True, add_completion=False,
                      pretty_exceptions_enable=False, rich_markup_mode=None,
                      context_settings={"help_option_names": HELP_OPTIONS})
    app.callback()(_root)  # keeps `referee COMMAND` a group even when only one command is built
    if listing:
        for name, info in COMMANDS.items():
            app.command(name, help=info.help)(_listed)
        return app
    for name, info in COMMANDS.items():
        if command in (None, name) and info.group:  # a Typer group: each of its commands behind the boundary
            group = load(name)()
            for sub in group.registered_commands:
                sub.callback = guard(sub.callback) if sub.callback else None
            app.add_typer(group, name=name, help=info.help)
        elif command in (None, name):
            app.command(name, help=info.help)(guard(load(name)))
    return app


def _translate(command: "Documented", lang: str) -> None:
    """Word the help texts of a built click command (and its sub-commands) in *lang*, the games they name
    (``{games}``, ``{game_keys}``, ``{default_game}``) filled in from the registry."""
    if command.help:
        command.help = _worded(command.help, lang)
    for param in getattr(command, "params", ()):
        if getattr(param, "help", None):
            param.help = _worded(param.help, lang)
    for sub in getattr(command, "commands", {}).values():
        _translate(sub, lang)


def _worded(text: str, lang: str) -> str:
    from referee.core.i18n import declared

    if "{" not in text:  # no help text has a brace but the fields below
        return declared(lang, text)
    from referee.games import registry

    return declared(lang, text, games=registry.named(lang), game_keys=registry.keyed(lang),
                    default_game=registry.DEFAULT)


def _early_lang(args: list[str]) -> str | None:
    """The ``--lang`` of the command line, read before the command is built (for its help)."""
    for i, arg in enumerate(args):
        if arg == "--lang" and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return None


def _terminal() -> None:
    """A terminal that cannot show a character (``PYTHONIOENCODING=gbk`` and an emoji, an ASCII-only
    ``LC_ALL=C``) gets a replacement character, never a UnicodeEncodeError."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="replace")
            except (ValueError, OSError):  # a stream that cannot be reconfigured: left as it is
                pass


def _not_utf8(args: list[str]) -> None:
    """An argument that is not UTF-8 (a GBK-typed ``--east``: its bytes are surrogates in ``sys.argv``)
    is a usage error naming it (exit 2), before any command sees it."""
    for i, arg in enumerate(args):
        if any("\udc80" <= ch <= "\udcff" for ch in arg):
            from referee.cli.commands.boundary import report
            from referee.core.errors import UsageError
            from referee.core.i18n import M

            raw = arg.encode("utf-8", "surrogateescape")
            option = arg.split("=", 1)[0] if arg.startswith("-") else (args[i - 1] if i and args[i - 1].startswith("-")
                                                                        else f"#{i + 1}")
            error = UsageError(M("argument {option}: not UTF-8 text ({value}); the terminal or the script that typed "
                                 "it uses another encoding (set it to UTF-8, or convert: iconv -f GBK -t UTF-8)",
                                 option=option, value=raw.decode("utf-8", "backslashreplace")))
            report(error, _early_lang(args))
            raise SystemExit(error.exit_code)


def main(argv: list[str] | None = None) -> None:
    """The command line; Ctrl-C before a command runs (while it loads) ends as quietly as during it."""
    try:
        try:
            _main(argv)
        except KeyboardInterrupt:
            quiet_exit(INTERRUPTED)
        except BrokenPipeError:
            quiet_exit(BROKEN_PIPE)
    except SystemExit as done:
        if argv is None and (done.code is None or type(done.code) is int) and _program():
            _leave(done.code or 0)
        raise


def _program() -> bool:
    """Whether this process is the command line itself (the ``referee`` script, ``python -m referee.cli``), with
    nothing left for the interpreter's exit to do: no ``atexit`` handler, no other thread, not a long-running
    command. A program that called :func:`main` (a test) is never one."""
    import atexit
    import threading

    top = sys.modules.get("__main__")
    spec = getattr(top, "__spec__", None)
    script = spec.name == "referee.cli.__main__" if spec is not None else (
        os.path.basename(getattr(top, "__file__", None) or "") == "referee")
    ncallbacks = getattr(atexit, "_ncallbacks", None)  # CPython's count of the handlers registered
    return (script and ncallbacks is not None and ncallbacks() == 0 and threading.active_count() == 1
            and next((a for a in sys.argv[1:] if not a.startswith("-")), None) not in LONG_RUNNING)


def _leave(code: int) -> None:
    """End the process now, its output flushed: the command is done (every entry it stored is on disk, fsync'd
    before its answer), and the interpreter's own exit — every module and object torn down one by one — costs
    a tenth of a `referee record` for nothing. A closed pipe at the flush ends as :func:`quiet_exit` says."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        code = BROKEN_PIPE
    except (OSError, ValueError):  # a stdout closed or without a descriptor: the normal exit reports it
        return
    try:
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
    os._exit(code)


# Commands that run until stopped keep Python's cyclic garbage collector (see _main).
LONG_RUNNING = frozenset({"serve"})


def _main(argv: list[str] | None) -> None:
    _terminal()
    args = sys.argv[1:] if argv is None else argv
    _not_utf8(args)
    word = next((a for a in args if not a.startswith("-")), None)
    if word not in LONG_RUNNING:
        # A command reads, replays and prints, then the process ends: the objects it makes (events, results,
        # steps) stay alive and form no cycles, and the collector would walk the growing heap again and again
        # for nothing (25-40% of a 10,000-hand replay). The engine stays pure of it; the process decides.
        gc.disable()
    asks_help = any(a in HELP_OPTIONS for a in args)
    app = build_app(word) if word in COMMANDS else build_app(listing=True)
    command = typer.main.get_command(app)
    if asks_help or not args:
        from referee.cli.commands.boundary import language
        from referee.core.errors import RefereeError

        try:
            lang = language(_early_lang(args))
        except RefereeError:
            lang = "en"
        _translate(command, lang)  # English too: the help texts that name the games are filled in here
    run_parsed(command, args, _early_lang(args))


def __getattr__(name: str) -> typer.Typer:
    if name == "app":  # every command: for tests and `python -m referee.cli --help`
        return build_app()
    raise AttributeError(name)


if __name__ == "__main__":
    main()
