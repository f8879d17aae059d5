"""The ports of a table's life: the ``Store`` of events, and the ``Event`` record it keeps.

A table is an append-only list of events numbered from 1 (``seq``). The actor of a table is its only
writer: it appends the events of one command in one transaction, and only then acknowledges the command
or tells anyone. Adapters (``dominohall.store``) implement ``Store``; the tables never import them.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass(frozen=True, slots=True)
class Event:
    """One numbered event of a table.

    ``command_id`` is the client's id of the command that caused it (on the command's first event only,
    else ``None``); ``actor`` says who caused it (``"seat:2"``, ``"host"``, ``"bot:1"``, ``"server"``);
    ``time`` is seconds since the epoch; ``payload`` is a JSON object whose ``"t"`` names the event.
    """

    table_id: str
    seq: int
    command_id: str | None
    actor: str
    time: float
    payload: dict[str, Any] = field(default_factory=dict)

    @property
    def kind(self) -> str:
        """The event's type, ``payload["t"]``."""
        return str(self.payload.get("t", ""))

    def payload_json(self) -> str:
        """The payload as compact JSON text, as stores keep it."""
        return json.dumps(self.payload, separators=(",", ":"), sort_keys=True)


class StoreError(RuntimeError):
    """A store could not do what was asked (the table's events are unchanged)."""


class DuplicateCommandError(StoreError):
    """The command id was already applied at this table: the events were not appended again."""


class SeqConflictError(StoreError):
    """An event's ``seq`` is already taken at this table (a second writer?): nothing was appended."""


class Store(Protocol):
    """Where tables keep their events: append-only, one transaction per command."""

    async def create_table(self, table_id: str, created: float) -> None:
        """Add a table with no events yet; raise ``StoreError`` if the id is taken."""
        ...

    async def append(self, events: Sequence[Event], *, finished: bool | None = None) -> None:
        """Append the events of one command of one table atomically (all or none).

        ``finished`` marks the table's match as over (``True``) or running again (``False``, a rematch) in
        the same transaction; ``None`` leaves it. Raises
        ``DuplicateCommandError`` when a command id was applied already, ``SeqConflictError`` when a
        ``seq`` is taken, and appends nothing in either case.
        """
        ...

    async def load(self, table_id: str, after_seq: int = 0) -> list[Event]:
        """The table's events with ``seq > after_seq``, in order (empty for an unknown table)."""
        ...

    async def has_table(self, table_id: str) -> bool:
        """True when the table exists."""
        ...

    async def unfinished(self) -> list[str]:
        """The ids of every table whose match is not over, oldest first."""
        ...

    async def close(self) -> None:
        """Release the store's resources."""
        ...
