"""Limits that keep one client from hurting the others: message budgets, connections and tables per address."""

from __future__ import annotations

import time
from collections import defaultdict, deque
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class Budget:
    """A token bucket: ``burst`` messages at once, refilled at ``rate`` per second.

    >>> budget = Budget(rate=1.0, burst=2, clock=lambda: 0.0)
    >>> budget.spend(), budget.spend(), budget.spend()
    (True, True, False)
    """

    rate: float
    burst: int
    clock: Callable[[], float] = time.monotonic
    _tokens: float = -1.0
    _when: float = 0.0

    def spend(self) -> bool:
        """Take one message from the budget; False when it is spent."""
        now = self.clock()
        if self._tokens < 0:
            self._tokens, self._when = float(self.burst), now
        self._tokens = min(float(self.burst), self._tokens + (now - self._when) * self.rate)
        self._when = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True


@dataclass
class PerAddress:
    """Open connections per address (a cap) and tables created per address in the last minute (a rate)."""

    max_connections: int
    tables_per_minute: int
    clock: Callable[[], float] = time.monotonic
    connections: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    created: dict[str, deque[float]] = field(default_factory=lambda: defaultdict(deque))
    lifted: set[str] = field(default_factory=set)
    """Addresses the operator lifted the limits of (until the process restarts): a school or an office behind
    one address, say."""

    def connect(self, address: str) -> bool:
        """Count a new connection from ``address``; False (and not counted) past the cap."""
        if self.connections[address] >= self.max_connections and address not in self.lifted:
            return False
        self.connections[address] += 1
        return True

    def disconnect(self, address: str) -> None:
        """Count a connection from ``address`` as closed."""
        self.connections[address] -= 1
        if self.connections[address] <= 0:
            del self.connections[address]

    def may_create(self, address: str) -> bool:
        """Count a table created from ``address``; False (and not counted) past the rate. A request that then
        makes no table (its settings refused, say) gives its count back with ``not_created``."""
        recent, now = self.created[address], self.clock()
        while recent and recent[0] <= now - 60:
            recent.popleft()
        if len(recent) >= self.tables_per_minute and address not in self.lifted:
            return False
        recent.append(now)
        return True

    def not_created(self, address: str) -> None:
        """Give back the count of the latest ``may_create`` of ``address``: it made no table."""
        recent = self.created.get(address)
        if recent:
            recent.pop()

    def in_force(self) -> list[dict[str, object]]:
        """The limits that hold an address back now (its connections at the cap, its tables of the last minute
        at the rate), and the addresses lifted: each as ``{"address", "limit", "count", "most"}``."""
        now, rows = self.clock(), []
        for address, count in self.connections.items():
            if count >= self.max_connections or address in self.lifted:
                rows.append({"address": address, "limit": "connections", "count": count, "most": self.max_connections})
        for address, recent in self.created.items():
            count = sum(1 for when in recent if when > now - 60)
            if count >= self.tables_per_minute or (count and address in self.lifted):
                most = self.tables_per_minute
                rows.append({"address": address, "limit": "tables-per-minute", "count": count, "most": most})
        noted = {row["address"] for row in rows}
        rows += [{"address": a, "limit": "lifted", "count": 0, "most": 0} for a in sorted(self.lifted - noted)]
        return rows

    def lift(self, address: str) -> bool:
        """Lift the limits of ``address`` in this process until it restarts: True when it was held back by one."""
        held = self.connections.get(address, 0) >= self.max_connections
        held = held or len(self.created.get(address, ())) >= self.tables_per_minute
        self.lifted.add(address)
        self.created.pop(address, None)
        return held
