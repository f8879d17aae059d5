"""The medium bot: a sound heuristic that looks one move ahead and no further.

Chicken Foot: shed weight (a 0-0 first, since it costs 50 or 25 if caught), keep open the numbers it holds
many of, and lay a double only when it can help cover it. Standard game: take the points on offer (All
Fives, Bergen), then shed weight, keeping open the numbers it holds many of.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from dominohall.games import View, game_of
from dominohall.games.chickenfoot.rules.view import ChickenFootView
from dominohall.games.standard.rules.view import StandardView

from ..engine.moves import Move
from ..engine.tiles import HIGH, LOW, PIPS, Tile, other_end
from .line import end_index, is_lead, points_of

FOLLOW_UP = 2.0
"""Worth of each tile we still hold that shows the number a play leaves open (we can play on it later)."""
LONELY_DOUBLE = 6.0
"""Cost of laying a double we hold no other tile of: everyone must cover it, and we cannot help."""
POINT = 3.0
"""Worth of one point scored at once in All Fives or Bergen, against one pip shed."""


class MediumBot:
    """Plays the legal move with the best one-move score; ties go to the first listed."""

    name = "medium"

    def choose(self, view: View, rng: random.Random) -> Move:
        """The best-scoring legal move (a draw or a pass when that is all there is)."""
        legal = view.legal_moves
        if not legal:
            raise ValueError("it is not this seat's turn: there is no legal move to choose")
        if len(legal) == 1 or not legal[0].is_play():
            return legal[0]
        numbers = Counter(n for t in view.hand for n in {HIGH[t], LOW[t]})
        scorer = SCORERS[game_of(view).name](view, numbers)
        return max(legal, key=scorer)


def _chicken_foot_scorer(view: ChickenFootView, numbers: Counter[int]) -> Callable[[Move], float]:
    """How good each Chicken Foot play is, with the open ends read once."""
    ends = dict(view.open_ends)
    return lambda move: score(view, move, numbers, ends)


def _standard_scorer(view: StandardView, numbers: Counter[int]) -> Callable[[Move], float]:
    """How good each standard play is."""
    return lambda move: standard_score(view, move, numbers)


def score(view: ChickenFootView, move: Move, numbers: Counter[int], ends: dict[Tile, int]) -> float:
    """How good a Chicken Foot play is for the seat making it."""
    t = move.tile
    matched = HIGH[view.pending] if move.on == view.pending else ends[move.on]
    left_open = other_end(t, matched)
    value = view.options.blank_double if t == 0 else PIPS[t]
    if HIGH[t] == LOW[t]:
        helpers = numbers[matched] - 1  # our other tiles that can cover the double
        return value + (FOLLOW_UP * min(helpers, 3) if helpers else -LONELY_DOUBLE)
    return value + FOLLOW_UP * _kept(numbers, t, left_open)


def standard_score(view: StandardView, move: Move, numbers: Counter[int]) -> float:
    """How good a standard play is: points at once, then pips shed, then numbers kept open for us."""
    t, mode = move.tile, view.options.mode
    points = points_of(view.open_ends, view.spinner, view.spinner_open, move, mode=mode)
    if is_lead(move):
        follow_up = _kept(numbers, t, HIGH[t]) + (_kept(numbers, t, LOW[t]) if HIGH[t] != LOW[t] else 0)
    else:
        left_open = other_end(t, view.open_ends[end_index(view.open_ends, move)][1])
        follow_up = _kept(numbers, t, left_open)
    return POINT * points + PIPS[t] + FOLLOW_UP * follow_up


SCORERS: dict[str, Callable[[Any, Counter[int]], Callable[[Move], float]]] = {
    "chickenfoot": _chicken_foot_scorer,
    "standard": _standard_scorer,
}
"""Per game (by name), how the medium bot scores a play: given the view and the numbers the seat holds."""


def _kept(numbers: Counter[int], t: Tile, n: int) -> int:
    """How many of our other tiles show ``n`` once ``t`` is played."""
    return numbers[n] - (1 if n in (HIGH[t], LOW[t]) else 0)
