"""The bundled rule sets of Hubei 打滚 (package data: ``*.toml``), and their titles as messages: each msgid is
the ``title`` its file writes (``core.rulesfile.worded_title``)."""

from referee.core.i18n import M

TITLES = (
    M("Hubei 打滚 (鄂南湘北), the source's numbers"),
    M("Hubei 打滚, house doubling (清 ×4, 光头 ×8, 硬牌 ×4)"),
)
