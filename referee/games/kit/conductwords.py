"""The words a record may write a warning and a ruling with, in either language (input words, as Gunzi's
record has had them: 警告, 裁定, 胜方=): what the readers take, never what the tool says."""

# keyword -> the words a record may use for it
WORDS: dict[str, tuple[str, ...]] = {"warn": ("warn", "警告"), "ruling": ("ruling", "裁定")}
# the key of a ruling's winner
WINNER = ("winner=", "胜方=")
