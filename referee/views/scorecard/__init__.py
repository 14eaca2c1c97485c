"""PDF scorecards (ReportLab), in the language of any catalogue (Chinese by default).

Importing this package does not import ReportLab: the CLI registers its command cheaply and the
PDF machinery loads only when a scorecard is written.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

if TYPE_CHECKING:
    from referee.core.i18n import Msg
    from referee.games.gunzi.events import RecordError
    from referee.games.gunzi.results import MatchResult
    from referee.views.scorecard.audit import AuditEntry


def build_scorecard(result: MatchResult, out: str | Path | BinaryIO, lang: str = "zh",
                    font_path: str | Path | None = None, log: Iterable[AuditEntry] = (),
                    errors: Iterable[RecordError] = (), broken: Msg | None = None,
                    head: tuple[str, int] | None = None) -> Path | None:
    """Write the scorecard of a ``MatchResult``; see ``referee.views.scorecard.layout.build_scorecard``."""
    from referee.views.scorecard.layout import build_scorecard as build

    return build(result, out, lang=lang, font_path=font_path, log=log, errors=errors, broken=broken, head=head)


__all__ = ["build_scorecard"]
