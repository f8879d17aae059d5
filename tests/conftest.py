"""Settings and fixtures shared by every test (the private PostgreSQL server among them)."""

from __future__ import annotations

import asyncio
import contextlib
import faulthandler
import gc
import sys
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import settings

from .postgres import PostgresMissingError, PostgresServer
from .server.harness import Server, console_server

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


WATCHDOG_LEAD = 30.0
"""How long before pytest-timeout ends a test the watchdog writes down what the test was waiting for."""


@pytest.fixture(autouse=True)
def hang_watchdog(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test that hangs is ended by pytest-timeout, whose stack of the main thread shows no more than an event
    loop waiting in ``select``. Shortly before that, this writes every thread's stack and every unfinished
    asyncio task's (what each coroutine awaits) to the test's captured stderr, shown with the failure."""
    marker = request.node.get_closest_marker("timeout")
    limit = float(marker.args[0]) if marker and marker.args else float(request.config.getini("timeout") or 0)
    if limit <= WATCHDOG_LEAD:
        yield
        return
    timer = threading.Timer(limit - WATCHDOG_LEAD, _write_what_waits, args=(request.node.nodeid,))
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()


def _write_what_waits(test: str) -> None:
    """Every thread's stack, then every unfinished asyncio task's, to stderr."""
    print(f"\n--- {test} has run for long: the threads and the unfinished tasks ---", file=sys.stderr, flush=True)
    faulthandler.dump_traceback(all_threads=True)
    tasks = [task for task in gc.get_objects() if isinstance(task, asyncio.Task) and not task.done()]
    for task in tasks:
        with contextlib.suppress(Exception):
            print(f"{task.get_name()}:", *_awaiting(task.get_coro()), sep="\n    ", file=sys.stderr)
    print(f"--- {len(tasks)} unfinished tasks ---", file=sys.stderr, flush=True)


def _awaiting(awaitable: Any) -> Iterator[str]:
    """Where a suspended coroutine stands, and what it awaits in turn, down to the innermost awaitable."""
    while awaitable is not None:
        frame = getattr(awaitable, "cr_frame", None) or getattr(awaitable, "gi_frame", None)
        if frame is None:
            yield repr(awaitable)[:300]
            return
        yield f"{frame.f_code.co_filename}:{frame.f_lineno} in {frame.f_code.co_name}"
        awaitable = getattr(awaitable, "cr_await", None) or getattr(awaitable, "gi_yieldfrom", None)


@pytest.fixture(scope="module")
def console(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server with the operator's console on (``harness.ADMIN_TOKEN``), one for the test module."""
    running = console_server(tmp_path_factory.mktemp("console"))
    yield running
    running.stop()
