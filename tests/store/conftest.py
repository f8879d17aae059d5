"""Every store contract test runs on SQLite (a file) and on PostgreSQL (a private server's fresh database)."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of an empty store of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'data' / 'hall.db'}"
    return str(request.getfixturevalue("postgres_url"))
