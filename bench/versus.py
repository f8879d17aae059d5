"""Our bots against bots that others wrote, in OpenSpiel's 2-player block dominoes. Prints one JSON line.

The game is OpenSpiel's ``python_block_dominoes`` (``open_spiel``, installed by ``make bench`` only, never a
dependency of the site): double-six, 7 tiles each, the other 14 out of play, no drawing; player 0 leads any
tile; a player who cannot play is passed over; the hand ends when a player goes out or neither can play, and
the lower pip count wins the other's pips (``returns``: +pips for the winner, -pips for the loser, 0 on a
tie). That is our standard block game for two (``StandardOptions.for_table(2, mode="block")``) led by seat 0
with any tile, and docs/bots.md explains the mapping.

Our bots play through an adapter: it mirrors OpenSpiel's state in one of our rounds (the deal, each play,
a pass wherever OpenSpiel moved a player on twice) and gives the bot only that round's view of its seat
(``round_view``); the returns of both sides are checked against our round's scores at the end of every
game. The opponent is OpenSpiel's Information-Set MCTS (``open_spiel.python.algorithms.ismcts``) with
random rollouts, run on the same clock as our bot: it simulates until its time per move is spent. The game
cannot resample hidden hands, so the ISMCTS is given a sampler that deals the other player's hand uniformly
from the unseen tiles, never giving it a tile showing a number it was passed over on.

Every deal is played twice, seats swapped; a deal's result is the mean over its two games, and the 95%
intervals are over those per-deal means (normal approximation). Figures, per pairing ``X_vs_Y``:

- ``X_vs_Y_points``: X's mean result a game (points; positive is ahead), ``..._points_ci`` its interval;
- ``X_vs_Y_win``: X's share of games won (a tie counts half), ``..._win_ci`` its interval;
- ``X_p99_ms``: the 99th percentile of our bot's decision time (decisions with more than one legal move);
- ``ismcts_simulations``: the ISMCTS's mean simulations a move, per budget.

Pairings: ``hard_vs_ismcts`` (both ``--ms`` a move), ``hard_vs_ismcts5x`` (the ISMCTS 5 times ``--ms``),
``medium_vs_ismcts`` and ``easy_vs_ismcts`` (the ISMCTS ``--ms``), ``expert_vs_ismcts`` (both the expert's
budget), and ``oracle_vs_ismcts``: a player who sees both hands and plays them perfectly (``OracleAgent``, not a
fair player), for the ceiling of what any player could win from the ISMCTS. ``--clock cpu`` measures time as this
process's CPU time rather than the wall clock: on a busy machine that gives each side what it would get on a
quiet one (the decision times are then CPU times too). ``--per-deal FILE`` also writes each deal's two
results (JSON lines), so that two runs on the same deals (the same ``--seed``) can be compared deal by deal;
``--start N`` plays the seed's deals from the N-th on (deal N is the same deal in every run), to extend a run.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np
import pyspiel
from open_spiel.python import games as _registers_python_games  # noqa: F401  (registers python_block_dominoes)
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.games import block_dominoes as spiel_dominoes

from dominohall.bots import make_bot
from dominohall.bots.base import Bot
from dominohall.bots.hard import HardBot
from dominohall.bots.tournament import mean_interval
from dominohall.engine.moves import NO_TILE, PASS_MOVE, Move
from dominohall.engine.tiles import HIGH, LOW, Tile, tile
from dominohall.games import round_view
from dominohall.games.standard.bots.exact import TwoSideSolver
from dominohall.games.standard.rules.options import StandardOptions
from dominohall.games.standard.rules.round import StandardRound

GAME_NAME = "python_block_dominoes"
OPTIONS = StandardOptions.for_table(2, mode="block")
"""Our settings for OpenSpiel's game: two players, double-six, hands of 7, no drawing, one hand."""
UCT_C = 30.0
"""The ISMCTS's exploration constant, on the scale of the returns (tens of points); see docs/bots.md."""
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}

SpielTile = tuple[float, float]


def our_tile(spiel: SpielTile) -> Tile:
    """Our id of an OpenSpiel tile (two floats, the smaller first)."""
    return tile(int(spiel[0]), int(spiel[1]))


def spiel_tile(t: Tile) -> SpielTile:
    """OpenSpiel's form of our tile."""
    return (float(LOW[t]), float(HIGH[t]))


ACTIONS: dict[tuple[int, Tile, int], int] = {
    (action.player, our_tile(action.tile), -1 if action.edge is None else int(action.edge)): index
    for index, action in enumerate(spiel_dominoes._ACTIONS)
}
"""OpenSpiel's action index for (player, tile, the number it is laid against, -1 for the lead)."""
DEAL_ACTION: dict[Tile, int] = {our_tile(spiel): index for index, spiel in enumerate(spiel_dominoes._DECK)}
"""OpenSpiel's chance action that deals a tile."""


