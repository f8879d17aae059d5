"""Bad input over the real wire: each refused with a clear error or close code, and the table unchanged."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from .harness import Client, Server, create_table, http, sit


def seq_of(server: Server, table_id: str) -> int:
    """The table's last seq, from its public summary."""
    status, summary, _ = http("GET", f"{server.url}/api/tables/{table_id}")
    assert status == 200
    return int(summary["seq"])


def two_seat_table(server: Server) -> tuple[str, str, str]:
    """A started-to-be two-player table: Ann (host, seat 0) and Bo (seat 1), no bots."""
    table_id, ann = create_table(server, [None, None], {"players": 2, "length": "one"})
    return table_id, ann, sit(server, table_id, 1, "Bo")


async def refusal(client: Client, message: dict[str, Any] | str) -> dict[str, Any]:
    """Send ``message`` and wait for the error it earns."""
    await client.send(message)
    frame = await client.until(lambda f: f["t"] in ("error", "ack"))
    assert frame["t"] == "error", frame
    assert frame["message"] and frame["code"]
    return frame


def test_refused_messages_and_moves_change_nothing(server: Server) -> None:
    async def scenario() -> None:
        table_id, ann_cookie, bo_cookie = two_seat_table(server)
        ann = await Client.open(server, table_id, ann_cookie)
        bo = await Client.open(server, table_id, bo_cookie)
        assert (await ann.command({"t": "start"}))["t"] == "ack"
        view = await ann.until(lambda f: f["t"] == "round")
        mover, waiter = (ann, bo) if view["view"]["turn"] == 0 else (bo, ann)
        await bo.catch_up(view["seq"])
        before = seq_of(server, table_id)
        assert (await refusal(waiter, "{not json"))["code"] == "bad-json"
        assert (await refusal(waiter, "[1, 2]"))["code"] == "bad-json"
        await waiter.socket.send(b'{"t": "draw", "id": "binary"}')
        assert (await waiter.until(lambda f: f["t"] == "error"))["code"] == "bad-json"
        assert (await refusal(waiter, {"t": "dance", "id": "d1"}))["code"] == "unknown-type"
        assert (await refusal(waiter, {"t": "play", "id": "p0"}))["code"] == "bad-message"
        odd_ones = {
            '{"t": "draw", "id": "huge", "at": 1e400}': "bad-message",
            '{"t": "kick", "id": "nan", "seat": NaN}': "bad-json",
        }
        for odd, code in odd_ones.items():  # a number no float holds is JSON; NaN is not: both named by the id
            refused = await refusal(waiter, odd)
            assert refused["id"] == json.loads(odd)["id"] and refused["code"] == code
        assert (await refusal(waiter, {"t": "hello", "v": 1}))["code"] == "bad-version"
        out_of_turn = await waiter.command({"t": "draw"})
        assert out_of_turn["code"] == "not-your-turn" and "turn" in out_of_turn["message"]
        illegal = await mover.command({"t": "play", "tile": "9-9", "on": "9-9"})
        assert illegal["code"] == "illegal-move" and illegal["rule"] == "not-in-hand"
        assert (await mover.command({"t": "draw", "at": 1}))["code"] == "stale"
        assert (await waiter.command({"t": "settings", "settings": {"players": 3}}))["code"] in ("not-host", "started")
        assert seq_of(server, table_id) == before
        first = await ann.command({"t": "chat", "text": "good luck", "id": "same"})
        again = await ann.command({"t": "chat", "text": "good luck", "id": "same"})
        assert first["t"] == "ack" and again == first | {"duplicate": True}
        assert seq_of(server, table_id) == before + 1
        await bo.catch_up(before + 1)
        await bo.catch_up((await bo.command({"t": "chat", "text": "thanks"}))["seq"])
        assert [f["text"] for f in bo.frames if f["t"] == "chat"] == ["good luck", "thanks"]
        assert (await ann.command({"t": "chat", "text": "NaN or Infinity?"}))["t"] == "ack"  # words, not numbers
        await ann.close()
        await bo.close()

    asyncio.run(scenario())


