"""Players through a real server (docs/players.md): a rated match against a bot played to its end over the
WebSocket changes the person's rating once (a reconnect, a kill -9 and a restart change nothing), the player key,
forget me, the forms prefilled, and bad input refused."""

from __future__ import annotations

import asyncio
import json
from http.client import HTTPConnection
from pathlib import Path
from typing import Any

from dominohall.tables.ratings import MU

from .harness import Client, Server, http, move_message, my_turn

PLAYER = "dh_player"


def request(server: Server, method: str, path: str, body: Any = None, cookies: str = "") -> tuple[int, Any, list[str]]:
    """One HTTP request (no redirect followed): status, body (JSON when it is), and every ``Set-Cookie``."""
    connection = HTTPConnection("127.0.0.1", server.port, timeout=10)
    headers = {"content-type": "application/json"} | ({"cookie": cookies} if cookies else {})
    connection.request(method, path, None if body is None else json.dumps(body), headers)
    response = connection.getresponse()
    text = response.read().decode()
    cookies_set = response.headers.get_all("set-cookie") or []
    connection.close()
    try:
        parsed: Any = json.loads(text)
    except ValueError:
        parsed = text
    return (
        response.status,
        {"location": response.getheader("location")} if response.status == 303 else parsed,
        cookies_set,
    )


def cookie(cookies_set: list[str], name: str) -> str:
    """The ``name=value`` pair a response set (the first whose name starts so)."""
    return next(c.split(";")[0] for c in cookies_set if c.startswith(name))


def new_table(server: Server, player: str) -> tuple[str, str]:
    """A two-seat, one-round Chicken Foot table of the player against an easy bot: its id and the seat cookie."""
    spec = {"game": "chickenfoot", "settings": {"players": 2, "length": "one"}, "bots": [None, "easy"], "name": "Ann"}
    status, body, cookies_set = request(server, "POST", "/api/tables", spec, player)
    assert status == 201, body
    return body["id"], cookie(cookies_set, f"dh_{body['id']}")


async def play_to_the_end(server: Server, table_id: str, seat_cookie: str) -> tuple[dict[str, Any], int]:
    """Start the match and play seat 0 to its end: the last command sent (with its id), and the last seq seen."""
    host = await Client.open(server, table_id, seat_cookie)
    assert (await host.command({"t": "start"}))["t"] == "ack"
    last: dict[str, Any] = {}
    while (view := await my_turn(host, 0)) is not None:
        last = move_message(view["legal_moves"][0]) | {"id": f"move-{host.sent}"}
        answer = await host.command(last)
        assert answer["t"] == "ack", answer
        await host.catch_up(answer["seq"])
    seen = host.last_seq()
    await host.close()
    return last, seen


async def reconnect_and_resend(server: Server, table_id: str, seat_cookie: str, last: dict[str, Any], seen: int) -> Any:
    """Reconnect from the last seq seen and send the last command again: its answer."""
    host = await Client.open(server, table_id, seat_cookie, last_seq=seen)
    answer = await host.command(last)
    await host.close()
    return answer


