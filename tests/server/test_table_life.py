"""A table's whole life over a real server: the end of a match told live, the turn timer, Leave, the host's
role, settings changed one at a time, the pause between rounds, records of a running match, the bots' names,
the lobby and the protocol's error shape for every HTTP error."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from dominohall.games.records import verify

from ..tables.leaks import leaks
from .harness import Client, Server, create_table, http, move_message, play_turns, record_when_over, sit


@pytest.fixture
def paused(tmp_path: Path) -> Any:
    """A server whose finished rounds wait up to 30 s for the next deal."""
    running = Server(tmp_path / "db.sqlite", options=["--between-rounds", "30"]).start()
    yield running
    running.stop()


def table_of(server: Server, table_id: str) -> dict[str, Any]:
    """The table's public summary."""
    status, body, _ = http("GET", f"{server.url}/api/tables/{table_id}")
    assert status == 200, body
    return body  # type: ignore[no-any-return]


def test_a_spectator_is_told_the_match_is_over_by_the_last_move(server: Server) -> None:
    async def scenario() -> tuple[dict[str, Any], dict[str, Any]]:
        table_id, cookie = create_table(server, [None, "easy"], {"players": 2, "length": "one"})
        host = await Client.open(server, table_id, cookie)
        watcher = await Client.open(server, table_id)
        assert (await host.command({"t": "start"}))["t"] == "ack"
        await play_turns(host, 0)
        last = await watcher.until(lambda f: f.get("match") is not None)
        await host.close()
        await watcher.close()
        return last, table_of(server, table_id)

    last, table = asyncio.run(scenario())
    assert last["t"] == "move" and last["table"]["phase"] == "over" == table["phase"]


def test_settings_change_only_what_they_carry_and_name_the_field_at_fault(server: Server) -> None:
    async def scenario() -> list[dict[str, Any]]:
        table_id, cookie = create_table(server, [None, "easy", "easy", "easy"], {"start_toes": 4, "blank_double": 25})
        host = await Client.open(server, table_id, cookie)
        answers = [await host.command({"t": "settings", "settings": {"limit": 300}})]
        answers.append(await host.command({"t": "settings", "settings": {"players": 3, "turn_seconds": 30}}))
        answers.append(await host.command({"t": "settings", "settings": {"hand": 30}}))
        answers.append(await host.command({"t": "settings", "settings": {"turn_seconds": 5}}))
        await host.close()
        return [*answers, table_of(server, table_id)]

    limit, players, too_big, too_short, table = asyncio.run(scenario())
    assert limit["t"] == players["t"] == "ack"
    assert too_big["code"] == "bad-settings" and too_big["field"] == "hand"
    assert too_short["code"] == "bad-settings" and too_short["field"] == "turn_seconds"
    options = table["options"]
    assert (options["start_toes"], options["blank_double"], options["limit"]) == (4, 25, 300)
    assert (options["players"], options["hand"]) == (3, 14)  # the hand followed the players: it was not chosen
    assert table["settings"] == {"turn_seconds": 30, "public": False, "rated": True} and table["turn_seconds"] == 30


def test_a_timed_out_turn_is_played_for_the_seat_and_two_in_a_row_mark_it_away(server: Server) -> None:
    async def scenario() -> tuple[list[dict[str, Any]], dict[str, Any], dict[str, Any], float]:
        table_id, cookie = create_table(server, [None, None], {"players": 2, "turn_seconds": 10})
        clients = [await Client.open(server, table_id, cookie)]
        clients.append(await Client.open(server, table_id, sit(server, table_id, 1, "Bo")))
        assert (await clients[0].command({"t": "start"}))["t"] == "ack"
        dealt = await clients[0].until(lambda f: f["t"] == "round")
        assert dealt["clock"]["limit"] == 10 and dealt["clock"]["left"] > 9
        idle = dealt["view"]["turn"]  # this seat never moves; the other plays at once on each of its turns
        began = time.monotonic()
        mover = asyncio.create_task(play_seat(clients[1 - idle], 1 - idle, lambda view: False))
        away = await clients[idle].until(lambda f: f["t"] == "away", timeout=30)
        took = time.monotonic() - began
        mover.cancel()
        moves = [f for f in clients[idle].frames if f["t"] == "move"]
        # a timed-out turn is one or more moves (a draw, then what the drawn tile allows), each saying timeout
        timeouts = [f for k, f in enumerate(moves) if f.get("timeout") and not (k and moves[k - 1].get("timeout"))]
        back = await clients[idle].command({"t": "back"})
        assert back["t"] == "ack"
        for client in clients:
            await client.close()
        return timeouts, away, table_of(server, table_id), took

    timeouts, away, table, took = asyncio.run(scenario())
    assert [frame["seat"] for frame in timeouts] == [away["seat"]] * 2
    assert took >= 19.5  # two turns of ten seconds each, none cut short
    assert away["why"] == "timeout" and away["table"]["seats"][away["seat"]]["away"]
    assert not table["seats"][away["seat"]]["away"]  # back took the seat back


