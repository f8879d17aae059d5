"""A real server for the module's tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .harness import Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``dominohall serve`` on loopback with a fresh SQLite file, for the whole module."""
    folder: Path = tmp_path_factory.mktemp("server")
    running = Server(folder / "db.sqlite").start()
    yield running
    running.stop()
