"""A side's confirmation or dispute of a settled hand from the entry page (issue 19 item 11; issue 24's raise), and
the referee's ruling on an open dispute (issue 30: for a match of every game).

The page posts to one route; the work is the use cases of ``referee.app.disputes`` that ``referee confirm`` and
``referee dispute`` call, so the page and the command line store the same chained entries with the same checks
and refusals. The director's list of them is ``referee.web.data.remarks_view``.
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import Response

from referee.app import disputes
from referee.core.errors import RefereeError, UsageError
from referee.core.i18n import M, Msg
from referee.store.api import MatchStore
from referee.web import pages
from referee.web.errors import message_of, status_of
from referee.web.words import WORDS


def _hand(form: FormData) -> int:
    text = pages.form_text(form, "hand").strip()
    if not text.isdigit():
        raise UsageError(M("hand: choose the hand to confirm or dispute (a number)"))
    return int(text)


def _stored(store: MatchStore, match_id: str, form: FormData, referee: str, lang: str) -> str:
    act = pages.form_text(form, "act")
    if act == "confirm":
        by, hand = pages.form_text(form, "by"), _hand(form)
        done = disputes.confirm(store, match_id, hand=hand, by=by, captain=pages.form_text(form, "captain"),
                                referee=referee, names=disputes.FORM_FIELDS)
        return WORDS["confirmed_stored"].bind(seq=done.entry["seq"], hand=hand, team=done.by).text(lang)
    if act == "dispute":
        by, hand = pages.form_text(form, "by"), _hand(form)
        d = disputes.raise_dispute(store, match_id, by=by, claim=pages.form_text(form, "claim"), hand=hand,
                                   referee=referee, names=disputes.FORM_FIELDS)
        return WORDS["dispute_stored"].bind(number=d.number, hand=d.hand, team=d.by, claim=d.claim).text(lang)
    if act == "rule":  # the referee's ruling on an open dispute, as `referee dispute MATCH rule N` stores it
        number = _number(form, "dispute", M("dispute: choose the dispute to rule on (a number)"))
        keep = pages.form_text(form, "choice") != "alt"
        alternative = None if keep else _number(form, "alternative", M(
            "alternative: the number of the weighed alternative that replaces the record"))
        ruled = disputes.rule(store, match_id, number, keep=keep, alternative=alternative,
                              reason=pages.form_text(form, "reason"), referee=referee)
        deal = ruled.game.deal_title(ruled.dispute.hand)
        return WORDS["ruling_stored"].bind(number=ruled.dispute.number, deal=deal).text(lang)
    raise UsageError(M("act: confirm, dispute or rule"))


def _number(form: FormData, name: str, problem: Msg) -> int:
    text = pages.form_text(form, name).strip().lstrip("#")
    if not text.isdigit():
        raise UsageError(problem)
    return int(text)


async def remark(request: Request) -> Response:
    """POST /referee/matches/{match}/remark: a confirmation or a dispute of one hand, then the entry panel."""
    token = pages.signed_in(request)
    match_id = pages.scope_of(request)["match"]
    form = pages.form_of(request)
    w = pages.web_of(request)
    lang = pages.lang_of(request)
    try:
        said = await run_in_threadpool(_stored, w.store, match_id, form, token.name, lang)
    except RefereeError as e:
        status = status_of(e)
        if status in (401, 403, 404, 503):
            raise
        return await pages.entry_response(request, match_id, status, rejection=message_of(e).text(lang))
    w.hub.poke_all()
    return await pages.entry_response(request, match_id, 200, stored=[said])
