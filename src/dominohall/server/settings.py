"""What a server allows and how its tables behave: ``ServerSettings``, read by the app, the WebSocket and the
command line alike (its own module, so that none of them imports another for it)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..tables.config import TableConfig

LOOPBACK = ("127.0.0.0/8", "::1/128")
"""Who may read ``/metrics`` unless ``--metrics-allow`` says otherwise."""


@dataclass(frozen=True)
class ServerSettings:
    """What the server allows and how its tables behave."""

    tables: TableConfig = field(default_factory=TableConfig)
    """How the tables behave: the bots' delay, the grace period, the pause between rounds and the rest."""
    allowed_origins: tuple[str, ...] = ()
    """Origins allowed to open a table's WebSocket; empty: the server's own address (the Host header)."""
    max_frame: int = 4096
    """The largest WebSocket message, in bytes (larger: closed with 1009)."""
    message_rate: float = 20.0
    message_burst: int = 60
    """The per-connection message budget: a burst, refilled per second (spent: closed with 1008)."""
    send_queue: int = 256
    """Frames waiting for a slow client before it is dropped."""
    send_buffer: int = 512 * 1024
    """Bytes a WebSocket may hold unsent (its queued frames, the transport's buffer and the kernel's send
    queue) before it is dropped with 1013."""
    max_body: int = 64 * 1024
    """The largest HTTP request body, in bytes (larger: 413)."""
    request_timeout: float = 10.0
    """Seconds an HTTP request's headers, and then its body, may take to arrive (slower: 408)."""
    max_connections_per_address: int = 32
    tables_per_minute: int = 20
    secure_cookies: bool = False
    """Mark seat cookies ``Secure`` (behind HTTPS)."""
    admin_token: str | None = None
    """The operator's token for the console (``/admin``; ``DOMINOHALL_ADMIN_TOKEN``): ``None``, the console is off."""
    metrics_allow: tuple[str, ...] = LOOPBACK
    """The addresses and networks ``/metrics`` answers (every address a request names must be in one)."""
    bot_workers: int | None = None
    """Processes for the searching bots (default: the cores less one)."""