async def play_seat(client: Client, seat: int, done: Any) -> None:
    """Make ``seat``'s first legal move at each of its turns until ``done(view)`` (or the match is over)."""
    while not client.is_over():
        view = client.last_view()
        if view is not None and done(view):
            return
        if view is not None and view["turn"] == seat and view["end"] is None and view["legal_moves"]:
            answer = await client.command(move_message(view["legal_moves"][0]))
            assert answer["t"] == "ack", answer
            await client.catch_up(answer["seq"])
        else:
            await client.receive(timeout=30)


def test_the_turn_deadline_survives_a_restart(tmp_path: Path) -> None:
    server = Server(tmp_path / "db.sqlite").start()
    try:

        async def before() -> tuple[str, str, float]:
            table_id, cookie = create_table(server, [None, None], {"players": 2, "turn_seconds": 10})
            sit(server, table_id, 1, "Bo")
            host = await Client.open(server, table_id, cookie)
            await host.command({"t": "start"})
            dealt = await host.until(lambda f: f["t"] == "round")
            await host.close()
            return table_id, cookie, time.monotonic() + float(dealt["clock"]["left"])

        table_id, cookie, deadline = asyncio.run(before())
        server.kill()
        server.start()

        async def after() -> dict[str, Any]:
            host = await Client.open(server, table_id, cookie)
            frame = await host.until(lambda f: f["t"] == "move", timeout=20)
            await host.close()
            return frame

        frame = asyncio.run(after())
        assert frame["timeout"] is True and time.monotonic() >= deadline - 0.5
    finally:
        server.stop()


def test_leaving_before_and_during_the_match_and_the_host_role(server: Server) -> None:
    async def scenario() -> dict[str, Any]:
        table_id, cookie = create_table(server, [None, None, "easy"], {"players": 3})
        bo_cookie = sit(server, table_id, 1, "Bo")
        host = await Client.open(server, table_id, cookie)
        bo = await Client.open(server, table_id, bo_cookie)
        mine = await host.command({"t": "bot", "seat": 0, "level": "easy"})
        assert mine["code"] == "no-such-seat"  # the host cannot give away its own seat and keep hosting
        assert (await host.command({"t": "stand"}))["t"] == "ack"
        handed = await bo.until(lambda f: f["t"] == "stood")
        assert handed["table"]["host_seat"] == 1 and handed["table"]["seats"][0]["free"]
        assert (await host.command({"t": "start"}))["code"] == "not-host"
        assert (await bo.command({"t": "start", "fill": "hard"}))["t"] == "ack"  # fills seat 0 with a bot
        await bo.until(lambda f: f["t"] == "round")
        assert (await bo.command({"t": "stand"}))["t"] == "ack"
        left = await bo.until(lambda f: f["t"] == "away")
        assert left["why"] == "left" and left["table"]["host_seat"] is None
        moved = await bo.command({"t": "draw"})
        assert moved["code"] == "not-your-turn"  # the stand-in plays the seat now, never Bo as well
        assert (await bo.command({"t": "kick", "seat": 0}))["code"] == "not-host"
        await bo.close()
        bo = await Client.open(server, table_id, bo_cookie)  # back through the link
        back = await bo.until(lambda f: f["t"] == "back")
        await bo.close()
        await host.close()
        return back

    back = asyncio.run(scenario())
    table = back["table"]
    assert table["seats"][1]["bot"] is None and table["host_seat"] == 1  # nobody hosted: Bo hosts again
    assert table["seats"][0]["bot"] == "hard" and table["seats"][0]["name"]


