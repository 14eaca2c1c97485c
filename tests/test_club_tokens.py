"""A club's tokens (issue 21 item 4): a token naming its club (``referee token add --club C``) acts on the events a
league names at club C only — a club director manages its venue's events, a league director (a token of no club)
every event. Checked where every route is checked, ``referee.web.access.check_scope``, on a real store of each
backend: two events, E1 at 海之韵 and E2 at 星海, each with its round 1 paired (matches E1-R1-T1, E2-R1-T1)."""

from __future__ import annotations

from pathlib import Path

import pytest
from eventplay import Cli

from referee.store.api import open_store
from referee.web.access import RULES, check_scope
from referee.web.deps import Web
from referee.web.errors import Forbidden


@pytest.fixture(params=["folder", pytest.param("postgresql", marks=pytest.mark.postgres)])
def web(request: pytest.FixtureRequest, tmp_path: Path) -> Web:
    db = str(tmp_path / "store") if request.param == "folder" else str(request.getfixturevalue("pg_server").store())
    cli = Cli(db)  # type: ignore[arg-type]
    for event in ("E1", "E2"):
        cli.ok("event", "new", event, "--name", event, "--rounds", 1)
        cli.ok("event", "add", event, "P1", "a" + event, "b" + event)
        cli.ok("event", "add", event, "P2", "c" + event, "d" + event)
        cli.ok("event", "pair", event)
    cli.ok("league", "new", "DL26", "--title", "season")
    cli.ok("league", "add-event", "DL26", "E1", "--club", "海之韵")
    cli.ok("league", "add-event", "DL26", "E2", "--club", "星海")
    cli.ok("token", "add", "星海主任", "--role", "director", "--club", "星海", "--no-qr")
    cli.ok("token", "add", "联赛主任", "--role", "director", "--no-qr")
    cli.ok("token", "add", "星海裁判", "--club", "星海", "--no-qr")
    w = Web(db)
    request.addfinalizer(w.store.close)
    return w


class Form(dict[str, str]):
    pass


def test_a_club_director_writes_to_its_clubs_events_only(web: Web) -> None:
    club = web.tokens.named("星海主任")
    assert club is not None and club.club == "星海"
    assert check_scope(web, club, RULES["write"], "E2-R1-T1", None) == {"match": "E2-R1-T1"}
    with pytest.raises(Forbidden) as refused:
        check_scope(web, club, RULES["write"], "E1-R1-T1", None)
    assert refused.value.msg.text("en") == ("星海主任's token writes to the matches of club 星海's events only; match "
                                            "E1-R1-T1 is not one of them")
    assert check_scope(web, club, RULES["close"], None, Form(event="E2")) == {"event": "E2"}  # type: ignore[arg-type]
    with pytest.raises(Forbidden) as refused:
        check_scope(web, club, RULES["pair"], None, Form(event="E1"))  # type: ignore[arg-type]
    assert refused.value.msg.text("en") == "星海主任's token is for the events of club 星海 only, not E1"
    with pytest.raises(Forbidden) as refused:
        check_scope(web, club, RULES["issue"], None, Form())  # type: ignore[arg-type]
    assert refused.value.msg.text("en") == ("星海主任's token is for the events of club 星海 only: this concerns the "
                                            "whole store")
    referee = web.tokens.named("星海裁判")
    assert referee is not None
    assert check_scope(web, referee, RULES["write"], "E2-R1-T1", None) == {"match": "E2-R1-T1"}
    with pytest.raises(Forbidden):
        check_scope(web, referee, RULES["write"], "E1-R1-T1", None)


def test_a_league_director_acts_on_every_event(web: Web) -> None:
    league = web.tokens.named("联赛主任")
    assert league is not None and league.club is None
    for match in ("E1-R1-T1", "E2-R1-T1"):
        assert check_scope(web, league, RULES["write"], match, None) == {"match": match}
    for event in ("E1", "E2"):
        assert check_scope(web, league, RULES["pair"], None, Form(event=event)) == {"event": event}  # type: ignore


def test_a_tokens_club_is_kept_and_listed(tmp_path: Path) -> None:
    cli = Cli(tmp_path / "store")
    out = cli.ok("token", "add", "星海主任", "--role", "director", "--club", "星海", "--no-qr").out
    assert out.splitlines()[0] == ("token of 星海主任 (director; club 星海; event *; tables *): shown once, keep it "
                                   "safe")
    store = open_store(tmp_path / "store")
    assert store.tokens().problems() == []  # verify's check of tokens.json accepts a club
    run = cli("token", "add", "x", "--club", " ")
    assert run.code == 2 and run.err.strip() == "error: --club: name the club (venue) the event was held at"
