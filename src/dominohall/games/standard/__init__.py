"""The standard game (docs/rules-standard.md) as one folder: its rules, and the descriptor that registers it."""

from __future__ import annotations

import random

from ..game import Game, ResultKind, Site
from .bots import PARTS
from .rules import playout
from .rules.match import StandardRules
from .rules.options import SETTINGS, StandardOptions
from .rules.record import check_standard_move, read_standard_hand, standard_hand_to_dict
from .rules.round import StandardRound, fair_deal
from .rules.view import StandardView, standard_view
from .terminal import BOARD


def _play_out(options: StandardOptions, index: int, rng: random.Random) -> int:
    """A hand dealt and played out at random, led by the first-hand rule: its moves."""
    return playout.deal_and_play_out(options, None, rng).moves


GAME: Game[StandardOptions, StandardRound, StandardView] = Game(
    name="standard",
    noun="hand",
    result=ResultKind.POINTS,
    results_key="scores",
    options_type=StandardOptions,
    round_type=StandardRound,
    view_type=StandardView,
    rules_type=StandardRules,
    options_from_dict=StandardOptions.from_dict,
    settings=SETTINGS,
    from_settings=StandardOptions.from_settings,
    chosen_settings=StandardOptions.chosen_settings,
    rules=StandardRules,
    view=standard_view,
    round_to_dict=standard_hand_to_dict,
    read_round=read_standard_hand,
    round_from_deal=StandardRound.from_deal,
    play_out=_play_out,
    fair_deal=fair_deal,
    bots=PARTS,
    terminal=BOARD,
    site=Site(
        slug="standard",
        title="Standard dominoes",
        replay_title="Replay: standard dominoes",
        board="line",
        centre=False,
        draws_opener=False,
        trains=False,
        waits=None,
        partners=True,
    ),
    check_move=check_standard_move,
)
"""The standard game's descriptor: draw, block, All Fives, Bergen."""
