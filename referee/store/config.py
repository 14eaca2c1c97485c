"""The user's own settings: a small TOML file in the user's configuration folder.

``$XDG_CONFIG_HOME/referee/config.toml`` (else ``~/.config/referee/config.toml``; on Windows
``%APPDATA%\\referee\\config.toml``), written by ``referee config db PATH``. It holds one setting
so far, ``db``: the store a referee's laptop uses wherever the shell stands. The store folder is
``--db``, else ``$REFEREE_DB``, else this file's ``db``, else ``./referee-store``
(:func:`referee.store.store.resolve_root`).

Written by hand rather than with ``platformdirs``: the two folders above are all it would compute
here, and every store command reads this file's path at start-up. The file is read only when it is
there (one ``stat`` otherwise) and written through the one safe-write helper.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from referee.core.errors import UsageError
from referee.core.i18n import M, Msg, literal

KEYS = ("db",)
MAX_BYTES = 64 * 1024  # a settings file is a few lines; anything bigger is not one


class ConfigError(UsageError):
    """The settings file cannot be read or written (exit 2): the message names it and says why."""


def config_path() -> Path:
    """Where the settings file is (it need not exist)."""
    if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
        base = os.environ.get("APPDATA") or str(Path.home() / "AppData" / "Roaming")
    else:
        xdg = os.environ.get("XDG_CONFIG_HOME")
        base = xdg if xdg and os.path.isabs(xdg) else str(Path.home() / ".config")  # the XDG rule
    return Path(base) / "referee" / "config.toml"


def read(path: Path | None = None) -> dict[str, str]:
    """The settings (key → text); {} when there is no file. A file that cannot be read, or holds
    a value that is not a text, is a :class:`ConfigError` naming it."""
    path = path or config_path()
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return {}
    except OSError as e:
        raise ConfigError(M("the settings file {path} cannot be read ({reason})", path=str(path),
                            reason=e.strerror or str(e))) from None
    if len(raw) > MAX_BYTES:
        raise _bad(path, M("it is larger than {n} bytes", n=MAX_BYTES))
    import tomllib

    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError) as e:
        raise _bad(path, literal(str(e))) from None
    out: dict[str, str] = {}
    for key, value in data.items():
        if key in KEYS:
            if not isinstance(value, str):
                raise _bad(path, M("'{key}' must be a text", key=key))
            out[key] = value
    return out


def _bad(path: Path, problem: Msg) -> ConfigError:
    return ConfigError(M("the settings file {path} cannot be used: {problem} (fix it, or remove it)",
                         path=str(path), problem=problem))


def get(key: str) -> str | None:
    return read().get(key)


def put(key: str, value: str | None, path: Path | None = None) -> Path:
    """Set *key* to *value* (None removes it) and write the file; returns its path."""
    from referee.core import safefile

    path = path or config_path()
    settings = read(path)
    if value is None:
        settings.pop(key, None)
    else:
        settings[key] = value
    lines = ["# referee's settings (`referee config`): the store folder when neither --db nor $REFEREE_DB is given"]
    # A JSON string with ensure_ascii=False is a TOML basic string: the same escapes (\\ \" \n \uXXXX).
    lines += [f"{k} = {json.dumps(v, ensure_ascii=False)}" for k, v in settings.items()]
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        safefile.write_text(path, "\n".join(lines) + "\n")
    except OSError as e:
        raise ConfigError(M("the settings file {path} cannot be written ({reason})", path=str(path),
                            reason=e.strerror or str(e))) from None
    return path
