"""``/metrics``: the process's figures for Prometheus (``dominohall_*``), to the allowed addresses only.

The tables count and time what they do in ``tables/metrics.py`` (plain ints and lists, nothing on the hot
path but an addition); ``MetricsCollector`` reads those, and the hall's tables as they are at the scrape,
into ``prometheus_client``'s families. ``ProcessWatch`` measures the process itself: the event loop's lag
(a task that sleeps ``LAG_INTERVAL`` and notes how late it woke) and the cyclic collector's passes
(``gc.callbacks``: each pass's pause, by generation).

Who may read it: the addresses of ``--metrics-allow`` (loopback by default). Every address the request
names must be allowed: the connection's own (a proxy's, behind one) and each of its ``X-Forwarded-For``,
so a visitor from outside reaching the site through a proxy on this machine is refused, and a scraper
is allowed through a proxy only when both the proxy and the scraper are allowed.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import ipaddress
import time
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, cast

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, HistogramMetricFamily, Metric
from prometheus_client.registry import Collector, CollectorRegistry
from starlette.types import ASGIApp, Receive, Scope, Send
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from .. import __version__
from ..tables import metrics
from ..tables.hall import Hall
from ..tables.state import OVER, PLAYING, WAITING
from .errors import error_body

router = APIRouter()

PEER = "dominohall.peer"
"""The ASGI scope extension holding the connection's own address (before a proxy's headers rewrite
``client``)."""
LAG_INTERVAL = 0.05
"""Seconds the loop-lag task sleeps between two measures: a stall of ``d`` seconds shows as a lag of at
least ``d - LAG_INTERVAL``."""

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


class PeerAddress:
    """ASGI middleware, outermost: keeps the connection's own address in the scope (``PEER``) before the
    proxy headers' middleware below it puts the forwarded client's in ``client``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Note the peer, then pass the request on."""
        if scope["type"] in ("http", "websocket") and scope.get("client"):
            scope.setdefault("extensions", {})[PEER] = scope["client"][0]
        await self.app(scope, receive, send)


def behind_proxies(app: ASGIApp, trusted: str) -> ASGIApp:
    """``app`` as uvicorn should run it: client addresses from the ``X-Forwarded-For`` of the ``trusted``
    proxies (uvicorn's middleware, applied here instead of by uvicorn), below ``PeerAddress``."""
    return PeerAddress(cast(ASGIApp, ProxyHeadersMiddleware(cast(Any, app), trusted_hosts=trusted)))


def networks(allowed: Iterable[str]) -> tuple[Network, ...]:
    """The networks of ``--metrics-allow`` (``ValueError`` for one that is not an address or a network).

    >>> [str(n) for n in networks(["10.0.0.0/8", "::1"])]
    ['10.0.0.0/8', '::1/128']
    """
    return tuple(ipaddress.ip_network(name.strip(), strict=False) for name in allowed)


def is_allowed(address: str, allowed: Sequence[Network]) -> bool:
    """True when ``address`` (an IPv4 one written as IPv6 too) lies in one of ``allowed``.

    >>> nets = networks(["127.0.0.0/8", "::1"])
    >>> is_allowed("127.0.0.1", nets), is_allowed("::ffff:127.0.0.1", nets), is_allowed("10.0.0.1", nets)
    (True, True, False)
    >>> is_allowed("not an address", nets)
    False
    """
    try:
        ip = ipaddress.ip_address(address.strip())
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return any(ip.version == net.version and ip in net for net in allowed)


def named_addresses(scope: Scope) -> list[str]:
    """Every address a request names: the connection's own (a proxy's, behind one), then each of every
    ``X-Forwarded-For`` header."""
    peer = (scope.get("extensions") or {}).get(PEER) or (scope.get("client") or ("",))[0]
    named = [str(peer)]
    for name, value in scope.get("headers", ()):
        if name == b"x-forwarded-for":
            named += [part.strip() for part in value.decode("latin-1").split(",")]
    return named


class MetricsCollector(Collector):
    """The process's figures at the moment of a scrape, as Prometheus families."""

    def __init__(self, hall: Hall, watch: ProcessWatch) -> None:
        self.hall = hall
        self.watch = watch

    def collect(self) -> Iterator[Metric]:
        """Every ``dominohall_*`` family."""
        yield from self._tables()
        yield from self._commands()
        yield from self._bots()
        yield from self._process()

    def _tables(self) -> Iterator[Metric]:
        hall = self.hall
        actors = list(hall.actors.values())
        loaded = GaugeMetricFamily(
            "dominohall_tables_loaded", "Tables live in this process, by phase", labels=["phase"]
        )
        for phase in (WAITING, PLAYING, OVER):
            loaded.add_metric([phase], sum(actor.state.phase == phase for actor in actors))
        yield loaded
        yield GaugeMetricFamily(
            "dominohall_tables_owned",
            "Tables this process owns (runs the bots and timers of): its share of a cluster",
            value=sum(actor.owner for actor in actors),
        )
        yield GaugeMetricFamily(
            "dominohall_tables_attended",
            "Live tables with a connection to this process",
            value=sum(bool(actor.subscribers) for actor in actors),
        )
        yield GaugeMetricFamily(
            "dominohall_processes", "Processes sharing the store, as this one last saw", value=hall.coordinator.live()
        )
        connections = metrics.CONNECTIONS
        yield GaugeMetricFamily("dominohall_connections", "Table WebSockets open now", value=connections.open)
        yield CounterMetricFamily(
            "dominohall_connections_opened", "Table WebSockets opened since start", value=connections.opened
        )
        yield CounterMetricFamily(
            "dominohall_connections_dropped_slow",
            "Table WebSockets dropped for not reading their frames (closed with 1013)",
            value=connections.dropped_slow,
        )

    def _commands(self) -> Iterator[Metric]:
        commands = CounterMetricFamily("dominohall_commands", "Commands committed, by kind", labels=["kind"])
        for kind, count in sorted(metrics.COMMANDS.items()):
            commands.add_metric([kind], count)
        yield commands
        moves = CounterMetricFamily(
            "dominohall_moves", "Moves committed (plays, draws, passes), by kind and maker", labels=["kind", "by"]
        )
        for (kind, by), count in sorted(metrics.MOVES.items()):
            moves.add_metric([kind, by], count)
        yield moves
        refused = CounterMetricFamily("dominohall_commands_refused", "Commands refused, by error code", labels=["code"])
        for code, count in sorted(metrics.REFUSED.items()):
            refused.add_metric([code], count)
        yield refused
        yield histogram(
            "dominohall_ack_seconds", "A person's command from its table's queue to its answer", metrics.ACKS
        )
        yield histogram(
            "dominohall_store_commit_seconds", "A table's append to the store, to its commit", metrics.COMMITS
        )

    def _bots(self) -> Iterator[Metric]:
        bots = self.hall.bots
        yield GaugeMetricFamily(
            "dominohall_bot_pool_queue",
            "Searching bots' decisions in the worker pool (waiting or running)",
            bots.pooled,
        )
        yield GaugeMetricFamily("dominohall_bot_pool_workers", "Worker processes of the bots' pool", bots.workers)
        yield GaugeMetricFamily("dominohall_hints_running", "Hints being worked out", bots.hints)
        stepped = CounterMetricFamily(
            "dominohall_bot_stepped_down",
            "Decisions made at a lower level, the pool being busy",
            labels=["level", "played"],
        )
        for (level, played), count in sorted(bots.stepped_down.items()):
            stepped.add_metric([level, played], count)
        yield stepped
        yield histograms(
            "dominohall_bot_decision_seconds",
            "A bot's decision (a pooled one's wait included)",
            "level",
            metrics.DECISIONS,
        )

    def _process(self) -> Iterator[Metric]:
        yield histogram("dominohall_loop_lag_seconds", "How late the event loop woke a timer", metrics.LAG)
        yield GaugeMetricFamily(
            "dominohall_loop_lag_longest_seconds", "The longest loop lag since start", value=self.watch.longest_lag
        )
        yield histograms(
            "dominohall_gc_pause_seconds",
            "The cyclic collector's passes and their pauses",
            "generation",
            metrics.PAUSES,
        )
        info = GaugeMetricFamily("dominohall_info", "The version serving", labels=["version"])
        info.add_metric([__version__], 1)
        yield info


def histogram(name: str, documentation: str, spread: metrics.Spread, labels: Sequence[str] = ()) -> Metric:
    """A Prometheus histogram of one ``Spread``."""
    family = HistogramMetricFamily(name, documentation, labels=list(labels) if labels else None)
    _add(family, [], spread)
    return family


def histograms(name: str, documentation: str, label: str, spreads: metrics.Spreads) -> Metric:
    """A Prometheus histogram with one series per label value of ``spreads``."""
    family = HistogramMetricFamily(name, documentation, labels=[label])
    for value, spread in sorted(spreads.by.items()):
        _add(family, [value], spread)
    return family


def _add(family: HistogramMetricFamily, labels: list[str], spread: metrics.Spread) -> None:
    bounds = [f"{bound:g}" for bound in spread.bounds] + ["+Inf"]
    buckets: list[Any] = list(zip(bounds, spread.cumulative(), strict=True))
    family.add_metric(labels, buckets, spread.total)


class ProcessWatch:
    """The event loop's lag and the collector's pauses, measured while the server runs."""

    def __init__(self, interval: float = LAG_INTERVAL) -> None:
        self.interval = interval
        self.longest_lag = 0.0
        self._task: asyncio.Task[None] | None = None
        self._began: dict[int, float] = {}

    def start(self) -> None:
        """Start the lag task and listen to the collector."""
        self._task = asyncio.create_task(self._measure_lag(), name="loop-lag")
        gc.callbacks.append(self._on_gc)

    async def stop(self) -> None:
        """Stop both."""
        with contextlib.suppress(ValueError):
            gc.callbacks.remove(self._on_gc)
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _measure_lag(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            due = loop.time() + self.interval
            await asyncio.sleep(self.interval)
            lag = max(0.0, loop.time() - due)
            metrics.LAG.observe(lag)
            self.longest_lag = max(self.longest_lag, lag)

    def _on_gc(self, phase: str, info: dict[str, int]) -> None:
        """The collector's callback: note when a pass starts, count it and its pause when it stops."""
        if phase == "start":
            self._began[info["generation"]] = time.perf_counter()
        else:
            began = self._began.pop(info["generation"], None)
            if began is not None:
                metrics.PAUSES.observe(str(info["generation"]), time.perf_counter() - began)


def exposition(hall: Hall, watch: ProcessWatch) -> bytes:
    """The text Prometheus reads."""
    registry = CollectorRegistry(auto_describe=False)
    registry.register(MetricsCollector(hall, watch))
    return bytes(generate_latest(registry))


@router.get("/metrics", include_in_schema=False)
async def scrape(request: Request) -> Response:
    """The process's figures, to an allowed address; 403 ``forbidden`` to any other."""
    allowed: tuple[Network, ...] = request.app.state.metrics_allow
    if not all(is_allowed(address, allowed) for address in named_addresses(request.scope)):
        return JSONResponse(error_body("forbidden", "the metrics are not shown to your address"), status_code=403)
    watch: ProcessWatch = request.app.state.watch
    return Response(exposition(request.app.state.hall, watch), media_type=CONTENT_TYPE_LATEST)
