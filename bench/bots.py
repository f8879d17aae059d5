"""Bot strength and speed: fixed-seed Chicken Foot tournaments. Prints one JSON line of figures.

``--clock cpu`` makes the searching bots count their time (and the decision times) in CPU time: on a busy
machine that gives each decision what a quiet machine would.

- ``medium_vs_easy``: medium's mean penalty per round over easy's (two seats each, every deal from every
  seat), 4 players, double-nine, full matches;
- ``hard_vs_medium``: the same for hard (200 ms a decision) against medium, and ``hard_vs_medium_apart``,
  true when the two 95% intervals do not overlap;
- ``expert_vs_hard``: the same for expert (1 s a decision) against hard, and ``expert_vs_hard_apart``;
- ``hard_p99_ms``, ``expert_p99_ms``, ``medium_median_ms``: decision times over decisions with more than one
  legal move;
- ``rounds``: rounds per Chicken Foot pairing;
- ``allfives_order_ok``: true when, in two-player All Fives (target 150), medium scores more points per
  hand than easy and hard more than medium, each time with the 95% intervals apart; with the ratios
  ``allfives_medium_vs_easy``, ``allfives_hard_vs_medium`` and ``allfives_hands`` per pairing.
"""

from __future__ import annotations

import argparse
import json

from dominohall.bots.tournament import Standing, merged, run_tournament
from dominohall.engine.match import GameOptions
from dominohall.engine.options import ChickenFootOptions
from dominohall.engine.standard_options import StandardOptions


def pairing(
    options: GameOptions, bots: tuple[str, str], rounds: int, *, seed: int, jobs: int, clock: str = "wall"
) -> dict[str, Standing]:
    """The two bots alternating around the table, every deal from every seat; standings by bot name."""
    entrants = list(bots) * (options.players // 2)
    results = run_tournament(options, entrants, rounds, seed=seed, jobs=jobs, clock=clock)
    return {standing.name: standing for standing in merged(results)}


def better(a: Standing, b: Standing) -> bool:
    """True when ``a`` scores more points per hand than ``b`` with the intervals apart."""
    return a.mean() > b.mean() and apart(a, b)


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
    parser.add_argument("--hands", type=int, default=1000, help="All Fives hands per pairing (default 1000)")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall", help="what a time budget counts")
    args = parser.parse_args()
    table = ChickenFootOptions.for_table(4)
    easy = pairing(table, ("medium", "easy"), args.rounds, seed=args.seed, jobs=args.jobs, clock=args.clock)
    hard = pairing(table, ("hard", "medium"), args.rounds, seed=args.seed, jobs=args.jobs, clock=args.clock)
    expert = pairing(table, ("expert", "hard"), args.rounds, seed=args.seed, jobs=args.jobs, clock=args.clock)
    fives = StandardOptions.for_table(2, mode="allfives")
    fives_easy = pairing(fives, ("medium", "easy"), args.hands, seed=args.seed, jobs=args.jobs, clock=args.clock)
    fives_hard = pairing(fives, ("hard", "medium"), args.hands, seed=args.seed, jobs=args.jobs, clock=args.clock)
    figures = {
        "medium_vs_easy": round(easy["medium"].mean() / easy["easy"].mean(), 3),
        "hard_vs_medium": round(hard["hard"].mean() / hard["medium"].mean(), 3),
        "hard_vs_medium_apart": apart(hard["hard"], hard["medium"]),
        "expert_vs_hard": round(expert["expert"].mean() / expert["hard"].mean(), 3),
        "expert_vs_hard_apart": apart(expert["expert"], expert["hard"]),
        "hard_p99_ms": round(hard["hard"].decision_ms(0.99), 1),
        "expert_p99_ms": round(expert["expert"].decision_ms(0.99), 1),
        "medium_median_ms": round(hard["medium"].decision_ms(0.5), 3),
        "rounds": len(hard["hard"].scores) // 2,
        "allfives_order_ok": better(fives_easy["medium"], fives_easy["easy"])
        and better(fives_hard["hard"], fives_hard["medium"]),
        "allfives_medium_vs_easy": round(fives_easy["medium"].mean() / fives_easy["easy"].mean(), 3),
        "allfives_hard_vs_medium": round(fives_hard["hard"].mean() / fives_hard["medium"].mean(), 3),
        "allfives_hands": len(fives_hard["hard"].scores),
    }
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
