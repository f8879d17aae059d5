"""``bench/ratings.py``: a medium bot rated as a person against the bots' fixed ratings, by the stores' own
rating code, settles within the medium bot's ladder interval (the players' ratings are on the ladder's scale)."""

from __future__ import annotations

from ..benches import bench_figures


def test_a_medium_bot_rated_as_a_person_settles_within_its_ladder_interval() -> None:
    figures = bench_figures("ratings.py", "--matches", "200", "--people", "4", "--seed", "1", timeout=300)
    assert figures["matches"] == 200 and figures["people"] == 4 and len(figures["ratings"]) == 4
    low, high = figures["interval"]
    assert low <= figures["settled"] <= high, figures
    assert figures["settled_inside"] and all(value > 1100 for value in figures["ratings"]), "each rose from 1100"
