"""The guided prompt's own words, as a referee types them in either language (input words, like a game's
keywords: what the prompt reads, never what it says)."""

# What stops guided entry at its prompt (input words, like the keywords).
QUIT = frozenset({"q", "quit", "exit", "退出"})
# The guided prompt's own commands besides the directives, the same at every game's prompt (input words, both
# languages): each the name of the `referee` command it runs (`undo`, `amend`, `void`, `status`), or `help`, or
# `quit`.
PROMPT_COMMANDS: dict[str, str] = {
    "undo": "undo", "撤销": "undo", "amend": "amend", "更正": "amend", "void": "void", "作废": "void",
    "status": "status", "状态": "status", "help": "help", "帮助": "help", "?": "help", "？": "help",
    **{word: "quit" for word in QUIT},
}
