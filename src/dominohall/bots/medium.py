"""The medium bot: a sound Chicken Foot heuristic that looks one move ahead and no further.

It sheds weight (a 0-0 first, since it costs 50 or 25 if caught), keeps the numbers it holds many of
open for itself, and lays a double only when it can help cover it.
"""

from __future__ import annotations

import random
from collections import Counter

from ..engine.moves import Move
from ..engine.tiles import HIGH, LOW, PIPS, Tile, other_end
from ..engine.views import ChickenFootView

FOLLOW_UP = 2.0
"""Worth of each tile we still hold that shows the number a play leaves open (we can play on it later)."""
LONELY_DOUBLE = 6.0
"""Cost of laying a double we hold no other tile of: everyone must cover it, and we cannot help."""


class MediumBot:
    """Plays the legal move with the best one-move score; ties go to the first listed."""

    name = "medium"

    def choose(self, view: ChickenFootView, rng: random.Random) -> Move:
        """The best-scoring legal move (a draw or a pass when that is all there is)."""
        legal = view.legal_moves
        if not legal:
            raise ValueError("it is not this seat's turn: there is no legal move to choose")
        if len(legal) == 1 or not legal[0].is_play():
            return legal[0]
        numbers = Counter(n for t in view.hand for n in {HIGH[t], LOW[t]})
        ends = dict(view.open_ends)
        return max(legal, key=lambda move: score(view, move, numbers, ends))


def score(view: ChickenFootView, move: Move, numbers: Counter[int], ends: dict[Tile, int]) -> float:
    """How good a play is for the seat making it."""
    t = move.tile
    matched = HIGH[view.pending] if move.on == view.pending else ends[move.on]
    left_open = other_end(t, matched)
    value = view.options.blank_double if t == 0 else PIPS[t]
    if HIGH[t] == LOW[t]:
        helpers = numbers[matched] - 1  # our other tiles that can cover the double
        return value + (FOLLOW_UP * min(helpers, 3) if helpers else -LONELY_DOUBLE)
    follow_up = numbers[left_open] - (1 if left_open in (HIGH[t], LOW[t]) else 0)
    return value + FOLLOW_UP * follow_up
