"""Pick the event store (and the coordinator that goes with it) from a URL, so the command line and the
server name no adapter.

- ``sqlite:///data/dominohall.db`` (or a plain path): the embedded store, one process alone with it.
- ``postgresql://user:password@host:port/database``: the shared store; any number of processes.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..tables.ports import Coordinator, Store
from .coordinator import PostgresCoordinator
from .postgres import PostgresStore, is_postgres_url
from .sqlite import SqliteCoordinator, SqliteStore, path_from_url


@dataclass(frozen=True)
class Backend:
    """A store and the coordinator of the processes that share it."""

    store: Store
    coordinator: Coordinator


def store_for(url: str) -> Store:
    """The store a URL names (nothing is connected before first use)."""
    return backend_for(url).store


def backend_for(url: str) -> Backend:
    """The store a URL names, with its coordinator; ``StoreError`` for a URL no store takes."""
    if is_postgres_url(url):
        return Backend(PostgresStore(url), PostgresCoordinator(url))
    store = SqliteStore(path_from_url(url))
    return Backend(store, SqliteCoordinator(store))
