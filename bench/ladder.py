"""The ladder: Elo-like ratings of our bots and the outside ones, from round-robin matches. One JSON line.

Two ladders, each a round robin in which every pair of bots meets on the same deals:

- ``chickenfoot``: 4 players on double-nine, single rounds (the round's double and the opener drawn at
  random), the two bots alternating around the table (A B A B), every deal played twice so that each bot
  sits in both pairs of seats. A round counts as a win for the bot whose two seats kept fewer pips (a tie
  counts half);
- ``block``: OpenSpiel's 2-player block dominoes (see bench/versus.py, whose adapter and ISMCTS it uses),
  every deal played twice with seats swapped; a game is won by the player with the better result. The
  outside bots are OpenSpiel's ISMCTS at the hard bot's time a move (``ismcts``) and at five times it
  (``ismcts5x``).

Ratings are fitted to all results at once (Bradley-Terry, on the Elo scale: 400 points are ten-to-one
odds), with easy anchored at 1000; the 95% intervals come from refitting on deals drawn again with
replacement within each pairing (``--boot`` times). ``--out`` also writes the figures to a JSON file for
the site's "How strong are the bots?" page.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pyspiel

import versus  # bench/versus.py: OpenSpiel's block dominoes, the adapter and the ISMCTS (needs open_spiel)
from dominohall.bots.base import Bot, make_bot
from dominohall.bots.hard import ExpertBot, HardBot
from dominohall.games import round_view
from dominohall.games.chickenfoot.rules.options import ChickenFootOptions
from dominohall.games.chickenfoot.rules.round import deal_round

CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}
LADDERS = {
    "chickenfoot": ("easy", "medium", "hard", "expert"),
    "block": ("easy", "medium", "hard", "expert", "ismcts", "ismcts5x"),
}
ANCHOR = ("easy", 1000.0)
ELO = 400 / math.log(10)
PRIOR = 1.0
"""Drawn deals added to every pairing before the fit: a bot that beat another on every deal would otherwise be
rated infinitely far above it. Small next to the deals played, so it moves ratings little otherwise."""

Results = dict[tuple[str, str], list[float]]
"""Per pairing (a, b): a's score on each deal (the mean of its games there: 1 a win, 0.5 a tie, 0 a loss)."""


def our_bot(level: str, ms: float, clock: Callable[[], float]) -> Bot:
    """Our bot of ``level``, the searching ones on ``clock`` (hard ``ms`` a decision, expert five times)."""
    if level == "hard":
        return HardBot(budget_ms=ms, clock=clock)
    if level == "expert":
        return ExpertBot(budget_ms=5 * ms, clock=clock)
    return make_bot(level)


def chicken_foot_deal(pair: tuple[str, str], deal: int, seed: int, ms: float, clock_name: str) -> float:
    """One Chicken Foot deal played twice (a's seats 0 and 2, then 1 and 3): a's score there."""
    clock = CLOCKS[clock_name]
    options = ChickenFootOptions.for_table(4)
    draw = random.Random(f"ladder:cf:{seed}:{deal}")
    number, first = draw.randrange(options.top + 1), draw.randrange(options.players)
    scores = []
    for shift in (0, 1):
        a, b = our_bot(pair[0], ms, clock), our_bot(pair[1], ms, clock)
        bots = [a, b, a, b] if shift == 0 else [b, a, b, a]
        rnd = deal_round(options, number, first, random.Random(f"ladder:cf:{seed}:{deal}:tiles"))
        rng = random.Random(f"ladder:cf:{seed}:{deal}:{shift}:{pair}")
        while rnd.end is None:
            seat = rnd.turn
            rnd.apply(bots[seat].choose(round_view(rnd, seat), rng), seat)
        penalties = rnd.penalties()
        mine = sum(penalties[seat] for seat in range(4) if seat % 2 == shift)
        theirs = sum(penalties) - mine
        scores.append(1.0 if mine < theirs else 0.5 if mine == theirs else 0.0)
    return sum(scores) / 2


def block_deal(pair: tuple[str, str], deal: int, seed: int, ms: float, clock_name: str) -> float:
    """One deal of OpenSpiel's block dominoes played twice, seats swapped: a's score there."""
    clock = CLOCKS[clock_name]
    game = pyspiel.load_game(versus.GAME_NAME)
    tiles = list(range(28))
    random.Random(f"ladder:block:{seed}:{deal}").shuffle(tiles)
    scores = []
    for first in (0, 1):
        names = [pair[0], pair[1]] if first == 0 else [pair[1], pair[0]]
        agents = [
            block_agent(name, game, ms, clock, f"{seed}:{deal}:{first}:{index}") for index, name in enumerate(names)
        ]
        returns = versus.play_game(game, tiles[:14], agents)
        mine = returns[first]
        scores.append(1.0 if mine > 0 else 0.5 if mine == 0 else 0.0)
    return sum(scores) / 2


