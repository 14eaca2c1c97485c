"""The bundled Dou Dizhu rule sets (package data: ``*.toml``), and their titles as messages: each msgid is the
``title`` its file writes (``core.rulesfile.worded_title`` words a title by them)."""

from referee.core.i18n import M

TITLES = (
    M("斗地主 (classic: bids 1-3, bombs double)", zh="斗地主（经典：叫 1-3 分，炸弹翻倍）"),
    M("斗地主 (house: multiplier capped at 8, last player forced)",
      zh="斗地主（本地规则：倍数封顶 8 倍，无人叫分时末家必当地主）"),
    M("斗地主 (叫地主/抢地主: each rob doubles)", zh="斗地主（叫地主/抢地主：每抢一次翻倍）"),
)
