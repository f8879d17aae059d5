"""Settings and fixtures shared by every test (the private PostgreSQL server among them)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import settings

from .postgres import PostgresMissingError, PostgresServer

# The test machines are shared and their speed drifts: a per-example deadline would fail tests for the
# machine's sake, not the code's. Examples stay bounded by max_examples and pytest-timeout.
settings.register_profile("dominohall", deadline=None, max_examples=60)
settings.load_profile("dominohall")


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A private PostgreSQL server for this test process (each xdist worker has its own).

    The tests fail, not skip, when PostgreSQL is not installed: ``make test`` installs it.
    """
    try:
        server = PostgresServer().start()
    except PostgresMissingError as error:
        pytest.fail(str(error), pytrace=False)
    yield server
    server.stop()


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> str:
    """The URL of a fresh, empty store for one test (a schema of its own)."""
    return postgres_server.new_database()
