"""`referee check` (a real process) refuses every token that is not exactly one suit (§1.4), in both
languages, on the line that holds it: `trump HC` and `declare S SJ SJ SJ as SH` are line errors."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

# The spellings: suit letters run together name no suit.
WRONG = ["SH", "HC", "CD", "SHC", "HCD", "SHCD"]
WORDS = {
    "en": "'{}' is not a suit (S H C D, ♠ ♥ ♣ ♦, 黑桃 红桃 梅花 方块)",
    "zh": "'{}' 不是花色（S H C D、♠ ♥ ♣ ♦、黑桃 红桃 梅花 方块）",
}

# Line 4 names the trump in hand 1 (E grabbed, §4.1.1). The kitty holds KH and JH: under trump H it is
# not dry (JH is a trump-suit plain card, §2.4, §6.2.1); under a trump "HC" it would have been judged dry.
TRUMP = "match id=T-1\nhand\ndeclare E BJ\ntrump {}\nkitty 4C 6C 7C 8C KH JH\npoints 60\nlast decl\n"
# Line 9 is hand 2's declaration: three small jokers "as …" (§4.2.2). Hand 1 here scores S = 80: E keeps,
# no blood (§7.2.3: ceil((80 − 80) / 10) = 0), the declarer passes to W, E's partner (§7.4).
AS = (TRUMP.format("H").replace("points 60", "points 80")
      + "hand\ndeclare S SJ SJ SJ as {}\nkitty 4C 6C 7C 8C 9C JH\npoints 60\nlast decl\n")


def _check(lang: str, *files: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "REFEREE_LANG": lang, "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-m", "referee.cli", "check", "--lang", lang, *files],
                          capture_output=True, text=True, encoding="utf-8", env=env, timeout=120)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_check_refuses_every_run_together_suit_on_its_line(tmp_path, lang):
    files, want = [], []
    for token in WRONG:
        for template, line, name in ((TRUMP, 4, "trump"), (AS, 9, "as")):
            path = tmp_path / f"{name}-{token}.gunzi"
            path.write_text(template.format(token), encoding="utf-8")
            files.append(str(path))
            want.append(f"{path}:{line}: {WORDS[lang].format(token)}")
    proc = _check(lang, *files)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    shown = (proc.stdout + proc.stderr).splitlines()
    assert [w for w in want if w not in shown] == [], "\n".join(shown)
    assert "Traceback" not in proc.stderr


def test_check_passes_the_same_records_with_one_suit(tmp_path):
    # The control: with trump H and 'as S' the same records are valid (exit 0).
    files = []
    for template, token, name in ((TRUMP, "H", "trump"), (AS, "S", "as")):
        path = tmp_path / f"{name}.gunzi"
        path.write_text(template.format(token), encoding="utf-8")
        files.append(str(path))
    proc = _check("en", *files)
    assert proc.returncode == 0, proc.stdout + proc.stderr
