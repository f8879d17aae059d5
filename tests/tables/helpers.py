"""A hall on a real SQLite file (or several on one PostgreSQL store), an inbox that records frames, and a
client that plays from its frames."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dominohall.store.backends import backend_for
from dominohall.store.sqlite import SqliteStore
from dominohall.tables.actor import Reply, TableActor
from dominohall.tables.bots import BotRunner
from dominohall.tables.commands import Command, NewTable
from dominohall.tables.config import TableConfig
from dominohall.tables.hall import Hall
from dominohall.tables.state import OVER, token_hash

from .wire import ViewKeeper


@dataclass(eq=False)
class Inbox:
    """A subscriber that keeps every frame (as the JSON it would be sent as)."""

    token: str | None = None
    frames: list[dict[str, Any]] = field(default_factory=list)
    presence: list[list[bool | None]] = field(default_factory=list)
    """The ``connected`` lists of the ``presence`` frames (kept apart: they are not events)."""
    keeper: ViewKeeper = field(default_factory=ViewKeeper)

    @classmethod
    def for_token(cls, token: str | None) -> Inbox:
        """The inbox of the holder of ``token`` (``None``: a spectator)."""
        return cls(token_hash(token) if token else None)

    def deliver(self, frame: dict[str, Any]) -> None:
        """Keep ``frame``, checking that it is JSON (a ``presence`` frame apart from the others)."""
        kept = json.loads(json.dumps(frame))
        if kept["t"] == "presence":
            self.presence.append(kept["connected"])
        else:
            self.frames.append(kept)

    def flush(self) -> None:
        """Nothing is held: ``deliver`` keeps every frame at once."""

    def last_view(self) -> dict[str, Any] | None:
        """The latest view, every frame received applied."""
        return self.keeper.latest(self.frames)


async def open_hall(path: Path) -> Hall:
    """A hall on the SQLite file ``path``, bots moving at once."""
    return Hall(await SqliteStore.open(path), TableConfig(bot_delay=0, between_rounds=0), BotRunner(workers=1))


async def close_hall(hall: Hall) -> None:
    """Stop the hall and close its store."""
    await hall.close()
    await hall.store.close()


def command_for(move: dict[str, Any], token: str, command_id: str) -> Command:
    """The command making a move as a view lists it."""
    args: dict[str, Any] = {}
    if move["kind"] == "play":
        args = {key: move[key] for key in ("tile", "on", "train") if key in move}
    return Command(move["kind"], args, token_hash(token), command_id)


async def wait_for_turn(actor: TableActor, inbox: Inbox, seat: int, timeout: float = 10.0) -> dict[str, Any] | None:
    """Wait until ``seat`` is to move (its view), or ``None`` once the match is over."""
    deadline = asyncio.get_running_loop().time() + timeout
    while asyncio.get_running_loop().time() < deadline:
        if actor.state.phase == OVER:
            return None
        view = inbox.last_view()
        if view and view["turn"] == seat and view["end"] is None and view["legal_moves"]:
            return view
        await asyncio.sleep(0.001)
    raise TimeoutError("the seat never got its turn")


async def play_to_end(actor: TableActor, inbox: Inbox, token: str, seat: int, limit: int | None = None) -> list[Reply]:
    """Play ``seat``'s first legal move whenever it is its turn, until the match is over (or ``limit`` moves)."""
    replies: list[Reply] = []
    while limit is None or len(replies) < limit:
        view = await wait_for_turn(actor, inbox, seat)
        if view is None:
            break
        replies.append(await actor.submit(command_for(view["legal_moves"][0], token, f"m{len(replies)}"), inbox))
    return replies


async def open_shared_hall(url: str, **config: float) -> Hall:
    """An opened hall on the store at ``url`` with its coordinator (a "process" of its own), bots at once,
    rounds every 0.05 s unless ``config`` says otherwise."""
    backend = backend_for(url)
    settings = TableConfig(bot_delay=0, claim_interval=0.05, between_rounds=0)
    for name, value in config.items():
        setattr(settings, name, value)
    hall = Hall(backend.store, settings, BotRunner(workers=1), backend.coordinator)
    await hall.open()
    return hall


async def open_shared_halls(url: str, count: int, **config: float) -> list[Hall]:
    """``count`` opened halls on the store at ``url`` (see ``open_shared_hall``), once each of them knows
    every other as live (so they all choose the same owner for a table)."""
    halls = [await open_shared_hall(url, **config) for _ in range(count)]
    await until(
        lambda: len({keys(hall) for hall in halls}) == 1 and len(keys(halls[0])) == count,
        what="the halls knowing each other",
    )
    return halls


def keys(hall: Hall) -> tuple[int, ...]:
    """The live processes as the hall's coordinator (``PostgresCoordinator``) last saw them."""
    return tuple(getattr(hall.coordinator, "processes", ()))


def owner_of(table_id: str, *halls: Hall) -> Hall:
    """The one hall among ``halls`` that the table is chosen for."""
    chosen = [hall for hall in halls if hall.coordinator.chooses(table_id)]
    assert len(chosen) == 1, f"{len(chosen)} halls choose {table_id}"
    return chosen[0]


async def create_for(owner: Hall, maker: Hall, spec: NewTable) -> tuple[str, str]:
    """A table made through ``maker`` that is chosen for ``owner`` (tables are made until one is: each has
    an even chance with two processes): its id and the host's token."""
    for _ in range(40):
        table_id, token = await maker.create(spec, 1000.0)
        if owner.coordinator.chooses(table_id):
            return table_id, token
    raise AssertionError("no table was chosen for the wanted process")


async def until(condition: Callable[[], bool], timeout: float = 10.0, what: str = "the condition") -> None:
    """Wait until ``condition()`` holds (checked every few milliseconds)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():
        if asyncio.get_running_loop().time() > deadline:
            raise TimeoutError(f"{what} did not come true in {timeout} s")
        await asyncio.sleep(0.005)
