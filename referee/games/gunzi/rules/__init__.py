"""The bundled rule sets (``*.toml``), shipped as package data so an installed wheel finds them too; and their
titles as messages: each msgid is the ``title`` its file writes (``core.rulesfile.worded_title``)."""

from referee.core.i18n import M

TITLES = (
    M("打滚子 (classic, the points ledger as headline)"),
    M("大连分舵打滚子规则 (club draft)"),
    M("打滚子 (the numbered rules §1-§63)"),
)
