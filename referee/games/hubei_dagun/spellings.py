"""The spellings a referee may type for the words of a 打滚 record: read, never shown as output words.

Every lookup is on the casefolded, NFKC-normalised token, so ``ｅ``, ``e`` and ``E`` are one seat.
"""

from __future__ import annotations

SEATS = {"e": "E", "s": "S", "w": "W", "n": "N", "东": "E", "南": "S", "西": "W", "北": "N",
         "東": "E"}
SUITS = {"s": "S", "h": "H", "c": "C", "d": "D", "♠": "S", "♥": "H", "♣": "C", "♦": "D",
         "♤": "S", "♡": "H", "♧": "C", "♢": "D",
         "黑桃": "S", "红桃": "H", "紅桃": "H", "红心": "H", "梅花": "C", "草花": "C", "方片": "D", "方块": "D",
         "方塊": "D"}
JOKERS = {"bj": "BJ", "sj": "SJ", "大王": "BJ", "小王": "SJ", "big": "BJ", "small": "SJ"}
RANKS = {"3": "3", "4": "4", "5": "5", "6": "6", "7": "7", "8": "8", "9": "9", "10": "10", "t": "10",
         "j": "J", "q": "Q", "k": "K", "a": "A", "2": "2", "1": "A"}
# the directive keywords, each with its Chinese spellings
DIRECTIVES = {
    "match": "match", "比赛": "match", "比賽": "match",
    "seat": "seat", "座位": "seat", "座": "seat",
    "deal": "deal", "局": "deal", "牌局": "deal",
    "call": "call", "叫牌": "call", "找朋友": "call",
    "alone": "alone", "硬牌": "alone",
    "places": "places", "名次": "places",
    "points": "points", "分数": "points", "分數": "points", "得分": "points",
    "declare": "declare", "报": "declare", "報": "declare", "报喜": "declare",
    "claim": "claim", "结果": "claim", "結果": "claim",
}
KEYS = {  # key= words of the directives
    "dealer": "dealer", "庄家": "dealer", "庄": "dealer", "莊家": "dealer",
    "partner": "partner", "朋友": "partner", "对家": "partner", "對家": "partner",
    "hand": "hand", "手中": "hand", "手牌": "hand", "left": "hand", "剩余": "hand",
}
REWARDS = {"sky": "sky", "天炸": "sky", "tianzha": "sky",
           "xi8": "xi8", "8xi": "xi8", "8喜": "xi8", "八喜": "xi8",
           "xi7": "xi7", "7xi": "xi7", "7喜": "xi7", "七喜": "xi7"}
CLAIMS = {"plain": "plain", "平": "plain", "胜": "plain", "win": "plain",
          "bang": "bang", "绑": "bang", "綁": "bang",
          "qing": "qing", "清": "qing",
          "guangtou": "guangtou", "光头": "guangtou", "光頭": "guangtou"}
