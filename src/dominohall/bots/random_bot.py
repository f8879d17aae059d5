"""The random bot: a uniformly random legal move."""

from __future__ import annotations

import random

from dominohall.games import View

from ..engine.moves import Move


class RandomBot:
    """Plays a legal move chosen uniformly at random: the easy level, and a baseline for the others."""

    name = "random"

    def choose(self, view: View, rng: random.Random) -> Move:
        """A uniformly random legal move of the view."""
        if not view.legal_moves:
            raise ValueError("it is not this seat's turn: there is no legal move to choose")
        return rng.choice(view.legal_moves)
