"""Chicken Foot's match rules (docs/rules-chickenfoot.md): the round's double, who opens, who wins."""

from __future__ import annotations

import random

from dominohall.engine.centre_deals import fair_deal
from dominohall.engine.fair import DealSeed
from dominohall.engine.match import Match

from .options import ChickenFootOptions, lowest_totals
from .round import ChickenFootRound, deal_round


class ChickenFootRules:
    """Chicken Foot's match rules: descending doubles, the opener moving one seat on, lowest total wins."""

    def __init__(self, options: ChickenFootOptions) -> None:
        self.options = options

    def opener(self, index: int, previous: ChickenFootRound | None, rng: random.Random) -> int:
        """Round 1 is opened by a random seat, each later one by the seat after the last opener."""
        if previous is None:
            return rng.randrange(self.options.players)
        return (previous.first + 1) % self.options.players

    def deal(self, index: int, previous: ChickenFootRound | None, rng: random.Random) -> ChickenFootRound:
        """Deal round ``index``: its double in the centre, the rest shuffled by ``rng``."""
        first = self.opener(index, previous, rng)
        return deal_round(self.options, self.options.round_number(index), first, rng)

    def deal_seeded(self, index: int, previous: ChickenFootRound | None, seed: DealSeed) -> ChickenFootRound:
        """Deal round ``index`` fairly from ``seed`` (docs/fairness.md): the first round's opener is drawn too."""
        hands, boneyard, first = fair_deal(self.options, index, seed)
        if first is None:  # a later round: the seat after the last opener
            assert previous is not None, f"round {index + 1} follows an earlier round"
            first = (previous.first + 1) % self.options.players
        return ChickenFootRound(self.options, self.options.round_number(index), first, hands, boneyard)

    def is_match_over(self, totals: list[int], rounds_played: int) -> bool:
        """After the last round, or with a limit once some total passes it."""
        return self.options.is_match_over(totals, rounds_played)

    def winners(self, totals: list[int], last: ChickenFootRound | None = None) -> list[int]:
        """The lowest total wins; equal lowest totals share the win."""
        return lowest_totals(totals)


def chicken_foot_match(options: ChickenFootOptions) -> Match[ChickenFootRound]:
    """An empty Chicken Foot match; call ``deal_next`` to start each round."""
    return Match(ChickenFootRules(options))
