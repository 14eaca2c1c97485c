"""The venue's record of its passes (``sync.json``, ``referee.store.syncing``) keeps why a pass failed as the message
itself — its id and fields, nested messages, lists and plural forms with it — so that ``--status`` words it in the
reader's language; JSON round trip, and the English text of an older record read as it is."""

from __future__ import annotations

import json

from referee.core.i18n import MN, M, form, listed, literal
from referee.store.syncing import error_of, msg_data, msg_of


def test_a_message_kept_as_json_reads_back_the_same_in_each_language() -> None:
    inner = M("no byte came from the server for {seconds} s: the link is taken as lost",
              zh="服务器 {seconds} 秒没有传来任何数据：视为连接已断", seconds="10")
    msg = M("the PostgreSQL store {url} cannot be reached ({detail}); an entry that was not confirmed may not be "
            "stored: look at the match before recording it again", url="postgresql://u:***@h/db", detail=inner)
    for m in (msg, MN("{n} entry waits", "{n} entries wait", 3), form("#{seq} {hash}", seq=7, hash="3f2a"),
              M("{origin} {url}: x", origin=literal("--to"), url="u"), M("{ids}", ids=listed(["T1", "T2"]))):
        back = msg_of(json.loads(json.dumps(msg_data(m), ensure_ascii=False)))
        assert back is not None
        assert [back.text(lang) for lang in ("en", "zh_CN")] == [m.text(lang) for lang in ("en", "zh_CN")]
    zh = msg_of(json.loads(json.dumps(msg_data(msg))))
    assert zh is not None and "服务器 10 秒没有传来任何数据：视为连接已断" in zh.text("zh_CN")
    assert MN("{n} entry waits", "{n} entries wait", 3).text("zh_CN") == "3 条记录在等待"  # the plural kept its n


def test_the_failure_of_a_row_old_or_new() -> None:
    assert error_of({"error": None}) is None and error_of({}) is None
    assert error_of({"error": "plain English"}) == literal("plain English")
    kept = msg_data(M("x {a}", a=1))
    assert error_of({"error": kept}) == M("x {a}", a=1)
    assert error_of({"error": {"what": 1}}) == literal('{"what": 1}')  # not a message: shown as it is
