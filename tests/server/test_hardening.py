"""Issue 17's defects over a real server, one test each: bad input refused alone, limits enforced.

Each test failed on the code before its fix (see the commit that brought it).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import sqlite3
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from .harness import Client, Server, create_table, http, sit

HUGE = 2**64
"""A number no 64-bit integer holds (the attacker's favourite)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server that lets one address create many tables and open many WebSockets (the tests make lots)."""
    folder: Path = tmp_path_factory.mktemp("hardening")
    options = ["--tables-per-minute", "1000", "--connections-per-address", "500"]
    running = Server(folder / "db.sqlite", options=options).start()
    yield running
    running.stop()


def raw(server: Server, method: str, path: str, body: bytes, headers: dict[str, str]) -> tuple[int, bytes]:
    """One HTTP request with a body of raw bytes: status and body."""
    request = urllib.request.Request(server.url + path, data=body, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def log_of(server: Server) -> str:
    """Everything the server has logged so far."""
    return (server.db.parent / "server.log").read_text()


def tables_without_events(server: Server) -> int:
    """Rows of ``tables`` that have no event (a creation that failed half-way)."""
    with sqlite3.connect(f"file:{server.db}?mode=ro", uri=True) as db:
        query = "SELECT COUNT(*) FROM tables WHERE table_id NOT IN (SELECT table_id FROM events)"
        return int(db.execute(query).fetchone()[0])


def summary(server: Server, table_id: str) -> dict[str, Any]:
    """The table's public summary."""
    status, body, _ = http("GET", f"{server.url}/api/tables/{table_id}")
    assert status == 200
    return body  # type: ignore[no-any-return]


async def pipelined(client: Client, messages: list[dict[str, Any]], timeout: float = 8.0) -> list[dict[str, Any]]:
    """Send every message at once, then wait for the answer to each (its ack or error), in order."""
    for message in messages:
        await client.send(message)
    wanted = {message["id"] for message in messages}
    answers: dict[str, dict[str, Any]] = {}
    while wanted - answers.keys():
        frame = await client.until(lambda f: f["t"] in ("ack", "error") and f.get("id") in wanted, timeout)
        answers[frame["id"]] = frame
    return [answers[message["id"]] for message in messages]


# -- 1. one bad setting must not break other tables' saves -------------------------------------------------


def test_bad_settings_are_refused_and_other_tables_commands_all_answered(server: Server) -> None:
    async def scenario() -> None:
        victims = [create_table(server, [None, None], {"players": 2}) for _ in range(6)]
        attacks = [
            ("chickenfoot", {"limit": HUGE}),
            ("chickenfoot", {"limit": 10**30}),
            ("standard", {"target": HUGE}),
            ("chickenfoot", {"limit": -HUGE}),
        ]
        attackers = [(create_table(server, [None, None], {"players": 2}, game), bad) for game, bad in attacks]
        victim_clients = [await Client.open(server, table_id, cookie) for table_id, cookie in victims]
        attack_clients = [
            (await Client.open(server, table_id, cookie), bad)
            for (table_id, cookie), bad in attackers
            for _ in range(2)  # 8 attacking connections
        ]

        async def chat(index: int, client: Client) -> list[dict[str, Any]]:
            said = [{"t": "chat", "id": f"v{index}-{n}", "text": f"hello {n}"} for n in range(40)]
            return await pipelined(client, said)

        async def attack(index: int, client: Client, bad: dict[str, Any]) -> list[dict[str, Any]]:
            sent = [{"t": "settings", "id": f"a{index}-{n}", "settings": bad} for n in range(40)]
            return await pipelined(client, sent)

        answers = await asyncio.gather(
            *(chat(i, c) for i, c in enumerate(victim_clients)),
            *(attack(i, c, bad) for i, (c, bad) in enumerate(attack_clients)),
        )
        for said in answers[: len(victim_clients)]:
            assert [a["t"] for a in said] == ["ack"] * 40, said
        for refused in answers[len(victim_clients) :]:
            assert {a["code"] for a in refused} == {"bad-settings"}, refused
        for (table_id, _), client in zip(victims, victim_clients, strict=True):
            assert summary(server, table_id)["seq"] == 1 + 40
            await client.close()
        for (table_id, _), _bad in attackers:
            assert summary(server, table_id)["seq"] == 1
        for client, _bad in attack_clients:
            await client.close()

    asyncio.run(scenario())
    assert "Integer exceeds" not in log_of(server)


def test_huge_settings_over_http_answer_400_and_leave_no_table_behind(server: Server) -> None:
    before = http("GET", f"{server.url}/healthz")[1]["tables"]
    for game, settings in [
        ("chickenfoot", {"limit": HUGE}),
        ("chickenfoot", {"limit": 10**30}),
        ("standard", {"target": HUGE}),
    ]:
        spec = {"game": game, "settings": settings, "bots": [None, None], "name": "Ann"}
        status, body, headers = http("POST", f"{server.url}/api/tables", spec)
        assert (status, body["code"]) == (400, "bad-settings") and "set-cookie" not in headers
    form = {"content-type": "application/x-www-form-urlencoded"}
    status, page = raw(server, "POST", "/en/standard/play", f"target={HUGE}&players=2".encode(), form)
    assert status == 400 and b"set-cookie" not in page
    status, _ = raw(server, "POST", "/en/chicken-foot/play", b"players=2&start_toes=18446744073709551616", form)
    assert status == 400
    assert http("GET", f"{server.url}/healthz")[1]["tables"] == before
    assert tables_without_events(server) == 0


# -- 2. sitting twice --------------------------------------------------------------------------------------


def test_a_seated_person_cannot_take_a_second_seat(server: Server) -> None:
    table_id, ann = create_table(server, [None, None, None], {"players": 3})
    status, body, headers = http("POST", f"{server.url}/api/tables/{table_id}/sit", {"seat": 1, "name": "Ann"}, ann)
    assert (status, body["code"]) == (409, "already-seated") and "set-cookie" not in headers
    bo = sit(server, table_id, 1, "Bo")
    status, body, headers = http("POST", f"{server.url}/api/tables/{table_id}/sit", {"seat": 2, "name": "Bo"}, bo)
    assert (status, body["code"]) == (409, "already-seated") and "set-cookie" not in headers
    seats = summary(server, table_id)["seats"]
    assert [seat["name"] for seat in seats] == ["Ann", "Bo", None]
    assert summary(server, table_id)["host_seat"] == 0

    async def host_still_hosts() -> None:
        client = await Client.open(server, table_id, ann)
        assert (await client.command({"t": "bot", "seat": 2, "level": "easy"}))["t"] == "ack"
        await client.close()

    asyncio.run(host_still_hosts())


# -- 7. a repeated command id answers its first ack ---------------------------------------------------------


def test_a_repeated_start_answers_the_seq_of_its_first_ack_also_after_a_restart(tmp_path: Path) -> None:
    async def start_twice(running: Server, table_id: str, cookie: str) -> tuple[dict[str, Any], dict[str, Any]]:
        client = await Client.open(running, table_id, cookie)
        first = await client.command({"t": "start", "id": "go"})
        again = await client.command({"t": "start", "id": "go"})
        await client.close()
        return first, again

    first_server = Server(tmp_path / "db.sqlite").start()
    try:
        table_id, ann = create_table(first_server, [None, None], {"players": 2})
        sit(first_server, table_id, 1, "Bo")
        first, again = asyncio.run(start_twice(first_server, table_id, ann))
    finally:
        first_server.stop()
    assert first["t"] == "ack" and first["seq"] == 4  # created, sat, started, dealt
    assert again == first | {"duplicate": True}
    second_server = Server(tmp_path / "db.sqlite").start()
    try:
        _, after_restart = asyncio.run(start_twice(second_server, table_id, ann))
    finally:
        second_server.stop()
    assert after_restart == first | {"duplicate": True}


# -- 8. malformed text -------------------------------------------------------------------------------------


def test_malformed_text_answers_400_with_a_code(server: Server) -> None:
    table_id, _ = create_table(server, [None, None], {"players": 2})
    json_type = {"content-type": "application/json"}
    cases = [
        ("/api/tables", b'\xff\xfe{"name": "Ann"}', {"content-type": "text/plain"}, "bad-json"),
        ("/api/tables", b'\xff\xfe{"name": "Ann"}', json_type, "bad-json"),
        ("/api/tables", b"{not json", json_type, "bad-json"),
        ("/api/tables", b'{"name": "Ann",', json_type, "bad-json"),
        ("/api/tables", b'{"name": "\\ud800"}', json_type, "bad-name"),
        ("/api/tables", b'{"name": "Ann", "game": "\\ud800"}', json_type, "bad-message"),
        ("/api/tables", b'{"name": "Ann", "\\udc00": 1}', json_type, "bad-message"),
        (f"/api/tables/{table_id}/sit", b'{"seat": 1, "name": "\\udfff"}', json_type, "bad-name"),
        (f"/api/tables/{table_id}/sit", b"\x80", {}, "bad-json"),
    ]
    for path, body, headers, code in cases:
        status, answer = raw(server, "POST", path, body, headers)
        assert status == 400, (path, body, answer)
        assert http_code(answer) == code, (path, body, answer)
    assert summary(server, table_id)["seats"][1]["free"]
    assert "Exception in ASGI application" not in log_of(server)


def http_code(body: bytes) -> str:
    """The ``code`` of an error answer."""
    return str(json.loads(body)["code"])


# -- 9. zero is not the default ----------------------------------------------------------------------------


def test_zero_settings_are_refused_not_replaced_by_defaults(server: Server) -> None:
    for key in ("players", "start_toes", "blank_double", "hand", "limit"):
        spec = {"settings": {key: 0}, "bots": [None, None, None, None], "name": "Ann"}
        status, body, _ = http("POST", f"{server.url}/api/tables", spec)
        assert (status, body["code"]) == (400, "bad-settings"), key
    for key in ("players", "set", "target"):
        spec = {"game": "standard", "settings": {key: 0}, "bots": [None, None], "name": "Ann"}
        status, body, _ = http("POST", f"{server.url}/api/tables", spec)
        assert (status, body["code"]) == (400, "bad-settings"), key

    async def over_the_socket() -> None:
        table_id, ann = create_table(server, [None, None, None, None], {})
        client = await Client.open(server, table_id, ann)
        for key in ("players", "start_toes", "blank_double"):
            answer = await client.command({"t": "settings", "settings": {key: 0}})
            assert answer["code"] == "bad-settings", key
        assert summary(server, table_id)["seq"] == 1
        await client.close()

    asyncio.run(over_the_socket())


def test_whole_numbers_written_with_a_point_or_quotes_are_refused_naming_the_setting(server: Server) -> None:
    """``4.0``, ``"4"`` and ``100.5`` are not whole numbers: refused as ``bad-settings`` with the ``field``,
    over HTTP and over the socket, and nothing changes."""
    before = http("GET", f"{server.url}/healthz")[1]["tables"]
    for settings in ({"players": 4.0}, {"players": "4"}, {"limit": 100.5}, {"limit": 100.0}, {"hand": 7.0}):
        spec = {"settings": settings, "bots": [None, None, None, None], "name": "Ann"}
        status, body, _ = http("POST", f"{server.url}/api/tables", spec)
        assert (status, body["code"], body.get("field")) == (400, "bad-settings", next(iter(settings))), settings
    assert http("GET", f"{server.url}/healthz")[1]["tables"] == before

    async def over_the_socket() -> None:
        table_id, ann = create_table(server, [None, None, None, None], {})
        client = await Client.open(server, table_id, ann)
        for settings in ({"players": 3.0}, {"limit": 100.0}, {"limit": 100.5}):
            answer = await client.command({"t": "settings", "settings": settings})
            assert (answer["code"], answer.get("field")) == ("bad-settings", next(iter(settings))), answer
        assert summary(server, table_id)["seq"] == 1
        assert summary(server, table_id)["options"]["players"] == 4
        await client.close()

    asyncio.run(over_the_socket())


def test_a_null_setting_takes_its_default_and_a_list_is_refused_naming_the_setting(server: Server) -> None:
    """``null`` (like a setting left out) takes the default when a table is made; a list or an object where a
    number, word or true/false goes is ``bad-settings`` with its ``field``, over HTTP and over the socket."""
    spec = {"game": "standard", "bots": [None, "easy"], "name": "Ann"}
    status, body, _ = http("POST", f"{server.url}/api/tables", spec | {"settings": {"mode": None, "partners": None}})
    assert status == 201, body
    options = summary(server, body["id"])["options"]
    assert (options["mode"], options["partners"]) == ("draw", False)
    spec = {"bots": [None, "easy", "easy", "easy"], "name": "Ann"}
    status, body, _ = http("POST", f"{server.url}/api/tables", spec | {"settings": {"length": None, "public": None}})
    assert status == 201 and summary(server, body["id"])["options"]["length"] == "full", body
    for settings in ({"target": [150]}, {"players": {"n": 2}}):
        status, body, _ = http("POST", f"{server.url}/api/tables", spec | {"settings": settings})
        assert (status, body["code"], body.get("field")) == (400, "bad-settings", next(iter(settings))), body

    async def over_the_socket() -> None:
        table_id, ann = create_table(server, [None, None, None, None], {})
        client = await Client.open(server, table_id, ann)
        answer = await client.command({"t": "settings", "settings": {"limit": [100]}})
        assert (answer["code"], answer.get("field")) == ("bad-settings", "limit"), answer
        assert summary(server, table_id)["seq"] == 1
        await client.close()

    asyncio.run(over_the_socket())
    status, answer = raw(server, "POST", "/api/tables", b"", {"content-type": "application/json"})
    assert (status, http_code(answer)) == (400, "bad-json")  # no body at all is not a JSON object either


def test_a_contribution_too_long_and_an_analysis_of_a_seat_too_far_get_their_own_codes(server: Server) -> None:
    """Out of shape is ``bad-contribution`` at any length (not ``too-long``); a seat the table does not have is
    ``no-such-seat`` however far (not ``bad-message``)."""
    table_id, ann = create_table(server, [None, None], {"players": 2})

    async def over_the_socket() -> None:
        client = await Client.open(server, table_id, ann)
        for value in ("ab" * 65, "ab" * 500):
            answer = await client.command({"t": "contribute", "value": value})
            assert answer["code"] == "bad-contribution", answer
        await client.close()

    asyncio.run(over_the_socket())
    for seat in (5, 8, 999):
        status, body, _ = http("GET", f"{server.url}/api/tables/{table_id}/analysis?match=1&round=1&seat={seat}")
        assert status in (400, 409) and body["code"] in ("no-such-seat", "not-started"), (seat, body)
        assert body["code"] != "bad-message"


def test_an_address_that_leads_nowhere_answers_404_in_the_shape_its_caller_reads(server: Server) -> None:
    """Under ``/api/`` the protocol's error object; elsewhere a page in the visitor's language."""
    for path in ("/api/nothing-here", "/api/tables/x/y/z", "/api/"):
        status, body = raw(server, "GET", path, b"", {})
        assert (status, http_code(body)) == (404, "not-found"), path
    for path in ("/xx/yy", "/pl/nothing", "/a/b/c/d"):
        status, body = raw(server, "GET", path, b"", {"accept-language": "pl"})
        assert status == 404 and "<h1>Nie ma takiej strony</h1>" in body.decode(), path
    status, body = raw(server, "GET", "/t/NoSuchTable1", b"", {"accept-language": "pl"})  # a table's link
    assert status == 404 and "<h1>Nie ma takiego stołu</h1>" in body.decode()


# -- 10. a boolean is not a number -------------------------------------------------------------------------


def test_booleans_are_refused_where_integers_are_asked(server: Server) -> None:
    table_id, ann = create_table(server, [None, None, None], {"players": 3})
    bo = sit(server, table_id, 1, "Bo")
    status, body, _ = http("POST", f"{server.url}/api/tables/{table_id}/sit", {"seat": True, "name": "Cy"})
    assert (status, body["code"]) == (400, "bad-message")
    spec = {"settings": {"players": 2}, "bots": [None, None], "name": "Di", "seat": True}
    status, body, _ = http("POST", f"{server.url}/api/tables", spec)
    assert (status, body["code"]) == (400, "bad-message")

    async def over_the_socket() -> None:
        host = await Client.open(server, table_id, ann)
        for message in (
            {"t": "kick", "seat": True},
            {"t": "bot", "seat": True, "level": "easy"},
            {"t": "chat", "text": "hi", "at": True},
            {"t": "settings", "settings": {"players": True}},
        ):
            answer = await host.command(message)
            assert answer["code"] in ("bad-message", "bad-settings"), (message, answer)
        await host.send({"t": "hello", "v": True, "last_seq": None})
        assert (await host.until(lambda f: f["t"] == "error"))["code"] == "bad-message"
        await host.close()

    asyncio.run(over_the_socket())
    assert [seat["name"] for seat in summary(server, table_id)["seats"]] == ["Ann", "Bo", None]
    assert summary(server, table_id)["seq"] == 2
    assert bo


# -- 11. smaller ones: chat length, the Origin's scheme ----------------------------------------------------


def test_control_characters_are_refused_in_chat_and_command_ids(server: Server) -> None:
    """A NUL is kept by SQLite but refused by PostgreSQL's JSONB: both stores see the same refusal first."""

    async def scenario() -> list[dict[str, object]]:
        table_id, ann = create_table(server, [None, None], {"players": 2})
        client = await Client.open(server, table_id, ann)
        answers = [await client.command({"t": "chat", "text": "hi\u0000there"})]
        answers.append(await client.command({"t": "chat", "text": "two\nlines"}))
        await client.send({"t": "chat", "id": "c\u0000", "text": "hi"})
        answers.append(await client.until(lambda f: f["t"] in ("ack", "error")))
        await client.close()
        return answers

    nul, lines, bad_id = asyncio.run(scenario())
    assert nul["code"] == "bad-message" and lines["t"] == "ack"
    assert bad_id["t"] == "error" and bad_id["code"] == "bad-message"


def test_a_chat_over_300_characters_is_too_long(server: Server) -> None:
    async def scenario() -> None:
        table_id, ann = create_table(server, [None, None], {"players": 2})
        client = await Client.open(server, table_id, ann)
        assert (await client.command({"t": "chat", "text": "x" * 301}))["code"] == "too-long"
        assert (await client.command({"t": "chat", "text": "x" * 300}))["t"] == "ack"
        await client.close()

    asyncio.run(scenario())


def test_an_origin_of_another_scheme_is_foreign(server: Server) -> None:
    async def scenario() -> None:
        table_id, _ = create_table(server, [None, None], {"players": 2})
        url = f"ws://127.0.0.1:{server.port}/t/{table_id}/ws"
        for origin in (f"https://127.0.0.1:{server.port}", f"ftp://127.0.0.1:{server.port}", "null"):
            with pytest.raises(InvalidStatus) as refused:
                await connect(url, origin=origin)  # type: ignore[arg-type]
            assert refused.value.response.status_code == 403
        own = await connect(url, origin=f"http://127.0.0.1:{server.port}")  # type: ignore[arg-type]
        await own.close()

    asyncio.run(scenario())


# -- 5. cross-site form posts ------------------------------------------------------------------------------


def test_a_form_post_from_another_site_is_refused_and_creates_nothing(server: Server) -> None:
    own = server.url
    form = {"content-type": "application/x-www-form-urlencoded"}
    body = b"players=2&seat1=easy&name=Ann"
    before = http("GET", f"{server.url}/healthz")[1]["tables"]
    foreign = [
        {"origin": "http://evil.example"},
        {"origin": own.replace("http://", "https://")},
        {"origin": "null"},
        {"referer": "http://evil.example/page"},
        {"sec-fetch-site": "cross-site", "origin": own},
        {"sec-fetch-site": "same-site"},
    ]
    for headers in foreign:
        status, answer = raw(server, "POST", "/en/chicken-foot/play", body, form | headers)
        assert status == 403 and http_code(answer) == "foreign-origin", headers
    api = {"content-type": "application/json", "origin": "http://evil.example"}
    status, answer = raw(server, "POST", "/api/tables", b'{"name": "Ann", "bots": [null, "easy"]}', api)
    assert status == 403 and http_code(answer) == "foreign-origin"
    assert http("GET", f"{server.url}/healthz")[1]["tables"] == before
    for headers in (
        {},
        {"origin": own},
        {"referer": f"{own}/en/chicken-foot"},
        {"sec-fetch-site": "same-origin", "origin": own},
        {"sec-fetch-site": "same-origin", "origin": "null"},
    ):
        status, _ = raw(server, "POST", "/en/chicken-foot/play", body, form | headers)
        assert status in (200, 303), headers  # 303 to the table (urllib follows it: 200)
    assert http("GET", f"{server.url}/healthz")[1]["tables"] == before + 5


# -- 3. clients that never read ----------------------------------------------------------------------------


def test_clients_that_never_read_a_busy_table_are_closed_with_1013(tmp_path: Path) -> None:
    """Eight bots at delay 0 play a long match; six spectators stop reading. Each is dropped once what it
    holds unsent (queued frames, the transport's buffer, the kernel's send queue) passes the bound (512 KiB
    by default), and the table plays on for a reader. Before the bound counted the kernel's queue, each
    held 3.7 MB when its 256 queued frames finally overflowed."""
    running = Server(tmp_path / "db.sqlite").start()
    try:
        closes, read_on = asyncio.run(_slow_readers(running, readers=6))
    finally:
        running.stop()
    assert [code for code, _ in closes] == [1013] * 6
    client_side = 128 * 1024  # what the sleeper's own socket and library took in before it stopped reading
    assert all(size < 512 * 1024 + client_side for _, size in closes), closes
    assert read_on > 100


async def _slow_readers(server: Server, readers: int) -> tuple[list[tuple[int | None, int]], int]:
    table_id, ann = create_table(server, [None, *["easy"] * 7], {"players": 8, "limit": 10000})
    host = await Client.open(server, table_id, ann)
    assert (await host.command({"t": "start"}))["t"] == "ack"
    assert (await host.command({"t": "stand"}))["t"] == "ack"  # a bot plays the host's seat on: 8 bots
    reading = asyncio.create_task(host.until(lambda f: False, timeout=30))  # the host reads all along
    url = f"ws://127.0.0.1:{server.port}/t/{table_id}/ws"
    sleepers = [await connect(url, sock=small_socket(server.port), max_queue=1) for _ in range(readers)]
    for sleeper in sleepers:
        await sleeper.send('{"t": "hello", "v": 2, "last_seq": null}')
    loop = asyncio.get_running_loop()
    started, seen = loop.time(), host.last_seq()
    while log_of(server).count("slow client dropped") < readers:  # the sleepers read nothing meanwhile
        assert loop.time() - started < 30, "no slow client was dropped in 30 s"
        await asyncio.sleep(0.2)
    closes = list(await asyncio.gather(*(_close_code(sleeper) for sleeper in sleepers)))  # all read at once: the
    # server's closing handshake with each waits a few seconds, and then it cuts the connection (1006)
    read_on = host.last_seq() - seen
    reading.cancel()
    await asyncio.gather(reading, return_exceptions=True)
    await host.close()
    return closes, read_on


def small_socket(port: int) -> socket.socket:
    """A connected client socket with a small receive buffer (32 KiB asked), so what the server holds
    unsent is what the test measures."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 32 * 1024)
    sock.connect(("127.0.0.1", port))
    sock.setblocking(False)
    return sock


async def _close_code(sleeper: Any, within: float = 30) -> tuple[int | None, int]:
    """Read what the server sent until it closed (``within`` seconds at most: a client that reads on is never
    dropped, so a sleeper left open would keep this loop going): its close code, and the bytes read."""
    size, loop = 0, asyncio.get_running_loop()
    deadline = loop.time() + within
    with contextlib.suppress(ConnectionClosed):
        while True:
            left = deadline - loop.time()
            assert left > 0, f"a sleeper was not closed within {within} s of the drops"
            async with asyncio.timeout(min(10, left)):
                size += len(await sleeper.recv())
    return sleeper.close_code, size


# -- 11. unfinished HTTP requests --------------------------------------------------------------------------


def test_unfinished_http_requests_are_bounded_in_time_and_per_address(tmp_path: Path) -> None:
    options = ["--requests-per-address", "20", "--request-timeout", "2", "--forwarded-allow-ips", "10.9.9.9"]
    running = Server(tmp_path / "db.sqlite", options=options).start()
    try:
        _slow_http(running)
    finally:
        running.stop()
    assert "Traceback" not in log_of(running) and "Exception in ASGI" not in log_of(running)


def _slow_http(server: Server) -> None:
    def opened(source: str = "127.0.0.1") -> socket.socket:
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=10, source_address=(source, 0))
        return sock

    def answer(sock: socket.socket) -> tuple[int, bytes]:
        """The status and body of what the server answers before it closes."""
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
        head, _, body = data.partition(b"\r\n\r\n")
        return int(head.split(b" ")[1]), body

    started = time.monotonic()
    unfinished = [opened() for _ in range(20)]
    for sock in unfinished:
        sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")  # and never the rest
    extra = opened()
    status, body = answer(extra)  # the 21st from the address is refused at once
    assert (status, http_code(body)) == (429, "rate-limited")
    other = opened("127.0.0.2")  # another address is not held up
    other.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    assert answer(other)[0] == 200
    for sock in unfinished:  # each unfinished request gets 408 once its headers are late, and is closed
        status, body = answer(sock)
        assert (status, http_code(body)) == (408, "too-slow")
    assert 1.5 < time.monotonic() - started < 8
    assert http("GET", f"{server.url}/healthz")[0] == 200  # the address may come back

    slow_body = opened()
    slow_body.sendall(
        b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b'Content-Length: 100\r\n\r\n{"name": '
    )
    status, body = answer(slow_body)
    assert (status, http_code(body)) == (408, "too-slow")
    too_big = opened()
    too_big.sendall(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n")
    status, body = answer(too_big)
    assert (status, http_code(body)) == (413, "too-long")
    for sock in (*unfinished, extra, other, slow_body, too_big):
        sock.close()
