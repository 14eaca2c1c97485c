"""Rule sets as data: the bundled files, house files that inherit from them, and the score table.

The expected numbers are worked out by hand from docs/gunzi-rules.md (§7 and §10, arithmetic in the
comments), never copied from the program's output.
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from referee.ruleset import available, load, resolve

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = ("classic", "dalian-club", "gunzi-001")


# --- the bundled files are package data -----------------------------------------------------------


def test_the_bundled_sets_are_found_as_package_data():
    assert set(BUNDLED) <= set(available())
    for name in BUNDLED:
        # importlib.resources finds them inside the package, not in a folder beside it
        assert resolve(name).name == f"{name}.toml"
        assert str(resolve(name)).startswith(str(ROOT / "referee" / "rules"))


def test_rules_dir_adds_sets(tmp_path, monkeypatch):
    text = resolve("dalian-club").read_text(encoding="utf-8")
    (tmp_path / "seaside.toml").write_text(text.replace('name = "dalian-club"', 'name = "seaside"'), encoding="utf-8")
    monkeypatch.setenv("REFEREE_RULES_DIR", str(tmp_path))
    assert {"seaside", *BUNDLED} <= set(available())
    assert load("seaside").name == "seaside"


def _wheel_backend_here() -> bool:
    """This interpreter's setuptools can build a wheel offline (built in since 70.1, else the wheel package)."""
    if importlib.util.find_spec("setuptools") is None:
        return False
    from importlib.metadata import version

    major, minor = (int(x) for x in version("setuptools").split(".")[:2])
    return (major, minor) >= (70, 1) or importlib.util.find_spec("wheel") is not None


def test_a_wheel_holds_the_rule_files(tmp_path):
    # A non-editable install reads the rule files from the wheel; before they were package data it
    # said "unknown rule set 'dalian-club' (known: )". Build from a copy: no build/ in the checkout.
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    shutil.copytree(ROOT / "referee", src / "referee", ignore=shutil.ignore_patterns("__pycache__"))
    out = tmp_path / "wheels"
    # Without a wheel-capable setuptools here, pip sets up the declared backend (setuptools>=68) the
    # way `make test`'s own install does.
    isolation = ["--no-build-isolation"] if _wheel_backend_here() else []
    run = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", *isolation, "-q", "-w", str(out),
                          str(src)], capture_output=True, text=True)
    if run.returncode and not isolation and "build dependencies" in run.stderr:
        pytest.skip("the build backend (setuptools>=68) is neither installed nor obtainable by pip")
    assert run.returncode == 0, run.stderr
    (wheel,) = out.glob("referee-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in BUNDLED:
        assert f"referee/rules/{name}.toml" in names
    assert "referee/rules/__init__.py" in names
