"""Who of a table's people is connected, here and in other processes, and the grace periods of the others.

A seated person whose last connection (to this process) leaves during a match gets a grace period here,
whichever process owns the table; the owner also starts one for every person with no connection here when
a match starts, on a rebuild and on a takeover. When a grace period ends, a bot stands in only if the
person is connected neither here nor to another process: each process holding a person's connection tells
the coordinator so (``here``/``gone``), and the coordinator answers ``is_elsewhere``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field

from .config import TableConfig
from .ports import Coordinator, Subscriber
from .state import PLAYING, TableState


@dataclass
class Presence:
    """One table's people in this process: their connections, grace periods, and the coordinator told.

    ``expired(seat, token)`` is called when a grace period ends with the person not connected here.
    """

    state: TableState
    subscribers: set[Subscriber]
    config: TableConfig
    coordinator: Coordinator
    expired: Callable[[int, str], None]
    timers: dict[int, asyncio.TimerHandle] = field(default_factory=dict)
    """Per seat, the end of the grace period of its gone person."""
    told: set[str] = field(default_factory=set)
    """The token hashes whose connection here the coordinator has been told of."""
    elsewhere: set[str] | None = None
    """The token hashes of the seated people connected to another process, as last asked (``None``: not
    asked yet, or nobody watches the table here)."""

    def connected(self) -> list[bool | None]:
        """Per seat, whether its person is connected, here or (as last asked) to another process; ``None``
        for a bot's or a free seat, or when another process may hold the connection and was not asked."""
        return [self._connected(seat.token) for seat in self.state.seats]

    def _connected(self, token: str | None) -> bool | None:
        if token is None:
            return None
        if self.is_connected(token) or self.coordinator.alone:
            return self.is_connected(token)
        return None if self.elsewhere is None else token in self.elsewhere

    def absent(self) -> list[str]:
        """The token hashes of the seated people with no connection here."""
        return [seat.token for seat in self.state.seats if seat.token is not None and not self.is_connected(seat.token)]

    def is_connected(self, token: str | None) -> bool:
        """True when the person with this token hash has a connection to the table here."""
        return token is not None and any(s.token == token for s in self.subscribers)

    def arm(self, seat: int, token: str | None) -> None:
        """Start the grace period of ``seat`` if its person is playing a match and not connected here."""
        person = self.state.seats[seat]
        if self.state.phase != PLAYING or person.is_away() or self.is_connected(token) or seat in self.timers:
            return
        self.timers[seat] = asyncio.get_running_loop().call_later(self.config.grace, self._end, seat, token)

    def arm_absent(self) -> None:
        """Start the grace period of every seated person with no connection here."""
        for seat, person in enumerate(self.state.seats):
            if person.token is not None and person.bot is None:
                self.arm(seat, person.token)

    def cancel(self, seat: int | None = None) -> None:
        """End the grace period of ``seat`` early (of every seat for ``None``): the person is back."""
        for number in list(self.timers) if seat is None else [seat]:
            timer = self.timers.pop(number, None)
            if timer is not None:
                timer.cancel()

    def _end(self, seat: int, token: str | None) -> None:
        self.timers.pop(seat, None)
        if token is not None and not self.is_connected(token) and self.state.seat_of(token) == seat:
            self.expired(seat, token)

    async def is_gone(self, seat: int, token: str) -> bool | None:
        """True when the person still holds ``seat`` and is connected neither here nor to another process
        (``None`` when the coordinator cannot tell)."""
        if self.is_connected(token) or self.state.seat_of(token) != seat:
            return False
        elsewhere = await self.coordinator.is_elsewhere(self.state.table_id, token)
        return None if elsewhere is None else not elsewhere

    async def here(self, token: str) -> None:
        """The person has a connection here: tell the coordinator (once)."""
        if token not in self.told:
            self.told.add(token)
            await self.coordinator.here(self.state.table_id, token)

    async def gone(self, token: str) -> None:
        """The person's last connection here may have gone: tell the coordinator (unless another came)."""
        if token in self.told and not self.is_connected(token):
            self.told.discard(token)
            await self.coordinator.gone(self.state.table_id, token)
