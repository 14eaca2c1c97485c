"""``referee serve``: the web server for the venue (referees' phones, the standings on the wall).

Imported when the command line starts: only typer, the standard library and the project's errors and
messages at the top; Starlette, uvicorn, Jinja2, sse-starlette and segno load inside the command
(the start-up of every other command does not pay for them).
"""

from __future__ import annotations

import errno
import ipaddress
import re
import socket
from typing import TYPE_CHECKING, Annotated

import typer

from referee.cli.commands.boundary import language
from referee.cli.commands.options import Db, Lang
from referee.core.errors import UsageError
from referee.core.i18n import N_, M, tr

if TYPE_CHECKING:
    from referee.store.api import MatchStore

QR_FILE = "venue-qr.png"
HOST_MAX = 253  # characters of a host name (RFC 1035)
LABEL = re.compile(r"[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?")  # a part between dots (RFC 1123)


def _shown(host: str) -> str:
    """*host* as an error message quotes it: ASCII only (a bidi control cannot reorder the line),
    at most 40 characters."""
    text = host.encode("ascii", "backslashreplace").decode("ascii")
    return "'" + (text if len(text) <= 40 else text[:40] + "...") + "'"


def listening(host: str, port: int) -> socket.socket:
    """The socket ``referee serve`` listens on, bound to *host* and *port*: the one check of both,
    made before anything is printed or written. A usage error (exit 2) names the option and why:
    no address, not an address or a host name, a name that does not resolve, an address not of
    this machine, a port in use or not allowed."""
    if not host.strip():
        raise UsageError(M("--host: give the address to listen on: 127.0.0.1 (this machine only) or 0.0.0.0 "
                           "(the venue's network)"))
    try:
        ipaddress.ip_address(host)
    except ValueError:
        name = host[:-1] if host.endswith(".") else host
        if len(host) > HOST_MAX or not name or not all(LABEL.fullmatch(part) for part in name.split(".")):
            raise UsageError(M("--host {host}: not an address (127.0.0.1, 0.0.0.0, ::1) or a host name (letters, "
                               "digits and hyphens, in parts of at most 63 separated by dots, 253 in all)",
                               host=_shown(host))) from None
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        raise UsageError(M("--host {host}: no such host (the name does not resolve to an address)",
                           host=_shown(host))) from None
    family, kind, proto, _, address = found[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
    except OSError as e:
        sock.close()
        if e.errno == errno.EADDRINUSE:
            raise UsageError(M("--port {port}: the port is in use on {host} (another server?): choose another "
                               "with --port",
                               port=port, host=_shown(host))) from None
        if e.errno == errno.EACCES:
            raise UsageError(M("--port {port}: not allowed to listen on this port (ports below 1024 need the "
                               "administrator): choose another with --port",
                               port=port)) from None
        if e.errno == errno.EADDRNOTAVAIL:
            raise UsageError(M("--host {host}: not an address of this machine", host=_shown(host))) from None
        raise UsageError(M("--host {host} --port {port}: cannot listen there ({reason})", host=_shown(host), port=port,
                           reason=e.strerror or str(e))) from None
    return sock


def local_only(sock: socket.socket) -> bool:
    """Whether *sock* is bound to a loopback address (this machine only)."""
    return ipaddress.ip_address(sock.getsockname()[0]).is_loopback


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

    from referee.core import safefile

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
    from referee.core.names import check_id
    from referee.store.api import open_store

    if not 0 < port < 65536:
        raise UsageError(M("--port {port}: a port is a number from 1 to 65535", port=port))
    if event is not None:
        event = check_id(event, "--event")
    sock = listening(host, port)  # before anything is printed or written
    try:
        _serve(sock, host, port, event, open_store(db), say)
    finally:
        sock.close()


def _serve(sock: socket.socket, host: str, port: int, event: str | None, store: MatchStore, say: str) -> None:
    from pathlib import Path

    folder = store.folder()  # the QR code goes beside a folder store's files, else in the current folder
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
    import uvicorn

    from referee.web.app import make_app
    from referee.web.server import limits, open_files

    found = urls(host, port, event)
    app = make_app(store.address, event, base=found[0].split("/events/")[0].rstrip("/"))
    typer.echo(tr(say, "referee serve: the store at {root}", root=store.where))
    for url in found:
        typer.echo(tr(say, "open: {url}", url=url))
    png = str((folder or Path(".")) / QR_FILE)
    typer.echo(qr(found[0], png))
    typer.echo(tr(say, "the QR code of {url} is also in {file} (print it for the wall)", url=found[0], file=png))
    typer.echo(tr(say, "referees sign in at {url}/referee with a token (referee token add NAME --role referee)",
                  url=found[0].split("/events/")[0].rstrip("/")))
    typer.echo(tr(say, "or print a token's one-time sign-in QR code: referee token link NAME --url {url}",
                  url=found[0].split("/events/")[0].rstrip("/")))
    if not local_only(sock):
        typer.echo(tr(say, "warning: listening on {host}: every device on this network can open these pages "
                           "(writing needs a token)",
                      host=host), err=True)
    typer.echo(tr(say, "stop with Ctrl-C"))
    import logging

    logging.getLogger("uvicorn.error").addFilter(_StreamsClosed())
    # slow and many connections: a header deadline, keep-alive, a concurrency bound (referee.web.server)
    server = uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning", access_log=False,
                                           **limits(open_files())))
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:  # Ctrl-C: uvicorn has stopped the server and raises the signal again
        pass
