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
import sys
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, NoReturn

import typer

from referee.core.errors import RefereeError
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