def test_a_seat_token_of_another_table_only_watches(server: Server) -> None:
    async def scenario() -> None:
        table_id, _, _ = two_seat_table(server)
        _, other_cookie = create_table(server, [None, "easy"], {"players": 2})
        forged = f"dh_{table_id}=" + other_cookie.split("=", 1)[1]
        before = seq_of(server, table_id)
        client = await Client.open(server, table_id, forged)
        assert any(f["t"] == "error" and f["code"] == "bad-token" for f in client.frames)
        snapshot = next(f for f in client.frames if f["t"] == "snapshot")
        assert snapshot["you"] is None
        assert (await client.command({"t": "start"}))["code"] == "not-host"
        assert (await client.command({"t": "chat", "text": "hi"}))["code"] == "not-seated"
        assert seq_of(server, table_id) == before
        await client.close()

    asyncio.run(scenario())


def test_an_oversize_frame_closes_with_1009(server: Server) -> None:
    async def scenario() -> int | None:
        table_id, cookie, _ = two_seat_table(server)
        client = await Client.open(server, table_id, cookie)
        before = seq_of(server, table_id)
        await client.send(json.dumps({"t": "chat", "id": "big", "text": "x" * 5000}))
        with pytest.raises(ConnectionClosed) as closed:
            await client.until(lambda f: False)
        assert seq_of(server, table_id) == before
        return closed.value.rcvd.code if closed.value.rcvd else None

    assert asyncio.run(scenario()) == 1009


def test_a_message_flood_closes_with_1008(server: Server) -> None:
    async def scenario() -> int | None:
        table_id, cookie, _ = two_seat_table(server)
        client = await Client.open(server, table_id, cookie)
        before = seq_of(server, table_id)
        with pytest.raises(ConnectionClosed) as closed:
            for _ in range(400):
                await client.send('{"t": "stand"}')
            await client.until(lambda f: False)
        assert seq_of(server, table_id) == before
        return closed.value.rcvd.code if closed.value.rcvd else None

    assert asyncio.run(scenario()) == 1008


def test_a_ping_flood_closes_with_1008_and_a_few_pings_are_answered(server: Server) -> None:
    """Pings are answered below the app, outside its message budget: a flood of them once held the event loop
    (and every table) for as long as it lasted. A few are answered; a flood is closed."""

    async def scenario() -> tuple[float, int | None]:
        table_id, cookie, _ = two_seat_table(server)
        client = await Client.open(server, table_id, cookie)
        async with asyncio.timeout(5):
            rtt = await (await client.socket.ping())  # a keepalive's ping: its pong comes
        with pytest.raises(ConnectionClosed) as closed:
            for number in range(2000):
                await client.socket.ping(str(number))
            await client.until(lambda f: False)
        return rtt, closed.value.rcvd.code if closed.value.rcvd else None

    rtt, code = asyncio.run(scenario())
    assert rtt < 5 and code == 1008
    log = (server.db.parent / "server.log").read_text()
    assert '"message":"WebSocket closed: too many control frames"' in log


def test_a_bad_origin_is_refused_and_the_own_origin_allowed(server: Server) -> None:
    async def scenario() -> None:
        table_id, cookie, _ = two_seat_table(server)
        url = f"ws://127.0.0.1:{server.port}/t/{table_id}/ws"
        with pytest.raises(InvalidStatus) as refused:
            await connect(url, origin="http://evil.example", additional_headers={"Cookie": cookie})  # type: ignore[arg-type]
        assert refused.value.response.status_code == 403
        own = await connect(url, origin=f"http://127.0.0.1:{server.port}")  # type: ignore[arg-type]
        await own.close()

    asyncio.run(scenario())