class Mirror:
    """One of our rounds kept in step with an OpenSpiel game, from the deal on."""

    def __init__(self, state: Any) -> None:
        hands = [[our_tile(spiel) for spiel in hand] for hand in state.hands]
        out = [t for t in range(28) if all(t not in hand for hand in hands)]
        self.round = StandardRound(OPTIONS, 0, hands, out)

    def to_move(self, player: int) -> StandardRound:
        """Our round with ``player`` to move: the pass OpenSpiel leaves implicit is written first."""
        if self.round.turn != player:
            self.round.apply(PASS_MOVE, self.round.turn)
        return self.round

    def follow(self, player: int, action: int) -> None:
        """Make OpenSpiel's ``action`` of ``player`` in our round."""
        self.to_move(player)
        spiel = spiel_dominoes._ACTIONS[action]
        t = our_tile(spiel.tile)
        if spiel.edge is None:
            self.round.apply(Move.play(t, NO_TILE), player)
            return
        on = next(last for last, n in self.round.ends if n == int(spiel.edge))
        self.round.apply(Move.play(t, on), player)

    def action_of(self, player: int, move: Move) -> int:
        """OpenSpiel's action for our ``move`` of ``player``."""
        if move.on == NO_TILE:
            return ACTIONS[(player, move.tile, -1)]
        return ACTIONS[(player, move.tile, self.matched(move))]

    def matched(self, move: Move) -> int:
        """The number a play (not a lead) is laid against."""
        return next(n for last, n in self.round.ends if last == move.on and n in (HIGH[move.tile], LOW[move.tile]))


class Agent(Protocol):
    """A player of OpenSpiel's game."""

    def act(self, state: Any, mirror: Mirror) -> int:
        """The action of the player to move."""
        ...


@dataclass
class OurAgent:
    """One of our bots, given only its seat's view of the mirrored round."""

    bot: Bot
    rng: random.Random
    clock: Callable[[], float]
    seconds: list[float] = field(default_factory=list)

    def act(self, state: Any, mirror: Mirror) -> int:
        player = state.current_player()
        view = round_view(mirror.to_move(player), player)
        start = self.clock()
        move = self.bot.choose(view, self.rng)
        if len(view.legal_moves) > 1:
            self.seconds.append(self.clock() - start)
        return mirror.action_of(player, move)


@dataclass
class OracleAgent:
    """Not a fair player: it sees both hands and plays the exact solver's best play for them (minimax with
    nothing hidden). Against the same opponent it shows roughly how much any player could win at most, the
    ceiling the fair bots' figures sit under (docs/bots.md)."""

    clock: Callable[[], float]
    seconds: list[float] = field(default_factory=list)

    def act(self, state: Any, mirror: Mirror) -> int:
        player = state.current_player()
        rnd = mirror.to_move(player)
        plays = [move for move in rnd.legal_moves() if move.is_play()]
        start = self.clock()
        solver = TwoSideSolver(2)
        ends = (rnd.ends[0][1], rnd.ends[-1][1]) if rnd.ends else (-1, -1)

        def value(move: Move) -> int:
            matched = -1 if move.on == NO_TILE else mirror.matched(move)
            return solver.after_play(rnd.hands, ends, player, move.tile, matched)

        best = max(plays, key=value)
        if len(plays) > 1:
            self.seconds.append(self.clock() - start)
        return mirror.action_of(player, best)


