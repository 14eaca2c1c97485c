"""The games a referee officiates, each a package behind the game interface."""
