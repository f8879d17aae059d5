"""``dominohall serve``: the web server (FastAPI on uvicorn) with its event store: SQLite (the default, one
process) or PostgreSQL (any number of processes playing the same tables)."""

from __future__ import annotations

import argparse
import gc
import math
import os
from typing import Any

from ..tables.config import TableConfig
from ..tables.ports import StoreError

DEFAULT_DB = "sqlite:///data/dominohall.db"
BOT_DELAY_ENV = "DOMINOHALL_BOT_DELAY"
"""The environment variable that sets the bots' delay when ``--bot-delay`` is not given."""
TABLES = TableConfig()
"""How tables behave unless an option says otherwise (the defaults are ``TableConfig``'s, never copied)."""


def add_parser(commands: Any) -> None:
    """Register ``serve``."""
    parser = commands.add_parser("serve", help="serve the web site and its tables")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    parser.add_argument(
        "--db",
        default=DEFAULT_DB,
        help=f"event store URL: sqlite:///path or postgresql://user@host:port/database (default {DEFAULT_DB})",
    )
    parser.add_argument(
        "--bot-delay",
        type=float,
        help=f"seconds a bot waits before moving (default ${BOT_DELAY_ENV} or {TABLES.bot_delay:g})",
    )
    parser.add_argument(
        "--grace",
        type=float,
        default=TABLES.grace,
        help=f"seconds a player may be gone before a bot stands in ({TABLES.grace:g})",
    )
    parser.add_argument(
        "--between-rounds",
        type=float,
        default=TABLES.between_rounds,
        help="seconds a finished round waits for the next deal unless everyone presses Continue first "
        f"({TABLES.between_rounds:g})",
    )
    parser.add_argument(
        "--keep-whole",
        type=days,
        default=TABLES.keep_whole,
        metavar="DAYS",
        help="days a table whose match is over is kept whole after its last event; then only its match records "
        f"(default {TABLES.keep_whole:g}; 'forever' to keep every table whole)",
    )
    parser.add_argument(
        "--keep-records",
        type=days,
        default=TABLES.keep_records,
        metavar="DAYS",
        help="days after its last event after which nothing of such a table is kept, records included "
        f"(default {TABLES.keep_records:g}; 'forever'). Retention runs hourly, in one process of a cluster",
    )
    parser.add_argument("--origin", action="append", default=[], help="an allowed WebSocket Origin (repeatable)")
    parser.add_argument("--message-rate", type=float, default=20.0, help="messages per second per connection (20)")
    parser.add_argument("--message-burst", type=int, default=60, help="messages at once per connection (60)")
    parser.add_argument(
        "--connections-per-address", type=int, default=32, help="open WebSockets per client address (32)"
    )
    parser.add_argument("--tables-per-minute", type=int, default=20, help="tables created a minute per address (20)")
    parser.add_argument(
        "--requests-per-address", type=int, default=64, help="open HTTP connections per client address (64)"
    )
    parser.add_argument(
        "--request-timeout",
        type=float,
        default=10.0,
        help="seconds an HTTP request's headers, then its body, may take to arrive (10)",
    )
    parser.add_argument(
        "--send-buffer", type=int, default=512, help="KiB a WebSocket may hold unsent before it is dropped (512)"
    )
    parser.add_argument(
        "--forwarded-allow-ips",
        default="127.0.0.1,::1",
        help="proxies whose X-Forwarded-For and X-Forwarded-Proto are believed: comma-separated addresses "
        "or networks, * for any (default 127.0.0.1,::1)",
    )
    parser.add_argument(
        "--ws-compression",
        action="store_true",
        help="accept permessage-deflate on WebSockets (off by default: ~110 KiB per connection, ~30%% more CPU)",
    )
    parser.add_argument(
        "--metrics-allow",
        action="append",
        metavar="CIDR",
        help="an address or network that may read /metrics (repeatable; default: loopback, 127.0.0.0/8 and ::1; "
        "once given, only those given: add 127.0.0.1 to keep loopback). Behind a proxy the proxy's address and "
        "every X-Forwarded-For address must be allowed",
    )
    parser.add_argument("--secure-cookies", action="store_true", help="mark seat cookies Secure (behind HTTPS)")
    parser.set_defaults(run=run)


