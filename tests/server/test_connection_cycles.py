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
from dominohall.server.guards import BoundedWebSocket, guarded_http
from dominohall.server.settings import ServerSettings
from dominohall.store.backends import backend_for

from .harness import Client, Server, create_table, free_port, http

SERVER_SIDE = ("uvicorn.", "dominohall.", "starlette.", "fastapi.", "websockets.server.", "contextlib.AsyncExitStack")


def _server_garbage(port: int) -> collections.Counter[str]:
    """The server's objects that only the cyclic collector would free, by type (its transports are those of
    sockets bound to its ``port``; the clients in this process have theirs)."""
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        found: collections.Counter[str] = collections.Counter()
        for thing in gc.garbage:
            name = f"{type(thing).__module__}.{type(thing).__qualname__}"
            if name.startswith(SERVER_SIDE) or _serves(thing, port):
                found[name] += 1
        return found
    finally:
        gc.set_debug(0)
        gc.garbage.clear()


def _serves(thing: object, port: int) -> bool:
    """True for an asyncio transport of the server's own end of a connection."""
    if not isinstance(thing, asyncio.Transport):
        return False
    sockname = thing.get_extra_info("sockname")
    return isinstance(sockname, tuple) and sockname[1] == port


def test_closed_connections_are_freed_without_the_cyclic_collector(tmp_path: Path) -> None:
    backend = backend_for(f"sqlite:///{tmp_path / 'db.sqlite'}")
    port = free_port()
    app = create_app(backend.store, ServerSettings(), backend.coordinator)
    config = uvicorn.Config(
        app, port=port, log_config=None, ws=BoundedWebSocket, http=guarded_http(10.0, 64, "127.0.0.1"), lifespan="on"
    )  # the protocols ``serve`` runs
    server = uvicorn.Server(config)
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
        status, _, _ = http("GET", f"{address.url}/api/tables/{table_id}")  # and a plain HTTP request
        assert status == 200
        while server.server_state.connections and time.monotonic() < deadline:
            time.sleep(0.02)
        assert _server_garbage(port) == collections.Counter()
    finally:
        gc.enable()
        server.should_exit = True
        thread.join(10)
