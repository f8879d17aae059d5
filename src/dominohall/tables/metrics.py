"""What the tables count and time for the operator's metrics: plain counters and histograms of this process.

The hot path (every command, every commit) only adds to an int or a list here: no lock, no allocation of
its own, no exporter. ``server/metrics.py`` reads them when ``/metrics`` is scraped and writes them in
Prometheus's format (``dominohall_*``). Everything here is changed on the event loop's thread, except the
collector's callback (``PAUSES``), which may run in any thread: a count lost to a race there is a count,
never a wrong state.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from dataclasses import dataclass, field

FAST = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
"""Bucket bounds (seconds) of what should take milliseconds: acks, commits, the loop's lag, collector passes."""
SLOW = (0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
"""Bucket bounds (seconds) of the bots' decisions (a hard bot's takes about 0.2 s, an expert's 1 s)."""


@dataclass
class Spread:
    """A histogram: how many observations fell at or under each bound (non-cumulative here), their sum and count.

    >>> spread = Spread((0.01, 0.1))
    >>> for seconds in (0.005, 0.05, 0.5):
    ...     spread.observe(seconds)
    >>> spread.cumulative(), spread.count, round(spread.total, 3)
    ([1, 2, 3], 3, 0.555)
    """

    bounds: tuple[float, ...]
    counts: list[int] = field(default_factory=list)
    total: float = 0.0
    count: int = 0

    def __post_init__(self) -> None:
        self.counts = [0] * (len(self.bounds) + 1)  # the last: over every bound (+Inf)

    def observe(self, seconds: float) -> None:
        """Count one observation."""
        self.counts[bisect_left(self.bounds, seconds)] += 1
        self.total += seconds
        self.count += 1

    def cumulative(self) -> list[int]:
        """The count at or under each bound, then the whole count (Prometheus's buckets, ``+Inf`` last)."""
        running, out = 0, []
        for count in self.counts:
            running += count
            out.append(running)
        return out


@dataclass
class Spreads:
    """Histograms by a label's value, made on first use."""

    bounds: tuple[float, ...]
    by: dict[str, Spread] = field(default_factory=dict)

    def observe(self, label: str, seconds: float) -> None:
        """Count one observation under ``label``."""
        spread = self.by.get(label)
        if spread is None:
            spread = self.by[label] = Spread(self.bounds)
        spread.observe(seconds)


COMMANDS: Counter[str] = Counter()
"""Commands committed, by kind (``play``, ``draw``, ``sit``, ``chat`` ...)."""
MOVES: Counter[tuple[str, str]] = Counter()
"""Moves committed (plays, draws, passes): by kind and by who made them (``person``, ``bot``, ``server``)."""
REFUSED: Counter[str] = Counter()
"""Commands refused, by the error's code."""
ACKS = Spread(FAST)
"""From a person's command reaching its table's queue to its answer (an ack or an error)."""
COMMITS = Spread(FAST)
"""A table's append to the store, from asking to its commit (a group commit's wait included)."""
DECISIONS = Spreads(SLOW)
"""The bots' decisions, by the level played."""
LAG = Spread(FAST)
"""How late the event loop woke a sleeper that asked to wake on time (``server/metrics.py`` measures it)."""
PAUSES = Spreads(FAST)
"""The cyclic collector's passes and how long each stopped the process, by generation."""


@dataclass
class Connections:
    """The process's table WebSockets: open now, opened since start, dropped for not reading their frames."""

    open: int = 0
    opened: int = 0
    dropped_slow: int = 0


CONNECTIONS = Connections()
MOVE_KINDS = frozenset({"play", "draw", "pass"})


def committed(kind: str, by: str) -> None:
    """Count a committed command of ``kind`` made by ``by`` (``person``, ``bot``, ``server``)."""
    COMMANDS[kind] += 1
    if kind in MOVE_KINDS:
        MOVES[kind, by] += 1
