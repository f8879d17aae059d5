"""Event-loop and collector statistics of a ``dominohall serve`` process, for profiling under load.

Put this folder on ``PYTHONPATH`` and name a file in ``DOMINOHALL_LOOPSTATS``; a ``serve`` process then
counts, in thread CPU time (not wall time, so that a busy machine's preemption does not count), every
iteration of its event loop (how long it ran, how many callbacks it ran) and every pass of the cyclic
collector. ``bench/server_load.py --loopstats FILE`` does this and sends the server SIGUSR1 when its
measured window begins and again when it ends; the second signal writes the window's summary to the file
as JSON. ``DOMINOHALL_GCTHRESH=a,b`` sets the collector's first two thresholds before anything else, and
``DOMINOHALL_SWITCH=seconds`` the interpreter's switch interval (experiments).
"""

from __future__ import annotations

import os
import sys

OUT = os.environ.get("DOMINOHALL_LOOPSTATS", "")
if OUT and "serve" in sys.argv:
    import asyncio.base_events
    import gc
    import json
    import signal
    import threading
    import time
    from typing import Any

    if os.environ.get("DOMINOHALL_GCTHRESH"):
        gc.set_threshold(*[int(x) for x in os.environ["DOMINOHALL_GCTHRESH"].split(",")])
    if os.environ.get("DOMINOHALL_SWITCH"):
        sys.setswitchinterval(float(os.environ["DOMINOHALL_SWITCH"]))
    MAIN = threading.main_thread()
    state: dict[str, Any] = {}

    def reset() -> None:
        """Forget everything counted so far."""
        state.update(
            passes={0: [], 1: [], 2: []},
            iterations=[],
            began=time.thread_time(),
            process=time.process_time(),
            wall=time.perf_counter(),
            gc_now=0.0,
            collected={0: 0, 1: 0, 2: 0},
            batches=[],
        )

    reset()
    started = [0.0]

    def on_gc(phase: str, info: dict[str, int]) -> None:
        """Time each pass of the collector in the thread that runs it."""
        if phase == "start":
            started[0] = time.thread_time()
            return
        spent = time.thread_time() - started[0]
        state["passes"][info["generation"]].append(spent)
        state["collected"][info["generation"]] += info["collected"]
        if threading.current_thread() is MAIN:
            state["gc_now"] += spent

    gc.callbacks.append(on_gc)
    run_once = asyncio.base_events.BaseEventLoop._run_once  # type: ignore[attr-defined]

    def timed_run_once(self: Any) -> None:
        """One iteration of the loop, timed: (thread CPU, callbacks ready, collector CPU within)."""
        ready = len(self._ready)
        state["gc_now"] = 0.0
        begin = time.thread_time()
        run_once(self)
        state["iterations"].append((time.thread_time() - begin, ready, state["gc_now"]))

    asyncio.base_events.BaseEventLoop._run_once = timed_run_once  # type: ignore[attr-defined]

    def quantile(values: list[float], fraction: float) -> float:
        return round(1000 * values[min(len(values) - 1, int(fraction * len(values)))], 3) if values else 0.0

    def summary() -> dict[str, Any]:
        """The window's figures (milliseconds of thread CPU)."""
        iterations = sorted(state["iterations"])
        spans = [cpu for cpu, _, _ in iterations]
        figures: dict[str, Any] = {
            "wall_s": round(time.perf_counter() - state["wall"], 2),
            "process_cpu_s": round(time.process_time() - state["process"], 2),
            "loop_cpu_s": round(time.thread_time() - state["began"], 2),
            "iterations": len(iterations),
            "iteration_ms": {f"p{q}": quantile(spans, q / 100) for q in (50, 90, 99, 99.9)},
            "iteration_max_ms": round(1000 * spans[-1], 2) if spans else 0.0,
            "iterations_over": {f"{ms}ms": sum(cpu > ms / 1000 for cpu in spans) for ms in (5, 10, 20, 50)},
            "longest": [(round(1000 * c, 1), n, round(1000 * g, 1)) for c, n, g in iterations[-6:]],
        }
        long = [(cpu, ready, collector) for cpu, ready, collector in iterations if cpu > 0.01]
        figures["over_10ms"] = {
            "cpu_ms": round(1000 * sum(cpu for cpu, _, _ in long), 1),
            "collector_ms": round(1000 * sum(collector for _, _, collector in long), 1),
            "callbacks_mean": round(sum(ready for _, ready, _ in long) / len(long), 1) if long else 0,
            "callbacks_all_mean": round(sum(ready for _, ready, _ in iterations) / len(iterations), 1)
            if iterations
            else 0,
        }
        for generation, values in state["passes"].items():
            ordered = sorted(values)
            figures[f"gc{generation}"] = {
                "passes": len(ordered),
                "cpu_ms": round(1000 * sum(ordered), 1),
                "max_ms": round(1000 * ordered[-1], 2) if ordered else 0.0,
                "collected": state["collected"][generation],
            }
        batches = state["batches"]
        walls = sorted(wall for wall, _, _ in batches)
        figures["writer"] = {
            "batches": len(batches),
            "appends_mean": round(sum(n for _, _, n in batches) / len(batches), 1) if batches else 0,
            "wall_ms": {f"p{q}": quantile(walls, q / 100) for q in (50, 90, 99)},
            "wall_max_ms": round(1000 * walls[-1], 1) if walls else 0.0,
            "cpu_ms_mean": round(1000 * sum(cpu for _, cpu, _ in batches) / len(batches), 3) if batches else 0,
        }
        figures["threshold"] = gc.get_threshold()
        figures["objects"] = [len(gc.get_objects(generation)) for generation in range(3)] + [gc.get_freeze_count()]
        return figures

    from dominohall.store import sqlite as sqlite_store

    append_batch = sqlite_store.SqliteStore._append_batch

    def timed_append_batch(self: Any, *args: Any) -> Any:
        """The SQLite writer's batch, timed in wall and thread CPU time (GIL waits and the disk's sync show
        as wall time without CPU)."""
        wall, cpu = time.perf_counter(), time.thread_time()
        outcome = append_batch(self, *args)
        state["batches"].append((time.perf_counter() - wall, time.thread_time() - cpu, len(outcome)))
        return outcome

    sqlite_store.SqliteStore._append_batch = timed_append_batch  # type: ignore[method-assign,assignment]
    marks = [0]

    def on_mark(signum: int, frame: Any) -> None:
        """First mark: start counting; second: write the summary."""
        marks[0] += 1
        if marks[0] == 1:
            reset()
        else:
            with open(OUT, "w") as file:
                json.dump(summary(), file)

    signal.signal(signal.SIGUSR1, on_mark)