def test_http_errors_and_headers(server: Server) -> None:
    table_id, _, _ = two_seat_table(server)
    status, body, headers = http("GET", f"{server.url}/api/tables/{table_id}/record")
    assert status == 409 and body["code"] == "not-started"  # no match has been played at this table yet
    assert body["message"] == "this table has not started a match yet"
    assert "'unsafe-inline'" not in headers["content-security-policy"]
    assert headers["referrer-policy"] == "no-referrer" and headers["x-content-type-options"] == "nosniff"
    assert http("GET", f"{server.url}/api/tables/nope")[0] == 404
    assert http("GET", f"{server.url}/api/tables/nope/record")[0] == 404
    status, body, _ = http("POST", f"{server.url}/api/tables/{table_id}/sit", {"seat": 1, "name": "Cy"})
    assert status == 409 and body["code"] == "seat-taken"
    status, body, _ = http("POST", f"{server.url}/api/tables", {"name": "Ann", "settings": {"players": 12}, "bots": []})
    assert status == 400 and body["code"] == "bad-settings"
    status, body, headers = http("GET", f"{server.url}/api/tables/{table_id}")
    assert [seat["name"] for seat in body["seats"]] == ["Ann", "Bo"] and "token" not in json.dumps(body)


def test_an_error_quotes_what_was_sent_only_in_short(server: Server) -> None:
    sent = [
        {"length": "<script>" + "A" * 60_000},  # a value of a setting
        {"x" * 5_000: 1},  # a setting's name
    ]
    for settings in sent:
        spec = {"game": "chickenfoot", "settings": settings, "bots": [None, "easy"], "name": "Ann"}
        status, answer, _ = http("POST", f"{server.url}/api/tables", spec)
        assert status == 400 and answer["code"] == "bad-settings"
        assert len(answer["message"]) <= 300 and len(answer.get("field") or "") <= 64, answer
        assert "A" * 25 not in answer["message"] and "x" * 65 not in json.dumps(answer)


ARABIC_INDIC = "".join(chr(0x0660 + digit) for digit in range(10))
FULL_WIDTH = "".join(chr(0xFF10 + digit) for digit in range(10))


def test_a_lone_surrogate_id_and_tiles_in_other_digits_are_refused_and_change_nothing(server: Server) -> None:
    async def scenario() -> None:
        table_id, ann_cookie, bo_cookie = two_seat_table(server)
        ann = await Client.open(server, table_id, ann_cookie)
        bo = await Client.open(server, table_id, bo_cookie)
        assert (await ann.command({"t": "start"}))["t"] == "ack"
        view = await ann.until(lambda f: f["t"] == "round")
        mover = ann if view["view"]["turn"] == 0 else bo
        await bo.catch_up(view["seq"])
        before = seq_of(server, table_id)
        refused = await refusal(mover, '{"t": "draw", "id": "\\ud800"}')  # JSON for a lone surrogate
        assert refused["code"] in ("bad-json", "bad-message") and refused.get("id") is None
        for written in ("9-3".translate(str.maketrans("0123456789", ARABIC_INDIC)),
                        "9-3".translate(str.maketrans("0123456789", FULL_WIDTH)), "09-3", " 9-3", "9-3 "):  # fmt: skip
            play = await mover.command({"t": "play", "tile": written, "on": "9-9"})
            assert play["code"] == "bad-tile", written  # read before any rule: the tile is not written right
        assert seq_of(server, table_id) == before
        assert (await mover.command({"t": "chat", "text": "still here"}))["t"] == "ack"  # the socket lives on
        await ann.close()
        await bo.close()

    asyncio.run(scenario())


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-32", "latin-1"])
def test_a_body_that_is_not_utf8_json_makes_no_table(server: Server, encoding: str) -> None:
    spec = {"game": "chickenfoot", "settings": {}, "bots": [None, "easy"], "name": "Zoë"}
    _, lobby, _ = http("GET", f"{server.url}/api/lobby")
    request = urllib.request.Request(
        f"{server.url}/api/tables",
        data=json.dumps(spec, ensure_ascii=False).encode(encoding),
        method="POST",
        headers={"content-type": "application/json"},
    )
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=10)
    answer = json.loads(refused.value.read())
    assert refused.value.code == 400 and answer["code"] == "bad-json" and "UTF-8" in answer["message"]
    assert http("GET", f"{server.url}/api/lobby")[1] == lobby
