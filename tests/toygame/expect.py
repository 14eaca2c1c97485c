"""What comes next in a toy match (§2, §3)."""

from __future__ import annotations

from referee.core.i18n import M, Msg
from toygame.engine import MatchResult

GLOSSES: dict[str, Msg] = {"deal": M("a new deal"), "win": M("the deal's winner"), "nowin": M("a deal nobody won")}


def expected(result: MatchResult) -> tuple[str, ...]:
    if result.open_deal:
        return ("win A|B", "nowin")
    if result.finished:
        return ()
    return ("deal",)
