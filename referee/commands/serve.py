"""``referee serve``: the web server for the venue (referees' phones, the standings on the wall).

Imported when the command line starts: only typer and the standard library at the top; Starlette,
uvicorn, Jinja2, sse-starlette and segno load inside the command.
"""

from __future__ import annotations

from typing import Annotated

import typer

from referee.commands.boundary import language
from referee.commands.options import Db, Lang
from referee.i18n import N_

QR_FILE = "venue-qr.png"


def lan_address() -> str | None:
    """This machine's address on the local network (no packet is sent), or None."""
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: routing only, nothing is sent
            address: str = s.getsockname()[0]
            return address
    except OSError:
        return None


def urls(host: str, port: int, event: str | None) -> list[str]:
    """The addresses to open: the first is the one for phones (in the QR code)."""
    from urllib.parse import quote

    names = [host]
    if host in ("0.0.0.0", "::", ""):
        lan = lan_address()
        names = ([lan] if lan else []) + ["127.0.0.1"]
    path = f"/events/{quote(event, safe='')}" if event else "/"
    return [f"http://{name}:{port}{path}" for name in names]


def qr(url: str, png: str) -> str:
    """The QR code of *url*, written as a PNG to *png* (through safefile) and returned for the terminal."""
    import io

    import segno

    from referee import safefile

    code = segno.make(url, error="m")
    buf = io.BytesIO()
    code.save(buf, kind="png", scale=12, border=4)
    safefile.write_bytes(png, buf.getvalue())
    text = io.StringIO()
    code.terminal(out=text, compact=True)
    return text.getvalue()


class _StreamsClosed:
    """Drops uvicorn's complaint about the live streams it cuts when the server stops (Ctrl-C): a stream
    has no end, so every open one is "returned without completing response" then."""

    def filter(self, record: object) -> bool:
        return "returned without completing response" not in str(getattr(record, "msg", ""))


def serve(
    db: Db = None,
    host: Annotated[str, typer.Option("--host", metavar="ADDRESS", help=N_(
        "The address to listen on: 127.0.0.1 (this machine only) or 0.0.0.0 (the venue's network)."))]
    = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", metavar="PORT", help=N_("The port to listen on."))] = 8000,
    event: Annotated[str | None, typer.Option("--event", metavar="EVENT", help=N_(
        "The event of the venue: its standings are the page the QR code opens."))] = None,
    lang: Lang = None,
) -> None:
    """Serve the store on the venue's network: live standings and matches, score entry from phones."""
    say = language(lang)
    from referee.errors import UsageError
    from referee.i18n import M, tr
    from referee.names import check_id
    from referee.store.store import Store

    if not 0 < port < 65536:
        raise UsageError(M("--port {port}: a port is a number from 1 to 65535", port=port))
    if event is not None:
        event = check_id(event, "--event")
    store = Store(db)
    store.root.mkdir(parents=True, exist_ok=True)
    import uvicorn

    from referee.web.app import make_app

    app = make_app(str(store.root), event)
    found = urls(host, port, event)
    typer.echo(tr(say, "referee serve: the store at {root}", root=str(store.root)))
    for url in found:
        typer.echo(tr(say, "open: {url}", url=url))
    png = str(store.root / QR_FILE)
    typer.echo(qr(found[0], png))
    typer.echo(tr(say, "the QR code of {url} is also in {file} (print it for the wall)", url=found[0], file=png))
    typer.echo(tr(say, "referees sign in at {url}/referee with a token (referee token add NAME --role referee)",
                  url=found[0].split("/events/")[0].rstrip("/")))
    if host in ("0.0.0.0", "::"):
        typer.echo(tr(say, "warning: listening on {host}: every device on this network can open these pages "
                           "(writing needs a token)",
                      host=host), err=True)
    typer.echo(tr(say, "stop with Ctrl-C"))
    import logging

    logging.getLogger("uvicorn.error").addFilter(_StreamsClosed())
    uvicorn.run(app, host=host, port=port, log_level="warning", access_log=False)
