"""referee: officiating and scoring for Dalian Gunzi (大连打滚子).

The flow is record → ``notation`` (parse) → ``events`` → ``engine`` (pure rules) → ``results``
→ views (terminal, JSON, PDF ``scorecard``); ``store`` keeps events recorded at the table.
"""

__version__ = "0.1.0"
