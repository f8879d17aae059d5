"""Chicken Foot (docs/rules-chickenfoot.md), as one folder: its rules, and the descriptor that registers it."""

from __future__ import annotations

import random

from dominohall.engine.centre_deals import fair_deal

from ..game import Game, ResultKind, Site
from .bots import PARTS
from .rules import playout
from .rules.match import ChickenFootRules
from .rules.options import SETTINGS, ChickenFootOptions
from .rules.record import chicken_foot_round_to_dict, read_chicken_foot_round
from .rules.round import ChickenFootRound
from .rules.view import ChickenFootView, chicken_foot_view
from .terminal import BOARD


def _play_out(options: ChickenFootOptions, index: int, rng: random.Random) -> int:
    """Round ``index``'s deal played out at random (the opener chosen by index): its moves."""
    return playout.deal_and_play_out(options, options.round_number(index), index % options.players, rng).moves


GAME: Game[ChickenFootOptions, ChickenFootRound, ChickenFootView] = Game(
    name="chickenfoot",
    noun="round",
    result=ResultKind.PENALTIES,
    results_key="penalties",
    options_type=ChickenFootOptions,
    round_type=ChickenFootRound,
    view_type=ChickenFootView,
    rules_type=ChickenFootRules,
    options_from_dict=ChickenFootOptions.from_dict,
    settings=SETTINGS,
    from_settings=ChickenFootOptions.from_settings,
    chosen_settings=ChickenFootOptions.chosen_settings,
    rules=ChickenFootRules,
    view=chicken_foot_view,
    round_to_dict=chicken_foot_round_to_dict,
    read_round=read_chicken_foot_round,
    round_from_deal=ChickenFootRound.from_deal,
    play_out=_play_out,
    fair_deal=fair_deal,
    bots=PARTS,
    terminal=BOARD,
    site=Site(
        slug="chicken-foot",
        title="Chicken Foot",
        replay_title="Replay: Chicken Foot",
        board="feet",
        centre=True,
        draws_opener=True,
        trains=False,
        waits="toes",
        partners=False,
        deal_table=True,
        ladder_title="Chicken Foot, four players",
    ),
)
"""Chicken Foot's descriptor."""
