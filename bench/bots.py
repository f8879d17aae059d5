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
- ``rounds``: rounds of the hard-medium pairing (``expert_rounds``: of the expert-hard one);
- ``--parts`` measures only some of these groups (``PARTS``); each group is also written to stderr as soon as
  it is measured, so a stopped run keeps what it had;
- ``allfives_order_ok``: true when, in two-player All Fives (target 150), medium scores more points per
  hand than easy and hard more than medium, each time with the 95% intervals apart; with the ratios
  ``allfives_medium_vs_easy``, ``allfives_hard_vs_medium`` and ``allfives_hands`` per pairing.
"""

from __future__ import annotations

import argparse
import json
import sys

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


PARTS = ("medium_vs_easy", "hard_vs_medium", "expert_vs_hard", "allfives")
"""The figures' groups, in the order they are measured (``--parts`` picks some)."""


def main() -> None:
    """Measure and print the figures (each group also to stderr as soon as it is measured)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=400, help="rounds per pairing (default 400)")
    parser.add_argument("--seed", type=int, default=2026, help="tournament seed")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--hands", type=int, default=1000, help="All Fives hands per pairing (default 1000)")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall", help="what a time budget counts")
    parser.add_argument("--parts", default=",".join(PARTS), help="comma-separated, from: " + ", ".join(PARTS))
    args = parser.parse_args()
    parts = [part for part in args.parts.split(",") if part]
    unknown = [part for part in parts if part not in PARTS]
    if unknown or not parts:
        raise SystemExit(f"bots: unknown part {unknown[0] if unknown else ''!r}; choose from {', '.join(PARTS)}")
    figures: dict[str, object] = {"clock": args.clock}
    for part in parts:
        found = MEASURES[part](args)
        print(json.dumps(found), file=sys.stderr, flush=True)
        figures.update(found)
    print(json.dumps(figures))


def chicken_foot(args: argparse.Namespace, bots: tuple[str, str]) -> dict[str, Standing]:
    """The two bots in 4-player Chicken Foot, ``args.rounds`` rounds."""
    table = ChickenFootOptions.for_table(4)
    return pairing(table, bots, args.rounds, seed=args.seed, jobs=args.jobs, clock=args.clock)


def medium_vs_easy(args: argparse.Namespace) -> dict[str, object]:
    """Medium against easy in Chicken Foot."""
    easy = chicken_foot(args, ("medium", "easy"))
    return {"medium_vs_easy": round(easy["medium"].mean() / easy["easy"].mean(), 3)}


def hard_vs_medium(args: argparse.Namespace) -> dict[str, object]:
    """Hard against medium in Chicken Foot, with the decision times."""
    hard = chicken_foot(args, ("hard", "medium"))
    return {
        "hard_vs_medium": round(hard["hard"].mean() / hard["medium"].mean(), 3),
        "hard_vs_medium_apart": apart(hard["hard"], hard["medium"]),
        "hard_vs_medium_means": [round(hard["hard"].mean(), 2), round(hard["medium"].mean(), 2)],
        "hard_vs_medium_intervals": [[round(x, 2) for x in hard[bot].interval()] for bot in ("hard", "medium")],
        "hard_p99_ms": round(hard["hard"].decision_ms(0.99), 1),
        "medium_median_ms": round(hard["medium"].decision_ms(0.5), 3),
        "rounds": len(hard["hard"].scores) // 2,
    }


def expert_vs_hard(args: argparse.Namespace) -> dict[str, object]:
    """Expert against hard in Chicken Foot, with the expert's decision times."""
    expert = chicken_foot(args, ("expert", "hard"))
    return {
        "expert_vs_hard": round(expert["expert"].mean() / expert["hard"].mean(), 3),
        "expert_vs_hard_apart": apart(expert["expert"], expert["hard"]),
        "expert_vs_hard_means": [round(expert["expert"].mean(), 2), round(expert["hard"].mean(), 2)],
        "expert_vs_hard_intervals": [[round(x, 2) for x in expert[bot].interval()] for bot in ("expert", "hard")],
        "expert_p99_ms": round(expert["expert"].decision_ms(0.99), 1),
        "expert_rounds": len(expert["expert"].scores) // 2,
    }


def allfives(args: argparse.Namespace) -> dict[str, object]:
    """The order easy < medium < hard in two-player All Fives."""
    fives = StandardOptions.for_table(2, mode="allfives")
    fives_easy = pairing(fives, ("medium", "easy"), args.hands, seed=args.seed, jobs=args.jobs, clock=args.clock)
    fives_hard = pairing(fives, ("hard", "medium"), args.hands, seed=args.seed, jobs=args.jobs, clock=args.clock)
    return {
        "allfives_order_ok": better(fives_easy["medium"], fives_easy["easy"])
        and better(fives_hard["hard"], fives_hard["medium"]),
        "allfives_medium_vs_easy": round(fives_easy["medium"].mean() / fives_easy["easy"].mean(), 3),
        "allfives_hard_vs_medium": round(fives_hard["hard"].mean() / fives_hard["medium"].mean(), 3),
        "allfives_hands": len(fives_hard["hard"].scores),
    }


MEASURES = {
    "medium_vs_easy": medium_vs_easy,
    "hard_vs_medium": hard_vs_medium,
    "expert_vs_hard": expert_vs_hard,
    "allfives": allfives,
}


if __name__ == "__main__":
    main()