def test_moves_a_bot_made_for_a_person_are_marked_in_the_record_and_never_judged_as_theirs(server: Server) -> None:
    """A host who leaves at once: the stand-in plays all of seat 0's moves. The record marks each of them
    ``stand_in`` (and no move of the real bot's seat), the coach rates none of them, and a page that connects
    mid-round learns from its snapshot which moves of the round were the stand-in's."""
    table_id, cookie = create_table(server, [None, "easy"], {"players": 2, "length": "one", "turn_seconds": 0})

    async def start_and_leave() -> dict[str, Any]:
        host = await Client.open(server, table_id, cookie)
        assert (await host.command({"t": "start"}))["t"] == "ack"
        assert (await host.command({"t": "stand"}))["t"] == "ack"
        await host.close()
        watcher = await Client.open(server, table_id, None)
        snapshot = next(frame for frame in watcher.frames if frame["t"] == "snapshot")
        await watcher.close()
        return snapshot

    snapshot = asyncio.run(start_and_leave())
    if snapshot["view"] and snapshot["view"]["end"] is None:  # caught mid-round: its stand-in moves are named
        history = snapshot["view"]["history"]
        assert snapshot["stand_in"] == [i for i, entry in enumerate(history) if entry["seat"] == 0]
    record = record_when_over(server, table_id)
    moves = record["rounds"][0]["moves"]
    marked = [i for i, move in enumerate(moves) if move.get("stand_in")]
    assert marked and marked == [i for i, move in enumerate(moves) if move["seat"] == 0], moves[:3]
    url = f"{server.url}/api/tables/{table_id}/analysis?match=1&round=1&seat=0"
    deadline = time.monotonic() + 60
    while (answer := http("GET", url))[0] == 202:
        assert time.monotonic() < deadline, "no analysis in a minute"
        time.sleep(0.2)
    assert answer[0] == 200 and answer[1]["decisions"] == [], "a stand-in's moves are not the person's to be judged"


def test_a_person_asked_to_leave_mid_match_stays_the_seats_name_in_the_record(server: Server) -> None:
    """Kicked during the match, Bo's seat is played on by a bot to the end: the record names Bo (no bot) and
    marks the bot's moves, so they are never judged as Bo's."""
    table_id, cookie = create_table(server, [None, None], {"players": 2, "length": "one", "turn_seconds": 0})
    bo_cookie = sit(server, table_id, 1, "Bo")

    async def start_and_kick() -> None:
        host = await Client.open(server, table_id, cookie)
        bo = await Client.open(server, table_id, bo_cookie)
        assert (await host.command({"t": "start"}))["t"] == "ack"
        assert (await host.command({"t": "kick", "seat": 1}))["t"] == "ack"
        assert (await host.command({"t": "stand"}))["t"] == "ack"  # a bot plays the host's seat too
        await bo.close()
        await host.close()

    asyncio.run(start_and_kick())
    record = record_when_over(server, table_id)
    assert record["seats"][1] == {"name": "Bo"}, "a person, not the bot that played on"
    moves = record["rounds"][0]["moves"]
    assert all(move.get("stand_in") for move in moves if move["seat"] == 1)


def test_sitting_without_a_seat_number_takes_the_first_free_seat(server: Server) -> None:
    table_id, _ = create_table(server, [None, None, "easy", None], {"players": 4})
    taken = []
    for name in ("Bo", "Cy"):
        status, body, headers = http("POST", f"{server.url}/api/tables/{table_id}/sit", {"name": name})
        assert status == 200 and "set-cookie" in headers, body
        taken.append(body["seat"])
    assert taken == [1, 3]
    status, body, _ = http("POST", f"{server.url}/api/tables/{table_id}/sit", {"name": "Di"})
    assert status == 409 and body["code"] == "seat-taken"


