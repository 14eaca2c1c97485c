"""A token's one-time sign-in link and its QR code, as the director's page shows them (``referee.web.signin``
redeems them; ``referee.store.signin`` keeps them)."""

from __future__ import annotations

import io
from base64 import b64encode
from typing import TYPE_CHECKING, Any

from referee.store.signin import link_url
from referee.web.deps import Web
from referee.web.words import WORDS

if TYPE_CHECKING:
    from starlette.requests import Request


def qr_svg(url: str) -> str:
    """The QR code of *url* as an SVG data URI (the pages' images come from this server or ``data:``)."""
    import segno

    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=6, border=2, dark="#000", light="#fff")
    return "data:image/svg+xml;base64," + b64encode(out.getvalue()).decode("ascii")


def base_of(w: Web, request: Request) -> str:
    """The server's address for phones: the one ``referee serve`` printed (its LAN address), else this
    request's."""
    return w.base or str(request.base_url).rstrip("/")


def new_link(w: Web, request: Request, name: str, lang: str) -> dict[str, Any]:
    """A new one-time link for the holder *name*: its address, its QR code, the words above it."""
    url = link_url(base_of(w, request), w.store.signin_links().make(name))
    return {"name": name, "url": url, "qr": qr_svg(url), "label": WORDS["link_qr"].bind(name=name).text(lang)}
