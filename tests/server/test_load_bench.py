"""``bench/server_load.py`` at a tiny size: one JSON line with the figures, no errors."""

from __future__ import annotations

from ..benches import bench_figures

KEYS = {
    "tables",
    "moves_per_s",
    "ack_p50_ms",
    "ack_p99_ms",
    "ack_p999_ms",
    "idle_kib_per_table",
    "errors",
    "gc_full_passes",
}


def test_the_load_bench_prints_its_figures_without_errors() -> None:
    figures = bench_figures("server_load.py", "--tables", "3", "--seconds", "2", "--rate", "4", timeout=60)
    assert figures.keys() >= KEYS
    assert figures["tables"] == 3
    assert figures["errors"] == 0, figures
    assert figures["moves_per_s"] > 0
    assert figures["ack_p50_ms"] is not None
    assert figures["loop_lags_over_50ms"] is not None  # read from the server's /metrics
    # every lag of the window under a bucket's bound: the window's longest, not the set-up's
    assert figures["loop_lag_window_max_ms"] in {1.0, 2.5, 5.0, 10.0, 25.0, 50.0, 100.0, 250.0, 500.0}, figures
