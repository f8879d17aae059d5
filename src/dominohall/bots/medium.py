"""The medium bot: a sound heuristic that looks one move ahead and no further.

Chicken Foot: shed weight (a 0-0 first, since it costs 50 or 25 if caught), keep open the numbers it holds
many of, and lay a double only when it can help cover it. Standard game: take the points on offer (All
Fives, Bergen), then shed weight, keeping open the numbers it holds many of.
"""

from __future__ import annotations

import random
from collections import Counter

from dominohall.engine.moves import Move
from dominohall.engine.tiles import HIGH, LOW
from dominohall.games import View, game_of


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
        scorer = game_of(view).bots.scorer(view, numbers)
        return max(legal, key=scorer)
