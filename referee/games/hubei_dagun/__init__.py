"""Hubei 打滚 (鄂南湘北): 4 players, 2 decks, points 5/10/K, 找朋友 or 硬牌 — the registry's ``hubei-dagun``.

The rules the package implements are ``docs/hubei-dagun-rules.md``; the record notation is
``docs/hubei-dagun-record-format.md``. Like every game package it imports only ``referee.core`` and
``referee.games.api``: notation → events → engine (pure) → results → views.
"""
