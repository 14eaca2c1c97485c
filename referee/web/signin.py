"""The one-time sign-in link of a token's QR code (issue 19 item 9): scanning is all a referee does.

``GET /referee/link/{code}`` is a page holding the code in a sign-in form, submitted at once by
``/static/autosubmit.js`` (a button without script); a GET changes nothing, so a link preview or a
prefetch does not use the link up. ``POST /referee/link`` redeems it (``referee.store.signin``: once,
under the file's lock), sets the session cookie as the token's sign-in does, and opens the referee's
table (the one table of the current round, else the list of them; the director's page for a director).
A second use is refused with a line saying so, on the sign-in form.

The director's page makes a new link for a holder (``POST /director/link``) and shows its QR code.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING
from urllib.parse import quote

from starlette.concurrency import run_in_threadpool
from starlette.responses import RedirectResponse, Response

from referee.store.signin import LinkRefused, unknown_link
from referee.web.auth import SESSION, SESSION_DAYS
from referee.web.deps import Web, web
from referee.web.links import new_link
from referee.web.pages import director_page, form_of, lang_of, render, scope_of, tables_of

if TYPE_CHECKING:
    from starlette.requests import Request

    from referee.store.tokens import Token

CODE = re.compile(r"[A-Za-z0-9_-]{8,64}")


async def link_page(request: Request) -> Response:
    code = request.path_params["code"]
    return render(request, "signin_link.html", link_code=code if CODE.fullmatch(code) else "")


def _landing(w: Web, token: Token) -> str:
    if token.role == "director":
        return "/director"
    rows = tables_of(w, token)
    return "/referee/matches/" + quote(rows[0]["match"], safe="") if len(rows) == 1 else "/referee"


async def redeem(request: Request) -> Response:
    w: Web = web(request)
    client = request.client.host if request.client else "?"
    w.limit.check(client)
    code = form_of(request).get("code")
    try:
        if not isinstance(code, str) or not CODE.fullmatch(code.strip()):
            raise unknown_link()
        token = await run_in_threadpool(w.store.signin_links().redeem, code)
    except LinkRefused as e:
        w.limit.failed(client)
        return render(request, "login.html", code=401, rejection=e.msg.text(lang_of(request)))
    target = await run_in_threadpool(_landing, w, token)
    response = RedirectResponse(target, status_code=303)
    response.set_cookie(SESSION, w.sessions.make(token), httponly=True, samesite="strict", path="/",
                        max_age=SESSION_DAYS * 86400)
    return response


async def director_link(request: Request) -> Response:
    """A new sign-in QR code for a holder of the director's scope (``referee.web.access``: HOLDER)."""
    w: Web = web(request)
    holder: Token = scope_of(request)["holder"]
    link = await run_in_threadpool(new_link, w, request, holder.name, lang_of(request))
    return await director_page(request, link=link)
