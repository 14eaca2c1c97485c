"""The venue's web server (``referee serve``): pages, JSON API and live updates over the store.

Nothing here is imported by the command line's start: only ``referee serve`` loads it (and with it
Starlette, uvicorn, Jinja2 and sse-starlette)."""
