"""The operator's console over a real server and SQLite file: closing a table and hiding a chat line (from
``dominohall admin``, a process of its own, and from the ``/admin`` API), players' reports, the host's mute,
the per-address limits, and the console's door (404 without a token, 403 with a wrong one)."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from .harness import ADMIN_TOKEN, Client, Server, admin, console_server, create_table, http, sit


def api(server: Server, method: str, path: str, body: Any = None, token: str | None = ADMIN_TOKEN) -> tuple[int, Any]:
    """One request to the console's API with the token in its header: status and JSON body."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"content-type": "application/json"} | ({"x-admin-token": token} if token is not None else {})
    request = urllib.request.Request(server.url + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            text = response.read()
            return response.status, json.loads(
                text
            ) if response.headers.get_content_type() == "application/json" else text
    except urllib.error.HTTPError as error:
        text = error.read()
        return error.code, json.loads(text) if error.headers.get_content_type() == "application/json" else text


async def three_at_a_table(server: Server, start: bool = True) -> tuple[str, Client, Client, Client]:
    """Ann (host, seat 0) and Bo (seat 1) at a three-seat table with an easy bot, and a watcher; started."""
    table_id, ann_cookie = create_table(server, [None, None, "easy"], {"players": 3, "length": "one"})
    bo_cookie = sit(server, table_id, 1, "Bo")
    ann = await Client.open(server, table_id, ann_cookie)
    bo = await Client.open(server, table_id, bo_cookie)
    watcher = await Client.open(server, table_id)
    if start:
        assert (await ann.command({"t": "start"}))["t"] == "ack"
    return table_id, ann, bo, watcher


def test_closing_a_table_from_the_command_line_ends_it_for_everyone_connected(console: Server) -> None:
    async def scenario() -> None:
        table_id, ann, bo, watcher = await three_at_a_table(console)
        assert table_id in {line["id"] for line in admin(console, "tables")}
        done = await asyncio.to_thread(admin, console, "close", table_id)
        for client in (ann, bo, watcher):  # the server hears of the file's new event at its next round
            closed = await client.until(lambda f: f["t"] == "closed")
            assert closed["seq"] == done["seq"] and closed["table"]["closed"] is True
        refused = await bo.command({"t": "chat", "text": "still there?"})
        assert refused["code"] == "closed"
        assert http("GET", f"{console.url}/api/tables/{table_id}")[1]["closed"] is True  # its events are kept
        assert table_id not in {line["id"] for line in admin(console, "tables")}  # no longer live
        late = await Client.open(console, table_id)  # a page opened later is told too
        assert late.frames[-1]["table"]["closed"] is True
        for client in (ann, bo, watcher, late):
            await client.close()

    asyncio.run(scenario())


def test_closing_a_table_from_the_console_page_tells_everyone_at_once(console: Server) -> None:
    async def scenario() -> None:
        table_id, ann, bo, watcher = await three_at_a_table(console)
        status, body = api(console, "POST", "/admin/api/close", {"table": table_id})
        assert status == 200, body
        for client in (ann, bo, watcher):
            assert (await client.until(lambda f: f["t"] == "closed", timeout=1))["seq"] == body["seq"]
        assert api(console, "POST", "/admin/api/close", {"table": table_id})[1]["code"] == "closed"
        for client in (ann, bo, watcher):
            await client.close()

    asyncio.run(scenario())


def test_a_hidden_chat_line_is_gone_for_everyone_also_after_a_reload(console: Server) -> None:
    async def scenario() -> None:
        table_id, ann, bo, watcher = await three_at_a_table(console, start=False)
        before = watcher.last_seq()
        bad = (await bo.command({"t": "chat", "text": "something nasty"}))["seq"]
        kind = (await ann.command({"t": "chat", "text": "welcome"}))["seq"]
        await asyncio.to_thread(admin, console, "hide", table_id, str(bad))
        for client in (ann, bo, watcher):
            assert (await client.until(lambda f: f["t"] == "hidden"))["line"] == bad
        reloaded = await Client.open(console, table_id)  # a reload: a snapshot
        assert [line["text"] for line in reloaded.frames[-1]["chat"]] == ["welcome"]
        assert [line["seq"] for line in reloaded.frames[-1]["chat"]] == [kind]
        caught_up = await Client.open(console, table_id, last_seq=before)  # a reconnect: the events missed
        await caught_up.until(lambda f: f["t"] == "hidden")  # the last event missed
        said = [f for f in caught_up.frames if f["t"] == "chat"]
        assert [(f["seq"], f["text"], f.get("hidden", False)) for f in said] == [
            (bad, "", True),
            (kind, "welcome", False),
        ]
        assert not any("nasty" in json.dumps(f) for f in reloaded.frames + caught_up.frames)
        status, body = api(console, "POST", "/admin/api/hide", {"table": table_id, "line": kind})  # the page's way
        assert status == 200, body
        assert (await ann.until(lambda f: f["t"] == "hidden", timeout=1))["line"] == kind
        assert api(console, "POST", "/admin/api/hide", {"table": table_id, "line": kind})[1]["code"] == "no-such-line"
        for client in (ann, bo, watcher, reloaded, caught_up):
            await client.close()

    asyncio.run(scenario())


def test_a_reported_line_lands_in_the_console_once_per_person(console: Server) -> None:
    async def scenario() -> None:
        table_id, ann, bo, watcher = await three_at_a_table(console, start=False)
        line = (await bo.command({"t": "chat", "text": "rude words"}))["seq"]
        assert (await watcher.command({"t": "report", "line": line}))["t"] == "ack"
        assert (await watcher.command({"t": "report", "line": line}))["code"] == "already-reported"
        assert (await ann.command({"t": "report", "line": line}))["t"] == "ack"  # another person
        assert (await ann.command({"t": "report", "line": line + 50}))["code"] == "no-such-line"
        listed = [r for r in admin(console, "reports") if r["table"] == table_id]
        assert [(r["line"], r["name"], r["text"], r["by"]) for r in listed] == [
            (line, "Bo", "rude words", 0),
            (line, "Bo", "rude words", None),
        ]
        status, body = api(console, "GET", "/admin/api/reports")
        assert status == 200 and [r["line"] for r in body["reports"] if r["table"] == table_id] == [line, line]
        for client in (ann, bo, watcher):
            await client.close()

    asyncio.run(scenario())


def test_a_seat_the_host_muted_is_refused_with_a_clear_error(console: Server) -> None:
    async def scenario() -> None:
        _, ann, bo, watcher = await three_at_a_table(console, start=False)
        assert (await bo.command({"t": "mute", "seat": 0}))["code"] == "not-host"
        assert (await ann.command({"t": "mute", "seat": 2}))["code"] == "no-such-seat"  # a bot's seat
        assert (await ann.command({"t": "mute", "seat": 1}))["t"] == "ack"
        muted = await watcher.until(lambda f: f["t"] == "muted")
        assert (muted["seat"], muted["on"], muted["table"]["muted"]) == (1, True, [1])
        refused = await bo.command({"t": "chat", "text": "hello?"})
        assert refused["code"] == "muted" and "muted" in refused["message"]
        assert (await ann.command({"t": "chat", "text": "I can still talk"}))["t"] == "ack"
        assert (await ann.command({"t": "mute", "seat": 1, "on": False}))["t"] == "ack"
        assert (await bo.command({"t": "chat", "text": "thanks"}))["t"] == "ack"
        for client in (ann, bo, watcher):
            await client.close()

    asyncio.run(scenario())


def test_the_console_lists_and_lifts_the_limits_in_force(tmp_path: Path) -> None:
    server = console_server(tmp_path, options=["--tables-per-minute", "1"])
    try:
        create_table(server, [None, "easy"], {"players": 2})
        assert http("POST", f"{server.url}/api/tables", {"bots": [None, "easy"], "name": "Ann"})[0] == 429
        limits = admin(server, "limits")["limits"]
        assert {"address": "127.0.0.1", "limit": "tables-per-minute", "count": 1, "most": 1} in limits
        assert admin(server, "lift", "127.0.0.1")["lifted"] is True
        create_table(server, [None, "easy"], {"players": 2})  # lifted: no longer held back
    finally:
        server.stop()


def test_the_console_is_404_without_a_token_and_403_with_a_wrong_one(server: Server, console: Server) -> None:
    for path in ("/admin", "/admin/api/tables", "/admin/api/reports", "/admin/api/limits"):
        assert api(server, "GET", path)[0] == 404, path  # the console is off: as if it were not there
    assert api(server, "POST", "/admin/api/close", {"table": "x"})[0] == 404
    assert api(console, "GET", "/admin", token=None)[0] == 200  # the page holds no secret: it asks for the token
    for token in (None, "wrong", ADMIN_TOKEN + "x"):
        status, body = api(console, "GET", "/admin/api/reports", token=token)
        assert (status, body["code"]) == (403, "not-operator"), token
        assert api(console, "POST", "/admin/api/close", {"table": "x"}, token=token)[0] == 403
    assert api(console, "GET", "/admin/api/tables")[0] == 200
