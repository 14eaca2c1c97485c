"""The league's record of the venues that sync into it (``store.venue_syncs()``, ``referee.store.venuesyncs``), on
both backends: one row a venue, the last noted replacing the one before, listed by the venue's name (code point
order, as the folder sorts); a folder's unreadable ``venues.json`` is said naming the file, and the next note
writes it whole again (it is only a record)."""

from __future__ import annotations

import pytest

from referee.store.errors import StoreError
from referee.store.venuesyncs import VenueSync


def test_a_venues_next_pass_replaces_its_row(store) -> None:  # type: ignore[no-untyped-def]
    rows = store.venue_syncs()
    assert rows.all() == []
    rows.note(VenueSync("海之韵", "2026-12-05T20:00:00Z", 40, 0, 0))
    rows.note(VenueSync("星海", "2026-12-05T20:00:01Z", 5, 5, 1))
    rows.note(VenueSync("hall-pc/venue-store", "2026-12-05T20:00:02Z", 0, 0, 0))
    rows.note(VenueSync("海之韵", "2026-12-05T20:00:30Z", 3, 0, 0))
    assert store.venue_syncs().all() == [VenueSync("hall-pc/venue-store", "2026-12-05T20:00:02Z", 0, 0, 0),
                                         VenueSync("星海", "2026-12-05T20:00:01Z", 5, 5, 1),  # 星 U+661F
                                         VenueSync("海之韵", "2026-12-05T20:00:30Z", 3, 0, 0)]  # 海 U+6D77


@pytest.mark.parametrize("text", ["{not json", '{"hall": {"venue": "hall"}}', '{"a": {"venue": "b", "synced": "t", '
                                  '"pushed": 0, "waiting": 0, "stopped": 0}}', '["hall"]'])
def test_an_unreadable_folder_record_is_said_and_written_whole_again(tmp_path, text: str) -> None:  # type: ignore[no-untyped-def]
    from referee.store.api import open_store

    store = open_store(tmp_path / "league")
    (tmp_path / "league").mkdir()
    (tmp_path / "league" / "venues.json").write_text(text, "utf-8")
    with pytest.raises(StoreError) as e:
        store.venue_syncs().all()
    assert str(e.value.msg).startswith(f"{tmp_path / 'league' / 'venues.json'} cannot be read (")
    store.venue_syncs().note(VenueSync("hall", "2026-12-05T20:00:00Z", 1, 2, 3))
    assert store.venue_syncs().all() == [VenueSync("hall", "2026-12-05T20:00:00Z", 1, 2, 3)]


def test_a_folder_that_refuses_the_record_is_a_store_error_naming_it(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """venues.json that cannot be replaced (a folder stands there) is one error naming the file, not a traceback."""
    from referee.store.api import open_store

    store = open_store(tmp_path / "league")
    (tmp_path / "league" / "venues.json").mkdir(parents=True)
    with pytest.raises(StoreError) as e:
        store.venue_syncs().note(VenueSync("hall", "2026-12-05T20:00:00Z", 1, 2, 3))
    assert e.value.msg.text("en").startswith(f"{tmp_path / 'league' / 'venues.json'} cannot be written (")
    assert e.value.msg.text("zh").startswith(f"无法写入 {tmp_path / 'league' / 'venues.json'}（")
