"""Move frames are deltas: a client applying them in order holds exactly the view the server would send whole."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from dominohall.tables.actor import TableActor
from dominohall.tables.commands import Command, NewTable
from dominohall.tables.frames import DERIVED, current_view, snapshot
from dominohall.tables.state import OVER, token_hash

from .helpers import Inbox, close_hall, open_hall, play_to_end
from .wire import tables, views


@dataclass(eq=False)
class Witness(Inbox):
    """An inbox that also keeps, for each frame, the whole view the server holds for it at that moment."""

    actor: TableActor | None = None
    seat: int | None = None
    truths: list[dict[str, Any] | None] = field(default_factory=list)
    phases: list[str] = field(default_factory=list)
    """The table's phase on the server as each frame was delivered."""

    def deliver(self, frame: dict[str, Any]) -> None:
        """Keep the frame and the whole view and table phase it stands for."""
        super().deliver(frame)
        assert self.actor is not None
        if frame["t"] != "presence":
            self.truths.append(json.loads(json.dumps(current_view(self.actor.state, self.seat))))
            self.phases.append(self.actor.state.phase)


GAMES = [
    ("chickenfoot", {"length": "half"}, [None, "easy", "medium", "easy"]),
    ("chickenfoot", {"players": 8, "length": "one"}, [None, *["easy"] * 7]),
    ("mexicantrain", {"length": "one"}, [None, "easy", "medium", "hard"]),
    ("mexicantrain", {"players": 6, "length": "one"}, [None, *["easy"] * 5]),
    ("standard", {"players": 3, "mode": "block", "target": 150}, [None, "medium", "easy"]),
    ("standard", {"players": 4, "mode": "allfives", "partners": True}, [None, "easy", "medium", "easy"]),
]


@pytest.mark.parametrize(("game", "settings", "bots"), GAMES, ids=[f"{g}-{i}" for i, (g, _, _) in enumerate(GAMES)])
def test_applied_move_frames_rebuild_every_whole_view(tmp_path: Path, game: str, settings: dict[str, Any],
                                                      bots: list[str | None]) -> None:  # fmt: skip
    async def work() -> list[Witness]:
        hall = await open_hall(tmp_path / "db")
        try:
            table_id, token = await hall.create(NewTable(game, settings, bots, "Ann"), 1000.0)
            actor = await hall.actor(table_id)
            assert actor is not None
            host, spectator = Witness(token_hash(token), actor=actor, seat=0), Witness(actor=actor)
            for witness in (host, spectator):
                await actor.join(witness, None)
            await actor.submit(Command("start", token=token_hash(token), command_id="s"), host)
            await play_to_end(actor, host, token, 0)
            assert actor.state.phase == OVER
            return [host, spectator]
        finally:
            await close_hall(hall)

    for witness in asyncio.run(work()):
        moves = 0
        folded = zip(views(witness.frames), tables(witness.frames), witness.truths, witness.phases, strict=True)
        for (frame, view), table, truth, phase in folded:
            assert table is not None and table["phase"] == phase, (frame, phase)  # the phase, at every step
            if frame["t"] == "move":
                moves += 1
                assert view == truth
                assert not DERIVED & frame["view"].keys()
        assert moves >= 10  # a hand or more: one block hand alone may end a match
        assert witness.phases[-1] == OVER


def test_a_move_frame_is_much_smaller_than_the_whole_view(tmp_path: Path) -> None:
    async def work() -> list[tuple[int, int]]:
        hall = await open_hall(tmp_path / "db")
        try:
            table_id, token = await hall.create(NewTable("chickenfoot", {"length": "one"}, GAMES[0][2], "Ann"), 1.0)
            actor = await hall.actor(table_id)
            assert actor is not None
            host = Witness(token_hash(token), actor=actor, seat=0)
            await actor.join(host, None)
            await actor.submit(Command("start", token=token_hash(token)))
            await play_to_end(actor, host, token, 0)
            return [
                (len(json.dumps(frame)), len(json.dumps(truth)))
                for frame, truth in zip(host.frames, host.truths, strict=True)
                # the move that ends the round also brings the table, every hand and the deal's proof: not a patch
                if frame["t"] == "move" and truth is not None and len(truth["history"]) > 30 and "table" not in frame
            ]
        finally:
            await close_hall(hall)

    sizes = asyncio.run(work())
    assert sizes and all(delta * 2 < whole for delta, whole in sizes)


@dataclass(eq=False)
class SnapshotWitness(Inbox):
    """An inbox that also keeps, at each frame, how many rounds have ended and a spectator's snapshot."""

    actor: TableActor | None = None
    seen: list[tuple[int, dict[str, Any]]] = field(default_factory=list)

    def deliver(self, frame: dict[str, Any]) -> None:
        """Keep the frame, the count of ended rounds and a snapshot at this moment."""
        super().deliver(frame)
        assert self.actor is not None
        match = self.actor.state.match
        ended = 0 if match is None else sum(rnd.end is not None for rnd in match.rounds)
        self.seen.append((ended, snapshot(self.actor.state, None)))


def test_a_snapshot_carries_the_running_totals_of_every_ended_round(tmp_path: Path) -> None:
    async def work() -> list[tuple[int, dict[str, Any]]]:
        hall = await open_hall(tmp_path / "db")
        try:
            table_id, token = await hall.create(NewTable("chickenfoot", {"length": "half"}, GAMES[0][2], "Ann"), 1.0)
            actor = await hall.actor(table_id)
            assert actor is not None
            host = SnapshotWitness(token_hash(token), actor=actor)
            await actor.join(host, None)
            await actor.submit(Command("start", token=token_hash(token)))
            await play_to_end(actor, host, token, 0)
            return host.seen
        finally:
            await close_hall(hall)

    seen = asyncio.run(work())
    assert [len(frame["rounds"]) for _, frame in seen] == [ended for ended, _ in seen]
    rounds, result = seen[-1][1]["rounds"], seen[-1][1]["match"]
    assert len(rounds) == 5 and rounds[-1] == result["totals"]
    assert all(
        now >= then
        for row, before in zip(rounds[1:], rounds, strict=False)
        for now, then in zip(row, before, strict=True)
    )
