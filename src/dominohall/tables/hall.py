"""The hall: every live table's actor, table creation, sitting down, and rebuilding tables on start.

Each table has at most one actor in the process (loading is serialised by a lock), so each table has one
writer. A table that is not live is rebuilt from its stored events the first time it is asked for; on
start every unfinished table is rebuilt at once, so its bots play on.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from dataclasses import dataclass, field
from typing import Any

from ..bots import BOT_LEVELS
from ..engine.record import export_record
from .actor import Reply, TableActor, TableConfig
from .bots import BotRunner
from .commands import Command, check_name
from .errors import CommandError
from .ports import Event, Store
from .settings import options_from_settings
from .state import OVER, TableState, token_hash

log = logging.getLogger("dominohall.tables")


def new_token() -> str:
    """A fresh seat token: 128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


def new_table_id() -> str:
    """A fresh table id: 64 random bits, URL-safe (11 characters)."""
    return secrets.token_urlsafe(8)


@dataclass
class NewTable:
    """What the host asks for: the game and settings, a bot level (or ``None``: a person) per seat, the
    host's name and the seat the host takes."""

    game: str
    settings: dict[str, Any]
    bots: list[str | None]
    name: str
    seat: int = 0


@dataclass
class Hall:
    """Every live table of this process."""

    store: Store
    config: TableConfig = field(default_factory=TableConfig)
    bots: BotRunner = field(default_factory=BotRunner)
    actors: dict[str, TableActor] = field(default_factory=dict)
    _loading: asyncio.Lock = field(default_factory=asyncio.Lock)

    async def open(self) -> int:
        """Rebuild every unfinished table from its events; the number rebuilt."""
        count = 0
        for table_id in await self.store.unfinished():
            if await self.actor(table_id) is not None:
                count += 1
        log.info("tables rebuilt", extra={"tables": count})
        return count

    async def close(self) -> None:
        """Stop every actor and the bots' workers."""
        for actor in list(self.actors.values()):
            await actor.stop()
        self.actors.clear()
        self.bots.close()

    async def actor(self, table_id: str) -> TableActor | None:
        """The table's actor, rebuilt from the store when it is not live; ``None`` for no such table."""
        actor = self.actors.get(table_id)
        if actor is not None:
            return actor
        async with self._loading:
            if table_id in self.actors:
                return self.actors[table_id]
            events = await self.store.load(table_id)
            if not events:
                return None
            return self._start(self._rebuild(table_id, events))

    @staticmethod
    def _rebuild(table_id: str, events: list[Event]) -> TableState:
        state = TableState(table_id)
        for event in events:
            state.fold(event)
        return state

    def _start(self, state: TableState) -> TableActor:
        actor = TableActor(state, self.store, self.bots, self.config)
        self.actors[state.table_id] = actor
        actor.start()
        return actor

    async def create(self, spec: NewTable, now: float) -> tuple[str, str]:
        """Create a table with the host seated: its id and the host's seat token."""
        options = options_from_settings(spec.game, spec.settings)
        if len(spec.bots) != options.players:
            raise CommandError("bad-settings", f"name a bot level or null for each of the {options.players} seats")
        if not 0 <= spec.seat < options.players or spec.bots[spec.seat] is not None:
            raise CommandError("no-such-seat", "the host takes a seat of the table that has no bot")
        if any(level is not None and level not in BOT_LEVELS for level in spec.bots):
            raise CommandError("bad-bot", f"the bot levels are {', '.join(BOT_LEVELS)}")
        name, token = check_name(spec.name), new_token()
        host = token_hash(token)
        seats: list[dict[str, Any]] = [
            {"name": f"{level.capitalize()} bot", "bot": level} if level else {} for level in spec.bots
        ]
        seats[spec.seat] = {"name": name, "token": host}
        table_id = new_table_id()
        payload = {"t": "created", "game": spec.game, "options": options.to_dict(), "seats": seats}
        event = Event(table_id, 1, None, "host", now, payload | {"host": host, "time": now})
        await self.store.create_table(table_id, now)
        await self.store.append([event])
        async with self._loading:
            self._start(self._rebuild(table_id, [event]))
        log.info("table created", extra={"table": table_id, "seq": 1})
        return table_id, token

    async def sit(self, table_id: str, seat: int, name: str) -> tuple[Reply, str]:
        """Sit a person in a free seat: the reply, and the new seat token (valid once the reply is an ack)."""
        actor = await self._existing(table_id)
        token = new_token()
        reply = await actor.submit(Command("sit", {"seat": seat, "name": name}, token_hash(token)))
        return reply, token

    async def record(self, table_id: str) -> dict[str, Any]:
        """The record of the table's match, once it is over."""
        actor = await self._existing(table_id)
        state = actor.state
        if state.phase != OVER or state.match is None:
            raise CommandError("not-over", "the record can be downloaded once the match is over")
        return export_record(state.match, state.seat_infos())

    async def _existing(self, table_id: str) -> TableActor:
        actor = await self.actor(table_id)
        if actor is None:
            raise CommandError("no-table", "there is no table with this id: check the link")
        return actor
