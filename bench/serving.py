"""What the server benchmarks share: a free loopback port and a real ``dominohall serve`` started on it."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(folder: Path, port: int, options: Sequence[str] = ()) -> subprocess.Popen[bytes]:
    """``dominohall serve`` on loopback with SQLite in ``folder`` and bots moving at once (more ``options``
    for ``serve`` as given); returns once ``/healthz`` answers, its log in ``folder/server.log``."""
    command = [sys.executable, "-m", "dominohall", "serve", "--port", str(port), "--db", f"sqlite:///{folder}/db"]
    log = (folder / "server.log").open("ab")
    env = os.environ | {"DOMINOHALL_BOT_DELAY": "0"}
    process = subprocess.Popen([*command, *options], stdout=log, stderr=log, env=env)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as response:
                if response.status == 200:
                    return process
        except OSError:
            time.sleep(0.05)
    process.kill()
    raise RuntimeError("the server did not start: " + (folder / "server.log").read_text()[-2000:])
