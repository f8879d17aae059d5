"""``bench/soak.py`` for a few seconds: one JSON line with its figures, nothing lost, nothing wrong."""

from __future__ import annotations

from ..benches import bench_figures

KEYS = {"lost_moves", "errors", "rss_growth_pct", "unanswered", "ledger_faults", "matches", "moves_acked"}


def test_the_soak_bench_plays_and_loses_nothing() -> None:
    figures = bench_figures(
        "soak.py", "--minutes", "0.25", "--tables", "3", "--warmup", "3", "--bot-delay", "0.02", timeout=120
    )
    assert figures.keys() >= KEYS
    assert (figures["lost_moves"], figures["errors"], figures["unanswered"]) == (0, 0, 0), figures
    assert figures["moves_acked"] > 0 and figures["tables_made"] >= 3, figures