def test_a_bot_the_host_lets_play_a_persons_seat_stands_in_until_the_person_comes_back(server: Server) -> None:
    """During a match the host's ``bot`` on a person's seat is a stand-in at the chosen level, never a kick: the
    seat stays the person's, marked away (``why``: ``bot``), and ``back`` gives it back."""

    async def scenario() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any], dict[str, Any]]:
        table_id, cookie = create_table(server, [None, None, "easy"], {"players": 3, "turn_seconds": 0})
        bo_cookie = sit(server, table_id, 1, "Bo")
        host = await Client.open(server, table_id, cookie)
        bo = await Client.open(server, table_id, bo_cookie)
        assert (await host.command({"t": "start"}))["t"] == "ack"
        await bo.until(lambda f: f["t"] == "round")
        assert (await host.command({"t": "bot", "seat": 1, "level": "hard"}))["t"] == "ack"
        away = await bo.until(lambda f: f["t"] == "away")
        again = await host.command({"t": "bot", "seat": 1, "level": "easy"})  # another level for the stand-in
        assert again["t"] == "ack"
        changed = await bo.until(lambda f: f["t"] == "away" and f["seq"] > away["seq"])
        back = await bo.command({"t": "back"})
        returned = await bo.until(lambda f: f["t"] == "back")
        await bo.close()
        await host.close()
        return away, changed, back, returned

    away, changed, back, returned = asyncio.run(scenario())
    assert away["seat"] == 1 and away["why"] == "bot"
    seat = away["table"]["seats"][1]
    assert seat == {"name": "Bo", "bot": "hard", "free": False, "away": True, "why": "bot"}
    assert changed["table"]["seats"][1]["bot"] == "easy" and changed["why"] == "bot"
    assert back["t"] == "ack", back
    assert returned["table"]["seats"][1] == {"name": "Bo", "bot": None, "free": False, "away": False, "why": None}


def test_the_next_round_waits_for_continue_from_every_connected_person(paused: Server) -> None:
    async def scenario() -> tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any], float]:
        table_id, cookie = create_table(paused, [None, None], {"players": 2, "length": "half", "turn_seconds": 0})
        bo_cookie = sit(paused, table_id, 1, "Bo")
        host = await Client.open(paused, table_id, cookie)
        bo = await Client.open(paused, table_id, bo_cookie)
        assert (await host.command({"t": "start"}))["t"] == "ack"
        await both_play_one_round(host, bo)
        ended = next(f for f in host.frames if f["t"] == "move" and (f.get("table") or {}).get("between"))
        early = await host.command({"t": "draw"})
        assert early["t"] == "error"  # nothing is played between rounds
        ready = [await host.command({"t": "continue"})]
        ready.append(await bo.command({"t": "continue"}))
        began = time.monotonic()
        dealt = await host.until(lambda f: f["t"] == "round")
        await host.close()
        await bo.close()
        return ended, ready, dealt, time.monotonic() - began

    ended, ready, dealt, waited = asyncio.run(scenario())
    assert ended["table"]["between"]["ready"] == [] and ended["table"]["between"]["left"] > 25
    assert [answer["t"] for answer in ready] == ["ack", "ack"]
    assert dealt["view"]["round_index"] == 1 and waited < 5  # dealt once both were ready, not after 30 s


async def both_play_one_round(host: Client, bo: Client) -> None:
    """Ann and Bo make their first legal move at each of their turns until the first round ends."""
    ended = lambda view: view["end"] is not None  # noqa: E731
    await asyncio.gather(play_seat(host, 0, ended), play_seat(bo, 1, ended))


def test_a_running_match_gives_its_finished_rounds_only(paused: Server) -> None:
    async def scenario() -> tuple[dict[str, Any], list[dict[str, Any]]]:
        table_id, cookie = create_table(paused, [None, None], {"players": 2, "length": "half", "turn_seconds": 0})
        bo_cookie = sit(paused, table_id, 1, "Bo")
        frames: list[dict[str, Any]] = []
        host = await Client.open(paused, table_id, cookie, frames=frames)
        bo = await Client.open(paused, table_id, bo_cookie)
        await host.command({"t": "start"})
        await both_play_one_round(host, bo)
        await host.command({"t": "continue"})
        await bo.command({"t": "continue"})
        await host.until(lambda f: f["t"] == "round")
        status, record, _ = http("GET", f"{paused.url}/api/tables/{table_id}/record")
        assert status == 200
        await host.close()
        await bo.close()
        return record, frames

    record, frames = asyncio.run(scenario())
    assert verify(record) == [] and "winners" not in record
    assert len(record["rounds"]) == 1 and record["rounds"][0]["end"] in ("domino", "blocked")
    # the second round's deal is secret: none of its hands reached the record (Ann's own hand aside)
    second = next(f for f in reversed(frames) if f["t"] == "round")["view"]
    assert second["round_index"] == 1 and leaks(record, frames, 0) == []


