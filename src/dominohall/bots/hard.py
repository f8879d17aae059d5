"""The hard bot: determinized rollouts under hidden information.

For each candidate play it deals the unseen tiles many times over, consistently with what the table
revealed (``Knowledge``), plays the round out on the fast path with every seat shedding its heaviest tile,
and keeps the play with the lowest mean penalty for itself. Every candidate is tried on the same deals, so
their difference is not blurred by luck of the deal. It thinks for a time budget (default 200 ms), or, in
deterministic mode, for a fixed number of deals.
"""

from __future__ import annotations

import random
import time

from ..engine.moves import Move
from ..engine.playout import play_out
from ..engine.tiles import HIGH, Tile
from ..engine.views import ChickenFootView
from .knowledge import Knowledge

DEFAULT_BUDGET_MS = 200.0


class HardBot:
    """Searches by determinized rollouts; ``simulations`` fixes the number of deals (no clock involved)."""

    name = "hard"

    def __init__(self, budget_ms: float = DEFAULT_BUDGET_MS, simulations: int | None = None) -> None:
        self.budget_ms = budget_ms
        self.simulations = simulations

    def choose(self, view: ChickenFootView, rng: random.Random) -> Move:
        """The play with the lowest mean penalty over the rollouts (forced moves at once)."""
        legal = view.legal_moves
        if not legal:
            raise ValueError("it is not this seat's turn: there is no legal move to choose")
        candidates = distinct_plays(view)
        if len(candidates) <= 1:
            return legal[0]
        keys = list(candidates)
        totals = self.evaluate(view, keys, rng)
        best = min(range(len(keys)), key=totals.__getitem__)
        return candidates[keys[best]]

    def evaluate(self, view: ChickenFootView, keys: list[tuple[Tile, int]], rng: random.Random) -> list[float]:
        """Summed own penalty of each candidate (tile, number matched) over the same sampled deals."""
        assert view.seat is not None
        knowledge = Knowledge.from_view(view)
        counts = [0] * (view.options.top + 1)
        for _, number in view.open_ends:
            counts[number] += 1
        pending = HIGH[view.pending] if view.pending >= 0 else -1
        totals = [0.0] * len(keys)
        deadline = time.perf_counter() + self.budget_ms / 1000
        deals = 0
        while self._more(deals, deadline):
            hands, boneyard = knowledge.sample(rng)
            hands[view.seat] = list(view.hand)
            for index, first in enumerate(keys):
                result = play_out(
                    [hand.copy() for hand in hands], counts.copy(), view.options, rng,
                    pending=pending, needs=view.pending_needs, turn=view.seat, drawn=-1,
                    boneyard=boneyard, next_draw=0, heavy=True, first=first,
                )  # fmt: skip
                totals[index] += result.penalties[view.seat]
            deals += 1
        return totals

    def _more(self, deals: int, deadline: float) -> bool:
        if self.simulations is not None:
            return deals < self.simulations
        return deals == 0 or time.perf_counter() < deadline


def distinct_plays(view: ChickenFootView) -> dict[tuple[Tile, int], Move]:
    """The legal plays that can lead to different outcomes, one per (tile, number matched).

    Lines showing the same number are alike for the rest of the round, so only one of them is kept.
    """
    ends = dict(view.open_ends)
    plays: dict[tuple[Tile, int], Move] = {}
    for move in view.legal_moves:
        if move.is_play():
            matched = HIGH[view.pending] if move.on == view.pending else ends[move.on]
            plays.setdefault((move.tile, matched), move)
    return plays
