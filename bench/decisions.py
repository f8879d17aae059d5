"""How much a searching bot's decision loses to the same search given far more deals. Prints one JSON line.

Bot-against-bot figures move by several hundredths with the deals alone; this one asks a sharper question of
one decision at a time. It collects positions of 4-player Chicken Foot rounds (medium bots playing, every
decision with two or more candidates of the hard bot's, about one in two kept), values each candidate of each
position on ``--reference`` deals with no candidate dropped (the search's own best answer: its model's, not
the game's), then lets each bot decide ``--repeats`` times from the position. A decision's **regret** is the
reference value of the reference's best candidate minus that of the candidate chosen (points of penalty, 0
when it chose the best). Figures, per bot: ``<bot>_regret`` (mean over the positions), ``<bot>_regret_interval``
(95%, normal approximation over the positions), ``<bot>_missed`` (the share of decisions that did not choose
the reference's best) and ``<bot>_deals`` (the mean deals valued a decision); for each bot after the first,
``<bot>_minus_<first>`` and its interval: the mean difference of the two bots' regrets position by position
(paired: the same positions and the same reference); ``positions``, and ``choices_per_round``, the decisions
with a choice a round (all four seats).

Bots: ``hard`` (200 ms of CPU a decision), ``expert`` (1 s), ``hard-norace`` (200 ms, no candidate dropped),
and ``hard-python`` (200 ms, its rollouts on the engine's Python loop: the hard bot before its rollouts were
compiled, the baseline of the same run).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from dominohall.bots.hard import HardBot
from dominohall.bots.medium import MediumBot
from dominohall.engine.tiles import HIGH, Tile
from dominohall.games import View, game_named, new_match, round_view
from dominohall.games.chickenfoot.rules.options import ChickenFootOptions
from dominohall.games.chickenfoot.rules.playout import play_out
from dominohall.games.chickenfoot.rules.view import ChickenFootView
from dominohall.search.parts import each
from dominohall.search.race import Race


class PythonRollouts(HardBot):
    """The hard bot with its Chicken Foot rollouts on the engine's Python loop (``play_out``), as it was."""

    def race(self, view: View, keys: list[Any], rng: random.Random) -> Race:
        """As ``HardBot.race``, each candidate rolled out by ``play_out`` on its own copy of the deal."""
        assert isinstance(view, ChickenFootView) and view.seat is not None
        seat, counts = view.seat, [0] * (view.options.top + 1)
        for _, number in view.open_ends:
            counts[number] += 1
        pending = HIGH[view.pending] if view.pending >= 0 else -1

        def rollout(hands: list[list[Tile]], boneyard: list[Tile], key: Any, rng: random.Random) -> float:
            return -play_out(
                hands, counts.copy(), view.options, rng, pending=pending, needs=view.pending_needs, turn=seat,
                drawn=-1, boneyard=boneyard, next_draw=0, heavy=True, first=key,
            ).penalties[seat]  # fmt: skip

        return self._race(view, keys, each(rollout), rng, self.clock() + self.budget_ms / 1000)


BOTS: dict[str, Callable[[], HardBot]] = {
    "hard": lambda: HardBot(200, clock=time.process_time),
    "expert": lambda: HardBot(1000, clock=time.process_time),
    "hard-norace": lambda: HardBot(200, clock=time.process_time, z=math.inf),
    "hard-python": lambda: PythonRollouts(200, clock=time.process_time),
}
CANDIDATES = game_named("chickenfoot").bots.search.candidates


def positions(count: int, rng: random.Random) -> tuple[list[ChickenFootView], float]:
    """``count`` views of decisions with a choice, and the number of such decisions a round."""
    views: list[ChickenFootView] = []
    choices, rounds, medium = 0, 0, MediumBot()
    while len(views) < count:
        match = new_match(ChickenFootOptions.for_table(4))
        match.deal_next(rng)
        rnd, rounds = match.current, rounds + 1
        while rnd.end is None:
            view = round_view(rnd, rnd.turn, 0, (0, 0, 0, 0))
            assert isinstance(view, ChickenFootView)
            if len(CANDIDATES(view)) > 1:
                choices += 1
                if rng.random() < 0.5 and len(views) < count:
                    views.append(view)
            rnd.apply(medium.choose(view, rng), rnd.turn)
    return views, choices / rounds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=150)
    parser.add_argument("--reference", type=int, default=3000, help="deals valuing each position's candidates")
    parser.add_argument("--repeats", type=int, default=2, help="decisions per bot and position")
    parser.add_argument("--bots", default="hard,hard-python,expert", help=f"comma-separated, from: {', '.join(BOTS)}")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    names = args.bots.split(",")
    views, per_round = positions(args.positions, random.Random(args.seed))
    regrets: dict[str, list[float]] = {name: [] for name in names}
    missed: dict[str, int] = dict.fromkeys(names, 0)
    deals: dict[str, int] = dict.fromkeys(names, 0)
    for index, view in enumerate(views):
        keys = list(CANDIDATES(view))
        reference = HardBot(simulations=args.reference, z=math.inf).race(view, keys, random.Random(index))
        values = reference.final_means()
        best = max(values)
        for name in names:
            bot, lost = BOTS[name](), []
            for repeat in range(args.repeats):
                race = bot.race(view, keys, random.Random(1000 * index + repeat + 1))
                lost.append(best - values[race.best()])
                missed[name] += values[race.best()] < best
                deals[name] += race.deals
            regrets[name].append(statistics.fmean(lost))
    figures: dict[str, object] = {"positions": len(views), "choices_per_round": round(per_round, 2)}
    decisions = len(views) * args.repeats
    for name in names:
        mean = statistics.fmean(regrets[name])
        half = 1.96 * statistics.stdev(regrets[name]) / math.sqrt(len(views)) if len(views) > 1 else math.inf
        figures[f"{name}_regret"] = round(mean, 4)
        figures[f"{name}_regret_interval"] = [round(mean - half, 4), round(mean + half, 4)]
        figures[f"{name}_missed"] = round(missed[name] / decisions, 3)
        figures[f"{name}_deals"] = round(deals[name] / decisions, 1)
    first = names[0]
    for name in names[1:]:
        differences = [mine - theirs for mine, theirs in zip(regrets[name], regrets[first], strict=True)]
        mean = statistics.fmean(differences)
        half = 1.96 * statistics.stdev(differences) / math.sqrt(len(views)) if len(views) > 1 else math.inf
        figures[f"{name}_minus_{first}"] = round(mean, 4)
        figures[f"{name}_minus_{first}_interval"] = [round(mean - half, 4), round(mean + half, 4)]
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
