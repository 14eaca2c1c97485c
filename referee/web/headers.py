"""The security headers of every response of the venue server.

- ``Content-Security-Policy``: scripts, styles, images and connections from this server only, no
  inline script or style (htmx and ``live.js`` are files under ``/static``; htmx is told not to add
  its indicator style, ``base.html``), no plugin, no ``<base>``, forms posting here only, and no
  page framing this one (``frame-ancestors 'none'``, with ``X-Frame-Options: DENY`` for old
  browsers): a sign-in or entry form cannot be overlaid by another site;
- ``X-Content-Type-Options: nosniff``: a file is what its type says;
- ``Referrer-Policy: no-referrer``: a link out does not carry a page's address;
- ``Cache-Control: no-store`` on everything but the static files: the pages carry CSRF values, a
  new token (the director's), a referee's tables; none is kept by the browser or a proxy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from starlette.types import ASGIApp, Message, Receive, Scope, Send

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
HEADERS: dict[str, str] = {
    "Content-Security-Policy": CSP,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
NO_STORE = "no-store"
STATIC = "/static/"


def _raw(wanted: dict[str, str]) -> tuple[frozenset[bytes], list[tuple[bytes, bytes]]]:
    return (frozenset(name.lower().encode("latin-1") for name in wanted),
            [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in wanted.items()])


# encoded once, not per response: (the names replaced, the headers added), of a page and of a static file
_PAGE = _raw({**HEADERS, "Cache-Control": NO_STORE})
_FILE = _raw(HEADERS)


def secured(path: str, headers: list[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
    """*headers* (raw, of a response to *path*) with the security headers set, replacing any."""
    names, added = _FILE if path.startswith(STATIC) else _PAGE
    return [(k, v) for k, v in headers if k.lower() not in names] + added


class SecurityHeaders:
    """ASGI middleware: :func:`secured` on the start of every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": secured(path, list(message.get("headers", [])))}
            await send(message)

        await self.app(scope, receive, sending)
