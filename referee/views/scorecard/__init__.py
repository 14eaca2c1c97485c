"""PDF scorecards (ReportLab), in the language of any catalogue (Chinese by default).

Importing this package does not import ReportLab: the CLI registers its command cheaply and the
PDF machinery loads only when a scorecard is written.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

if TYPE_CHECKING:
    from referee.core.i18n import Msg
    from referee.core.records import RecordError
    from referee.games.api import Game
    from referee.views.scorecard.audit import AuditEntry


def build_scorecard(result: Any, out: str | Path | BinaryIO, lang: str = "zh",
                    font_path: str | Path | None = None, log: Iterable[AuditEntry] = (),
                    errors: Iterable[RecordError] = (), broken: Msg | None = None,
                    head: tuple[str, int] | None = None, game: Game | None = None) -> Path | None:
    """Write the scorecard of *game*'s result (any game's: its sections, ``Game.scorecard``); see
    ``referee.views.scorecard.layout.build_scorecard``."""
    from referee.views.scorecard.layout import build_scorecard as build

    return build(result, out, lang=lang, font_path=font_path, log=log, errors=errors, broken=broken, head=head,
                 game=game)


__all__ = ["build_scorecard"]
