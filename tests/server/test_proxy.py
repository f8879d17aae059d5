"""Two ``serve`` processes (one PostgreSQL store) behind a real nginx, configured as docs/cluster.md says: each
client's own address is counted by the per-address limits when the proxy is trusted
(``--forwarded-allow-ips``), and ``X-Forwarded-For`` is ignored when it is not."""

from __future__ import annotations

import asyncio
import http.client
import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from ..nginx import Nginx, NginxMissingError
from .harness import Server


@pytest.fixture
def behind_nginx(request: pytest.FixtureRequest, tmp_path: Path, postgres_url: str) -> Iterator[Nginx]:
    """nginx in front of two ``serve`` processes allowing 2 new tables a minute per address; the proxy
    (127.0.0.1) is trusted or not as the test's parameter says."""
    trusted: bool = request.param
    allow = "127.0.0.1" if trusted else "10.9.9.9"
    options = ["--tables-per-minute", "2", "--forwarded-allow-ips", allow]
    servers = [Server(tmp_path / f"serve{n}" / "db", store=postgres_url, options=options) for n in (1, 2)]
    for server in servers:
        server.db.parent.mkdir()
    nginx = Nginx(tmp_path / "nginx", [server.port for server in servers])
    try:
        for server in servers:
            server.start()
        try:
            yield nginx.start()
        except NginxMissingError as error:
            pytest.fail(str(error), pytrace=False)
    finally:
        nginx.stop()
        for server in servers:
            server.stop()


def create_from(nginx: Nginx, source: str) -> tuple[int, dict[str, Any]]:
    """Create a table through nginx from the client address ``source`` (a loopback address of its own)."""
    spec = {"game": "chickenfoot", "settings": {"players": 2}, "bots": [None, "easy"], "name": "Ann"}
    request = urllib.request.Request(
        f"{nginx.url}/api/tables",
        data=json.dumps(spec).encode(),
        method="POST",
        headers={"content-type": "application/json"},
    )
    opener = urllib.request.build_opener(SourceHandler(source))
    try:
        with opener.open(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


class SourceHandler(urllib.request.HTTPHandler):
    """urllib's HTTP handler connecting from a given local address."""

    def __init__(self, source: str) -> None:
        super().__init__()
        self.source = source

    def http_open(self, req: urllib.request.Request) -> Any:
        """Open the connection from ``source``."""

        def connection(host: str, **kwargs: Any) -> http.client.HTTPConnection:
            return http.client.HTTPConnection(host, source_address=(self.source, 0), **kwargs)

        return self.do_open(connection, req)


@pytest.mark.parametrize("behind_nginx", [True, False], indirect=True, ids=["trusted", "not-trusted"])
def test_clients_behind_nginx_are_counted_by_their_own_address_only_when_the_proxy_is_trusted(
    behind_nginx: Nginx, request: pytest.FixtureRequest
) -> None:
    trusted = request.node.callspec.params["behind_nginx"]
    first = [create_from(behind_nginx, "127.0.0.2") for _ in range(6)]
    assert sorted(status for status, _ in first) == [201] * 4 + [429] * 2  # 2 a minute on each process
    second = [create_from(behind_nginx, "127.0.0.3") for _ in range(2)]
    if trusted:
        assert [status for status, _ in second] == [201, 201]  # another person: a budget of their own
    else:
        assert [(status, body["code"]) for status, body in second] == [(429, "rate-limited")] * 2  # one address
    table_id = next(body["id"] for status, body in first if status == 201)
    asyncio.run(_watch_through(behind_nginx, table_id))


async def _watch_through(nginx: Nginx, table_id: str) -> None:
    """A browser's WebSocket through nginx: the Origin matches the Host nginx passes on, a snapshot comes."""
    url = f"ws://127.0.0.1:{nginx.port}/t/{table_id}/ws"
    async with connect(url, origin=nginx.url) as socket:  # type: ignore[arg-type]
        await socket.send(json.dumps({"t": "hello", "v": 2, "last_seq": None}))
        async with asyncio.timeout(10):
            frame = json.loads(await socket.recv())
        assert frame["t"] == "snapshot" and frame["table"]["id"] == table_id


def test_a_rolling_restart_behind_nginx_never_leaves_the_site_without_a_process(
    tmp_path: Path, postgres_url: str
) -> None:
    """Restart the processes one after the other, each back before the next goes: with nginx's defaults a
    process that failed once is passed over for 10 s, so the second restart found no process to send to and
    answered 502 to everyone; with ``max_fails=0`` (docs/cluster.md's upstream) every request reaches a live one."""
    servers = [Server(tmp_path / f"serve{n}" / "db", store=postgres_url) for n in (1, 2)]
    for server in servers:
        server.db.parent.mkdir()
    nginx = Nginx(tmp_path / "nginx", [server.port for server in servers])
    answers: list[int] = []
    try:
        for server in servers:
            server.start()
        nginx.start()
        for server in servers:
            server.kill()
            answers += [status_of(f"{nginx.url}/healthz") for _ in range(4)]  # nginx meets the dead process
            server.start()
            answers += [status_of(f"{nginx.url}/healthz") for _ in range(4)]
    finally:
        nginx.stop()
        for server in servers:
            server.stop()
    assert answers == [200] * 16


def status_of(url: str) -> int:
    """The HTTP status of a GET of ``url``."""
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return error.code


@pytest.mark.parametrize("behind_nginx", [True], indirect=True, ids=["trusted"])
def test_a_body_too_long_for_nginx_gets_the_protocols_error(behind_nginx: Nginx) -> None:
    for size in (70_000, 2_000_000):  # over serve's 64 KiB, and over nginx's default 1 MB
        request = urllib.request.Request(
            f"{behind_nginx.url}/api/tables",
            data=b" " * size,
            method="POST",
            headers={"content-type": "application/json"},
        )
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=10)
        assert refused.value.code == 413
        assert json.loads(refused.value.read())["code"] == "too-long"
