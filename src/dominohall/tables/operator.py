"""The operator's console (docs/operations.md, "The console"): what ``dominohall admin`` and the ``/admin`` page
list and do, on the store itself.

Closing a table and hiding a chat line are events of the table (``closed``, ``hidden``), decided by the same
``decide`` as any command and appended to the store like any other event, so every process agrees: the
processes that have the table live hear of them as they hear of each other's events (PostgreSQL's
notifications; with SQLite, the coordinator's look at the file each round) and tell their connections. The
command line needs only the database, also while no server runs.
"""

from __future__ import annotations

import random
import time
from typing import Any

from .commands import Command, decide
from .errors import CommandError
from .ports import Coordinator, Event, SeqConflictError, Store, StoreError
from .state import TableState

OPERATOR = "operator"
"""The ``actor`` of the operator's events."""
ATTEMPTS = 8
"""How many times an operator's command is decided again when a table's process wrote first."""
OPERATOR_COMMANDS = frozenset({"close", "hide"})
"""The commands only the operator gives."""


def operator_command(kind: str, args: dict[str, Any] | None = None) -> Command:
    """An operator's command (``close``, ``hide`` with ``line``): a command of the server's own, which no client
    can send."""
    if kind not in OPERATOR_COMMANDS:
        raise CommandError("unknown-type", f"the console does not know the command {kind!r}")
    return Command(kind, dict(args or {}), system=True)


async def folded(store: Store, table_id: str) -> TableState:
    """The table as its stored events make it; ``CommandError`` (``no-table``) when there is none."""
    events = await store.load(table_id)
    if not events:
        raise CommandError("no-table", f"there is no table {table_id!r}")
    state = TableState(table_id)
    for event in events:
        state.fold(event)
    return state


async def operate(store: Store, table_id: str, command: Command, now: float | None = None) -> int:
    """Decide ``command`` on the stored table and append its events (deciding again when a process wrote
    first): the ``seq`` of its last event. ``CommandError`` when the table refuses it."""
    for _ in range(ATTEMPTS):
        state = await folded(store, table_id)
        decision = decide(state, command, random.Random())
        when = time.time() if now is None else now
        events = [
            Event(table_id, state.seq + index + 1, None, OPERATOR, when, payload)
            for index, payload in enumerate(decision.payloads)
        ]
        try:
            await store.append(events, phase=decision.phase_change(state.phase))
        except SeqConflictError:
            continue
        except StoreError as error:
            raise CommandError("busy", f"the store refused it: {error}") from None
        return events[-1].seq
    raise CommandError("busy", "the table's process kept writing first: try again")


def table_line(state: TableState, process: str) -> dict[str, Any]:
    """How the console lists a live table: its id, game, phase, people and bots, last event, process."""
    seats = state.seats
    return {
        "id": state.table_id,
        "game": state.game,
        "phase": str(state.phase),
        "people": sum(seat.token is not None for seat in seats),
        "bots": sum(seat.bot is not None and seat.token is None for seat in seats),
        "seats": len(seats),
        "public": state.settings.public,
        "seq": state.seq,
        "created": state.created,
        "process": process,
    }


async def live_tables(store: Store, coordinator: Coordinator, limit: int = 200) -> list[dict[str, Any]]:
    """The tables whose match is not over (the newest ``limit``), each with the process it is chosen for."""
    ids = (await store.unfinished())[-limit:]
    owners = await coordinator.owners(ids)
    lines = []
    for table_id in reversed(ids):
        try:
            state = await folded(store, table_id)
        except CommandError:
            continue
        lines.append(table_line(state, owners.get(table_id, "")))
    return lines
