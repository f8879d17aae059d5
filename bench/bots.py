"""Bot strength and speed: fixed-seed tournaments of every game. Prints one JSON line of figures.

``--clock cpu`` makes the searching bots count their time (and the decision times) in CPU time: on a busy
machine that gives each decision what a quiet machine would.

- ``medium_vs_easy``: medium's mean penalty per round over easy's (two seats each, every deal from every
  seat), 4 players, double-nine, full matches;
- ``hard_vs_medium``: the same for hard (200 ms a decision) against medium, and ``hard_vs_medium_apart``,
  true when the two 95% intervals do not overlap; ``hard_vs_medium_difference``: hard's mean penalty minus
  medium's, paired by round deal (the same tiles played under every rotation), with its 95% interval over the
  ``..._round_deals`` and ``..._difference_apart``, true when that interval leaves out zero (the sharper test:
  both bots' scores on one deal move together with the deal's luck);
- ``expert_vs_hard``: the same for expert (1 s a decision) against hard, with ``expert_vs_hard_apart`` and
  the paired ``expert_vs_hard_difference``;
- ``hard_p99_ms``, ``expert_p99_ms``, ``medium_median_ms``: decision times over decisions with more than one
  legal move;
- ``rounds``: rounds of the hard-medium pairing (``expert_rounds``: of the expert-hard one);
- ``--per-deal FILE`` also writes each round deal's paired difference (JSON lines keyed by match and round),
  so that two versions of a bot run at the same ``--seed`` can be compared deal by deal;
- ``--parts`` measures only some of these groups (``PARTS``); each group is also written to stderr as soon as
  it is measured, so a stopped run keeps what it had;
- ``allfives_order_ok``: true when, in two-player All Fives (target 150), medium scores more points per
  hand than easy and hard more than medium, each time with the 95% intervals apart; with the ratios
  ``allfives_medium_vs_easy``, ``allfives_hard_vs_medium`` and ``allfives_hands`` per pairing;
- ``draw_hard_vs_medium``: in the two-player draw game (double-six, hands of 7, drawing from the boneyard,
  one hand a match), hard's mean points won per hand over medium's (higher is better), with the same
  ``..._apart``, ``..._means``, ``..._intervals`` and paired ``..._difference`` (hard minus medium, per deal
  played from both seats) as above; ``draw_hands``: hands per bot (``--draw-hands``, default 400). The
  draw game is where reading the hands as groups (docs/bots.md) has most to read: every tile a seat draws
  and keeps is a clue;
- ``twelve_hard_p99_ms`` (and ``..._median_ms``, over ``twelve_decisions``): the hard bot's decision times at
  the most seats, twelve on double-fifteen (six hard bots and six medium ones, one-round matches, every deal
  from every seat), where a decision samples eleven hidden hands from up to 127 unseen tiles;
  ``twelve_hard_vs_medium``: hard's mean penalty per round over medium's there (``--twelve-rounds``, default
  24 per bot);
- ``mexicantrain_medium_vs_easy`` and ``mexicantrain_hard_vs_medium`` (with its ``_apart`` and paired
  ``_difference``): the same ratios in 4-player Mexican Train on double-twelve (one-round matches from the
  12-12 engine, ``--mt-rounds`` rounds per pairing, default 96), and ``mexicantrain_hard_p99_ms`` and
  ``..._median_ms``: the hard bot's decision times there.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from typing import TextIO

from dominohall.bots.tournament import Standing, mean_interval, merged, run_tournament
from dominohall.games import GameOptions
from dominohall.games.chickenfoot.rules.options import ChickenFootOptions
from dominohall.games.mexicantrain.rules.options import MexicanTrainOptions
from dominohall.games.standard.rules.options import StandardOptions


def pairing(
    options: GameOptions, bots: tuple[str, str], rounds: int, *, seed: int, jobs: int, clock: str = "wall"
) -> dict[str, Standing]:
    """The two bots alternating around the table, every deal from every seat; standings by bot name."""
    seats = seated_pairing(options, bots, rounds, seed=seed, jobs=jobs, clock=clock)
    return {standing.name: standing for standing in merged(seats)}


def seated_pairing(
    options: GameOptions, bots: tuple[str, str], rounds: int, *, seed: int, jobs: int, clock: str = "wall"
) -> list[Standing]:
    """The two bots alternating around the table: one standing per seat of the first rotation."""
    entrants = list(bots) * (options.players // 2)
    return run_tournament(options, entrants, rounds, seed=seed, jobs=jobs, clock=clock)


def paired_differences(results: list[Standing], per_match: int) -> dict[tuple[int, int], float]:
    """Per round deal, the mean score of the even entrants minus that of the odd ones, over every rotation.

    Keyed by the round deal: (its match, its round in the match). Entrants alternate the two bots
    (``seated_pairing``); every deal is played under each rotation with the same tiles round by round, so one
    round deal's results under all rotations form one paired observation, and these are independent of one
    another: their mean and interval say how far apart the bots are far more sharply than two separate
    intervals of each bot's scores.
    """
    rotations = len(results)
    played = len(results[0].scores)
    clusters: dict[tuple[int, int], list[float]] = {}
    for index in range(played):
        scores = [standing.scores[index] for standing in results]
        difference = statistics.fmean(scores[0::2]) - statistics.fmean(scores[1::2])
        key = (index // (per_match * rotations), index % per_match)
        clusters.setdefault(key, []).append(difference)
    return {key: statistics.fmean(cluster) for key, cluster in clusters.items()}


def compared(name: str, results: list[Standing], per_match: int, per_deal: TextIO | None = None) -> dict[str, object]:
    """Two bots' figures from their seats' standings (``seated_pairing``, matches of ``per_match`` rounds):
    the ratio of their mean scores (None when the second's is 0), each mean's 95% interval and whether those
    are apart, and the paired difference (first bot minus second, per round deal) with its 95% interval and
    whether that leaves out zero; each round deal's difference also goes to ``per_deal`` (JSON lines) when
    given."""
    first, second = merged(results)
    by_deal = paired_differences(results, per_match)
    for (match, round_index), difference in by_deal.items():
        if per_deal:
            per_deal.write(
                json.dumps({"pairing": name, "match": match, "round": round_index, "difference": difference})
            )
            per_deal.write("\n")
    differences = list(by_deal.values())
    mean, low, high = mean_interval(differences)
    return {
        name: round(first.mean() / second.mean(), 3) if second.mean() else None,
        f"{name}_apart": apart(first, second),
        f"{name}_means": [round(first.mean(), 2), round(second.mean(), 2)],
        f"{name}_intervals": [[round(x, 2) for x in standing.interval()] for standing in (first, second)],
        f"{name}_difference": round(mean, 2),
        f"{name}_difference_interval": [round(low, 2), round(high, 2)],
        f"{name}_difference_apart": low > 0 or high < 0,
        f"{name}_round_deals": len(differences),
    }


def better(a: Standing, b: Standing) -> bool:
    """True when ``a`` scores more points per hand than ``b`` with the intervals apart."""
    return a.mean() > b.mean() and apart(a, b)


def apart(a: Standing, b: Standing) -> bool:
    """True when the 95% intervals of the two means do not overlap."""
    (a_low, a_high), (b_low, b_high) = a.interval(), b.interval()
    return a_high < b_low or b_high < a_low


PARTS = ("medium_vs_easy", "hard_vs_medium", "expert_vs_hard", "allfives", "draw", "twelve", "mexicantrain")
"""The figures' groups, in the order they are measured (``--parts`` picks some)."""


def main() -> None:
    """Measure and print the figures (each group also to stderr as soon as it is measured)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=400, help="rounds per pairing (default 400)")
    parser.add_argument("--seed", type=int, default=2026, help="tournament seed")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--hands", type=int, default=1000, help="All Fives hands per pairing (default 1000)")
    parser.add_argument("--draw-hands", type=int, default=400, help="draw game hands per pairing (default 400)")
    parser.add_argument("--twelve-rounds", type=int, default=24, help="rounds per bot at twelve seats (default 24)")
    parser.add_argument("--mt-rounds", type=int, default=96, help="Mexican Train rounds per pairing (default 96)")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall", help="what a time budget counts")
    parser.add_argument("--parts", default=",".join(PARTS), help="comma-separated, from: " + ", ".join(PARTS))
    parser.add_argument(
        "--per-deal", type=argparse.FileType("w"), help="also write each round deal's paired difference (JSON lines)"
    )
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


CHICKEN_FOOT = ChickenFootOptions.for_table(4)
"""The table of the Chicken Foot pairings: 4 players, double-nine, full matches."""
CHICKEN_FOOT_ROUNDS = CHICKEN_FOOT.round_count() or 1
"""Rounds in each of its matches."""


def chicken_foot(args: argparse.Namespace, bots: tuple[str, str]) -> list[Standing]:
    """The two bots in 4-player Chicken Foot, ``args.rounds`` rounds: one standing per seat of the first
    rotation (``seated_pairing``)."""
    return seated_pairing(CHICKEN_FOOT, bots, args.rounds, seed=args.seed, jobs=args.jobs, clock=args.clock)


def medium_vs_easy(args: argparse.Namespace) -> dict[str, object]:
    """Medium against easy in Chicken Foot."""
    medium, easy = merged(chicken_foot(args, ("medium", "easy")))
    return {"medium_vs_easy": round(medium.mean() / easy.mean(), 3)}


def hard_vs_medium(args: argparse.Namespace) -> dict[str, object]:
    """Hard against medium in Chicken Foot, with the decision times."""
    seats = chicken_foot(args, ("hard", "medium"))
    hard, medium = merged(seats)
    return {
        **compared("hard_vs_medium", seats, CHICKEN_FOOT_ROUNDS, args.per_deal),
        "hard_p99_ms": round(hard.decision_ms(0.99), 1),
        "medium_median_ms": round(medium.decision_ms(0.5), 3),
        "rounds": len(hard.scores) // 2,
    }


def expert_vs_hard(args: argparse.Namespace) -> dict[str, object]:
    """Expert against hard in Chicken Foot, with the expert's decision times."""
    seats = chicken_foot(args, ("expert", "hard"))
    expert, _ = merged(seats)
    return {
        **compared("expert_vs_hard", seats, CHICKEN_FOOT_ROUNDS, args.per_deal),
        "expert_p99_ms": round(expert.decision_ms(0.99), 1),
        "expert_rounds": len(expert.scores) // 2,
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


def draw(args: argparse.Namespace) -> dict[str, object]:
    """Hard against medium in the two-player draw game: points won per hand, paired by deal."""
    options = StandardOptions.for_table(2, mode="draw")
    bots = ("hard", "medium")
    seats = seated_pairing(options, bots, args.draw_hands, seed=args.seed, jobs=args.jobs, clock=args.clock)
    return {**compared("draw_hard_vs_medium", seats, 1, args.per_deal), "draw_hands": len(seats[0].scores)}


TWELVE = ChickenFootOptions.for_table(12, length="one")
"""Twelve seats: double-fifteen, hands of eight, one round a match."""


def twelve(args: argparse.Namespace) -> dict[str, object]:
    """Hard against medium at twelve seats, with the hard bot's decision times."""
    seats = seated_pairing(
        TWELVE, ("hard", "medium"), args.twelve_rounds, seed=args.seed, jobs=args.jobs, clock=args.clock
    )
    hard, medium = merged(seats)
    return {
        "twelve_hard_p99_ms": round(hard.decision_ms(0.99), 1),
        "twelve_hard_median_ms": round(hard.decision_ms(0.5), 1),
        "twelve_decisions": len(hard.seconds),
        "twelve_hard_vs_medium": round(hard.mean() / medium.mean(), 3),
        "twelve_rounds": len(hard.scores) // (TWELVE.players // 2),
    }


MEXICAN_TRAIN = MexicanTrainOptions.for_table(4, length="one")
"""The Mexican Train table: 4 players, double-twelve, one round a match (each from the top engine)."""


def mexicantrain(args: argparse.Namespace) -> dict[str, object]:
    """Medium against easy and hard against medium in 4-player Mexican Train, with the hard bot's times."""
    easy_seats = seated_pairing(MEXICAN_TRAIN, ("medium", "easy"), args.mt_rounds, seed=args.seed, jobs=args.jobs)
    medium, easy = merged(easy_seats)
    seats = seated_pairing(
        MEXICAN_TRAIN, ("hard", "medium"), args.mt_rounds, seed=args.seed, jobs=args.jobs, clock=args.clock
    )
    hard, _ = merged(seats)
    return {
        "mexicantrain_medium_vs_easy": round(medium.mean() / easy.mean(), 3),
        **compared("mexicantrain_hard_vs_medium", seats, 1, args.per_deal),
        "mexicantrain_hard_p99_ms": round(hard.decision_ms(0.99), 1),
        "mexicantrain_hard_median_ms": round(hard.decision_ms(0.5), 1),
        "mexicantrain_rounds": len(hard.scores) // 2,
    }


MEASURES = {
    "medium_vs_easy": medium_vs_easy,
    "hard_vs_medium": hard_vs_medium,
    "expert_vs_hard": expert_vs_hard,
    "allfives": allfives,
    "draw": draw,
    "twelve": twelve,
    "mexicantrain": mexicantrain,
}


if __name__ == "__main__":
    main()