class ClockedISMCTS(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ISMCTS, simulating until its time per move is spent instead of for a fixed count."""

    def __init__(self, game: Any, seconds: float, clock: Callable[[], float], seed: int, uct_c: float) -> None:
        state = np.random.RandomState(seed)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=state)
        super().__init__(game, evaluator, uct_c, max_simulations=1, random_state=state)
        self.budget, self.clock, self.simulations = seconds, clock, [0, 0]
        self.set_resampler(self.resample)

    def run_search(self, state: Any) -> list[tuple[int, float]]:
        """The base class's search with a deadline for a loop bound (at least one simulation)."""
        self.reset()
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        self._root_node = self.create_new_node(state)
        deadline = self.clock() + self.budget
        count = 0
        while count == 0 or self.clock() < deadline:
            self.run_simulation(self.sample_root_state(state))
            count += 1
        self.simulations[0] += count
        self.simulations[1] += 1
        policy: list[tuple[int, float]] = self.get_final_policy(state, self._root_node)
        return policy

    def resample(self, state: Any, player: int) -> Any:
        """A state the player cannot tell from ``state``: its hand and the history as they are, the other
        hand dealt uniformly from the tiles it may hold (``hidden_candidates``)."""
        other = 1 - player
        unseen = hidden_candidates(state, player)
        picks = self._random_state.choice(len(unseen), size=len(state.hands[other]), replace=False)
        played: list[list[SpielTile]] = [[], []]
        for action in state.actions_history:
            played[action.player].append(action.tile)
        hands: list[list[SpielTile]] = [[], []]
        hands[player] = list(state.hands[player]) + played[player]
        hands[other] = [unseen[i] for i in picks] + played[other]
        sampled = self._game.new_initial_state()
        for spiel in hands[0] + hands[1]:
            sampled.apply_action(DEAL_ACTION[our_tile(spiel)])
        for action in state.actions_history:
            sampled.apply_action(ACTIONS[(action.player, our_tile(action.tile), _edge(action))])
        return sampled


def hidden_candidates(state: Any, player: int) -> list[SpielTile]:
    """The tiles the other player may hold, as ``player`` sees it: neither in ``player``'s hand nor played,
    and showing no number the other player was passed over on (OpenSpiel moves a player on again when
    the other has nothing that fits; with no drawing, that stays true for the rest of the game)."""
    void: list[set[float]] = [set(), set()]
    edges: list[float] = []
    played: set[SpielTile] = set()
    previous = -1
    for action in state.actions_history:
        if action.player == previous:
            void[1 - previous].update(edges)
        played.add(action.tile)
        edges = _edges_after(edges, action)
        previous = action.player
    if state.current_player() == previous:
        void[1 - previous].update(edges)
    barred = void[1 - player]
    seen = played | set(state.hands[player])
    return [t for t in spiel_dominoes._DECK if t not in seen and t[0] not in barred and t[1] not in barred]


def _edge(action: Any) -> int:
    return -1 if action.edge is None else int(action.edge)


def _edges_after(edges: list[float], action: Any) -> list[float]:
    """OpenSpiel's open edges after ``action``."""
    if not edges:
        return list(action.tile)
    rest = list(edges)
    rest.remove(action.edge)
    a, b = action.tile
    return [*rest, b if a == action.edge else a]


@dataclass
class IsmctsAgent:
    """OpenSpiel's ISMCTS at a time per move."""

    bot: ClockedISMCTS

    def act(self, state: Any, mirror: Mirror) -> int:
        action: int = self.bot.step(state)
        return action


def play_game(game: Any, deal: list[Tile], agents: list[Agent]) -> tuple[float, float]:
    """One game of the deal (player 0's hand, then player 1's): both players' returns, checked against our
    round's scores."""
    state = game.new_initial_state()
    for t in deal:
        state.apply_action(DEAL_ACTION[t])
    mirror = Mirror(state)
    while not state.is_terminal():
        player = state.current_player()
        action = agents[player].act(state, mirror)
        mirror.follow(player, action)
        state.apply_action(action)
    returns = state.returns()
    scores = mirror.round.scores()
    if mirror.round.end is None or [scores[0] - scores[1], scores[1] - scores[0]] != list(returns):
        raise AssertionError(f"our round disagrees with OpenSpiel: {scores} against {returns}")
    return float(returns[0]), float(returns[1])


@dataclass(frozen=True)
class Pairing:
    """Our bot (a level) against the ISMCTS, each with its time per move."""

    name: str
    ours: str
    our_ms: float
    ismcts_ms: float
    uct_c: float = UCT_C


@dataclass
class DealResult:
    """One deal, played twice with seats swapped: our results, our decision times, the ISMCTS's effort."""

    results: list[float]
    seconds: list[float]
    simulations: list[int]


def make_ours(level: str, ms: float, clock: Callable[[], float]) -> Bot:
    """Our bot of ``level``; the searching levels think for ``ms`` on ``clock``."""
    if level in ("hard", "expert"):
        return HardBot(budget_ms=ms, clock=clock)
    return make_bot(level)


def play_deal(pairing: Pairing, deal_index: int, seed: int, clock_name: str) -> DealResult:
    """Deal ``deal_index`` played twice, our bot as player 0 and then as player 1."""
    game = pyspiel.load_game(GAME_NAME)
    clock = CLOCKS[clock_name]
    tiles = list(range(28))
    random.Random(f"deal:{seed}:{deal_index}").shuffle(tiles)
    deal = tiles[:14]
    results, seconds, simulations = [], [], [0, 0]
    for ours in (0, 1):
        rng_name = f"{seed}:{deal_index}:{ours}"
        agent: OurAgent | OracleAgent = (
            OracleAgent(clock)
            if pairing.ours == "oracle"
            else OurAgent(make_ours(pairing.ours, pairing.our_ms, clock), random.Random(f"ours:{rng_name}"), clock)
        )
        ismcts_bot = ClockedISMCTS(
            game, pairing.ismcts_ms / 1000, clock, random.Random(rng_name).getrandbits(31), pairing.uct_c
        )
        agents: list[Agent] = [IsmctsAgent(ismcts_bot), IsmctsAgent(ismcts_bot)]
        agents[ours] = agent
        results.append(play_game(game, deal, agents)[ours])
        seconds += agent.seconds
        simulations = [a + b for a, b in zip(simulations, ismcts_bot.simulations, strict=True)]
    return DealResult(results, seconds, simulations)


def run_pairing(
    pairing: Pairing, deals: int, seed: int, jobs: int, clock: str, *, start: int = 0
) -> Iterator[DealResult]:
    """Deals ``start`` to ``start + deals - 1`` of a pairing, in order (spread over ``jobs`` processes)."""
    args = [(pairing, index, seed, clock) for index in range(start, start + deals)]
    if jobs <= 1:
        yield from (play_deal(*arg) for arg in args)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(play_deal, *zip(*args, strict=True))


def summary(name: str, results: list[DealResult]) -> dict[str, Any]:
    """The figures of one pairing."""
    points = [statistics.fmean(r.results) for r in results]
    wins = [statistics.fmean(1.0 if x > 0 else 0.5 if x == 0 else 0.0 for x in r.results) for r in results]
    seconds = sorted(s for r in results for s in r.seconds)
    sims = [sum(r.simulations[0] for r in results), sum(r.simulations[1] for r in results)]
    mean_points, low_points, high_points = mean_interval(points)
    mean_win, low_win, high_win = mean_interval(wins)
    return {
        f"{name}_points": round(mean_points, 2),
        f"{name}_points_ci": [round(low_points, 2), round(high_points, 2)],
        f"{name}_win": round(mean_win, 3),
        f"{name}_win_ci": [round(low_win, 3), round(high_win, 3)],
        f"{name}_p99_ms": round(1000 * seconds[min(len(seconds) - 1, int(0.99 * len(seconds)))], 1) if seconds else 0,
        f"{name}_ismcts_simulations": round(sims[0] / max(1, sims[1]), 1),
    }


def pairings(ms: float, expert_ms: float, uct_c: float = UCT_C) -> dict[str, Pairing]:
    """Every pairing this bench knows, by name."""
    return {
        "hard_vs_ismcts": Pairing("hard_vs_ismcts", "hard", ms, ms, uct_c),
        "hard_vs_ismcts5x": Pairing("hard_vs_ismcts5x", "hard", ms, 5 * ms, uct_c),
        "medium_vs_ismcts": Pairing("medium_vs_ismcts", "medium", ms, ms, uct_c),
        "easy_vs_ismcts": Pairing("easy_vs_ismcts", "easy", ms, ms, uct_c),
        "oracle_vs_ismcts": Pairing("oracle_vs_ismcts", "oracle", ms, ms, uct_c),
        "expert_vs_ismcts": Pairing("expert_vs_ismcts", "expert", expert_ms, expert_ms, uct_c),
    }


def main() -> None:
    """Play the pairings asked for and print their figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="deals per pairing, each played twice (default 200)")
    parser.add_argument("--ms", type=float, default=200.0, help="time a move (default 200 ms)")
    parser.add_argument("--expert-ms", type=float, default=1000.0, help="the expert pairing's time a move")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--start", type=int, default=0, help="the first deal of the seed to play (default 0)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--uct-c", type=float, default=UCT_C, help=f"the ISMCTS's UCT constant (default {UCT_C:g})")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall", help="what a time budget counts")
    parser.add_argument(
        "--per-deal", type=argparse.FileType("w"), help="also write each deal's results here (JSON lines), to pair runs"
    )
    parser.add_argument(
        "--pairings",
        default="hard_vs_ismcts,hard_vs_ismcts5x,medium_vs_ismcts",
        help="comma-separated, from: " + ", ".join(pairings(0, 0)),
    )
    args = parser.parse_args()
    known = pairings(args.ms, args.expert_ms, args.uct_c)
    chosen = [name for name in args.pairings.split(",") if name]
    unknown = [name for name in chosen if name not in known]
    if unknown or not chosen:
        raise SystemExit(f"versus: unknown pairing {unknown[0] if unknown else ''!r}; choose from {', '.join(known)}")
    figures: dict[str, Any] = {"deals": args.deals, "ms": args.ms, "clock": args.clock, "uct_c": args.uct_c}
    if args.start:
        figures["start"] = args.start
    for name in chosen:
        results = list(run_pairing(known[name], args.deals, args.seed, args.jobs, args.clock, start=args.start))
        figures.update(summary(name, results))
        for index, result in enumerate(results, start=args.start):
            if args.per_deal:
                args.per_deal.write(json.dumps({"pairing": name, "deal": index, "results": result.results}) + "\n")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
