"""The referee's pages as an installable web app (issue 32): the manifest, in the page's language (its words from
the catalogue), and the service worker (``static/sw.js``), served from the site's root so that its scope covers the
referee's pages (a worker's scope is at most its own folder). The worker keeps the referee's pages and the static
files, so that a table's page opens with no network once visited; the entries made then wait on the phone
(``static/entry.js``, IndexedDB) until the server answers.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from starlette.responses import FileResponse, Response

from referee.web.deps import HERE
from referee.web.pages import html_lang, lang_of
from referee.web.words import WORDS

if TYPE_CHECKING:
    from starlette.requests import Request

    from referee.web.access import Handler

THEME = "#1f4e79"


async def service_worker(request: Request) -> Response:
    """GET /sw.js: the service worker, never kept by the browser's HTTP cache (the security headers' no-store:
    a new version is picked up at the next visit)."""
    return FileResponse(HERE / "static" / "sw.js", media_type="text/javascript")


async def manifest(request: Request) -> Response:
    """GET /manifest.webmanifest: the app's name in the page's language, its start (the referee's tables)."""
    lang = lang_of(request)
    body = {"name": WORDS["app_name"].text(lang), "short_name": WORDS["app_short"].text(lang),
            "lang": html_lang(lang), "start_url": "/referee", "scope": "/", "display": "standalone",
            "background_color": "#ffffff", "theme_color": THEME,
            "icons": [{"src": f"/static/icon-{n}.png", "sizes": f"{n}x{n}", "type": "image/png", "purpose": "any"}
                      for n in (192, 512)]}
    return Response(json.dumps(body, ensure_ascii=False), media_type="application/manifest+json")


ROUTES: list[tuple[str, Handler, str, list[str]]] = [
    ("/sw.js", service_worker, "read", ["GET"]),
    ("/manifest.webmanifest", manifest, "read", ["GET"]),
]
