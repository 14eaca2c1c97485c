"""The toy game's keys on the phone's tap pad."""

from __future__ import annotations

from referee.core.i18n import M
from referee.games.api import PadGroup
from referee.games.kit.padkeys import plain, row


def groups() -> tuple[PadGroup, ...]:
    return (row("directive", "directive", M("directive"), plain(("deal", "win", "nowin"))),
            row("seat", "seat", M("seat"), plain(("A", "B"))))
