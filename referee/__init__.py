"""referee: officiating and scoring for the games of ``referee.games.registry``: Dalian Gunzi (大连打滚子),
Hubei 打滚, Dou Dizhu (斗地主) and Jinhua mahjong (金华麻将).

The flow is record → ``notation`` (parse) → ``events`` → ``engine`` (pure rules) → ``results``
→ views (terminal, JSON, PDF ``scorecard``); ``store`` keeps events recorded at the table.
"""

__version__ = "0.1.0"
