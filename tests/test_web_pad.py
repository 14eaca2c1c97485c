"""The tap-first pad of the entry page (issue 19 item 10), through Starlette's TestClient: what the pad offers
is read from the directive registry's forms; the entry page carries the pad for the expected directives; the
pad's composed text is what the typed field takes, stored through the same write path.
"""

from __future__ import annotations

import json
import re
import warnings
from html import unescape
from pathlib import Path

import pytest

pytest.importorskip("starlette")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402
from test_web import csrf_of, seq_of, sign_in  # noqa: E402
from webvenue import EVENT, T1, Venue, make_venue  # noqa: E402

from referee.web import pad  # noqa: E402
from referee.web.app import make_app  # noqa: E402


@pytest.fixture
def venue(tmp_path: Path) -> Venue:
    return make_venue(tmp_path)


def form(keyword: str) -> str:
    """Gunzi's registry form of *keyword* (what ``Game.expected`` offers): what the pad reads."""
    from referee.games.gunzi.directives import BY_KEYWORD

    return BY_KEYWORD[keyword].usage


def test_the_pad_reads_each_directives_form_from_the_registry() -> None:
    # "declare SEAT CARD… [as SUIT]": a seat, any number of cards, then an optional "as" and suit
    assert pad.parts(form("declare")) == [{"kind": "seat"}, {"kind": "cards", "n": None, "list": "main"},
                                           {"kind": "word", "word": "as", "optional": True},
                                           {"kind": "suit", "optional": True}]
    # "kitty CARD×6": six cards; "riot SEAT CARD CARD CARD": a seat and three cards; "flip SEAT CARD": one
    assert pad.parts(form("kitty")) == [{"kind": "cards", "n": 6, "list": "main"}]
    assert pad.parts(form("riot")) == [{"kind": "seat"}, {"kind": "cards", "n": 3, "list": "main"}]
    assert pad.parts(form("flip")) == [{"kind": "seat"}, {"kind": "cards", "n": 1, "list": "main"}]
    # "king SEAT JOKER… take CARD…": two lists of cards, the second after the word "take"
    assert [p.get("list") for p in pad.parts(form("king"))] == [None, "main", None, "take"]
    assert pad.parts(form("points")) == [{"kind": "number"}]
    # a name or a text is typed: warn and ruling are not composed by the pad; last is its two buttons
    assert not pad.tappable(form("warn")) and not pad.tappable(form("ruling")) and not pad.tappable(form("last"))
    assert pad.tappable(form("trump")) and pad.tappable(form("tribute"))


def test_the_entry_page_carries_the_pad_for_the_expected_directives(venue: Venue) -> None:
    venue.cli.ok("record", T1, "hand")
    client = TestClient(make_app(str(venue.db), EVENT))
    sign_in(client, venue.table1)
    page = client.get(f"/referee/matches/{T1}?lang=zh").text
    opened = re.search(r'id="start-declare"[^>]*data-parts="([^"]+)"', page)
    assert opened, page
    assert json.loads(unescape(opened.group(1))) == pad.parts(form("declare"))
    # four seats, 52 cards and two jokers, each a key of its own; three copies at most (three decks)
    assert len(re.findall(r'class="pad-seat"', page)) == 4
    assert len(re.findall(r'class="pad-card[ "]', page)) == 54
    assert 'id="pad-card-10H"' in page and 'id="pad-card-BJ"' in page and 'data-copies="3"' in page
    assert 'data-fourth="{card}'.replace("{card}", "__CARD__") in page
    assert ">东<small>" in page  # the seat buttons in the page's language, the player's name beneath
    # the composed text goes through the same form and write path as the typed field
    r = client.post(f"/referee/matches/{T1}", data={"csrf": csrf_of(page), "after": seq_of(page),
                                                    "directive": "declare E BJ"}, headers={"HX-Request": "true"})
    assert r.status_code == 200 and 'id="rejection"' not in r.text
    assert venue.cli.ok("log", T1).out.rstrip().endswith("declare E BJ")
    # a pad's text sent again from the same form (its seq is stale): refused, stored once
    again = client.post(f"/referee/matches/{T1}?lang=en", data={"csrf": csrf_of(page), "after": seq_of(page),
                                                                "directive": "declare E BJ"},
                        headers={"HX-Request": "true"})
    assert "the match moved on" in again.text
    assert venue.cli.ok("log", T1).out.count("declare E BJ") == 1