def block_agent(name: str, game: Any, ms: float, clock: Callable[[], float], seed: str) -> Any:
    """A player of OpenSpiel's block dominoes: one of our bots through the adapter, or the ISMCTS."""
    if name.startswith("ismcts"):
        budget = ms * (5 if name == "ismcts5x" else 1) / 1000
        return versus.IsmctsAgent(
            versus.ClockedISMCTS(game, budget, clock, random.Random(seed).getrandbits(31), versus.UCT_C)
        )
    return versus.OurAgent(our_bot(name, ms, clock), random.Random(f"ours:{seed}"), clock)


PLAYERS: dict[str, Callable[[tuple[str, str], int, int, float, str], float]] = {
    "chickenfoot": chicken_foot_deal,
    "block": block_deal,
}


def play(ladder: str, bots: tuple[str, ...], deals: int, *, seed: int, ms: float, clock: str, jobs: int) -> Results:
    """Every pairing of ``bots`` on ``deals`` deals."""
    pairs = list(itertools.combinations(bots, 2))
    work = [(pair, deal, seed, ms, clock) for pair in pairs for deal in range(deals)]
    results: Results = {pair: [] for pair in pairs}
    for (pair, *_), score in zip(work, _map(PLAYERS[ladder], work, jobs), strict=True):
        results[pair].append(score)
        if len(results[pair]) == deals:  # each pairing's deals as it ends, so a stopped run keeps them
            print(json.dumps({"ladder": ladder, "pair": pair, "scores": results[pair]}), file=sys.stderr, flush=True)
    return results


def _map(function: Callable[..., float], work: list[tuple[Any, ...]], jobs: int) -> Iterator[float]:
    if jobs <= 1:
        yield from (function(*item) for item in work)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(function, *zip(*work, strict=True), chunksize=4)


def fit(results: Results, bots: tuple[str, ...], rounds: int = 400) -> dict[str, float]:
    """Bradley-Terry ratings on the Elo scale (easy at 1000) that best explain the pairings' scores, each
    pairing given ``PRIOR`` drawn deals more (so a bot that won every deal still gets a finite rating)."""
    strength = dict.fromkeys(bots, 1.0)
    totals = {(a, b): (sum(scores) + PRIOR / 2, len(scores) + PRIOR) for (a, b), scores in results.items()}
    for _ in range(rounds):  # minorize-maximize updates (Hunter 2004), ties as half wins
        for bot in bots:
            won = games = 0.0
            for (a, b), (score, count) in totals.items():
                if bot in (a, b):
                    other = b if bot == a else a
                    won += score if bot == a else count - score
                    games += count / (strength[bot] + strength[other])
            strength[bot] = max(won, 0.01) / games if games else strength[bot]
    anchor, at = ANCHOR
    return {bot: round(at + ELO * math.log(strength[bot] / strength[anchor]), 1) for bot in bots}


def intervals(results: Results, bots: tuple[str, ...], boot: int, seed: int) -> dict[str, list[float]]:
    """95% intervals of the ratings: refits on the deals of each pairing drawn again with replacement."""
    rng = random.Random(f"boot:{seed}")
    draws: dict[str, list[float]] = {bot: [] for bot in bots}
    for _ in range(boot):
        again = {pair: [rng.choice(scores) for _ in scores] for pair, scores in results.items()}
        for bot, rating in fit(again, bots, rounds=150).items():
            draws[bot].append(rating)
    return {bot: [round(_quantile(values, 0.025)), round(_quantile(values, 0.975))] for bot, values in draws.items()}


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    """Play the ladders asked for and print (and with ``--out`` write) their ratings."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ladders", default="chickenfoot,block", help="comma-separated: chickenfoot, block")
    parser.add_argument("--deals", type=int, default=50, help="deals per pairing, each played twice (default 50)")
    parser.add_argument("--ms", type=float, default=200.0, help="the hard bot's time a move (expert: 5 times)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall", help="what a time budget counts")
    parser.add_argument("--boot", type=int, default=200, help="bootstrap refits for the intervals")
    parser.add_argument("--out", type=Path, help="also write the figures to this JSON file")
    args = parser.parse_args()
    figures: dict[str, Any] = {"deals": args.deals, "ms": args.ms, "clock": args.clock}
    for ladder in args.ladders.split(","):
        if ladder not in LADDERS:
            raise SystemExit(f"ladder: unknown ladder {ladder!r}; choose from {', '.join(LADDERS)}")
        bots = LADDERS[ladder]
        results = play(ladder, bots, args.deals, seed=args.seed, ms=args.ms, clock=args.clock, jobs=args.jobs)
        figures[ladder] = {
            "ratings": fit(results, bots),
            "intervals": intervals(results, bots, args.boot, args.seed),
            "scores": {f"{a}_vs_{b}": round(sum(s) / len(s), 3) for (a, b), s in results.items()},
        }
    print(json.dumps(figures))
    if args.out:
        args.out.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
