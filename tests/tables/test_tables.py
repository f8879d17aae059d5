"""A table's life on a real SQLite file: seats, the host, bots, moves, refusals, rebuilding and catching up."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

import pytest

from dominohall.engine.tiles import tile_name
from dominohall.games.records import verify
from dominohall.store.sqlite import SqliteStore
from dominohall.tables.actor import Reply, TableActor
from dominohall.tables.bots import BotRunner
from dominohall.tables.commands import Command, NewTable
from dominohall.tables.config import TableConfig
from dominohall.tables.errors import CODES, CommandError
from dominohall.tables.hall import Hall, new_table_id
from dominohall.tables.ports import LocalCoordinator
from dominohall.tables.state import OVER, PLAYING, WAITING, token_hash

from .helpers import Inbox, close_hall, command_for, open_hall, play_to_end, wait_for_turn
from .leaks import leaks

T = TypeVar("T")

ONE_ROUND = {"length": "one"}
THREE_BOTS: list[str | None] = [None, "easy", "medium", "easy"]


def run(path: Path, work: Callable[[Hall], Awaitable[T]]) -> T:
    """Run ``work`` on a hall over the SQLite file ``path``."""

    async def main() -> T:
        hall = await open_hall(path)
        try:
            return await work(hall)
        finally:
            await close_hall(hall)

    return asyncio.run(main())


async def new_table(hall: Hall, settings: dict[str, Any] | None = None, bots: list[str | None] | None = None,
                    game: str = "chickenfoot") -> tuple[str, str]:  # fmt: skip
    """A table hosted by Ann in seat 0."""
    return await hall.create(NewTable(game, settings or ONE_ROUND, bots or THREE_BOTS, "Ann"), 1000.0)


def test_a_whole_match_against_three_bots_records_legally_and_leaks_nothing(tmp_path: Path) -> None:
    async def work(hall: Hall) -> tuple[dict[str, Any], Inbox, Inbox]:
        table_id, token = await new_table(hall, {"length": "half"})
        actor = await hall.actor(table_id)
        assert actor is not None
        host, spectator = Inbox.for_token(token), Inbox()
        await actor.join(host, None)
        await actor.join(spectator, None)
        start = await actor.submit(Command("start", token=token_hash(token), command_id="s"), host)
        assert start.error is None
        await play_to_end(actor, host, token, 0)
        assert actor.state.phase == OVER
        return await hall.record(table_id), host, spectator

    record, host, spectator = run(tmp_path / "db", work)
    assert verify(record) == []
    assert len(record["rounds"]) == 5
    assert record["seats"][0] == {"name": "Ann"} and record["seats"][1]["bot"] == "easy"
    assert leaks(record, host.frames, 0) == []
    assert leaks(record, spectator.frames, None) == []
    seqs = [f["seq"] for f in spectator.frames if f["t"] not in ("snapshot", "ack")]
    assert seqs == list(range(2, 2 + len(seqs)))
    assert all(f.get("view") is None or f["view"]["hand"] == [] for f in spectator.frames)


def test_a_standard_match_two_players(tmp_path: Path) -> None:
    async def work(hall: Hall) -> dict[str, Any]:
        table_id, token = await new_table(hall, {"players": 2, "mode": "draw"}, [None, "medium"], "standard")
        actor = await hall.actor(table_id)
        assert actor is not None
        host = Inbox.for_token(token)
        await actor.join(host, 1)
        await actor.submit(Command("start", token=token_hash(token)))
        await play_to_end(actor, host, token, 0)
        return await hall.record(table_id)

    record = run(tmp_path / "db", work)
    assert record["game"] == "standard" and verify(record) == []


def test_the_ack_comes_before_the_events_and_each_move_is_committed_first(tmp_path: Path) -> None:
    async def work(hall: Hall) -> tuple[list[dict[str, Any]], int]:
        table_id, token = await new_table(hall, bots=[None, None, "easy", "easy"])
        actor = await hall.actor(table_id)
        assert actor is not None
        host = Inbox.for_token(token)
        await actor.join(host, None)
        reply, _ = await hall.sit(table_id, 1, "Bo")
        assert reply.error is None
        await actor.submit(Command("start", token=token_hash(token), command_id="go"), host)
        stored = await hall.store.load(table_id)
        return host.frames, stored[-1].seq

    frames, last_stored = run(tmp_path / "db", work)
    kinds = [f["t"] for f in frames]
    assert kinds[:2] == ["snapshot", "sat"]
    assert kinds[2] == "ack" and frames[2]["id"] == "go"
    assert kinds[3:5] == ["started", "round"]
    assert frames[4]["seq"] <= last_stored


def refused(reply: Any) -> str:
    """The error code of a refused reply."""
    assert reply.error is not None, "the command was accepted"
    assert reply.error.code in CODES
    assert reply.error.message
    return str(reply.error.code)


def test_refused_commands_change_nothing(tmp_path: Path) -> None:
    async def work(hall: Hall) -> None:
        table_id, token = await new_table(hall, bots=[None, None, "easy", "easy"])
        actor = await hall.actor(table_id)
        assert actor is not None
        host = token_hash(token)
        stranger = token_hash("not a seat")
        before = actor.state.seq
        assert refused(await actor.submit(Command("start", token=host))) == "seats-empty"
        assert refused(await actor.submit(Command("start", token=stranger))) == "not-host"
        assert refused(await actor.submit(Command("chat", {"text": "hi"}, stranger))) == "not-seated"
        assert refused(await actor.submit(Command("chat", {"text": "x" * 301}, host))) == "too-long"
        assert refused(await actor.submit(Command("dance", token=host))) == "unknown-type"
        assert refused(await actor.submit(Command("play", {"tile": "9-9", "on": None}, host))) == "not-started"
        assert refused(await actor.submit(Command("settings", {"settings": {"players": 13}}, host))) == "bad-settings"
        assert refused(await actor.submit(Command("settings", {"settings": {"mode": "draw"}}, host))) == "bad-settings"
        assert refused(await actor.submit(Command("bot", {"seat": 1, "level": "genius"}, host))) == "bad-bot"
        assert refused(await actor.submit(Command("kick", {"seat": 1}, host))) == "no-such-seat"
        assert refused(await actor.submit(Command("chat", {"text": "hi"}, host, at_seq=0))) == "stale"
        assert (await hall.sit(table_id, 0, "Bo"))[0].error is not None
        assert (await hall.sit(table_id, 1, ""))[0].error is not None
        assert actor.state.seq == before == len(await hall.store.load(table_id))

    run(tmp_path / "db", work)


def test_a_move_decided_before_a_chat_line_stands_but_one_decided_before_the_last_move_is_stale(
    tmp_path: Path,
) -> None:
    async def work(hall: Hall) -> None:
        table_id, token = await new_table(hall)
        actor = await hall.actor(table_id)
        assert actor is not None
        host, inbox = token_hash(token), Inbox.for_token(token)
        await actor.join(inbox, None)
        await actor.submit(Command("start", token=host))
        view = await wait_for_turn(actor, inbox, 0)
        assert view is not None
        seen = actor.state.seq
        assert (await actor.submit(Command("chat", {"text": "thinking"}, host))).error is None
        move = command_for(view["legal_moves"][0], token, "m1")
        assert (await actor.submit(replace(move, at_seq=seen))).error is None
        view = await wait_for_turn(actor, inbox, 0)
        assert view is not None
        move, before = command_for(view["legal_moves"][0], token, "m2"), actor.state.seq
        assert refused(await actor.submit(replace(move, at_seq=seen))) == "stale"
        assert refused(await actor.submit(replace(move, at_seq=before + 1))) == "stale"
        assert actor.state.seq == before
        assert (await actor.submit(replace(move, at_seq=before))).error is None

    run(tmp_path / "db", work)


def test_moves_out_of_turn_and_illegal_moves_are_refused_with_the_rule(tmp_path: Path) -> None:
    async def work(hall: Hall) -> None:
        table_id, token = await new_table(hall, {"players": 2, "length": "one"}, [None, None])
        actor = await hall.actor(table_id)
        assert actor is not None
        bo_reply, bo = await hall.sit(table_id, 1, "Bo")
        assert bo_reply.error is None
        await actor.submit(Command("start", token=token_hash(token)))
        assert refused(await actor.submit(Command("start", token=token_hash(token)))) == "started"
        rnd = actor.state.round
        assert rnd is not None
        mover, other = (token, bo) if rnd.turn == 0 else (bo, token)
        seq = actor.state.seq
        assert refused(await actor.submit(Command("draw", token=token_hash(other)))) == "not-your-turn"
        held = {tile_name(t) for t in rnd.hand_tiles(rnd.turn)}
        elsewhere = tile_name(rnd.hand_tiles(1 - rnd.turn)[0])
        error = (await actor.submit(Command("play", {"tile": elsewhere, "on": "9-9"}, token_hash(mover)))).error
        assert error is not None and error.code == "illegal-move" and error.rule == "not-in-hand"
        if any(not name.startswith("9-") and "-9" not in name for name in held):
            other_tile = next(name for name in held if not name.startswith("9-"))
            error = (await actor.submit(Command("play", {"tile": other_tile, "on": "9-9"}, token_hash(mover)))).error
            assert error is not None and error.rule == "no-match"
        assert (
            refused(await actor.submit(Command("play", {"tile": "nine", "on": None}, token_hash(mover)))) == "bad-tile"
        )
        assert refused(await actor.submit(Command("play", {"tile": "9-9", "on": "9-9"}, token_hash(mover))))
        assert actor.state.seq == seq == len(await hall.store.load(table_id))

    run(tmp_path / "db", work)


def test_a_repeated_command_id_is_applied_once(tmp_path: Path) -> None:
    async def work(hall: Hall) -> None:
        table_id, token = await new_table(hall)
        actor = await hall.actor(table_id)
        assert actor is not None
        first = await actor.submit(Command("chat", {"text": "hello"}, token_hash(token), "c1"))
        again = await actor.submit(Command("chat", {"text": "hello"}, token_hash(token), "c1"))
        assert first.seq == again.seq and again.duplicate and not first.duplicate
        assert [e.kind for e in await hall.store.load(table_id)].count("chat") == 1

    run(tmp_path / "db", work)


def test_tokens_are_kept_only_as_hashes(tmp_path: Path) -> None:
    folder = tmp_path / "data"

    async def work(hall: Hall) -> list[str]:
        table_id, token = await new_table(hall, bots=[None, None, "easy", "easy"])
        reply, bo = await hall.sit(table_id, 1, "Bo")
        assert reply.error is None
        return [token, bo]

    tokens = run(folder / "hall.db", work)
    stored = b"".join(path.read_bytes() for path in folder.iterdir())
    for token in tokens:
        assert len(token) >= 22
        assert token.encode() not in stored
        assert token_hash(token).encode() in stored


def test_host_settings_kick_and_swap_to_bot(tmp_path: Path) -> None:
    async def work(hall: Hall) -> None:
        table_id, token = await new_table(hall, bots=[None, None, None, "easy"])
        actor = await hall.actor(table_id)
        assert actor is not None
        host = token_hash(token)
        reply, bo = await hall.sit(table_id, 2, "Bo")
        assert reply.error is None
        assert refused(await actor.submit(Command("settings", {"settings": {"players": 2}}, host))) == "seat-taken"
        assert (await actor.submit(Command("kick", {"seat": 2}, token_hash(bo)))).error is not None
        assert (await actor.submit(Command("kick", {"seat": 2}, host))).error is None
        assert actor.state.seats[2].is_free() and actor.state.seat_of(token_hash(bo)) is None
        assert (await actor.submit(Command("settings", {"settings": {"players": 3}}, host))).error is None
        assert len(actor.state.seats) == 3 and actor.state.options.hand == 14
        assert (await actor.submit(Command("bot", {"seat": 1, "level": "hard"}, host))).error is None
        assert (await actor.submit(Command("bot", {"seat": 2, "level": "easy"}, host))).error is None
        assert (await actor.submit(Command("kick", {"seat": 2}, host))).error is None  # a bot's seat freed again
        assert actor.state.seats[2].is_free()
        assert (await actor.submit(Command("bot", {"seat": 2, "level": "easy"}, host))).error is None
        assert actor.state.seats[1].bot == "hard" and actor.state.phase == WAITING
        assert (await actor.submit(Command("start", token=host))).error is None
        assert actor.state.phase == PLAYING
        assert refused(await actor.submit(Command("kick", {"seat": 2}, host))) == "no-such-seat"  # a bot plays on

    run(tmp_path / "db", work)


def test_a_person_asked_to_leave_mid_match_keeps_the_bot_the_host_chose_for_their_seat(tmp_path: Path) -> None:
    """The host gives Bo's seat to an easy bot, then asks Bo to leave: the easy bot plays on (not the medium
    stand-in), under Bo's name, and Bo's key no longer holds the seat."""

    async def work(hall: Hall) -> None:
        table_id, token = await new_table(hall, bots=[None, "easy", None, "easy"])
        actor = await hall.actor(table_id)
        assert actor is not None
        host = token_hash(token)
        reply, bo = await hall.sit(table_id, 2, "Bo")
        assert reply.error is None
        assert (await actor.submit(Command("start", token=host))).error is None
        assert (await actor.submit(Command("bot", {"seat": 2, "level": "easy"}, host))).error is None
        assert actor.state.seats[2].bot == "easy" and actor.state.seats[2].token == token_hash(bo)
        assert (await actor.submit(Command("kick", {"seat": 2}, host))).error is None
        seat = actor.state.seats[2]
        assert (seat.bot, seat.name, seat.token) == ("easy", "Bo", None)

    run(tmp_path / "db", work)


def test_standing_mid_match_hands_the_seat_to_a_bot(tmp_path: Path) -> None:
    async def work(hall: Hall) -> dict[str, Any]:
        table_id, token = await new_table(hall, bots=[None, "easy", "easy", "easy"])
        actor = await hall.actor(table_id)
        assert actor is not None
        await actor.submit(Command("start", token=token_hash(token)))
        assert (await actor.submit(Command("stand", token=token_hash(token)))).error is None
        assert actor.state.seats[0].bot == "medium" and actor.state.seats[0].name == "Ann"
        again = await actor.submit(Command("stand", token=token_hash(token)))  # a second Leave is told it left
        assert refused(again) == "already-away" and actor.state.seats[0].bot == "medium"
        await actor.join(Inbox.for_token(None), None)  # someone watches: the bots play on
        for _ in range(2000):
            if actor.state.phase == OVER:
                break
            await asyncio.sleep(0.001)
        return await hall.record(table_id)

    assert verify(run(tmp_path / "db", work)) == []


def test_the_bots_of_a_table_nobody_follows_wait_and_play_on_when_someone_comes(tmp_path: Path) -> None:
    async def work(hall: Hall) -> tuple[int, int, int]:
        actor, token, ann = await started(hall, {"length": "one"})
        await actor.submit(Command("stand", token=token_hash(token)))  # a bot plays Ann's seat: all bots now
        actor.leave(ann)  # and Ann closes her page: nobody follows the table
        await asyncio.sleep(0.3)  # a bot thinking as she left may still move
        paused = actor.state.seq
        await asyncio.sleep(0.5)
        still = actor.state.seq
        await actor.join(Inbox.for_token(None), None)  # someone comes to watch
        for _ in range(500):
            if actor.state.seq > still:
                break
            await asyncio.sleep(0.01)
        return paused, still, actor.state.seq

    paused, still, later = run(tmp_path / "db", work)
    assert still == paused, "the bots played to an empty room"
    assert later > still, "the bots did not play on when someone came"


def test_the_record_is_refused_until_the_match_is_over(tmp_path: Path) -> None:
    async def work(hall: Hall) -> None:
        table_id, _ = await new_table(hall)
        with pytest.raises(CommandError) as refusal:
            await hall.record(table_id)
        assert refusal.value.code == "not-over"
        with pytest.raises(CommandError) as missing:
            await hall.record("nope")
        assert missing.value.code == "no-table"

    run(tmp_path / "db", work)


def test_a_table_is_rebuilt_from_its_events_and_plays_on(tmp_path: Path) -> None:
    db = tmp_path / "db"

    async def first(hall: Hall) -> tuple[str, str, dict[str, Any], int]:
        table_id, token = await new_table(hall, {"length": "half"})
        actor = await hall.actor(table_id)
        assert actor is not None
        host = Inbox.for_token(token)
        await actor.join(host, None)
        await actor.submit(Command("start", token=token_hash(token)))
        await play_to_end(actor, host, token, 0, limit=4)
        view = await wait_for_turn(actor, host, 0)
        assert view is not None
        return table_id, token, view, actor.state.seq

    async def second(hall: Hall, table_id: str, token: str, view: dict[str, Any], seq: int) -> dict[str, Any]:
        assert await hall.open() == 1
        actor = hall.actors[table_id]
        assert actor.state.seq == seq
        host = Inbox.for_token(token)
        await actor.join(host, None)
        assert host.frames[0]["t"] == "snapshot" and host.frames[0]["view"] == view
        retry = await actor.submit(command_for(view["legal_moves"][0], token, "m3"), host)
        assert retry.duplicate, "the last acked command id is known after the rebuild"
        await play_to_end(actor, host, token, 0)
        return await hall.record(table_id)

    table_id, token, view, seq = run(db, first)
    record = run(db, lambda hall: second(hall, table_id, token, view, seq))
    assert verify(record) == [] and len(record["rounds"]) == 5
    assert run(db, lambda hall: hall.open()) == 0


async def started(hall: Hall, settings: dict[str, Any] | None = None) -> tuple[TableActor, str, Inbox]:
    """A table of Ann against three bots whose match Ann has started, with Ann connected: its actor, her
    token and her inbox."""
    table_id, token = await new_table(hall, settings)
    actor = await hall.actor(table_id)
    assert actor is not None
    inbox = Inbox.for_token(token)
    await actor.join(inbox, None)
    await actor.submit(Command("start", token=token_hash(token)))
    return actor, token, inbox


def test_a_reconnect_catches_up_with_the_missed_events_for_its_seat(tmp_path: Path) -> None:
    async def work(hall: Hall) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        actor, token, live = await started(hall)
        await play_to_end(actor, live, token, 0, limit=2)
        await wait_for_turn(actor, live, 0)
        late = Inbox.for_token(token)
        await actor.join(late, 3)
        return live.frames, late.frames

    live, late = run(tmp_path / "db", work)
    assert late[0]["t"] == "welcome" and late[0]["from"] == 3
    missed = [f for f in live if f["t"] not in ("ack", "snapshot") and f["seq"] > 3]
    assert late[1:] == missed


def test_a_reconnect_is_told_the_time_left_to_move_as_it_is_now_not_as_it_was(tmp_path: Path) -> None:
    async def work(hall: Hall) -> tuple[dict[str, Any], dict[str, Any]]:
        actor, token, live = await started(hall, {"turn_seconds": 30})
        await play_to_end(actor, live, token, 0, limit=1)
        await wait_for_turn(actor, live, 0)
        await asyncio.sleep(1.5)  # the page was away for a moment, and its turn's clock ran on
        late = Inbox.for_token(token)
        await actor.join(late, 3)
        return next(f for f in reversed(live.frames) if f.get("clock")), late.frames[-1]

    was, now = run(tmp_path / "db", work)
    assert was["seq"] == now["seq"] and was["clock"]["seat"] == now["clock"]["seat"] == 0
    assert was["clock"]["left"] >= 29.5 and now["clock"]["left"] <= was["clock"]["left"] - 1.4


def shift_stored_times(path: Path, seconds: float) -> None:
    """Move every stored event ``seconds`` into the past, as if the server had been down that long since."""
    with sqlite3.connect(path) as db:
        db.execute("DROP TRIGGER events_append_only_update")  # the store puts it back when it opens
        db.execute("UPDATE events SET time = time - ?", (seconds,))


def test_a_timed_turn_running_when_the_server_stopped_starts_afresh_when_it_is_back(tmp_path: Path) -> None:
    db = tmp_path / "db"

    async def before(hall: Hall) -> tuple[str, int]:
        actor, _, live = await started(hall, {"length": "one", "turn_seconds": 10})
        await wait_for_turn(actor, live, 0)
        return actor.table_id, actor.state.seq

    async def after(hall: Hall, table_id: str, seq: int) -> tuple[list[Any], dict[str, Any]]:
        watcher = Inbox.for_token(None)
        await hall.open()  # takes the unfinished table up
        actor = await hall.actor(table_id)
        assert actor is not None
        await actor.join(watcher, seq)
        for _ in range(500):
            if actor.state.seq > seq:
                break
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.2)  # a clock that ran out would have moved for Ann by now
        return await hall.store.load(table_id, seq), watcher.frames[-1]

    table_id, seq = run(db, before)
    shift_stored_times(db, 60)  # Ann's 10 s ran out while the server was down
    events, frame = run(db, lambda hall: after(hall, table_id, seq))
    assert [(event.kind, event.payload["seat"], event.actor) for event in events] == [("resumed", 0, "server")]
    assert frame["t"] == "resumed" and frame["seat"] == 0
    assert frame["table"]["clock"]["seat"] == 0 and frame["table"]["clock"]["left"] >= 9.5  # the whole turn


class Unsure(LocalCoordinator):
    """A coordinator that cannot tell where anyone is connected until ``knows`` (its database out of reach)."""

    knows = False

    async def is_elsewhere(self, table_id: str, token: str) -> bool | None:
        return False if self.knows else None


def test_no_bot_stands_in_while_nobody_can_tell_whether_the_person_is_connected(tmp_path: Path) -> None:
    async def work() -> tuple[bool, bool]:
        unsure = Unsure()
        store = await SqliteStore.open(tmp_path / "db")
        hall = Hall(store, TableConfig(bot_delay=0, grace=0.05), BotRunner(workers=1), unsure)
        try:
            actor, _, ann = await started(hall, {"length": "half"})
            actor.leave(ann)
            await asyncio.sleep(0.5)  # ten grace periods
            waiting = not actor.state.seats[0].is_away() and 0 in actor.presence.timers  # another grace period
            unsure.knows = True  # the database is back, and Ann is nowhere
            for _ in range(200):
                if actor.state.seats[0].is_away():
                    break
                await asyncio.sleep(0.01)
            return waiting, actor.state.seats[0].is_away()
        finally:
            await close_hall(hall)

    assert asyncio.run(work()) == (True, True)


def test_the_leak_scan_finds_a_hidden_tile() -> None:
    record = {
        "rounds": [{"hands": [["9-1"], ["8-2"]], "boneyard": ["7-3", "6-4"], "moves": [{"seat": 0, "draw": "7-3"}]}]
    }
    view = {"round_index": 0, "history": [{"seat": 0, "kind": "draw"}], "end": None}
    assert leaks(record, [{"t": "round", "view": view, "hand": ["9-1", "7-3"]}], 0) == []
    assert leaks(record, [{"t": "round", "view": view, "x": "8-2"}], 0) != []
    assert leaks(record, [{"t": "round", "view": view, "x": "6-4"}], 0) != []
    assert leaks(record, [{"t": "round", "view": view, "x": "7-3"}], 1) != []
    assert leaks(record, [{"t": "round", "view": view | {"end": "domino"}, "x": "8-2"}], None) == []


def test_a_bot_stands_in_after_the_grace_period_and_the_person_takes_the_seat_back(tmp_path: Path) -> None:
    async def work(hall: Hall) -> tuple[dict[str, Any], Inbox]:
        hall.config.grace = 0.05
        table_id, token = await new_table(hall, {"length": "half"})
        actor = await hall.actor(table_id)
        assert actor is not None
        first, watcher = Inbox.for_token(token), Inbox.for_token(None)
        await actor.join(first, None)
        await actor.join(watcher, None)
        await actor.submit(Command("start", token=token_hash(token)))
        actor.leave(first)
        for _ in range(500):
            if actor.state.seats[0].is_away():
                break
            await asyncio.sleep(0.01)
        assert actor.state.seats[0].is_away() and actor.state.seat_of(token_hash(token)) == 0
        away = next(f for f in watcher.frames if f["t"] == "away")
        assert (away["seat"], away["why"], away["table"]["seats"][0]["why"]) == (0, "gone", "gone")
        while not any(e.actor == "bot:0" for e in await hall.store.load(table_id)):
            await asyncio.sleep(0.01)  # until the stand-in has moved for seat 0
        again = Inbox.for_token(token)
        await actor.join(again, None)
        assert not actor.state.seats[0].is_away()
        assert [f["t"] for f in again.frames][:2] == ["snapshot", "back"]
        await play_to_end(actor, again, token, 0)
        events = await hall.store.load(table_id)
        assert {e.actor for e in events if e.kind in ("away", "back")} == {"server"}  # the server's own events
        return await hall.record(table_id), first

    record, first = run(tmp_path / "db", work)
    assert verify(record) == [] and record["seats"][0] == {"name": "Ann"}
    assert not any(f["t"] == "away" for f in first.frames), "the first connection had left before"


def test_everyone_is_told_who_of_the_seated_people_is_connected(tmp_path: Path) -> None:
    async def work(hall: Hall) -> tuple[Inbox, Inbox]:
        table_id, token = await new_table(hall, bots=[None, None, "easy", "easy"])
        actor = await hall.actor(table_id)
        assert actor is not None
        watcher, host = Inbox(), Inbox.for_token(token)
        await actor.join(watcher, None)
        await actor.join(host, None)
        reply, bo_token = await hall.sit(table_id, 1, "Bo")
        assert reply.error is None
        bo = Inbox.for_token(bo_token)
        await actor.join(bo, None)
        actor.leave(host)
        return watcher, bo

    watcher, bo = run(tmp_path / "db", work)
    assert watcher.presence == [
        [False, None, None, None],
        [True, None, None, None],
        [True, False, None, None],
        [True, True, None, None],
        [False, True, None, None],
    ]
    assert bo.presence == [[True, True, None, None], [False, True, None, None]]


def test_a_person_whose_seat_a_bot_plays_cannot_move_for_it(tmp_path: Path) -> None:
    async def work(hall: Hall) -> tuple[Reply, Reply]:
        hall.config.bot_delay = 30.0  # the stand-in would take its time: the person's own move is what is tried
        while True:  # a table whose first turn is Ann's (the opener is drawn at random)
            table_id, token = await new_table(hall, {"players": 2}, [None, "easy"])
            actor = await hall.actor(table_id)
            assert actor is not None
            await actor.submit(Command("start", token=token_hash(token)))
            if actor.state.round is not None and actor.state.round.turn == 0:
                break
        assert (await actor.submit(Command("stand", token=token_hash(token)))).error is None
        move = actor.state.round.legal_moves()[0] if actor.state.round else None
        assert move is not None and actor.state.seats[0].is_away()
        args = {"tile": tile_name(move.tile), "on": tile_name(move.on)} if move.kind == "play" else {}
        refused = await actor.submit(Command(move.kind, args, token_hash(token)))
        back = await actor.submit(Command("back", token=token_hash(token)))
        return refused, await actor.submit(Command(move.kind, args, token_hash(token))) if back.error is None else back

    refused, after_back = run(tmp_path / "db", work)
    assert refused.error is not None and refused.error.code == "not-your-turn"
    assert after_back.error is None  # once back, the person plays the seat again


def test_a_table_id_never_starts_with_a_dash(monkeypatch: pytest.MonkeyPatch) -> None:
    """``dominohall admin close ID`` takes the id as an argument: an id starting with ``-`` (one in 64 drawn
    by ``token_urlsafe``) would be read as an option."""
    drawn = iter(["-abcdefghij", "_-bcdefghij"])
    monkeypatch.setattr("dominohall.tables.hall.secrets.token_urlsafe", lambda size: next(drawn))
    assert new_table_id() == "_-bcdefghij"
