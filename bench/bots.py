"""Bot strength and speed: fixed-seed Chicken Foot tournaments. Prints one JSON line of figures.

- ``medium_vs_easy``: medium's mean penalty per round over easy's (two seats each, every deal from every
  seat), 4 players, double-nine, full matches;
- ``hard_vs_medium``: the same for hard (200 ms a decision) against medium, and ``hard_vs_medium_apart``,
  true when the two 95% intervals do not overlap;
- ``hard_p99_ms``, ``medium_median_ms``: decision times over decisions with more than one legal move;
- ``rounds``: rounds per bot pairing.
"""

from __future__ import annotations

import argparse
import json

from dominohall.bots.tournament import Standing, merged, run_tournament
from dominohall.engine.options import ChickenFootOptions


def pairing(stronger: str, weaker: str, rounds: int, seed: int, jobs: int) -> dict[str, Standing]:
    """A 4-seat tournament, the two bots alternating around the table; standings by bot name."""
    options = ChickenFootOptions.for_table(4)
    results = run_tournament(options, [stronger, weaker, stronger, weaker], rounds, seed=seed, jobs=jobs)
    return {standing.name: standing for standing in merged(results)}


def apart(a: Standing, b: Standing) -> bool:
    """True when the 95% intervals of the two means do not overlap."""
    (a_low, a_high), (b_low, b_high) = a.interval(), b.interval()
    return a_high < b_low or b_high < a_low


def main() -> None:
    """Measure and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=400, help="rounds per pairing (default 400)")
    parser.add_argument("--seed", type=int, default=2026, help="tournament seed")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    args = parser.parse_args()
    easy = pairing("medium", "easy", args.rounds, args.seed, args.jobs)
    hard = pairing("hard", "medium", args.rounds, args.seed, args.jobs)
    figures = {
        "medium_vs_easy": round(easy["medium"].mean() / easy["easy"].mean(), 3),
        "hard_vs_medium": round(hard["hard"].mean() / hard["medium"].mean(), 3),
        "hard_vs_medium_apart": apart(hard["hard"], hard["medium"]),
        "hard_p99_ms": round(hard["hard"].decision_ms(0.99), 1),
        "medium_median_ms": round(hard["medium"].decision_ms(0.5), 3),
        "rounds": len(hard["hard"].scores) // 2,
    }
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
