"""The bundled rule sets of Jinhua mahjong (package data: ``*.toml``), and their titles as messages: each msgid
is the ``title`` its file writes (``core.rulesfile.worded_title``)."""

from referee.core.i18n import M

TITLES = (
    M("Jinhua mahjong (金华麻将), the seed's numbers"),
    M("Jinhua mahjong, capped at 8 (封顶八倍)"),
)
