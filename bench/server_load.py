"""Server load: N concurrent Chicken Foot tables on one real server process. Prints one JSON line of figures.

Starts ``python -m dominohall serve`` on a free loopback port with a SQLite file in a temporary folder and
bots moving at once (``--bot-delay``, 0 by default), creates N four-seat tables over HTTP (one scripted
person, the host, and three bots at the default level or ``--bots``), connects one WebSocket client per
table, starts every match, and lets each client make a legal move from its own latest view at a fixed rate
(``--rate`` moves a second at most, each client starting at a random point of its period) whenever it
is its turn, for ``--seconds``. A finished match is followed by a rematch.

- ``moves_per_s``: every move applied at the measured tables (the person's and the bots'), counted from the
  ``move`` frames the clients receive (each table has exactly one client, which sees every move);
- ``ack_p50_ms``, ``ack_p99_ms``, ``ack_p999_ms``: from sending a move to receiving its ``ack``;
- ``server_cpu_ms_per_move``: the server process's CPU time (user and system, all its threads) while
  measuring, per move; steadier than the latencies on a shared machine, so it is the figure to compare
  changes by; ``server_cpu_share``: that CPU time over the wall time (1.0: one core busy all along);
- ``idle_kib_per_table``: growth of the server's resident memory (``VmRSS``) per table, between before the
  first table and when every table is started, connected, and waiting for its person to move;
- ``errors``: error frames, failed connections and commands that got no answer;
- ``loop_lags_over_50ms``, ``gc_full_passes``, ``gc_pauses_over_50ms``: from the server's own ``/metrics``
  (a tree without them: ``null``), over the measured window: the event loop's wake-ups more than 50 ms
  late, the collector's full (generation 2) passes, and its passes of any generation that took over 50 ms;
  ``loop_lag_window_max_ms``: the smallest bucket bound of the lag histogram that holds every lag of the
  window (the window's longest lag is at most that); ``loop_lag_longest_ms``: the longest lag since the
  server started, set-up included (making and starting every table at once is a burst the play is not).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import signal
import subprocess
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from prometheus_client.parser import text_string_to_metric_families
from websockets.asyncio.client import ClientConnection, connect

from serving import free_port, start_server


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) process ``pid`` has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kib(pid: int) -> int:
    """The resident memory of process ``pid`` in KiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def server_metrics(port: int) -> dict[tuple[str, str], float] | None:
    """The server's ``/metrics`` samples that the figures use, by name and label (``le`` or ``generation``
    and ``le``); ``None`` when the server has no ``/metrics``."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=30) as response:
            text = response.read().decode()
    except OSError:
        return None
    found: dict[tuple[str, str], float] = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            label = "/".join(sample.labels.get(name, "") for name in ("generation", "le"))
            found[sample.name, label] = found.get((sample.name, label), 0.0) + sample.value
    return found


def window_figures(
    before: dict[tuple[str, str], float] | None, after: dict[tuple[str, str], float] | None
) -> dict[str, Any]:
    """The loop's and the collector's figures of the measured window, from two scrapes of ``/metrics``."""
    if before is None or after is None:
        return {
            "loop_lags_over_50ms": None,
            "loop_lag_window_max_ms": None,
            "loop_lag_longest_ms": None,
            "gc_full_passes": None,
            "gc_pauses_over_50ms": None,
        }

    def grew(name: str, label: str) -> int:
        return round(after.get((name, label), 0.0) - before.get((name, label), 0.0))

    lags = grew("dominohall_loop_lag_seconds_count", "/") - grew("dominohall_loop_lag_seconds_bucket", "/0.05")
    lag_bucket = "dominohall_loop_lag_seconds_bucket"
    buckets = sorted((float(label[1:]), label) for name, label in after if name == lag_bucket)
    every = grew("dominohall_loop_lag_seconds_count", "/")
    within = next((bound for bound, label in buckets if grew(lag_bucket, label) == every), None)
    generations = ("0", "1", "2")
    pauses = sum(
        grew("dominohall_gc_pause_seconds_count", f"{g}/") - grew("dominohall_gc_pause_seconds_bucket", f"{g}/0.05")
        for g in generations
    )
    return {
        "loop_lags_over_50ms": lags,
        "loop_lag_window_max_ms": None if within is None or within == float("inf") else round(1000 * within, 1),
        "loop_lag_longest_ms": round(1000 * after.get(("dominohall_loop_lag_longest_seconds", "/"), 0.0), 1),
        "gc_full_passes": grew("dominohall_gc_pause_seconds_count", "2/"),
        "gc_pauses_over_50ms": pauses,
    }


def create_table(port: int, bots: str) -> tuple[str, str]:
    """Create a table hosted by a person in seat 0 with three bots: (table id, the host's cookie)."""
    body = {"game": "chickenfoot", "settings": {"players": 4}, "bots": [None, bots, bots, bots], "name": "Ann"}
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/tables",
        data=json.dumps(body).encode(),
        method="POST",
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        answer = json.loads(response.read())
        return answer["id"], response.headers["set-cookie"].split(";")[0]


def move_message(move: dict[str, Any]) -> dict[str, Any]:
    """The command for a move as a view lists it."""
    if move["kind"] == "play":
        return {"t": "play", "tile": move["tile"], "on": move["on"]}
    return {"t": move["kind"]}


@dataclass
class Figures:
    """What every client adds to."""

    acks_ms: list[float] = field(default_factory=list)
    moves: int = 0
    errors: int = 0
    measuring: bool = False
    details: list[str] = field(default_factory=list)

    def error(self, text: str) -> None:
        """Count an error, keeping the first few for the report."""
        self.errors += 1
        if len(self.details) < 5:
            self.details.append(text)


@dataclass(kw_only=True)
class Scripted:
    """What the load benches' scripted people share: the view kept from the frames, whose turn it is, and a
    loop that makes the first legal move at each turn, at most ``rate`` a second."""

    rate: float
    view: dict[str, Any] | None = None
    over: bool = False
    seen: int = 0
    """The highest ``seq`` of the events received."""
    awaited: int = 0
    """The ``seq`` of the person's last acked move: the view is stale until its event has arrived."""
    sent: int = 0
    pending: dict[str, Any] = field(default_factory=dict)
    """Per command id sent and not answered yet, what the person keeps of it."""
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    def note(self, frame: dict[str, Any]) -> None:
        """Keep what a frame says of the table (an ack's or error's own bookkeeping is the caller's)."""
        kind = frame["t"]
        if kind == "ack":
            self.awaited = max(self.awaited, frame["seq"])
        elif kind != "error" and "seq" in frame:
            self.seen = max(self.seen, frame["seq"])
        if isinstance(frame.get("view"), dict):  # a move frame's view is a patch (docs/protocol.md)
            self.view = (self.view or {}) | frame["view"] if kind == "move" else frame["view"]
        if frame.get("match"):
            self.over = True
        if kind == "rematch":
            self.over = False
        self.changed.set()

    def my_view(self) -> dict[str, Any] | None:
        """The latest view when it is this person's turn and nothing is awaiting an answer."""
        view = self.view
        if self.pending or self.seen < self.awaited or view is None or view["end"] is not None:
            return None
        return view if view["turn"] == view["seat"] and view["legal_moves"] else None

    def next_id(self) -> str:
        """A fresh command id."""
        self.sent += 1
        return f"b{self.sent}"

    async def command(self, message: dict[str, Any]) -> None:
        """Send a command with a fresh id."""
        raise NotImplementedError

    async def ready(self, stop: float) -> bool:
        """True when the person can play now (else it has waited a little, at most until ``stop``)."""
        return True

    async def play(self, stop: float) -> None:
        """Until ``stop``: at each turn, wait for the next tick of the fixed rate and make the first legal move."""
        next_tick = time.perf_counter() + random.uniform(0, 1 / self.rate)  # the tables' clocks are not in step
        while time.perf_counter() < stop:
            self.changed.clear()
            if not await self.ready(stop):
                continue
            if self.over and not self.pending:
                await self.command({"t": "rematch"})
                continue
            view = self.my_view()
            if view is None:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.changed.wait(), max(0.01, stop - time.perf_counter()))
                continue
            now = time.perf_counter()
            if now < next_tick:
                await asyncio.sleep(min(next_tick, stop) - now)
                continue
            next_tick = max(now, next_tick) + 1 / self.rate
            await self.command(move_message(view["legal_moves"][0]))


