"""Chicken Foot's match rules (docs/rules-chickenfoot.md): the round's double, who opens, who wins: the train
games' own (``engine/centre_games.py``), with Chicken Foot's round."""

from __future__ import annotations

from dominohall.engine.centre_games import CentreRules
from dominohall.engine.match import Match
from dominohall.engine.tiles import Tile

from .options import ChickenFootOptions
from .round import ChickenFootRound


class ChickenFootRules(CentreRules[ChickenFootOptions, ChickenFootRound]):
    """Chicken Foot's match rules: descending doubles, the opener moving one seat on, lowest total wins."""

    def new_round(self, number: int, first: int, hands: list[list[Tile]], boneyard: list[Tile]) -> ChickenFootRound:
        """A Chicken Foot round of ``number``'s double in the centre."""
        return ChickenFootRound(self.options, number, first, hands, boneyard)


def chicken_foot_match(options: ChickenFootOptions) -> Match[ChickenFootRound]:
    """An empty Chicken Foot match; call ``deal_next`` to start each round."""
    return Match(ChickenFootRules(options))
