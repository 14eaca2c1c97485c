"""How ``referee serve`` meets slow and many connections: uvicorn's limits, a deadline for a
request's header, and enough file descriptors.

- :class:`HeaderDeadline`, uvicorn's httptools protocol (the C parser: h11's pure-Python one was a sixth of
  the server's CPU per entry under the venue bench) with one addition: a connection whose request line
  and headers have not all arrived within :data:`HEADER_TIMEOUT` seconds of its opening (or of the
  end of its previous response) is closed. uvicorn has no such timeout of its own (0.54), so a
  client opening connections and sending half a header ("slowloris") would hold each of them, and
  a file descriptor, for ever. A request whose header is in — a stream that lasts the evening, a
  slow upload of a form — is not touched.
- :data:`KEEP_ALIVE`: an idle connection between two requests is closed after this many seconds.
- :func:`open_files`: the soft limit of open files raised towards the hard one (at most
  :data:`OPEN_FILES`): at the usual 1,024 a thousand idle connections starve the server of the
  descriptors it needs to accept a phone's request or to open the store's files.
- ``limit_concurrency``: connections (and requests) beyond the open-file limit less a reserve for
  the store are answered 503 at once, rather than failing on a descriptor the store needs.
"""

from __future__ import annotations

import asyncio
import resource
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

HEADER_TIMEOUT = 10.0  # seconds for a request's line and headers to arrive
KEEP_ALIVE = 5  # seconds an idle connection is kept between two requests
OPEN_FILES = 16384  # the soft limit of open files asked for (the hard limit permitting)
RESERVE = 128  # descriptors kept for the store's files, the watchers, the log


class HeaderDeadline(HttpToolsProtocol):
    """uvicorn's httptools protocol, closing a connection that is slow to send a request's header."""

    header_timeout = HEADER_TIMEOUT
    _deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._arm()  # the next request's header has the same time to arrive

    def connection_lost(self, exc: Exception | None) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        super().connection_lost(exc)

    def _arm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
        self._deadline = self.loop.call_later(self.header_timeout, self._expired)

    def _between_requests(self) -> bool:
        return self.cycle is None or self.cycle.response_complete

    def _expired(self) -> None:
        self._deadline = None
        if self._between_requests() and not self.transport.is_closing():
            self.transport.close()


def open_files(wanted: int = OPEN_FILES) -> int:
    """Raise this process's soft limit of open files to *wanted* (never above the hard limit, never
    lowered); the limit in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    ceiling = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < ceiling:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (ceiling, hard))
            soft = ceiling
        except (ValueError, OSError):  # a container may refuse: serve within the limit there is
            pass
    return OPEN_FILES if soft == resource.RLIM_INFINITY else soft


def limits(files: int) -> dict[str, Any]:
    """uvicorn's settings for a process of *files* open files."""
    return {"http": HeaderDeadline, "timeout_keep_alive": KEEP_ALIVE,
            "limit_concurrency": max(16, files - RESERVE)}
