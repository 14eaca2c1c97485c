"""The project's errors: each carries a message in no language yet and the exit code it means.

The command line (and, later, the web) turns any of these into its message in the user's language and
an exit code in one place (``referee.cli.commands.boundary``): 1 when a record or an event was refused
or has problems, 2 for a usage error or something not found. A Python traceback shown to a user is
a bug; an error raised here never needs one.
"""

from __future__ import annotations

from referee.core.i18n import Msg

REFUSED = 1  # the record or the event was refused, or has problems
USAGE = 2  # a usage error, or something named that is not there


class RefereeError(Exception):
    """``RefereeError(M("…", field=…))``; ``str(exc)`` is the English, ``exc.text(lang)`` any language."""

    exit_code = REFUSED

    def __init__(self, message: Msg) -> None:
        super().__init__(message.text("en"))
        self.msg = message

    def text(self, lang: str) -> str:
        return self.msg.text(lang)

    def __reduce__(self) -> tuple[type[RefereeError], tuple[object, ...]]:
        return (type(self), (self.msg,))


class UsageError(RefereeError):
    """An argument, option or value the command cannot use."""

    exit_code = USAGE


class NotFound(RefereeError):
    """A file, match, rule set or hand that was named but is not there."""

    exit_code = USAGE