def test_a_rated_match_against_a_bot_changes_the_rating_once(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite"
    first = Server(db).start()
    try:
        status, me, cookies_set = request(first, "GET", "/api/me")
        assert status == 200 and me["matches"] == [] and me["ratings"] == {}
        player = cookie(cookies_set, PLAYER)
        table_id, seat = new_table(first, player)
        status, summary, _ = request(first, "GET", f"/api/tables/{table_id}")
        assert summary["settings"]["rated"] is True
        last, seen = asyncio.run(play_to_the_end(first, table_id, seat))
        status, after, _ = request(first, "GET", "/api/me", cookies=player)
    finally:
        first.kill()  # at once after the last move: no shutdown of any kind
    second = Server(db).start()
    try:
        answer = asyncio.run(reconnect_and_resend(second, table_id, seat, last, seen))
        status, again, _ = request(second, "GET", "/api/me", cookies=player)
        board = request(second, "GET", "/api/leaderboard?game=chickenfoot&period=week")
    finally:
        second.stop()
    assert answer["t"] in ("ack", "error") and answer.get("duplicate", answer["t"] == "error")
    rating = after["ratings"]["chickenfoot"]
    assert rating["matches"] == 1 and len(rating["history"]) == 1 and rating["rating"] != round(MU)
    assert [(m["table"], m["match"], m["game"], m["rated"]) for m in after["matches"]] == [
        (table_id, 1, "chickenfoot", True)
    ]
    match = after["matches"][0]
    assert match["place"] in (1, 2) and next(s["name"] for s in match["seats"]) == "Ann"
    places = [seat["place"] for seat in match["seats"]]
    if places != [1, 1]:  # a won or lost match moves the rating its way (a draw with the easy bot lowers it)
        assert (rating["rating"] > round(MU)) == (match["place"] == 1), places
    assert again == after, "the reconnect, the kill -9 and the restart changed nothing"
    assert board[0] == 200 and board[1]["players"] == [], "not opted in, and fewer matches than a leaderboard asks"


def test_the_key_carries_the_player_and_forget_me_removes_them(tmp_path: Path) -> None:
    server = Server(tmp_path / "db.sqlite").start()
    try:
        _, me, cookies_set = request(server, "GET", "/api/me")
        player = cookie(cookies_set, PLAYER)
        status, changed, _ = request(server, "PUT", "/api/me", {"name": " Zoë ", "leaderboard": True}, player)
        assert status == 200 and (changed["name"], changed["leaderboard"]) == ("Zoë", True)
        page = request(server, "GET", "/en/chicken-foot", cookies=player)[1]
        assert 'value="Zoë"' in page, "the form offers the remembered name"

        _, key, _ = request(server, "GET", "/api/me/key", cookies=player)
        assert key["link"].startswith("/k/") and key["url"].endswith(key["link"])
        status, opened, cookies_set = request(server, "GET", key["link"])
        assert status == 303 and opened["location"] == "/en/"
        other = cookie(cookies_set, PLAYER)
        assert other != player and request(server, "GET", "/api/me", cookies=other)[1]["id"] == me["id"]
        assert request(server, "GET", key["link"])[0] == 404, "a key is used once"

        table_id, _ = new_table(server, player)
        status, gone, cookies_set = request(server, "DELETE", "/api/me", cookies=player)
        assert status == 200 and gone == {"forgotten": True}
        assert any(c.startswith(f"{PLAYER}=") and "Max-Age=0" in c for c in cookies_set)
        seats = request(server, "GET", f"/api/tables/{table_id}")[1]["seats"]
        assert seats[0]["name"] != "Ann" and "former player" in seats[0]["name"]
        status, fresh, _ = request(server, "GET", "/api/me", cookies=other)
        assert fresh["id"] != me["id"] and fresh["name"] is None, "the other browser's player was forgotten too"
    finally:
        server.stop()


def test_bad_input_is_refused_with_a_code(tmp_path: Path) -> None:
    server = Server(tmp_path / "db.sqlite").start()
    try:
        cases = [
            ("PUT", "/api/me", {"name": ""}, 400, "bad-name"),
            ("PUT", "/api/me", {"name": "a" * 25}, 400, "bad-name"),
            ("PUT", "/api/me", {"leaderboard": "yes"}, 400, "bad-message"),
            ("PUT", "/api/me", {"colour": "red"}, 400, "bad-message"),
            ("PUT", "/api/me", {"language": "de"}, 400, "bad-message"),
            ("GET", "/api/leaderboard?game=chess", None, 400, "bad-settings"),
            ("GET", "/api/leaderboard?game=chickenfoot&period=year", None, 400, "bad-message"),
            ("GET", "/api/leaderboard", None, 400, "bad-message"),
        ]
        for method, path, body, status, code in cases:
            got, answer, _ = request(server, method, path, body)
            assert (got, answer.get("code")) == (status, code), (path, body, answer)
        status, board, _ = http("GET", f"{server.url}/api/leaderboard?game=standard&period=month")
        assert status == 200 and board == {"game": "standard", "period": "month", "least": 3, "players": []}
    finally:
        server.stop()