def test_bots_have_names_of_their_own_and_the_lobby_lists_public_tables(server: Server) -> None:
    status, body, _ = http(
        "POST",
        f"{server.url}/api/tables",
        {"settings": {"public": True}, "bots": [None, "medium", "medium", None], "name": "Ann"},
    )
    assert status == 201
    public = body["id"]
    private, _ = create_table(server, [None, "easy"], {"players": 2})
    table = table_of(server, public)
    names = [seat["name"] for seat in table["seats"][1:3]]
    assert len(set(names)) == 2 and all(name and "bot" not in name for name in names)
    status, lobby, _ = http("GET", f"{server.url}/api/tables?open=1")
    listed = {entry["id"]: entry for entry in lobby["tables"]}
    assert status == 200 and public in listed and private not in listed
    assert listed[public]["free"] == 1 and listed[public]["link"] == f"/t/{public}"
    assert "token" not in json.dumps(lobby) and "host" not in json.dumps(listed[public]["seats"])


def test_random_is_the_easy_bot_by_another_name_wherever_a_bot_is_seated(server: Server) -> None:
    """``random`` is another name for ``easy`` (docs/protocol.md): a table made with it, a bot put in with it
    and a start filling free seats with it all seat an ``easy`` bot, the one level the summary, the page and
    the record name."""

    async def scenario() -> None:
        table_id, ann_cookie = create_table(server, [None, "random", None, None], {"players": 4})
        ann = await Client.open(server, table_id, ann_cookie)
        assert (await ann.command({"t": "bot", "seat": 2, "level": "random"}))["t"] == "ack"
        assert (await ann.command({"t": "start", "fill": "random"}))["t"] == "ack"
        await ann.close()
        assert [seat["bot"] for seat in table_of(server, table_id)["seats"]] == [None, "easy", "easy", "easy"]

    asyncio.run(scenario())


def test_every_http_error_has_the_protocols_error_shape(server: Server) -> None:
    too_many = {"settings": {"players": 13}, "bots": [None] + ["easy"] * 12, "name": "Ann"}
    status, body, _ = http("POST", f"{server.url}/api/tables", too_many)
    assert status == 400 and body["t"] == "error" and body["code"] in ("bad-message", "bad-settings")
    status, body, _ = http("POST", f"{server.url}/api/tables", {"name": "Ann", "seat": "first"})
    assert status == 400 and body["code"] == "bad-message" and "detail" not in body
    status, body, _ = http("GET", f"{server.url}/api/tables/x/nothing-here")
    assert status == 404 and body["t"] == "error" and body["id"] is None and body["code"] == "not-found"


def children_of(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def test_the_hard_bots_workers_end_when_their_server_is_killed(tmp_path: Path) -> None:
    server = Server(tmp_path / "db.sqlite").start()
    assert server.process is not None
    try:
        table_id, cookie = create_table(server, [None, "hard"], {"players": 2, "length": "one"})

        async def start() -> None:
            host = await Client.open(server, table_id, cookie)
            await host.command({"t": "start"})
            await play_seat(host, 0, lambda view: any(move["seat"] == 1 for move in view["history"]))  # a bot move
            await host.close()

        asyncio.run(start())
        workers = [pid for pid in children_of(server.process.pid) if b"spawn_main" in cmdline(pid)]
        assert workers, "the hard bot runs in a worker process"
    finally:
        server.kill()
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and [pid for pid in workers if is_alive(pid)]:
        time.sleep(0.1)
    assert [pid for pid in workers if is_alive(pid)] == []


def cmdline(pid: int) -> bytes:
    """The process's command line ("" once it has gone)."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def is_alive(pid: int) -> bool:
    """True while the process runs (a zombie waiting for its new parent has ended)."""
    try:
        return b") Z" not in Path(f"/proc/{pid}/stat").read_bytes()
    except OSError:
        return False


def test_a_version_2_client_still_plays(server: Server) -> None:
    async def scenario() -> list[dict[str, Any]]:
        table_id, cookie = create_table(server, [None, "easy"], {"players": 2})
        url = f"ws://127.0.0.1:{server.port}/t/{table_id}/ws"
        async with connect(url, additional_headers={"Cookie": cookie}) as socket:
            await socket.send(json.dumps({"t": "hello", "v": 2, "last_seq": None}))
            first = json.loads(await socket.recv())
            await socket.send(json.dumps({"t": "hello", "v": 1, "last_seq": None}))
            while (frame := json.loads(await socket.recv()))["t"] != "error":
                pass
            return [first, frame]

    snapshot, refused = asyncio.run(scenario())
    assert snapshot["t"] == "snapshot" and snapshot["you"] == 0
    assert refused["code"] == "bad-version"
