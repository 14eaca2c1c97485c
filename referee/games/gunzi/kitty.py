"""The kitty (底牌): dry pot (§6.2.1), and which card comes out when a player buries a joker (§6.4.1)."""

from __future__ import annotations

from collections.abc import Sequence

from referee.games.gunzi.cards import ALL_CARDS, Card, order, plain_trumps, trumps
from referee.games.gunzi.codes import DryPotRule, DryReason

# The codes as module constants: every hand's kitty is judged (an enum member looked up on its class is ~0.2 µs).
NO_PLAIN_TRUMP, ALL_TRUMP = DryReason.no_plain_trump, DryReason.all_trump
OR_ALL_TRUMP = DryPotRule.no_plain_trump_or_all_trump


def dry_pot(kitty: Sequence[Card], level: int, trump: str | None, rule: DryPotRule) -> DryReason | None:
    """Why the dealt kitty is a dry pot (干锅), or None when it is not (§6.2.1).

    Club draft: no trump-suit plain card (§2.4). Seeds 000/001 add: all six cards trumps
    (``kitty.dry_pot``).
    """
    if plain_trumps(level, trump).isdisjoint(kitty):  # the tables made once per (level, trump): C set tests
        return NO_PLAIN_TRUMP
    if rule == OR_ALL_TRUMP and kitty and trumps(level, trump).issuperset(kitty):
        return ALL_TRUMP
    return None


def can_come_out(card: Card) -> bool:
    """A joker buried by another player takes out a card that is neither a point card nor a joker."""
    return not card.is_joker and card.points == 0


_MAY_COME_OUT = frozenset(c for c in ALL_CARDS if can_come_out(c))  # tested in C, once per card of a kitty


def smallest(kitty: Sequence[Card], level: int, trump: str | None) -> list[Card]:
    """The cards a joker-burier may take: those of lowest standing among the ones that may come out
    (non-trump before trump, then lower; equal standing in other suits is the player's choice)."""
    eligible = [c for c in kitty if c in _MAY_COME_OUT]
    if not eligible:
        return []
    standing = order(level, trump)  # as strength() reads it, the table looked up once
    low = min(map(standing.__getitem__, eligible))
    return sorted({c for c in eligible if standing[c] == low}, key=str)
