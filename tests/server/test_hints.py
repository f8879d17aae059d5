"""Hints over a real server: the hard bot's choice for the only person at a table of bots, nobody else."""

from __future__ import annotations

import asyncio
from typing import Any

from .harness import Client, Server, create_table, move_message, my_turn, sit


async def _ask(client: Client) -> dict[str, Any]:
    """Send ``hint`` and wait for its answer (a ``hint`` frame or an ``error``)."""
    client.sent += 1
    hint_id = f"h{client.sent}"
    await client.send({"t": "hint", "id": hint_id})
    return await client.until(lambda f: f["t"] in ("hint", "error") and f.get("id") == hint_id, timeout=30)


def test_a_hint_is_a_legal_move_of_the_persons_turn_and_changes_nothing(server: Server) -> None:
    async def play() -> None:
        table_id, cookie = create_table(server, [None, "easy", "easy", "easy"], {"length": "one"})
        host = await Client.open(server, table_id, cookie)
        assert (await _ask(host))["code"] == "not-started"
        assert (await host.command({"t": "start"}))["t"] == "ack"
        for _ in range(3):
            view = await my_turn(host, 0)
            assert view is not None
            seq = host.last_seq()
            hint = await _ask(host)
            assert hint["t"] == "hint" and hint["at"] == seq
            assert hint["move"] in view["legal_moves"]
            answer = await host.command(move_message(hint["move"]) | {"at": seq})
            assert answer["t"] == "ack" and answer["seq"] == seq + 1  # the hint made no event
            await host.until(lambda f, s=answer["seq"]: f["t"] != "ack" and f.get("seq", 0) >= s)
        watcher = await Client.open(server, table_id)
        assert (await _ask(watcher))["code"] == "not-seated"
        await host.close()
        await watcher.close()

    asyncio.run(play())


def test_no_hints_at_a_table_with_another_person(server: Server) -> None:
    async def play() -> None:
        table_id, cookie = create_table(server, [None, None, "easy"], {"players": 3, "length": "one"})
        bo_cookie = sit(server, table_id, 1, "Bo")
        host = await Client.open(server, table_id, cookie)
        bo = await Client.open(server, table_id, bo_cookie)
        assert (await host.command({"t": "start"}))["t"] == "ack"
        for client in (host, bo):
            answer = await _ask(client)
            assert answer["t"] == "error" and answer["code"] == "no-hints"
        await host.close()
        await bo.close()

    asyncio.run(play())


def test_hints_asked_at_once_are_worked_out_one_at_a_time_a_table_and_the_rest_told_busy(server: Server) -> None:
    """Hints once queued up without bound behind the bots of every table (32 sockets asking at one table kept
    the hard bots elsewhere waiting seconds a move, for minutes after they closed): one at a time a table."""

    async def play() -> tuple[list[str], float]:
        table_id, cookie = create_table(server, [None, "easy", "easy", "easy"], {"length": "one"})
        pages = [await Client.open(server, table_id, cookie) for _ in range(8)]
        assert (await pages[0].command({"t": "start"}))["t"] == "ack"
        for page in pages:
            assert await my_turn(page, 0) is not None
        answers = await asyncio.gather(*(_ask(page) for page in pages))
        started = asyncio.get_running_loop().time()
        again = await _ask(pages[0])  # nothing was left queued: the next hint is worked out at once
        took = asyncio.get_running_loop().time() - started
        assert again["t"] == "hint"
        for page in pages:
            await page.close()
        return sorted(a["t"] if a["t"] == "hint" else a["code"] for a in answers), took

    kinds, took = asyncio.run(play())
    assert kinds.count("hint") >= 1 and set(kinds) <= {"hint", "busy"} and kinds.count("busy") >= 4
    assert took < 5, f"the next hint waited {took:.1f} s"
