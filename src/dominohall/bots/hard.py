"""The hard bot: determinized rollouts under hidden information.

For each candidate play it deals the unseen tiles many times over, consistently with what the table
revealed (``Knowledge``), plays the round out on the fast path with every seat playing greedily (Chicken
Foot: shed the heaviest tile, in the compiled loop of its folder's ``bots.rollouts``; standard game: take the
most points at once, then shed), and keeps the play
with the best mean outcome: the lowest own penalty in Chicken Foot, the widest margin of its side's points
over the others' in the standard game. Every candidate is tried on the same deals, so
their difference is not blurred by luck of the deal. It thinks for a time budget (default 200 ms), or, in
deterministic mode, for a fixed number of deals.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from typing import Any

from dominohall.engine.moves import Move
from dominohall.engine.tiles import Tile
from dominohall.games import GAMES, View, game_of
from dominohall.search.knowledge import Knowledge
from dominohall.search.parts import Evaluate, TooBigError
from dominohall.search.race import Race, Z

DEFAULT_BUDGET_MS = 200.0
"""The hard bot's time a decision."""
EXPERT_BUDGET_MS = 1000.0
"""The expert bot's time a decision: five times the hard bot's."""


class HardBot:
    """Searches by determinized rollouts; ``simulations`` fixes the number of deals (no clock involved)."""

    name = "hard"
    default_budget_ms = DEFAULT_BUDGET_MS
    """The time a decision when ``budget_ms`` is not given."""

    def __init__(
        self,
        budget_ms: float | None = None,
        simulations: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
        z: float = Z,
    ) -> None:
        self.budget_ms = self.default_budget_ms if budget_ms is None else budget_ms
        self.simulations = simulations
        self.clock = clock
        """What the budget counts: the wall clock, or (for benches on a busy machine) the process's CPU time."""
        self.z = z
        """How far behind (in standard errors) a candidate is dropped from the race (``math.inf``: never)."""
        for game in GAMES.values():  # the compiled loops made ready now, outside any decision's budget
            game.bots.warm_up()

    def choose(self, view: View, rng: random.Random) -> Move:
        """The play with the best mean outcome over the sampled deals (forced moves at once)."""
        legal = view.legal_moves
        if not legal:
            raise ValueError("it is not this seat's turn: there is no legal move to choose")
        candidates = game_of(view).bots.search.candidates(view)
        if len(candidates) <= 1:
            return legal[0]
        keys = list(candidates)
        return candidates[keys[self.race(view, keys, rng).best()]]

    def race(self, view: View, keys: list[Any], rng: random.Random) -> Race:
        """The candidates (keys of the game's ``candidates``) valued over the same sampled deals: minus the
        own penalty in Chicken Foot, the margin of the side's points over the others' mean in the standard
        game (``ResultKind.value_for``); the clearly beaten ones are dropped on the way (``Race``). Where
        the game can be solved exactly on each deal it is, unless one solve grows too big: then the
        decision starts again with rollouts only."""
        search = game_of(view).bots.search
        deadline = self.clock() + self.budget_ms / 1000
        try:
            return self._race(view, keys, search.evaluator(view, True), rng, deadline)
        except TooBigError:
            return self._race(view, keys, search.evaluator(view, False), rng, deadline)

    def _race(self, view: View, keys: list[Any], value: Evaluate, rng: random.Random, deadline: float) -> Race:
        """Value the candidates still in the race on deal after deal, until the budget is spent (one deal at
        least) or one candidate is left."""
        race = Race(len(keys), self.z)
        for hands, boneyard in self.deals(view, rng, deadline):
            race.add(value(hands, boneyard, [keys[c] for c in race.alive], rng))
            if len(race.alive) == 1:
                break
        return race

    def deals(self, view: View, rng: random.Random, deadline: float) -> Iterator[tuple[list[list[Tile]], list[Tile]]]:
        """Sampled deals (our hand in our seat) until ``deadline`` on the clock, or ``simulations`` of them."""
        assert view.seat is not None
        knowledge = Knowledge.from_view(view, game_of(view).bots.reading)
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
        return dealt == 0 or self.clock() < deadline


class ExpertBot(HardBot):
    """The hard bot's search given five times its time (1 s a decision), for players who ask for a bot that
    thinks longer (docs/bots.md: so far not measurably stronger than the hard bot)."""

    name = "expert"
    default_budget_ms = EXPERT_BUDGET_MS
