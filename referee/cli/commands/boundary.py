"""The one place where the project's errors become what a user sees and an exit code.

Every command is wrapped here: a :class:`referee.core.errors.RefereeError` raised anywhere below it is
printed in the user's language (``error: …`` on stderr) and ends the command with its exit code —
0 done, 1 the record or event was refused or has problems, 2 a usage error or something not found.
An operating-system error (a store folder that cannot be written, a full disk) is reported the same
way, worded by :func:`referee.core.safefile.failure` (the one wording: the file named, never a temporary
one), with exit 1, so that no traceback reaches a user. A closed pipe (``referee replay X | head -1``)
and Ctrl-C end quietly with the codes shells use: 141 (128 + SIGPIPE) and 130 (128 + SIGINT).
"""

from __future__ import annotations

import functools
import os
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

import typer

from referee.core.errors import RefereeError, UsageError
from referee.core.lang import language as language

BROKEN_PIPE = 141  # 128 + SIGPIPE: what a shell reports for a writer whose reader went away
INTERRUPTED = 130  # 128 + SIGINT: Ctrl-C

if TYPE_CHECKING:
    from typing import ParamSpec, TypeVar

    from referee.core.i18n import Msg

    P = ParamSpec("P")
    R = TypeVar("R")

def report(error: RefereeError, lang: str | None) -> None:
    """Print *error* in the user's language."""
    from referee.core.i18n import tr

    try:
        where = language(lang)
    except RefereeError:
        where = "en"
    typer.echo(tr(where, "error: {message}", message=error.msg), err=True)


def system_error(error: OSError) -> RefereeError:
    """An operating-system error as the project's: :func:`referee.core.safefile.failure` (loaded only when
    one happens: the CLI's start-up does not pay for it)."""
    from referee.core.safefile import failure

    return failure(error)


def quiet_exit(code: int) -> NoReturn:
    """End now with *code* and nothing more said: after a closed pipe, standard output is pointed at
    the null device so that the interpreter's last flush cannot complain of it."""
    if code == BROKEN_PIPE:
        try:
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, sys.stdout.fileno())
            os.close(null)
        except (OSError, ValueError):  # a stdout without a descriptor (a test's capture): nothing to quiet
            pass
    raise SystemExit(code)


def guard(command: Callable[P, R]) -> Callable[P, R]:
    """*command* with the error boundary around it."""
    @functools.wraps(command)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except RefereeError as e:
            found = e
        except BrokenPipeError:
            quiet_exit(BROKEN_PIPE)
        except KeyboardInterrupt:
            quiet_exit(INTERRUPTED)
        except OSError as e:
            found = system_error(e)
        lang = kwargs.get("lang")  # every command's --lang (Lang): a str or None
        try:
            report(found, lang if isinstance(lang, str) else None)
        except BrokenPipeError:  # stderr gone as well
            quiet_exit(BROKEN_PIPE)
        raise typer.Exit(found.exit_code) from None
    return run


def report_broken(broken: Mapping[str, Msg], lang: str) -> None:
    """After a command's output: each match it could not read or count on a line of its own (stderr), the last as
    the command's error (exit 1); nothing when there is none."""
    if not broken:
        return
    from referee.core.i18n import tr
    from referee.store.store import StoreError

    found = list(broken.values())
    for msg in found[:-1]:
        typer.echo(tr(lang, "error: {message}", message=msg), err=True)
    raise StoreError(found[-1])


# --- the parser's own errors (click's, under typer) ------------------------------------------------------------

def run_parsed(command: Any, args: list[str], lang: str | None) -> None:
    """Parse *args* and run *command* (a built click command), ending the process with the command's exit code.

    A usage error of the parser itself (a missing option, an unknown command, a value that is not a number,
    extra arguments) is the project's: one line ``error: …`` in the user's language (*lang*, else
    ``$REFEREE_LANG``), exit 2, no usage block. A group called bare still prints its help (exit 2, as click's)."""
    errors = sys.modules[typer.BadParameter.__module__]  # click's exceptions: click's own, or typer's vendored copy
    try:
        code = command.main(args, prog_name="referee", standalone_mode=False)
    except errors.ClickException as e:
        if type(e).__name__ == "NoArgsIsHelpError":  # `referee event`: the group's help, as click shows it
            e.show()
            raise SystemExit(e.exit_code) from None
        found = parser_error(e, errors)
        try:
            report(found, lang)
        except BrokenPipeError:
            quiet_exit(BROKEN_PIPE)
        raise SystemExit(found.exit_code) from None
    except typer.Abort:  # end of input at a prompt (click has ended its line): said as click says it, exit 1
        typer.echo("Aborted!", err=True)
        raise SystemExit(1) from None
    raise SystemExit(code if type(code) is int else 0)


