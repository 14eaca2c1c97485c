"""Playing an event through the real command line: the CLI in-process (typer's CliRunner) on a store
in a temporary folder, and match records written with ``helpers.hand_text``.

A game here is one of two shapes, whose numbers are worked out from docs/gunzi-rules.md:

- short: the first hand of the game, the winner's seat grabs (``declare SEAT BJ``), the defenders
  score ``points 0`` and the declarers keep the last trick: S = 0, so the declarer side wins the game
  (§7.3.1); the hand is a keep (§7.1), so the winners go up one level: final levels 4 : 3 (level
  difference ±1); the ledger's special entry for S = 0 (§9.4): declarers +50, defenders −50.
- long: the same winner, two hands: first ``points 100`` kept (S = 100 < 120, kept: a keep, §7.1:
  declarers +1 → 4 : 3; no blood, 80 ≤ S ≤ 150, §7.2.3; ledger +3/−3 for one level, §9.2), then the
  partner declares (§7.4, declarers stay) at level 4 and S = 0 again: game won at 5 : 3 (level
  difference ±2); ledger +3 + 50 = +53 / −53.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from helpers import Run, hand_text
from typer.testing import CliRunner

from referee.cli import app

WIN_SEAT = {"EW": "E", "NS": "S"}


class Cli:
    """``cli("event", "new", …)``: the command line in-process, on the store at *db*, never a traceback."""

    def __init__(self, db: Path, lang: str = "en") -> None:
        self.db = db
        # COLUMNS unset (None: CliRunner removes it): the output is a pipe, every column shown, whatever runs the
        # tests (pytest-xdist's workers set COLUMNS, which the terminal views fit, issue 18 item 8)
        self.env: dict[str, str | None] = {"REFEREE_DB": str(db), "REFEREE_LANG": lang, "REFEREE_NAME": "裁判长",
                                           "COLUMNS": None}
        self.runner = CliRunner()

    def __call__(self, *args: object) -> Run:
        res = self.runner.invoke(app, [str(a) for a in args], env=self.env)
        if res.exception is not None and not isinstance(res.exception, SystemExit):
            raise res.exception
        run = Run(res.exit_code, res.stdout, res.stderr)
        assert "Traceback" not in run.text, run.text
        return run

    def ok(self, *args: object) -> Run:
        run = self(*args)
        assert run.code == 0, f"{args}: exit {run.code}\n{run.text}"
        return run

    def json(self, *args: object) -> Any:
        return json.loads(self.ok(*args, "--json").out)


def game(side: str, long: bool = False) -> str:
    """One game won by *side* (see the module's docstring for its numbers)."""
    seat = WIN_SEAT[side]
    if not long:
        return hand_text(grab=seat, trump="H", points=0)
    return hand_text(grab=seat, trump="H", points=100) + hand_text(trump="H", points=0)


def match_text(match_id: str, winners: Iterable[str], long: Iterable[int] = ()) -> str:
    """A match record: one game per winner in *winners* ("EW"/"NS"); games numbered in *long* (1-based)
    are long ones. The header line agrees with the stored one (id only), as a paper sheet's would."""
    longs = set(long)
    return f"match id={match_id}\n" + "".join(game(w, i in longs) for i, w in enumerate(winners, 1))


def result_games(won: int, lost: int, side: str) -> list[str]:
    """The games' winners, in order, for a match that *side* wins or loses won:lost (the match's
    last game decides it: 2:1 is W L W, 1:2 is L W L from *side*'s view)."""
    other = "NS" if side == "EW" else "EW"
    if (won, lost) == (2, 0):
        return [side, side]
    if (won, lost) == (0, 2):
        return [other, other]
    if (won, lost) == (2, 1):
        return [side, other, side]
    if (won, lost) == (1, 2):
        return [other, side, other]
    raise ValueError((won, lost))


def play(cli: Cli, tmp: Path, table: dict[str, Any], pair: str, won: int, lost: int,
         long_for: dict[str, int] | None = None) -> Run:
    """Record *table*'s match (a table of ``event pair --json``) as *pair* scoring won:lost, through
    ``referee record ID --file``; ``long_for[p] = n`` makes the first n games won by p long ones."""
    side = "EW" if table["ew"] == pair else "NS"
    assert table[side.lower()] == pair, (table, pair)
    winners = result_games(won, lost, side)
    long: list[int] = []
    for p, n in (long_for or {}).items():
        s = "EW" if table["ew"] == p else "NS"
        long += [i for i, w in enumerate(winners, 1) if w == s][:n]
    path = tmp / f"{table['match']}.gunzi"
    path.write_text(match_text(table["match"], winners, long), encoding="utf-8")
    return cli.ok("record", table["match"], "--file", path)


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under *folder* with its bytes (to show that a refused command stored nothing)."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}
