"""How long the analysis of a round takes (``bots/analysis.py``). Prints one JSON line of figures.

Deals ``--rounds`` 4-player Chicken Foot rounds (double-nine, one round each) played by medium bots from
fixed seeds, and analyses every seat of each with ``--samples`` deals a choice, in this process (the server
runs the same function in a worker process of its own):

- ``seconds_per_seat``: median and worst seconds for one seat's analysis;
- ``seconds_per_round``: median seconds for all four seats of a round;
- ``choices_per_seat``: mean number of rated choices (turns with more than one distinct play);
- ``ms_per_choice``: mean milliseconds per rated choice.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from dominohall.bots.analysis import DEFAULT_SAMPLES, analyse_round
from dominohall.bots.arena import play_match
from dominohall.bots.medium import MediumBot
from dominohall.games.chickenfoot.rules.options import ChickenFootOptions


def main() -> None:
    """Time the analyses and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="rounds to analyse (5)")
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES, help=f"deals a choice ({DEFAULT_SAMPLES})")
    args = parser.parse_args()
    options = ChickenFootOptions.for_table(4, length="one")
    per_seat: list[float] = []
    per_round: list[float] = []
    choices: list[int] = []
    for index in range(args.rounds):
        match = play_match(options, [MediumBot()] * 4, random.Random(f"deal{index}"), random.Random(f"bots{index}"))
        began = time.perf_counter()
        for seat in range(4):
            started = time.perf_counter()
            analysis = analyse_round(match, 0, seat, args.samples, random.Random(seat))
            per_seat.append(time.perf_counter() - started)
            choices.append(len(analysis.decisions))
        per_round.append(time.perf_counter() - began)
    figures = {
        "rounds": args.rounds,
        "samples": args.samples,
        "seconds_per_seat": {"median": round(statistics.median(per_seat), 3), "worst": round(max(per_seat), 3)},
        "seconds_per_round": round(statistics.median(per_round), 2),
        "choices_per_seat": round(statistics.fmean(choices), 1),
        "ms_per_choice": round(1000 * sum(per_seat) / max(1, sum(choices)), 1),
    }
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
