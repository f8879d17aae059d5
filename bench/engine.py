"""Engine speed: random playouts of every game on one core. Prints one JSON line of figures.

- ``cf4_rounds_per_s`` / ``cf4_moves_per_s``: a fresh deal and a random playout on the fast path
  (``deal_and_play_out``: uniform over legal (tile, target) pairs), 4 players, double-nine.
- ``cf8_rounds_per_s`` / ``cf8_moves_per_s``: the same with 8 players, double-twelve.
- ``api_cf4_rounds_per_s``: 4-player rounds played through the public API (``legal_moves``, a uniform
  choice, ``apply``): the baseline the fast path is compared against in the same run (``fast_vs_api``).
- ``legal_moves_us``: mean cost of one ``legal_moves()`` call over those API playouts.
- ``mt4_rounds_per_s`` / ``mt4_moves_per_s``, ``mt8_rounds_per_s``: Mexican Train on its fast path
  (``mexicantrain/rules/playout.py``, uniform over legal (tile, train) pairs), 4 and 8 players on
  double-twelve from the 12-12 engine; ``api_mt4_rounds_per_s`` the same 4-player rounds through
  ``legal_moves``/``apply`` and ``mt_fast_vs_api`` the ratio, in the same run.
- ``std_hands_per_s``: standard game, a fresh deal and a random playout of a 2-player double-six draw-game
  hand on the fast path (``standard_playout.deal_and_play_out``: uniform over legal (tile, target) pairs).
- ``dominoes_pkg_games_per_s``: the PyPI package ``dominoes`` (6.1.0, installed by ``make bench`` only, not
  a project dependency) playing random games in the same run: its 4-player double-six block game, each
  move chosen by its ``players.random``. ``null`` when the package is not installed.
- ``std_vs_dominoes_pkg``: ``std_hands_per_s`` over ``dominoes_pkg_games_per_s`` (the goal is 2 or more).
- ``std4_block_hands_per_s``, ``std4_block_vs_dominoes_pkg``: the like-for-like comparison, our random
  4-player double-six block-game hands against the package's game of the same kind.

Each figure is the median of ``--repeats`` runs of ``--seconds`` each.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable

from dominohall.games.chickenfoot.rules.options import ChickenFootOptions
from dominohall.games.chickenfoot.rules.playout import deal_and_play_out
from dominohall.games.chickenfoot.rules.round import deal_round
from dominohall.games.mexicantrain.rules.options import MexicanTrainOptions
from dominohall.games.mexicantrain.rules.playout import deal_and_play_out as deal_and_play_out_train
from dominohall.games.mexicantrain.rules.round import deal_round as deal_train_round
from dominohall.games.standard.rules.options import StandardOptions
from dominohall.games.standard.rules.playout import deal_and_play_out as deal_and_play_out_hand

try:
    import dominoes  # compared against when installed (make bench installs it); not a dependency
except ImportError:
    dominoes = None

Run = Callable[[float], tuple[int, int, float]]


def fast_playouts(players: int) -> Run:
    """Deal and play random rounds on the fast path for ``seconds``: (rounds, moves, elapsed)."""
    options = ChickenFootOptions.for_table(players)

    def run(seconds: float) -> tuple[int, int, float]:
        rng = random.Random(players)
        rounds = moves = 0
        start = time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds:
            for _ in range(20):
                moves += deal_and_play_out(options, options.top, rounds % players, rng).moves
                rounds += 1
        return rounds, moves, elapsed

    return run


def mexican_train_playouts(players: int) -> Run:
    """Deal and play random Mexican Train rounds (double-twelve, the 12-12 engine) on its fast path."""
    options = MexicanTrainOptions.for_table(players)

    def run(seconds: float) -> tuple[int, int, float]:
        rng = random.Random(players)
        rounds = moves = 0
        start = time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds:
            for _ in range(20):
                moves += deal_and_play_out_train(options, options.top, rounds % players, rng).moves
                rounds += 1
        return rounds, moves, elapsed

    return run


def mexican_train_api_playouts() -> Run:
    """Random 4-player Mexican Train rounds through ``legal_moves``/``apply``: the fast path's baseline."""
    options = MexicanTrainOptions.for_table(4)

    def run(seconds: float) -> tuple[int, int, float]:
        rng = random.Random(4)
        rounds = moves = 0
        start = time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds:
            rnd = deal_train_round(options, options.top, rounds % 4, rng)
            while rnd.end is None:
                legal = rnd.legal_moves()
                rnd.apply(legal[rng.randrange(len(legal))])
                moves += 1
            rounds += 1
        return rounds, moves, elapsed

    return run


