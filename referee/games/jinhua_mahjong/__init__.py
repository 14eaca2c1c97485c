"""Jinhua mahjong (金华麻将): the registry's ``jinhua-mahjong`` (docs/jinhua-mahjong-rules.md)."""