ADMIN_TOKEN_ENV = "DOMINOHALL_ADMIN_TOKEN"
"""The operator's token for the console (``/admin``); unset or empty, the console is off."""


def days(text: str) -> float:
    """A number of days (at least 0), or ``forever``.

    >>> days("30"), days("0.5"), days("forever")
    (30.0, 0.5, inf)
    """
    if text == "forever":
        return math.inf
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of days: {text!r}") from None
    if not 0 <= value < math.inf:
        raise argparse.ArgumentTypeError(f"not a number of days: {text!r}")
    return value


def bot_delay(args: argparse.Namespace) -> float:
    """The bots' delay: the option, else the environment, else ``TableConfig``'s (0.8 s)."""
    if args.bot_delay is not None:
        return float(args.bot_delay)
    return float(os.environ.get(BOT_DELAY_ENV, TABLES.bot_delay))


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted."""
    import uvicorn

    from ..server.app import create_app
    from ..server.guards import BoundedWebSocket, guarded_http
    from ..server.logs import configure
    from ..server.metrics import behind_proxies, networks
    from ..server.settings import LOOPBACK, ServerSettings
    from ..store.backends import backend_for

    try:
        backend = backend_for(args.db)
    except StoreError as error:
        raise SystemExit(f"dominohall: {error}") from None
    metrics_allow = tuple(args.metrics_allow or LOOPBACK)
    try:
        networks(metrics_allow)
    except ValueError as error:
        raise SystemExit(f"dominohall: --metrics-allow: {error}") from None
    settings = ServerSettings(
        tables=TableConfig(
            bot_delay=bot_delay(args),
            grace=args.grace,
            between_rounds=args.between_rounds,
            keep_whole=args.keep_whole,
            keep_records=max(args.keep_records, args.keep_whole),  # records are never kept shorter than whole
        ),
        allowed_origins=tuple(args.origin),
        secure_cookies=args.secure_cookies,
        message_rate=args.message_rate,
        message_burst=args.message_burst,
        max_connections_per_address=args.connections_per_address,
        tables_per_minute=args.tables_per_minute,
        send_buffer=args.send_buffer * 1024,
        request_timeout=args.request_timeout,
        admin_token=os.environ.get(ADMIN_TOKEN_ENV) or None,
        metrics_allow=metrics_allow,
    )
    configure()
    app = create_app(backend.store, settings, backend.coordinator)
    # The proxy headers' middleware is applied by behind_proxies rather than by uvicorn, below a middleware that
    # keeps the connection's own address for /metrics (every address a request names must be allowed there).
    config = uvicorn.Config(
        behind_proxies(app, args.forwarded_allow_ips),
        host=args.host,
        port=args.port,
        ws_max_size=settings.max_frame,
        log_config=None,
        # uvicorn's h11 protocol with a deadline for a request's headers and a cap per address (guards.py).
        http=guarded_http(args.request_timeout, args.requests_per_address, args.forwarded_allow_ips),
        # The sans-I/O implementation runs no keepalive or transfer task per connection: at 1,000 tables it
        # took 7 KiB less per table and the ack p99 fell from 49-61 to 42-43 ms (bench/server_load.py).
        # BoundedWebSocket is it, telling the app what each connection holds unsent (a slow reader's bound).
        ws=BoundedWebSocket,
        ws_per_message_deflate=args.ws_compression,
        # Client addresses (per-address limits) come from X-Forwarded-For only from these proxies (above).
        proxy_headers=False,
        forwarded_allow_ips=args.forwarded_allow_ips,
    )
    # The cyclic collector's full passes walk every table's objects: at 1,000 tables one took 150-400 ms,
    # all tables waiting. What startup allocated lives as long as the process (frozen out of those passes),
    # and a full pass comes after 200 middle-generation passes instead of 10 (the young ones are as before).
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, 200)
    uvicorn.Server(config).run()
    return 0
