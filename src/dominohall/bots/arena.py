"""Matches between bots: each seat's bot chooses from its own view, the match deals with its own rng."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..engine.chickenfoot import ChickenFootRound
from ..engine.match import Match, chicken_foot_match
from ..engine.moves import Move
from ..engine.options import ChickenFootOptions
from ..engine.views import round_view
from .base import Bot

MoveHook = Callable[[ChickenFootRound, int, Move], None]
"""Called after each move with the round, the seat that moved and the move."""


def bot_move(rnd: ChickenFootRound, bot: Bot, rng: random.Random, round_index: int, totals: Sequence[int]) -> Move:
    """Ask ``bot`` (seated at the seat to move) for its move, showing it only that seat's view."""
    view = round_view(rnd, rnd.turn, round_index, tuple(totals))
    return bot.choose(view, rng)


def play_round(
    match: Match[ChickenFootRound], bots: Sequence[Bot], bot_rng: random.Random, on_move: MoveHook | None = None
) -> None:
    """Play the current round of ``match`` to its end with ``bots`` in the seats."""
    rnd, index, totals = match.current, len(match.rounds) - 1, match.totals()
    while rnd.end is None:
        seat = rnd.turn
        move = bot_move(rnd, bots[seat], bot_rng, index, totals)
        rnd.apply(move, seat)
        if on_move is not None:
            on_move(rnd, seat, rnd.history[-1][1])


def play_match(
    options: ChickenFootOptions,
    bots: Sequence[Bot],
    deal_rng: random.Random,
    bot_rng: random.Random,
    on_move: MoveHook | None = None,
) -> Match[ChickenFootRound]:
    """Play a whole match between ``bots`` (one per seat) and return it."""
    if len(bots) != options.players:
        raise ValueError(f"{options.players} seats need {options.players} bots, not {len(bots)}")
    match = chicken_foot_match(options)
    while not match.is_over():
        match.deal_next(deal_rng)
        play_round(match, bots, bot_rng, on_move)
    return match
