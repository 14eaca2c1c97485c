"""The bottom layer: errors, messages and their catalogues, safe files, names. Nothing game-specific."""
