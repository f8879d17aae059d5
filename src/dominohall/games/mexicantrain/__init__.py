"""Mexican Train (docs/rules-mexicantrain.md), as one folder: its rules, its bots' parts, its terminal board, and
the descriptor that registers it."""

from __future__ import annotations

import random

from dominohall.engine.centre_deals import fair_deal

from ..game import Game, ResultKind, Site
from .bots import PARTS
from .rules import playout
from .rules.match import MexicanTrainRules
from .rules.options import SETTINGS, MexicanTrainOptions
from .rules.record import mexican_train_round_to_dict, read_mexican_train_round
from .rules.round import MexicanTrainRound
from .rules.view import MexicanTrainView, mexican_train_view
from .terminal import BOARD


def _play_out(options: MexicanTrainOptions, index: int, rng: random.Random) -> int:
    """Round ``index``'s deal played out at random (the opener chosen by index): its moves."""
    return playout.deal_and_play_out(options, options.round_number(index), index % options.players, rng).moves


GAME: Game[MexicanTrainOptions, MexicanTrainRound, MexicanTrainView] = Game(
    name="mexicantrain",
    noun="round",
    result=ResultKind.PENALTIES,
    results_key="penalties",
    options_type=MexicanTrainOptions,
    round_type=MexicanTrainRound,
    view_type=MexicanTrainView,
    rules_type=MexicanTrainRules,
    options_from_dict=MexicanTrainOptions.from_dict,
    settings=SETTINGS,
    from_settings=MexicanTrainOptions.from_settings,
    chosen_settings=MexicanTrainOptions.chosen_settings,
    rules=MexicanTrainRules,
    view=mexican_train_view,
    round_to_dict=mexican_train_round_to_dict,
    read_round=read_mexican_train_round,
    round_from_deal=MexicanTrainRound.from_deal,
    play_out=_play_out,
    fair_deal=fair_deal,
    bots=PARTS,
    terminal=BOARD,
    site=Site(
        slug="mexican-train",
        title="Mexican Train",
        replay_title="Replay: Mexican Train",
        board="trains",
        centre=True,
        draws_opener=True,
        trains=True,
        waits="cover",
        partners=False,
    ),
)
"""Mexican Train's descriptor."""