@dataclass(kw_only=True)
class Player(Scripted):
    """The scripted person of one table on one server: acks timed, errors counted."""

    socket: ClientConnection
    figures: Figures

    async def read(self) -> None:
        """Take every frame: views, acks (timed), errors (counted), moves (counted)."""
        async for text in self.socket:
            frame = json.loads(text)
            kind = frame["t"]
            if kind in {"ack", "error"}:
                sent = self.pending.pop(frame.get("id"), None)
                if kind == "error":
                    self.figures.error(f"{frame.get('code')}: {frame.get('message')}")
                elif sent is not None and self.figures.measuring:
                    self.figures.acks_ms.append((time.perf_counter() - sent) * 1000)
            if kind == "move" and self.figures.measuring:
                self.figures.moves += 1
            self.note(frame)

    async def command(self, message: dict[str, Any]) -> None:
        """Send a command with a fresh id, timing it until its answer."""
        command_id = self.next_id()
        self.pending[command_id] = time.perf_counter()
        await self.socket.send(json.dumps(message | {"id": command_id}))


def percentile(values: list[float], fraction: float) -> float | None:
    """The ``fraction`` quantile of ``values`` (nearest rank), in ms rounded to 0.1."""
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(fraction * len(ordered)))], 1)


async def run(args: argparse.Namespace, port: int, pid: int) -> dict[str, Any]:
    """Create and connect the tables, play for ``args.seconds``, and gather the figures."""
    figures = Figures()
    before = rss_kib(pid)
    creating = asyncio.Semaphore(8)

    async def one_table() -> tuple[str, str] | None:
        async with creating:
            try:
                return await asyncio.to_thread(create_table, port, args.bots)
            except Exception as error:
                figures.error(f"create: {error}")
                return None

    created = [t for t in await asyncio.gather(*(one_table() for _ in range(args.tables))) if t is not None]
    players: list[Player] = []
    readers: list[asyncio.Task[None]] = []

    async def join(table_id: str, cookie: str) -> None:
        try:
            socket = await connect(
                f"ws://127.0.0.1:{port}/t/{table_id}/ws", additional_headers={"Cookie": cookie}, open_timeout=60
            )
        except Exception as error:
            figures.error(f"connect: {error}")
            return
        player = Player(socket=socket, figures=figures, rate=args.rate)
        players.append(player)
        readers.append(asyncio.create_task(player.read()))
        await socket.send(json.dumps({"t": "hello", "v": 3, "last_seq": None}))
        await player.command({"t": "start"})

    connecting = asyncio.Semaphore(50)

    async def join_limited(table_id: str, cookie: str) -> None:
        async with connecting:
            await join(table_id, cookie)

    await asyncio.gather(*(join_limited(t, c) for t, c in created))
    # Idle: every table started and waiting for its person (bots have moved up to the person's turn).
    deadline = time.perf_counter() + 30 + args.tables / 20
    while time.perf_counter() < deadline and not all(p.my_view() is not None for p in players):
        await asyncio.sleep(0.1)
    await asyncio.sleep(0.5)
    idle = rss_kib(pid)

    # The clients' own collector pauses would count as server latency: none while measuring.
    gc.collect()
    gc.freeze()
    gc.disable()
    metrics_before = await asyncio.to_thread(server_metrics, port)
    figures.measuring = True
    if args.loopstats:
        os.kill(pid, signal.SIGUSR1)  # bench/loopstats: the measured window begins
    cpu_before = cpu_seconds(pid)
    began = time.perf_counter()
    stop = began + args.seconds
    await asyncio.gather(*(p.play(stop) for p in players))
    elapsed = time.perf_counter() - began
    cpu_used = cpu_seconds(pid) - cpu_before
    if args.loopstats:
        os.kill(pid, signal.SIGUSR1)  # and ends: the server writes its loop's figures
    figures.measuring = False
    metrics_after = await asyncio.to_thread(server_metrics, port)  # the window's end (and a moment)
    gc.enable()
    settle = time.perf_counter() + 10
    while time.perf_counter() < settle and any(p.pending for p in players):
        await asyncio.sleep(0.05)
    unanswered = sum(len(p.pending) for p in players)
    if unanswered:
        figures.error(f"{unanswered} commands without an answer")
    for player in players:
        await player.socket.close()
    for reader in readers:
        reader.cancel()
    for reader in readers:
        with contextlib.suppress(asyncio.CancelledError, Exception):  # a closed socket ends its reader
            await reader
    figures.errors += args.tables - len(players) - (args.tables - len(created))
    return {
        "tables": len(players),
        "bots": args.bots,
        "seconds": round(elapsed, 1),
        "rate": args.rate,
        "moves_per_s": round(figures.moves / elapsed, 1),
        "acks": len(figures.acks_ms),
        "ack_p50_ms": percentile(figures.acks_ms, 0.5),
        "ack_p99_ms": percentile(figures.acks_ms, 0.99),
        "ack_p999_ms": percentile(figures.acks_ms, 0.999),
        "server_cpu_ms_per_move": round(1000 * cpu_used / max(1, figures.moves), 3),
        "server_cpu_share": round(cpu_used / elapsed, 2),
        "idle_kib_per_table": round((idle - before) / max(1, len(players)), 1),
        "server_rss_mib": round(rss_kib(pid) / 1024, 1),
        "errors": figures.errors,
        **window_figures(metrics_before, metrics_after),
        "error_examples": figures.details,
    }


