"""A side's confirmation or dispute of a settled hand from the entry page (issue 19 item 11; issue 24's raise), and
the referee's ruling on an open dispute (issue 30: for a match of every game).

The page posts to one route; the work is the use cases of ``referee.app.disputes`` that ``referee confirm`` and
``referee dispute`` call, so the page and the command line store the same chained entries with the same checks
and refusals. The director's list of them is ``referee.web.data.remarks_view``.
"""

from __future__ import annotations

from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import Response

from referee.app import disputes
from referee.core.errors import UsageError
from referee.core.i18n import M, Msg
from referee.store.api import MatchStore
from referee.web import pages, writes
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
        sides = disputes.sides(store, match_id)
        return WORDS["confirmed_stored"].bind(seq=done.entry["seq"], deal=sides.deal(hand),
                                              team=sides.side(done.by)).text(lang)
    if act == "dispute":
        by, hand = pages.form_text(form, "by"), _hand(form)
        d = disputes.raise_dispute(store, match_id, by=by, claim=pages.form_text(form, "claim"), hand=hand,
                                   referee=referee, names=disputes.FORM_FIELDS)
        sides = disputes.sides(store, match_id)
        return WORDS["dispute_stored"].bind(number=d.number, deal=sides.deal(d.hand), team=sides.side(d.by),
                                            claim=d.claim).text(lang)
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


def _mine(form: FormData, lang: str) -> str:
    """What a phone sent, as its page names it: the button's word and the hand (or dispute) it is about."""
    act = pages.form_text(form, "act")
    if act == "rule":
        return f"{WORDS['rule'].text(lang)} {pages.form_text(form, 'dispute')}"
    word = WORDS["dispute_hand" if act == "dispute" else "confirm_hand"].text(lang)
    return f"{word} {WORDS['remark_hand'].text(lang)} {pages.form_text(form, 'hand')}"


async def remark(request: Request) -> Response:
    """POST /referee/matches/{match}/remark: a confirmation or a dispute of one hand, then the entry panel. A phone's
    queued remark (``client``, ``after``: issue 32) is stored once, made after the entry it was made after."""
    token = pages.signed_in(request)
    match_id = pages.scope_of(request)["match"]
    form = pages.form_of(request)
    w = pages.web_of(request)
    lang = pages.lang_of(request)

    def done(client: str | None) -> str:
        with writes.once(w.store, match_id, client, pages.after_of(form)) as found:
            if found is not None:
                return pages.resent(found, lang)
            return _stored(w.store, match_id, form, token.name, lang)

    said = await pages.stored_once(request, match_id, form, done, lambda: _mine(form, lang))
    if isinstance(said, Response):
        return said
    return await pages.entry_response(request, match_id, 200, stored=[said])
