"""The game of a stored match as the web's write path asks it (``referee.web.data.match_game``): kept per match
version, so that a POST's questions do not each read and parse the whole match, yet never stale."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from webserver import referee_cli  # noqa: E402

from referee.store.folder import FolderStore  # noqa: E402
from referee.web.data import match_game  # noqa: E402

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def _as(tmp_path: Path, example: str, old_id: str, new_id: str) -> Path:
    """The example record with its match id changed to *new_id*."""
    out = tmp_path / f"{new_id}-{example}"
    out.write_text((EXAMPLES / example).read_text(encoding="utf-8").replace(f"id={old_id}", f"id={new_id}", 1),
                   encoding="utf-8")
    return out


def test_the_game_follows_the_match_replaced_by_another_games(tmp_path: Path) -> None:
    """A header without ``game=`` is Dalian Gunzi (the registry's default); replaced by a Dou Dizhu match of the
    same id (``game=doudizhu``), the same store object answers Dou Dizhu at once."""
    db = tmp_path / "store"
    referee_cli(db, "import", str(_as(tmp_path, "spring-cup.gunzi", "SC26-R1-T3", "X1")))
    store = FolderStore(db)
    assert match_game(store, "X1").key == "gunzi"
    referee_cli(db, "import", "--replace", str(_as(tmp_path, "club-night.doudizhu", "DDZ-N1-T2", "X1")))
    assert match_game(store, "X1").key == "doudizhu"


def test_asked_again_at_one_version_the_match_is_not_read_again(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Two questions about an unchanged match read it once; a second store of the same folder reads its own."""
    db = tmp_path / "store"
    referee_cli(db, "import", str(_as(tmp_path, "club-night.doudizhu", "DDZ-N1-T2", "X2")))
    store = FolderStore(db)
    reads: list[str] = []
    real = store.events_and_errors

    def counted(match_id: str):  # type: ignore[no-untyped-def]
        reads.append(match_id)
        return real(match_id)

    monkeypatch.setattr(store, "events_and_errors", counted)
    assert match_game(store, "X2").key == "doudizhu"
    assert match_game(store, "X2").key == "doudizhu"
    assert reads == ["X2"]
    other = FolderStore(db)
    other_reads: list[str] = []
    real_other = other.events_and_errors

    def other_counted(match_id: str):  # type: ignore[no-untyped-def]
        other_reads.append(match_id)
        return real_other(match_id)

    monkeypatch.setattr(other, "events_and_errors", other_counted)
    assert match_game(other, "X2").key == "doudizhu"
    assert other_reads == ["X2"]
