"""Dou Dizhu (斗地主) behind the game interface: cards, notation, rule sets, the pure engine and its views."""
