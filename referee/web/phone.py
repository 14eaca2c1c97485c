"""The routes of the phone and projector pages (issue 19): the one-time sign-in link, the projector view,
the director's downloads and entries, a hand confirmed or disputed. Listed here, built into the application
by ``referee.web.app`` like every route: each names its action, checked by ``referee.web.access``.
"""

from __future__ import annotations

from referee.web import directing, remarks, screen, signin
from referee.web.access import Handler

ROUTES: list[tuple[str, Handler, str, list[str]]] = [
    ("/referee/link/{code}", signin.link_page, "read", ["GET"]),
    ("/referee/link", signin.redeem, "sign-in", ["POST"]),
    ("/director/link", signin.director_link, "link", ["POST"]),
    ("/director/events/{event}/download/{kind}", directing.download, "download", ["GET"]),
    ("/director/entry", directing.add_entry, "entry", ["POST"]),
    ("/director/withdraw", directing.withdraw, "withdraw", ["POST"]),
    ("/referee/matches/{match}/remark", remarks.remark, "write", ["POST"]),
    ("/events/{event}/screen", screen.screen_page, "read", ["GET"]),
    ("/events/{event}/screen/live", screen.screen_live, "read", ["GET"]),
]
