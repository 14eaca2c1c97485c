"""The words of the pages: each label a catalogue message, looked up by a short key.

Templates call ``_("standings")`` or ``_("hand_n", n=3)``; the function is bound to the request's
language (``referee.web.pages``). The messages live here, in Python, so that ``make catalogues``
extracts them and ``--harvest`` moves their Chinese into the catalogue like every other message.
"""

from __future__ import annotations

from collections.abc import Callable

from referee.i18n import M, Msg

WORDS: dict[str, Msg] = {
    "title": M("Dalian Gunzi referee", zh="大连打滚子裁判"),
    "home": M("Events and matches", zh="赛事与比赛"),
    "events": M("Events", zh="赛事"),
    "matches": M("Matches", zh="比赛"),
    "no_events": M("No events in this store yet.", zh="本库中还没有赛事。"),
    "no_matches": M("No matches in this store yet.", zh="本库中还没有比赛。"),
    "standings": M("Standings", zh="积分榜"),
    "no_standings": M("No standings yet: no pairs entered.", zh="还没有积分榜：尚无参赛对。"),
    "rank": M("Rank", zh="名次"),
    "pair": M("Pair", zh="对"),
    "players": M("Players", zh="选手"),
    "played": M("Played", zh="已赛"),
    "won": M("Won", zh="胜"),
    "lost": M("Lost", zh="负"),
    "match_points": M("Match points", zh="比赛分"),
    "games": M("Games", zh="局"),
    "round_n": M("Round {n}", zh="第{n}轮"),
    "round_closed": M("closed", zh="已结束"),
    "round_open": M("in play", zh="进行中"),
    "no_round": M("No round paired yet.", zh="尚未编排任何一轮。"),
    "bye": M("Bye: {pair}", zh="轮空：{pair}"),
    "table": M("Table", zh="桌"),
    "table_n": M("Table {n}", zh="第{n}桌"),
    "match": M("Match", zh="比赛"),
    "state": M("State", zh="状态"),
    "not_started": M("not started", zh="未开始"),
    "in_play": M("game {game}, hand {hand}", zh="第{game}局第{hand}副"),
    "won_by_pair": M("won by {pair} ({ew}:{ns})", zh="{pair}胜（{ew}:{ns}）"),
    "hands": M("Hands", zh="各副"),
    "no_hands": M("No hand settled yet.", zh="还没有结算的副。"),
    "hand": M("Hand", zh="副"),
    "game": M("Game", zh="局"),
    "declarer": M("Declarer", zh="庄家"),
    "trump": M("Trump", zh="主"),
    "level": M("Level", zh="级"),
    "score": M("Score", zh="得分"),
    "outcome": M("Outcome", zh="结果"),
    "levels_after": M("Levels after", zh="此后级数"),
    "blood": M("Blood", zh="血"),
    "explanation": M("Why", zh="说明"),
    "level_chart": M("Levels hand by hand", zh="每副后的级数"),
    "where": M("Where the match stands", zh="比赛现状"),
    "live": M("Live: this page updates by itself.", zh="实时：本页自动更新。"),
    "language": M("中文 / English", zh="中文 / English"),
    "referee": M("Referee", zh="裁判"),
    "director": M("Director", zh="裁判长"),
    "sign_in": M("Sign in", zh="登录"),
    "sign_out": M("Sign out", zh="退出登录"),
    "token": M("Token", zh="令牌"),
    "token_help": M("Type or paste the token the director gave you.", zh="输入或粘贴裁判长给你的令牌。"),
    "signed_in_as": M("Signed in as {name} ({role})", zh="已登录：{name}（{role}）"),
    "role_referee": M("referee", zh="裁判"),
    "role_director": M("director", zh="裁判长"),
    "your_tables": M("Your tables", zh="你的桌"),
    "no_tables": M("No tables for you right now.", zh="目前没有分配给你的桌。"),
    "enter": M("Enter scores", zh="录入"),
    "next": M("Next", zh="接下来"),
    "directive": M("Directive", zh="指令"),
    "directive_help": M("Tap a directive, then complete it: cards as 10H, 红桃10 or 大王.",
                        zh="点选指令后补全：牌可写作 10H、红桃10 或 大王。"),
    "record": M("Record", zh="记录"),
    "undo": M("Undo the latest", zh="撤销最近一条"),
    "amend": M("Amend", zh="修改"),
    "amend_help": M("Replace entry SEQ by a directive, with a reason (kept in the log).",
                    zh="用一条指令替换第 SEQ 条，并写明原因（记入日志）。"),
    "seq": M("Entry #", zh="条目号"),
    "reason": M("Reason", zh="原因"),
    "stored": M("Stored", zh="已记录"),
    "rejected": M("Not stored", zh="未记录"),
    "settlement": M("Hand settled", zh="本副结算"),
    "log": M("The match's latest entries", zh="本场比赛最近的记录"),
    "team": M("{team:team}", zh="{team:team}"),
    "match_over": M("The match is over.", zh="比赛已结束。"),
    "pair_next": M("Pair the next round", zh="编排下一轮"),
    "close_round": M("Close the current round", zh="结束本轮"),
    "force": M("even with unfinished matches (rulings with the reason)", zh="即使有未完成的比赛（按原因裁定）"),
    "assign": M("Assign a referee to tables", zh="为裁判分配桌"),
    "assign_help": M("Tables as 1,2,3; empty: every table of the event.", zh="桌号如 1,2,3；留空：本赛事所有桌。"),
    "tokens": M("Tokens", zh="令牌"),
    "issue": M("Issue a token", zh="发放令牌"),
    "revoke": M("Revoke", zh="吊销"),
    "name": M("Name", zh="姓名"),
    "role": M("Role", zh="角色"),
    "event": M("Event", zh="赛事"),
    "tables": M("Tables", zh="桌"),
    "all_tables": M("all", zh="全部"),
    "revoked": M("revoked", zh="已吊销"),
    "new_token": M("The token of {name}, shown once: hand it over now.",
                   zh="{name}的令牌，只显示这一次：请现在交给对方。"),
    "done": M("Done.", zh="完成。"),
    "error": M("Error", zh="错误"),
    "back": M("Back", zh="返回"),
}


def words(lang: str) -> Callable[..., str]:
    """The ``_`` of a page in *lang*: ``_("hand_n", n=3)``."""
    def say(key: str, **fields: object) -> str:
        msg = WORDS[key]
        return (msg.bind(**fields) if fields else msg).text(lang)
    return say