def api_playouts(legal_costs: list[float]) -> Run:
    """Random 4-player rounds through ``legal_moves``/``apply``; appends the mean legal_moves cost (us)."""
    options = ChickenFootOptions.for_table(4)
    clock = time.perf_counter_ns
    overhead = min(-clock() + clock() for _ in range(1000))

    def run(seconds: float) -> tuple[int, int, float]:
        rng = random.Random(4)
        rounds = moves = spent = 0
        start = time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds:
            rnd = deal_round(options, options.top, rounds % 4, rng)
            while rnd.end is None:
                before = clock()
                legal = rnd.legal_moves()
                spent += clock() - before - overhead
                rnd.apply(rng.choice(legal))
                moves += 1
            rounds += 1
        legal_costs.append(spent / moves / 1000)
        return rounds, moves, elapsed

    return run


def standard_playouts(players: int = 2, mode: str = "draw") -> Run:
    """Deal and play random double-six hands on the fast path (2-player draw game by default)."""
    options = StandardOptions.for_table(players, mode=mode)

    def run(seconds: float) -> tuple[int, int, float]:
        rng = random.Random(2)
        hands = moves = 0
        start = time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds:
            for _ in range(20):
                moves += deal_and_play_out_hand(options, None, rng).moves
                hands += 1
        return hands, moves, elapsed

    return run


def dominoes_games() -> Run | None:
    """Random games of the ``dominoes`` package (None when it is not installed): (games, moves, elapsed)."""
    if dominoes is None:
        return None

    def run(seconds: float) -> tuple[int, int, float]:
        random.seed(6)  # the package shuffles and chooses with the global random module
        games = moves = 0
        start = time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds:
            game = dominoes.Game.new()
            while game.result is None:
                dominoes.players.random(game)
                game.make_move(*game.valid_moves[0])
            games += 1
            moves += len(game.moves)
        return games, moves, elapsed

    return run


def measure(run: Run, seconds: float, repeats: int) -> tuple[float, float]:
    """Median rounds/s and moves/s over ``repeats`` runs."""
    rates = [run(seconds) for _ in range(repeats)]
    return (
        statistics.median(rounds / elapsed for rounds, _, elapsed in rates),
        statistics.median(moves / elapsed for _, moves, elapsed in rates),
    )


def main() -> None:
    """Measure and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.5, help="length of one run")
    parser.add_argument("--repeats", type=int, default=5, help="runs per figure (the median is kept)")
    args = parser.parse_args()
    cf4_rounds, cf4_moves = measure(fast_playouts(4), args.seconds, args.repeats)
    cf8_rounds, cf8_moves = measure(fast_playouts(8), args.seconds, args.repeats)
    legal_costs: list[float] = []
    api_rounds, _ = measure(api_playouts(legal_costs), args.seconds, args.repeats)
    std_hands, _ = measure(standard_playouts(), args.seconds, args.repeats)
    block_hands, _ = measure(standard_playouts(4, "block"), args.seconds, args.repeats)
    mt4_rounds, mt4_moves = measure(mexican_train_playouts(4), args.seconds, args.repeats)
    mt8_rounds, _ = measure(mexican_train_playouts(8), args.seconds, args.repeats)
    mt_api_rounds, _ = measure(mexican_train_api_playouts(), args.seconds, args.repeats)
    package = dominoes_games()
    package_games = measure(package, args.seconds, args.repeats)[0] if package is not None else None
    figures = {
        "cf4_rounds_per_s": round(cf4_rounds),
        "cf4_moves_per_s": round(cf4_moves),
        "cf8_rounds_per_s": round(cf8_rounds),
        "cf8_moves_per_s": round(cf8_moves),
        "legal_moves_us": round(statistics.median(legal_costs), 2),
        "api_cf4_rounds_per_s": round(api_rounds),
        "fast_vs_api": round(cf4_rounds / api_rounds, 2),
        "mt4_rounds_per_s": round(mt4_rounds),
        "mt4_moves_per_s": round(mt4_moves),
        "mt8_rounds_per_s": round(mt8_rounds),
        "api_mt4_rounds_per_s": round(mt_api_rounds),
        "mt_fast_vs_api": round(mt4_rounds / mt_api_rounds, 2),
        "std_hands_per_s": round(std_hands),
        "dominoes_pkg_games_per_s": round(package_games) if package_games else None,
        "std_vs_dominoes_pkg": round(std_hands / package_games, 2) if package_games else None,
        "std4_block_hands_per_s": round(block_hands),
        "std4_block_vs_dominoes_pkg": round(block_hands / package_games, 2) if package_games else None,
    }
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
