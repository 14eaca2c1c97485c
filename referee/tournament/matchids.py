"""How an event's matches are named: ``EVENT-R<round>-T<table>`` (``referee event pair``).

A module of its own, a regular expression and nothing else: every ``referee record`` asks whether its
match belongs to a closed round, and should not load the tournament's model to know.
"""

from __future__ import annotations

import re

EVENT_MATCH = re.compile(r"(?P<event>.+)-R(?P<round>[1-9][0-9]*)-T(?P<table>[1-9][0-9]*)")
