"""A closed WebSocket connection leaves no reference cycle on the server.

``serve`` makes the collector's full passes rare (they walk every table), so a connection whose objects sat
in a cycle would be kept, buffers, scope, transport and all, until the next full pass. This runs uvicorn with
the app in this process (on loopback, with real WebSocket clients) so the test can see its garbage.
"""

from __future__ import annotations

import asyncio
import collections
import gc
import threading
import time
from pathlib import Path

import uvicorn

from dominohall.server.app import create_app
from dominohall.server.guards import BoundedWebSocket
from dominohall.server.settings import ServerSettings
from dominohall.store.backends import backend_for

from .harness import Client, Server, create_table, free_port

SERVER_SIDE = ("uvicorn.", "dominohall.", "starlette.", "fastapi.", "websockets.server.", "contextlib.AsyncExitStack")


def _server_garbage() -> collections.Counter[str]:
    """The server's objects that only the cyclic collector would free, by type."""
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        names = (f"{type(o).__module__}.{type(o).__qualname__}" for o in gc.garbage)
        return collections.Counter(name for name in names if name.startswith(SERVER_SIDE))
    finally:
        gc.set_debug(0)
        gc.garbage.clear()


def test_closed_connections_are_freed_without_the_cyclic_collector(tmp_path: Path) -> None:
    backend = backend_for(f"sqlite:///{tmp_path / 'db.sqlite'}")
    port = free_port()
    app = create_app(backend.store, ServerSettings(), backend.coordinator)
    server = uvicorn.Server(uvicorn.Config(app, port=port, log_config=None, ws=BoundedWebSocket, lifespan="on"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    address = Server(tmp_path / "db.sqlite", port=port)  # its address only: the app runs here
    table_id, cookie = create_table(address, [None, "easy", "easy", "easy"], {"length": "one"})

    async def visits() -> None:
        for _ in range(3):
            host = await Client.open(address, table_id, cookie)
            assert (await host.command({"t": "chat", "text": "hi"}))["t"] == "ack"
            watcher = await Client.open(address, table_id)
            await host.close()
            await watcher.close()

    try:
        asyncio.run(visits())  # the first connections warm up what lives as long as the server
        gc.collect()
        gc.disable()
        asyncio.run(visits())
        deadline = time.monotonic() + 10
        while server.server_state.connections and time.monotonic() < deadline:
            time.sleep(0.02)
        assert not server.server_state.connections
        assert _server_garbage() == collections.Counter()
    finally:
        gc.enable()
        server.should_exit = True
        thread.join(10)