class ParserError(RefereeError):
    """An error of the parser that is not a usage error (a file it could not open): its exit code, click's."""


# The parser's messages read back: compiled when a parser error is worded, not at every command's start
_PATTERNS = {
    "repr": (r"""^('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")""", 0),
    "number": (r"^(-?[0-9][0-9.e+-]*) ", 0),
    "extra": (r"^Got unexpected extra arguments?(?:\(s\))? \((?P<args>.*)\)$", re.DOTALL),
    "no-command": (r"""^No such command (?P<name>'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")""", 0),
}


@functools.cache
def _pattern(name: str) -> re.Pattern[str]:
    regex, flags = _PATTERNS[name]
    return re.compile(regex, flags)


def _unrepr(text: str) -> str:
    import ast

    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text
    return value if isinstance(value, str) else text


def parser_error(e: Any, errors: Any) -> RefereeError:
    """The parser's error *e* as the project's, worded in any language; its English text (click's) only where
    no wording here fits it."""
    from referee.core.i18n import MN, M, literal

    message = e.format_message() if not isinstance(e, errors.BadParameter) else e.message
    if not isinstance(e, errors.UsageError):
        error = ParserError(literal(message))
        error.exit_code = e.exit_code
        return error
    param = getattr(e, "param", None)
    if isinstance(e, errors.MissingParameter):
        if param is not None and param.param_type_name == "option":
            return UsageError(M("missing option {option}", option=_option(param)))
        if param is not None:
            return UsageError(M("missing argument {argument}", argument=_name(param)))
    if isinstance(e, errors.BadParameter) and param is not None:
        return _bad_value(_name(param), param.type, message, errors)
    if isinstance(e, errors.NoSuchOption):
        if e.possibilities:
            return UsageError(M("no such option: {option} (did you mean {options:list}?)",
                                option=e.option_name, options=sorted(e.possibilities)))
        return UsageError(M("no such option: {option}", option=e.option_name))
    if isinstance(e, errors.BadOptionUsage):
        if "does not take a value" in message:
            return UsageError(M("option {option} takes no value", option=e.option_name))
        if "requires" in message:
            return UsageError(M("option {option} needs a value", option=e.option_name))
    extra = _pattern("extra").match(message)
    if extra:
        words = extra.group("args").split()
        return UsageError(MN("unexpected extra argument: {args}", "unexpected extra arguments: {args}", len(words),
                             args=extra.group("args")))
    unknown = _pattern("no-command").match(message)
    if unknown:
        path = e.ctx.command_path if e.ctx is not None else "referee"
        return UsageError(M("{program} has no command {command}; `{program} -h` lists its commands",
                            program=path, command=_unrepr(unknown.group("name"))))
    return UsageError(literal(message))


def _option(param: Any) -> str:
    """An option as a user types it: its long name (``--reason``), else its first."""
    opts: Sequence[str] = param.opts or [param.human_readable_name]
    return str(next((o for o in opts if o.startswith("--")), opts[0]))


def _name(param: Any) -> str:
    """An option by its long name, an argument as the usage line shows it (its metavar, else its name in capitals)."""
    if param.param_type_name == "option":
        return _option(param)
    name = str(param.human_readable_name)
    return name if param.metavar else name.upper()


def _bad_value(name: str, kind: Any, message: str, errors: Any) -> UsageError:
    """A value the option or argument *name* cannot take, worded by the kind of value it takes."""
    from referee.core.i18n import M

    quoted = _pattern("repr").match(message)
    value = _unrepr(quoted.group(1)) if quoted else None
    choices = getattr(kind, "choices", None)
    if choices is not None and value is not None:
        return UsageError(M("{name}: {value} is not one of {choices:list}",
                            name=name, value=value, choices=[str(c) for c in choices]))
    low, high = getattr(kind, "min", None), getattr(kind, "max", None)
    number = _pattern("number").match(message)
    if number and (low is not None or high is not None) and " range " in message:
        if high is None:
            return UsageError(M("{name}: {value} is less than {least}",
                                name=name, value=number.group(1), least=low))
        if low is None:
            return UsageError(M("{name}: {value} is more than {most}",
                                name=name, value=number.group(1), most=high))
        return UsageError(M("{name}: {value} is not from {least} to {most}",
                            name=name, value=number.group(1), least=low, most=high))
    if value is not None and "int" in getattr(kind, "name", ""):
        return UsageError(M("{name}: {value} is not a whole number", name=name,
                            value=value))
    if value is not None and "float" in getattr(kind, "name", ""):
        return UsageError(M("{name}: {value} is not a number", name=name, value=value))
    return UsageError(M("{name}: {detail}", name=name, detail=message))
