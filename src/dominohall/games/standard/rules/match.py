"""The standard game's match rules (docs/rules-standard.md): who leads each hand, when the match ends, who won."""

from __future__ import annotations

import random

from dominohall.engine.fair import DealSeed
from dominohall.engine.match import Match

from .options import StandardOptions
from .round import StandardRound, deal_hand, fair_deal, lead_hand


class StandardRules:
    """The standard game's match rules: who leads each hand, when the match ends, who won.

    The first hand (and any hand after one nobody won) is led by the first-hand rule; a later hand by the
    previous hand's winner, with any tile. Without a target one hand decides and its winner (seat or team)
    wins; with a target, hands go on until a total reaches it and the highest total wins.
    """

    def __init__(self, options: StandardOptions) -> None:
        self.options = options

    def leader(self, previous: StandardRound | None) -> int | None:
        """The seat that leads after ``previous``, or ``None`` when the first-hand rule decides."""
        return None if previous is None else previous.winner()[1]

    def deal(self, index: int, previous: StandardRound | None, rng: random.Random) -> StandardRound:
        """Deal hand ``index``: the whole set shuffled by ``rng``, led as the rules say."""
        return deal_hand(self.options, self.leader(previous), rng)

    def deal_seeded(self, index: int, previous: StandardRound | None, seed: DealSeed) -> StandardRound:
        """Deal hand ``index`` fairly from ``seed`` (docs/fairness.md), led as the rules say."""
        hands, boneyard, _ = fair_deal(self.options, index, seed)
        return lead_hand(self.options, self.leader(previous), hands, boneyard)

    def is_match_over(self, totals: list[int], rounds_played: int) -> bool:
        """After one hand without a target; with one, once some total reaches it."""
        return self.options.is_match_over(totals, rounds_played)

    def winners(self, totals: list[int], last: StandardRound) -> list[int]:
        """Without a target the last hand's winner (everyone when nobody won it); else the highest totals."""
        if self.options.target is not None:
            return self.options.highest_totals(totals)
        side, _ = last.winner()
        return list(range(self.options.players)) if side is None else self.options.seats_of(side)


def standard_match(options: StandardOptions) -> Match[StandardRound]:
    """An empty standard match; call ``deal_next`` to start each hand."""
    return Match(StandardRules(options))