def main() -> None:
    """Parse the options, run the load against a fresh server, print the figures as one JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100, help="concurrent tables (default 100)")
    parser.add_argument("--bots", choices=("easy", "medium", "hard"), default="medium", help="the bots' level")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long the clients play (default 20)")
    parser.add_argument("--rate", type=float, default=0.2, help="each person's moves a second at most (default 0.2)")
    parser.add_argument("--bot-delay", type=float, default=0.0, help="seconds a bot waits before moving (default 0)")
    parser.add_argument(
        "--loopstats",
        type=Path,
        help="write the server's event-loop and collector figures of the measured window to this JSON file "
        "(bench/loopstats: CPU time per loop iteration, per collector pass)",
    )
    args = parser.parse_args()
    if args.loopstats:
        args.loopstats = args.loopstats.resolve()
        hook = os.environ.get("DOMINOHALL_LOOPSTATS_HOOK") or str(Path(__file__).resolve().parent / "loopstats")
        os.environ["PYTHONPATH"] = os.pathsep.join([hook, *filter(None, [os.environ.get("PYTHONPATH")])])
        os.environ["DOMINOHALL_LOOPSTATS"] = str(args.loopstats)
        args.loopstats.unlink(missing_ok=True)
    with tempfile.TemporaryDirectory(prefix="dominohall-load-") as temp:
        port = free_port()
        room = str(args.tables + 16)  # every client comes from one address
        options = ["--connections-per-address", room, "--tables-per-minute", room, "--bot-delay", str(args.bot_delay)]
        server = start_server(Path(temp), port, options)
        try:
            figures = asyncio.run(run(args, port, server.pid))
            if args.loopstats:
                deadline = time.monotonic() + 10
                while not args.loopstats.exists() and time.monotonic() < deadline:
                    time.sleep(0.05)
                figures["loop"] = json.loads(args.loopstats.read_text())
        finally:
            server.terminate()
            try:
                server.wait(15)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
