"""How tables behave: ``TableConfig``, read by the hall, each table's actor and its presence (its own module,
so that none of them imports another for it; ``server.settings.ServerSettings`` holds one)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class TableConfig:
    """How tables behave: the bots' delay, how far back a reconnect may catch up, the grace period, and
    how the hall keeps its live tables."""

    bot_delay: float = 0.8
    catch_up_limit: int = 200
    grace: float = 60.0
    """Seconds a seated person may be gone during a match before a bot stands in (until they return)."""
    claim_interval: float = 1.5
    """Seconds between the hall's rounds: owning the live tables nobody owns, unloading idle ones."""
    idle_unload: float = 600.0
    """Seconds without a connection or an event after which a live table is unloaded (rebuilt when asked)."""
    over_unload: float = 30.0
    """The same, once the table's match is over."""
    elsewhere_unload: float = 15.0
    """Seconds without a connection or a request here after which a live table chosen for another process
    (a shared store) is unloaded here, however busy it is there."""
    keep_whole: float = 30.0
    """Days a table whose match is over is kept whole after its last event; then only its match records are
    kept (``inf``: for ever)."""
    keep_records: float = 365.0
    """Days after its last event after which nothing of such a table is kept (``inf``: for ever)."""
    retention_interval: float = 3600.0
    """Seconds between two passes of retention (in one process of those sharing a store)."""
    between_rounds: float = 20.0
    """Seconds a finished round waits for the next deal, unless every connected person presses Continue."""
    bot_ratings: dict[str, dict[str, float]] = field(default_factory=dict)
    """The bots' ratings per game and level, as the bots' ladder measured them (``ratings.ladder_ratings``): the
    fixed strength a bot plays a rated match as (``ratings.bot_rating`` fills in what the ladder lacks)."""
