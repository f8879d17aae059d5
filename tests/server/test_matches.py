"""Whole matches over real WebSockets against a real server: records verify, and nothing leaks."""

from __future__ import annotations

import asyncio
from typing import Any

from dominohall.games.fair_records import FAIR_ROUND, check_fairness
from dominohall.games.records import verify

from ..referee.referee import check_record
from ..tables.leaks import leaks
from .harness import Client, Server, create_table, http, my_turn, play_turns, record_when_over


def test_a_whole_chicken_foot_match_with_reconnects_spectators_and_errors(server: Server) -> None:
    async def match() -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
        table_id, cookie = create_table(server, [None, "easy", "medium", "easy"], {})
        host_frames: list[dict[str, Any]] = []
        watcher_frames: list[dict[str, Any]] = []
        host = await Client.open(server, table_id, cookie, frames=host_frames)
        watcher = await Client.open(server, table_id, frames=watcher_frames)
        assert (await host.command({"t": "start"}))["t"] == "ack"
        await play_turns(host, 0, limit=5)
        view = await my_turn(host, 0)
        assert view is not None
        wrong = await host.command({"t": "play", "tile": "9-9", "on": "0-0"})
        assert wrong["t"] == "error" and wrong["code"] in ("illegal-move", "bad-tile")
        await watcher.catch_up(host.last_seq())
        await host.close()
        await watcher.close()
        host = await Client.open(
            server, table_id, cookie, last_seq=max(f.get("seq", 0) for f in host_frames), frames=host_frames
        )
        watcher = await Client.open(server, table_id, frames=watcher_frames)
        assert (await watcher.command({"t": "chat", "text": "hi"}))["code"] == "not-seated"
        await play_turns(host, 0)
        await watcher.catch_up(host.last_seq())
        assert watcher.is_over()
        await host.close()
        await watcher.close()
        status, record, _ = http("GET", f"{server.url}/api/tables/{table_id}/record")
        assert status == 200
        return record, host_frames, watcher_frames

    record, host_frames, watcher_frames = asyncio.run(match())
    assert verify(record) == []
    assert len(record["rounds"]) == 10 and "winners" in record
    assert leaks(record, host_frames, 0) == []
    assert leaks(record, watcher_frames, None) == []
    assert any(f["t"] == "welcome" for f in host_frames) and any(f["t"] == "error" for f in host_frames)
    assert sum(f["t"] == "snapshot" for f in watcher_frames) == 2


def test_a_whole_standard_match(server: Server) -> None:
    async def match() -> dict[str, Any]:
        table_id, cookie = create_table(server, [None, "medium"], {"players": 2, "mode": "allfives"}, "standard")
        host = await Client.open(server, table_id, cookie)
        assert (await host.command({"t": "start"}))["t"] == "ack"
        await play_turns(host, 0)
        await host.close()
        status, record, _ = http("GET", f"{server.url}/api/tables/{table_id}/record")
        assert status == 200
        assert leaks(record, host.frames, 0) == []
        return dict(record)

    record = asyncio.run(match())
    assert record["game"] == "standard" and verify(record) == []


