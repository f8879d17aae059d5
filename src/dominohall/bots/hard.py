"""The hard bot: determinized rollouts under hidden information.

For each candidate play it deals the unseen tiles many times over, consistently with what the table
revealed (``Knowledge``), plays the round out on the fast path with every seat playing greedily (Chicken
Foot: shed the heaviest tile; standard game: take the most points at once, then shed), and keeps the play
with the best mean outcome: the lowest own penalty in Chicken Foot, the widest margin of its side's points
over the others' in the standard game. Every candidate is tried on the same deals, so
their difference is not blurred by luck of the deal. It thinks for a time budget (default 200 ms), or, in
deterministic mode, for a fixed number of deals.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

from ..engine.moves import Move
from ..engine.playout import play_out
from ..engine.standard import lead_line
from ..engine.standard_playout import HandResult, HandState, play_on
from ..engine.standard_scoring import play_points
from ..engine.tiles import HIGH, Tile
from ..engine.views import ChickenFootView, StandardView, View
from .knowledge import Knowledge
from .line import end_index, is_lead

DEFAULT_BUDGET_MS = 200.0


class HardBot:
    """Searches by determinized rollouts; ``simulations`` fixes the number of deals (no clock involved)."""

    name = "hard"

    def __init__(self, budget_ms: float = DEFAULT_BUDGET_MS, simulations: int | None = None) -> None:
        self.budget_ms = budget_ms
        self.simulations = simulations

    def choose(self, view: View, rng: random.Random) -> Move:
        """The play with the best mean outcome over the rollouts (forced moves at once)."""
        legal = view.legal_moves
        if not legal:
            raise ValueError("it is not this seat's turn: there is no legal move to choose")
        if isinstance(view, StandardView):
            plays = [move for move in legal if move.is_play()]
            if len(plays) <= 1:
                return legal[0]
            values = self.evaluate_standard(view, plays, rng)
            return plays[max(range(len(plays)), key=values.__getitem__)]
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
        counts = [0] * (view.options.top + 1)
        for _, number in view.open_ends:
            counts[number] += 1
        pending = HIGH[view.pending] if view.pending >= 0 else -1
        totals = [0.0] * len(keys)
        for hands, boneyard in self.deals(view, rng):
            for index, first in enumerate(keys):
                result = play_out(
                    [hand.copy() for hand in hands], counts.copy(), view.options, rng,
                    pending=pending, needs=view.pending_needs, turn=view.seat, drawn=-1,
                    boneyard=boneyard, next_draw=0, heavy=True, first=first,
                )  # fmt: skip
                totals[index] += result.penalties[view.seat]
        return totals

    def evaluate_standard(self, view: StandardView, plays: list[Move], rng: random.Random) -> list[float]:
        """Summed margin of each play (our side's points in the hand minus the others' mean) over the deals."""
        assert view.seat is not None
        options = view.options
        side = options.side_of(view.seat)
        others = [other for other in range(options.sides()) if other != side]
        values = [0.0] * len(plays)
        for hands, boneyard in self.deals(view, rng):
            for index, move in enumerate(plays):
                scores = standard_rollout(view, [hand.copy() for hand in hands], boneyard, move, rng).scores
                values[index] += scores[side] - sum(scores[other] for other in others) / len(others)
        return values

    def deals(self, view: View, rng: random.Random) -> Iterator[tuple[list[list[Tile]], list[Tile]]]:
        """Sampled deals (our hand in our seat), as many as the budget allows, or ``simulations`` of them."""
        assert view.seat is not None
        knowledge = Knowledge.from_view(view)
        deadline = time.perf_counter() + self.budget_ms / 1000
        dealt = 0
        while self._more(dealt, deadline):
            hands, boneyard = knowledge.sample(rng)
            hands[view.seat] = list(view.hand)
            yield hands, boneyard
            dealt += 1

    def _more(self, dealt: int, deadline: float) -> bool:
        """True while the budget (a number of deals, or the clock with at least one deal) allows another."""
        if self.simulations is not None:
            return dealt < self.simulations
        return dealt == 0 or time.perf_counter() < deadline


def standard_rollout(
    view: StandardView, hands: list[list[Tile]], boneyard: list[Tile], move: Move, rng: random.Random
) -> HandResult:
    """Play ``move`` for the view's seat on a sampled deal, then the rest of the hand greedily."""
    assert view.seat is not None
    options, seat = view.options, view.seat
    if not is_lead(move):
        index = end_index(view.open_ends, move)
        state = HandState(hands, boneyard, 0, list(view.open_ends), view.spinner, view.spinner_open, list(view.scores))
        return play_on(options, state, seat, rng, first=(move.tile, index), greedy=True)
    line, spinner = lead_line(move.tile, allfives=options.mode == "allfives")
    hands[seat].remove(move.tile)
    points = list(view.scores)
    points[options.side_of(seat)] += play_points(options.mode, line, spinner)
    state = HandState(hands, boneyard, 0, line, spinner, False, points)
    following = seat + 1 if seat + 1 < options.players else 0
    return play_on(options, state, following, rng, greedy=True)


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
