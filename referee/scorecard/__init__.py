"""PDF scorecards (ReportLab), in the language of any catalogue (Chinese by default).

Importing this package does not import ReportLab: the CLI registers its command cheaply and the
PDF machinery loads only when a scorecard is written.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any


def build_scorecard(result: Any, out: Any, lang: str = "zh", font_path: Any = None, log: Any = (),
                    errors: Any = ()) -> Path | None:
    """Write the scorecard of a ``MatchResult``; see ``referee.scorecard.layout.build_scorecard``."""
    from referee.scorecard.layout import build_scorecard as build

    return build(result, out, lang=lang, font_path=font_path, log=log, errors=errors)


__all__ = ["build_scorecard"]
