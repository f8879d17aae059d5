"""A real ``dominohall serve`` for the site's tests, and Debian's Chromium driven by Playwright."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from ..server.harness import Server

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]
SCREENSHOTS = Path(__file__).parent / "screenshots"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``dominohall serve`` on loopback with a fresh SQLite file and bots that move at once."""
    running = Server(tmp_path_factory.mktemp("web") / "db.sqlite").start()
    yield running
    running.stop()
