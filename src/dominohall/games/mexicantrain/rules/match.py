"""Mexican Train's match rules (docs/rules-mexicantrain.md): the round's engine, who opens, who wins: the
train games' own (``engine/centre_games.py``), with Mexican Train's round."""

from __future__ import annotations

from dominohall.engine.centre_games import CentreRules
from dominohall.engine.match import Match
from dominohall.engine.tiles import Tile

from .options import MexicanTrainOptions
from .round import MexicanTrainRound


class MexicanTrainRules(CentreRules[MexicanTrainOptions, MexicanTrainRound]):
    """Mexican Train's match rules: descending engines, the opener moving one seat on, lowest total wins."""

    def new_round(self, number: int, first: int, hands: list[list[Tile]], boneyard: list[Tile]) -> MexicanTrainRound:
        """A Mexican Train round with ``number``'s double as its engine."""
        return MexicanTrainRound(self.options, number, first, hands, boneyard)


def mexican_train_match(options: MexicanTrainOptions) -> Match[MexicanTrainRound]:
    """An empty Mexican Train match; call ``deal_next`` to start each round."""
    return Match(MexicanTrainRules(options))
