"""The bundled rule sets (``*.toml``), shipped as package data so an installed wheel finds them too; and their
titles as messages: each msgid is the ``title`` its file writes (``core.rulesfile.worded_title``)."""

from referee.core.i18n import M

TITLES = (
    M("打滚子 (classic, the points ledger as headline)", zh="打滚子（经典，以计分账为主）"),
    M("大连分舵打滚子规则 (club draft)", zh="大连分舵打滚子规则（俱乐部草案）"),
    M("打滚子 (the numbered rules §1-§63)", zh="打滚子（编号规则 §1-§63）"),
)
