"""The bundled Dou Dizhu rule sets (package data: ``*.toml``), and their titles as messages: each msgid is the
``title`` its file writes (``core.rulesfile.worded_title`` words a title by them)."""

from referee.core.i18n import M

TITLES = (
    M("斗地主 (classic: bids 1-3, bombs double)"),
    M("斗地主 (house: multiplier capped at 8, last player forced)"),
    M("斗地主 (叫地主/抢地主: each rob doubles)"),
)
