"""The kitty (底牌): dry pot (§6.2.1), and which card comes out when a player buries a joker (§6.4.1)."""

from __future__ import annotations

from collections.abc import Sequence

from referee.games.gunzi.cards import TRUMP_FLOOR, TWO_FLOOR, Card, order, strength
from referee.games.gunzi.codes import DryPotRule, DryReason


def dry_pot(kitty: Sequence[Card], level: int, trump: str | None, rule: DryPotRule) -> DryReason | None:
    """Why the dealt kitty is a dry pot (干锅), or None when it is not (§6.2.1).

    Club draft: no trump-suit plain card (§2.4). Seeds 000/001 add: all six cards trumps
    (``kitty.dry_pot``).
    """
    standing = order(level, trump)
    ranks = [standing[c] for c in kitty]
    for r in ranks:
        if TRUMP_FLOOR <= r < TWO_FLOOR:
            break
    else:
        return DryReason.no_plain_trump
    if rule == DryPotRule.no_plain_trump_or_all_trump and ranks and min(ranks) >= TRUMP_FLOOR:
        return DryReason.all_trump
    return None


def can_come_out(card: Card) -> bool:
    """A joker buried by another player takes out a card that is neither a point card nor a joker."""
    return not card.is_joker and card.points == 0


def smallest(kitty: Sequence[Card], level: int, trump: str | None) -> list[Card]:
    """The cards a joker-burier may take: those of lowest standing among the ones that may come out
    (non-trump before trump, then lower; equal standing in other suits is the player's choice)."""
    eligible = [c for c in kitty if can_come_out(c)]
    if not eligible:
        return []
    low = min(strength(c, level, trump) for c in eligible)
    return sorted({c for c in eligible if strength(c, level, trump) == low}, key=str)
