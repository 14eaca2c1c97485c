"""The web's errors, and the one place where any project error becomes an HTTP status and a message.

The counterpart of ``referee.cli.commands.boundary``: a :class:`referee.core.errors.RefereeError` raised
anywhere below a route is answered here — as JSON ``{"error": {"line"?, "message", "message_zh"}}``
under ``/api/``, as a page in the visitor's language elsewhere — with the status its kind means:

====================================  ======
something named that is not there     404
a directive or value that cannot be used, an event or correction the rules refuse   422
a request that cannot be read: a body nested too deeply, a seq of thousands of digits   400
no token, an unknown or revoked one   401
a role or a table the token does not have, a form without its CSRF token   403
the match moved on since the form was built (a stale ``after``)   409
a body larger than the server reads   413
too many sign-in attempts             429
the store is busy, or cannot be written   503
====================================  ======

An operating-system error is reported like the CLI's boundary does (the file and the reason); any
other exception is a bug, logged with its traceback for the operator and answered with a plain 500
that shows none. A client that goes away before its request's body has arrived is not an error of
the server: one line in the log (:func:`gone`), no traceback.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from starlette.responses import Response

from referee.app.officiate import Rejected
from referee.core.errors import NotFound, RefereeError, UsageError
from referee.core.i18n import M, Msg
from referee.core.safefile import failure
from referee.store.errors import MovedOn as MovedOn
from referee.store.store import StoreBusy

if TYPE_CHECKING:
    from starlette.requests import Request

log = logging.getLogger("referee.web")


class BadRequest(RefereeError):
    """A request that cannot be read at all (400): a body nested too deeply, a number too long."""


class TooLarge(RefereeError):
    """A body larger than the server reads (413)."""


class NotSignedIn(RefereeError):
    """No token, or one that is unknown or revoked (401)."""


class Forbidden(RefereeError):
    """The token may not do this: another role, another table, another event (403)."""


class BadForm(RefereeError):
    """A form without the CSRF token it was served with (403)."""


class TooManyAttempts(RefereeError):
    """Sign-in attempts over the limit (429)."""


def status_of(error: BaseException) -> int:
    """The HTTP status of a project error (or of an operating-system one)."""

    if isinstance(error, BadRequest):
        return 400
    if isinstance(error, TooLarge):
        return 413
    if isinstance(error, NotSignedIn):
        return 401
    if isinstance(error, Forbidden | BadForm):
        return 403
    if isinstance(error, MovedOn):
        return 409
    if isinstance(error, TooManyAttempts):
        return 429
    if isinstance(error, StoreBusy | OSError):
        return 503
    if isinstance(error, NotFound):
        return 404
    if isinstance(error, Rejected | UsageError | RefereeError):
        return 422
    return 500


def message_of(error: BaseException) -> Msg:
    if isinstance(error, RefereeError):
        return error.msg
    if isinstance(error, OSError):
        return failure(error).msg
    return M("the server met a problem it does not know; nothing was changed by this request")


def error_json(error: BaseException) -> dict[str, Any]:
    """``{"error": {"line"?, "message", "message_zh"}}``: the line is the entry (seq) a refused event
    would have taken."""

    msg = message_of(error)
    body: dict[str, Any] = {}
    if isinstance(error, Rejected) and error.errors:
        body["line"] = error.errors[0].line
    body["message"] = msg.text("en")
    body["message_zh"] = msg.text("zh")
    return {"error": body}


async def gone(request: Request, error: Exception) -> Response:
    """A client that disconnected before its request's body arrived: one quiet line, no traceback
    (there is no one left to answer)."""
    log.warning("%s %s: the client went away before its request arrived whole; nothing was done",
                request.method, request.url.path)
    return Response(status_code=400)


def short(text: str, most: int = 24) -> str:
    """*text* as a message quotes it: at most *most* characters."""
    return text if len(text) <= most else text[:most] + "…"


