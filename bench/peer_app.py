"""The venue server's peer for ``web_load.py --peer``: the least an app of the same stack does for the same load.

Starlette + uvicorn + sse-starlette, the same two routes as ``referee serve``'s load path:

- ``POST /api/matches/{id}/entries`` ``{"directive", "after"}`` with ``Authorization: Bearer TOKEN`` → the token
  must be the match's, ``after`` its latest seq (else 409); the entry is appended to the match's file as one JSON
  line with one ``fsync`` (on a worker thread, as Starlette runs blocking work), then answered 201
  ``{"seq", "stored"}`` and handed to the match's viewers;
- ``GET /api/matches/{id}/stream`` → server-sent events, one per entry (``id:`` its seq, ``data:`` its JSON),
  sse-starlette encoding each event for each viewer.

No rules, no chain of hashes, no pages: it is the floor the stack itself sets. Run by the bench:

    python bench/peer_app.py --port PORT --folder DIR --config CONFIG.json

CONFIG.json: ``{"TOKEN": ["MATCH", first_seq], …}`` (the seq the match's entries continue after).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
from pathlib import Path
from typing import Any

import uvicorn
from sse_starlette.sse import EventSourceResponse
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route


def make_app(folder: Path, config: dict[str, list[Any]]) -> Starlette:
    tokens = {token: str(match) for token, (match, _) in config.items()}
    seqs = {str(match): int(seq) for match, seq in config.values()}
    changed: dict[str, asyncio.Event] = {m: asyncio.Event() for m in seqs}
    rows: dict[str, list[dict[str, Any]]] = {m: [] for m in seqs}
    locks = {m: asyncio.Lock() for m in seqs}

    def append(match: str, row: dict[str, Any]) -> None:
        fd = os.open(folder / f"{match}.jsonl", os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            os.write(fd, (json.dumps(row, ensure_ascii=False) + "\n").encode())
            os.fsync(fd)
        finally:
            os.close(fd)

    async def post(request: Request) -> Response:
        match = request.path_params["match"]
        auth = request.headers.get("authorization", "")
        if match not in seqs or tokens.get(auth.removeprefix("Bearer ")) != match:
            return JSONResponse({"error": {"message": "not this match's token"}}, status_code=403)
        body = await request.json()
        async with locks[match]:
            if body.get("after") != seqs[match]:
                return JSONResponse({"error": {"message": "moved on"}}, status_code=409)
            row = {"seq": seqs[match] + 1, "directive": body["directive"]}
            await run_in_threadpool(append, match, row)
            seqs[match] += 1
            rows[match].append(row)
            event, changed[match] = changed[match], asyncio.Event()
            event.set()
        return JSONResponse({"seq": row["seq"], "stored": row["directive"]}, status_code=201)

    async def stream(request: Request) -> Response:
        match = request.path_params["match"]

        async def events() -> Any:
            sent = len(rows[match])
            while True:
                await changed[match].wait()
                new = rows[match][sent:]
                sent += len(new)
                for row in new:
                    yield {"id": str(row["seq"]), "data": json.dumps(row, ensure_ascii=False)}

        return EventSourceResponse(events(), ping=15)

    return Starlette(routes=[Route("/api/matches/{match}/entries", post, methods=["POST"]),
                             Route("/api/matches/{match}/stream", stream),
                             Route("/", lambda request: Response("peer"))])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--folder", type=Path, required=True)
    ap.add_argument("--config", type=Path, required=True)
    args = ap.parse_args()
    config = json.loads(args.config.read_text(encoding="utf-8"))
    uvicorn.run(make_app(args.folder, config), host="127.0.0.1", port=args.port, log_level="warning",
                access_log=False)


if __name__ == "__main__":
    main()
