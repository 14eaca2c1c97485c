"""``referee serve`` checks where it is to listen once, before it prints or writes anything (issue
16, item 7): the real command as a subprocess, each bad ``--host`` or ``--port`` one line in the
user's language, exit 2, no banner, no store folder, no QR image."""

from __future__ import annotations

import os
import socket
import subprocess
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")
from webserver import free_port, referee_exe  # noqa: E402

RULE_EN = ("not an address (127.0.0.1, 0.0.0.0, ::1) or a host name (letters, digits and hyphens, in parts of at "
           "most 63 separated by dots, 253 in all)")
RULE_ZH = ("不是地址（127.0.0.1、0.0.0.0、::1），也不是主机名（字母、数字和连字符，以点分隔，每段至多 63 个字符，"
           "总长至多 253）")
LONG_LABEL = "a" * 64 + ".example"  # a part between dots of 64 characters: one too many
BIDI = "local\u202ehost"  # RIGHT-TO-LEFT OVERRIDE inside: shown escaped, so it cannot reorder the line
HUGE = "h" * 5000

CASES = [
    ("", "--host: give the address to listen on: 127.0.0.1 (this machine only) or 0.0.0.0 (the venue's network)",
     "--host：请给出监听地址：127.0.0.1（仅本机）或 0.0.0.0（场馆网络）"),
    ("..", f"--host '..': {RULE_EN}", f"--host '..'：{RULE_ZH}"),
    (".", f"--host '.': {RULE_EN}", f"--host '.'：{RULE_ZH}"),
    (LONG_LABEL, f"--host '{'a' * 40}...': {RULE_EN}", f"--host '{'a' * 40}...'：{RULE_ZH}"),
    (BIDI, f"--host 'local\\u202ehost': {RULE_EN}", f"--host 'local\\u202ehost'：{RULE_ZH}"),
    (HUGE, f"--host '{'h' * 40}...': {RULE_EN}", f"--host '{'h' * 40}...'：{RULE_ZH}"),
    ("no-such-host.invalid", "--host 'no-such-host.invalid': no such host (the name does not resolve to an address)",
     "--host 'no-such-host.invalid'：没有这个主机（该名称解析不到地址）"),
]


def serve(tmp: Path, lang: str, *args: str) -> tuple[subprocess.CompletedProcess[str], Path]:
    db = tmp / f"store-{lang}"
    env = {k: v for k, v in os.environ.items() if k not in ("REFEREE_DB", "REFEREE_LANG")}
    env["REFEREE_LANG"] = lang
    done = subprocess.run([*referee_exe(), "serve", "--db", str(db), *args], capture_output=True, text=True,
                          env=env, timeout=60, stdin=subprocess.DEVNULL)
    return done, db


def refused(tmp: Path, args: list[str], en: str, zh: str) -> None:
    for lang, message in (("en", f"error: {en}"), ("zh", f"错误：{zh}")):
        done, db = serve(tmp, lang, *args)
        assert (done.returncode, done.stdout, done.stderr) == (2, "", message + "\n"), lang
        assert not db.exists()  # nothing written: no store folder, no venue-qr.png


@pytest.mark.parametrize(("host", "en", "zh"), CASES, ids=["empty", "dots", "dot", "label-64", "bidi", "5000",
                                                           "unknown"])
def test_a_bad_host_is_one_line_exit_2_before_anything_is_printed(tmp_path: Path, host: str, en: str,
                                                                  zh: str) -> None:
    refused(tmp_path, ["--host", host, "--port", str(free_port())], en, zh)


def test_a_busy_port_is_one_line_exit_2_before_anything_is_printed(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        refused(tmp_path, ["--port", str(port)],
                f"--port {port}: the port is in use on '127.0.0.1' (another server?): choose another with --port",
                f"--port {port}：'127.0.0.1' 上该端口已被占用（另一个服务器？）：请用 --port 另选一个")


def test_an_address_not_of_this_machine_is_one_line_exit_2(tmp_path: Path) -> None:
    # 192.0.2.1 is TEST-NET-1 (RFC 5737): never an address of this machine
    refused(tmp_path, ["--host", "192.0.2.1", "--port", str(free_port())],
            "--host '192.0.2.1': not an address of this machine", "--host '192.0.2.1'：不是本机的地址")
