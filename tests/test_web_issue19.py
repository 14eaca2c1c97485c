"""Issue 19, the defects of the venue pages (items 1–6): a finished match's explanations, the phone's
entry read as guided entry reads it, the director's page signed out, the standings' tie-breaks and
marks, the level chart's games, and the words (积分, 第N轮, Chinese buttons).

The matches are played from record files (tests/eventplay.py, whose docstring works out the numbers
from docs/gunzi-rules.md): a short game is one hand won at S = 0 (§7.3.1), a long game two hands.
"""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest

pytest.importorskip("starlette")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402
from eventplay import match_text  # noqa: E402
from webvenue import EVENT, T1, Venue, make_venue  # noqa: E402

from referee.web.app import make_app  # noqa: E402


@pytest.fixture
def venue(tmp_path: Path) -> Venue:
    return make_venue(tmp_path)


@pytest.fixture
def client(venue: Venue) -> TestClient:
    return TestClient(make_app(str(venue.db), EVENT))


def play(venue: Venue, match: str, winners: list[str], long: tuple[int, ...] = ()) -> str:
    """The match recorded from its record file by the real CLI; what the CLI printed."""
    path = venue.db.parent / f"{match}.gunzi"
    path.write_text(match_text(match, winners, long), encoding="utf-8")
    return venue.cli.ok("record", match, "--file", path).out


# --- 1. only the hand that ended the match says the match is over --------------------------------------

def test_only_the_hand_that_ended_the_match_says_who_won_it(venue: Venue, client: TestClient) -> None:
    # EW win game 1 in two hands (long), NS game 2 in one, EW game 3 in one: four hands; the dalian-club
    # rules play to two games won (§8.1), so the fourth hand ends the match, 2:1 to EW, and no other.
    printed = play(venue, T1, ["EW", "NS", "EW"], long=(1,))
    assert printed.count("match won by") == 1
    assert printed.index("match won by") > printed.index("Hand 4 settled")
    page = client.get(f"/matches/{T1}?lang=en").text
    settlements = re.findall(r'<pre class="settlement">(.*?)</pre>', page, re.S)
    assert len(settlements) == 4
    assert ["match won by" in s for s in settlements] == [False, False, False, True]
    zh = client.get(f"/matches/{T1}?lang=zh").text
    assert [("比赛结束" in s) for s in re.findall(r'<pre class="settlement">(.*?)</pre>', zh, re.S)] \
        == [False, False, False, True]
