"""The toy game's bundled rule sets."""

from referee.core.i18n import M

TITLES = (M("Toy game"),)