def test_after_a_rematch_every_finished_match_stays_downloadable(server: Server) -> None:
    def get(table_id: str, query: str = "") -> tuple[int, Any]:
        status, body, _ = http("GET", f"{server.url}/api/tables/{table_id}/record{query}")
        return status, body

    async def two_matches() -> tuple[str, list[tuple[int, Any]]]:
        table_id, cookie = create_table(server, [None, "easy", "easy"], {"players": 3, "length": "one"})
        host = await Client.open(server, table_id, cookie)
        assert (await host.command({"t": "start"}))["t"] == "ack"
        await play_turns(host, 0)
        first = get(table_id)
        assert (await host.command({"t": "rematch"}))["t"] == "ack"
        during = [get(table_id), get(table_id, "?match=2")]
        await host.close()
        host = await Client.open(server, table_id, cookie)  # a fresh client: the first match's end is behind it
        await play_turns(host, 0)
        await host.close()
        return table_id, [first, *during]

    table_id, (first, during_default, during_second) = asyncio.run(two_matches())
    assert first[0] == 200 and verify(first[1]) == []
    assert during_default == first
    # the match being played: its finished rounds only (none yet), no winners, and a record verify accepts
    assert during_second[0] == 200 and verify(during_second[1]) == []
    assert during_second[1]["rounds"] == [] and "winners" not in during_second[1]
    (one_status, one), (two_status, two) = get(table_id, "?match=1"), get(table_id, "?match=2")
    assert one_status == two_status == 200
    assert one == first[1] and verify(two) == [] and two["rounds"] != one["rounds"]
    assert get(table_id)[1] == two
    assert get(table_id, "?match=3")[0] == 409 and get(table_id, "?match=3")[1]["code"] == "not-started"
    status, body = get(table_id, "?match=0")
    assert status == 400 and body["code"] == "bad-message"


def test_a_whole_mexican_train_match_names_every_train_and_leaks_nothing(server: Server) -> None:
    async def match() -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
        settings = {"players": 4, "length": "one"}
        table_id, cookie = create_table(server, [None, "easy", "medium", "hard"], settings, "mexicantrain")
        host_frames: list[dict[str, Any]] = []
        watcher_frames: list[dict[str, Any]] = []
        host = await Client.open(server, table_id, cookie, frames=host_frames)
        watcher = await Client.open(server, table_id, frames=watcher_frames)
        assert (await host.command({"t": "start"}))["t"] == "ack"
        for _turn in range(40):  # until a turn with a play, no double waiting and another seat's train closed
            view = await my_turn(host, 0)
            assert view is not None
            plays = [move for move in view["legal_moves"] if move["kind"] == "play"]
            closed = [t["train"] for t in view["trains"] if not t["marked"] and t["train"] not in (0, "mexican")]
            if plays and closed and view["uncovered"] is None:
                break
            await play_turns(host, 0, limit=1)
        play, closed = plays[0], closed[0]
        refused = await host.command({"t": "play", "tile": play["tile"], "on": play["on"], "train": closed})
        wrong = await host.command({"t": "play", "tile": play["tile"], "on": play["on"], "train": "freight"})
        assert (refused["code"], refused.get("rule"), wrong["code"]) == ("illegal-move", "train-closed", "bad-train")
        await play_turns(host, 0)
        await watcher.catch_up(host.last_seq())
        await host.close()
        await watcher.close()
        status, record, _ = http("GET", f"{server.url}/api/tables/{table_id}/record")
        assert status == 200
        return record, host_frames, watcher_frames

    record, host_frames, watcher_frames = asyncio.run(match())
    assert record["game"] == "mexicantrain" and verify(record) == []
    assert [check.verdict for check in check_fairness(record)] == [FAIR_ROUND]  # its deal can be proved fair
    plays = [move for rnd in record["rounds"] for move in rnd["moves"] if "play" in move]
    assert plays and all(move["train"] == "mexican" or 0 <= move["train"] < 4 for move in plays)
    assert leaks(record, host_frames, 0) == []
    assert leaks(record, watcher_frames, None) == []


def test_a_mexican_train_table_of_bots_plays_to_its_end_and_the_referee_accepts_its_record(server: Server) -> None:
    async def leave_to_a_bot() -> str:
        settings = {"players": 4, "length": "half"}
        table_id, cookie = create_table(server, [None, "easy", "medium", "hard"], settings, "mexicantrain")
        host = await Client.open(server, table_id, cookie)
        assert (await host.command({"t": "start"}))["t"] == "ack"
        assert (await host.command({"t": "stand"}))["t"] == "ack"  # a bot plays the host's seat from now on
        await host.close()
        return table_id

    record = record_when_over(server, asyncio.run(leave_to_a_bot()), seconds=120)
    assert record["game"] == "mexicantrain" and len(record["rounds"]) == 7 and "winners" in record
    assert check_record(record) == []  # the referee written from RULES.md alone
