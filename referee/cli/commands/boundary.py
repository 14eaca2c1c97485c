"""The one place where the project's errors become what a user sees and an exit code.

Every command is wrapped here: a :class:`referee.core.errors.RefereeError` raised anywhere below it is
printed in the user's language (``error: …`` on stderr) and ends the command with its exit code —
0 done, 1 the record or event was refused or has problems, 2 a usage error or something not found.
An operating-system error (a store folder that cannot be written, a full disk) is reported the same
way, with exit 1, so that no traceback reaches a user.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from typing import TYPE_CHECKING

import typer

from referee.core.errors import RefereeError

if TYPE_CHECKING:
    from typing import ParamSpec, TypeVar

    P = ParamSpec("P")
    R = TypeVar("R")

# The catalogue a command gets under its short name: zh_CN is "zh" (every i18n function accepts
# either spelling; "zh" is the one the JSON's message_zh and the tests name).
SHORT = {"zh_CN": "zh"}


def language(lang: str | None) -> str:
    """The language of a command's output: *lang*, else ``$REFEREE_LANG``, else English; a bad value
    is a usage error naming the option (exit 2)."""
    from referee.core.errors import UsageError
    from referee.core.i18n import M, languages, normalize

    value = lang or os.environ.get("REFEREE_LANG") or "en"
    found = normalize(value)
    if found is None:
        if not lang:  # a bad $REFEREE_LANG does not stop the command
            return "en"
        raise UsageError(M("--lang {value}: not a language (known: {known})", value=value,
                           known=", ".join(languages())))
    return SHORT.get(found, found)


def report(error: RefereeError, lang: str | None) -> None:
    """Print *error* in the user's language."""
    from referee.core.i18n import tr

    try:
        where = language(lang)
    except RefereeError:
        where = "en"
    typer.echo(tr(where, "error: {message}", message=error.msg), err=True)


def system_error(error: OSError) -> RefereeError:
    """An operating-system error as the project's: the file it concerns and the system's reason."""
    from referee.core.i18n import M, literal

    reason = error.strerror or str(error)
    if error.filename is None:
        return RefereeError(literal(reason))
    return RefereeError(M("{file}: {reason}", file=error.filename, reason=reason))


def guard(command: Callable[P, R]) -> Callable[P, R]:
    """*command* with the error boundary around it."""
    @functools.wraps(command)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except RefereeError as e:
            failure = e
        except OSError as e:
            failure = system_error(e)
        lang = kwargs.get("lang")  # every command's --lang (Lang): a str or None
        report(failure, lang if isinstance(lang, str) else None)
        raise typer.Exit(failure.exit_code) from None
    return run
