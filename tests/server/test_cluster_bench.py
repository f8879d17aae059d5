"""``bench/cluster_load.py`` at a tiny size: two processes on a private PostgreSQL, one killed; one JSON line
with the figures, every acked move stored, the killed process's tables taken up, the lobby read once a
second."""

from __future__ import annotations

from ..benches import bench_figures

KEYS = {
    "moves_per_s",
    "ack_p99_ms",
    "tables_per_process_min",
    "tables_per_process_max",
    "tables_per_process_spread",
    "takeover_s",
    "lost_moves",
    "errors",
}


def test_the_cluster_bench_prints_its_figures_and_loses_nothing() -> None:
    options = ["--processes", "2", "--tables", "8", "--seconds", "9", "--rate", "2"]
    figures = bench_figures("cluster_load.py", *options, "--kill-after", "3", "--reconnect-after", "3", timeout=180)
    assert figures.keys() >= KEYS
    assert figures["tables"] == 8 and sum(figures["tables_per_process"]) == 8
    assert figures["errors"] == 0 and figures["lost_moves"] == 0, figures
    assert figures["moves_per_s"] > 0 and figures["ack_p50_ms"] is not None
    assert figures["owned_again_s"] is not None and figures["owned_again_s"] < 3, figures
    # The lobby's visitors (20 a second) were answered from each process's one read a second of the others'
    # listings: a read per request would make this ratio 1.
    assert figures["lobby_requests"] > 100 and figures["lobby_p99_ms"] is not None
    assert figures["listings_reads"] > 0 and figures["listings_reads_per_lobby_request"] < 0.3, figures
