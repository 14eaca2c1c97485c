"""``python -m referee.cli``: the command line, as the ``referee`` script runs it."""

from referee.cli import main

main()
