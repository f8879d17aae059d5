"""Matches between bots: each seat's bot chooses from its own view, the match deals with its own rng.

Both games are played the same way: ``play_match`` takes a game's options (or its match rules).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from dominohall.games import AnyMatch, AnyRound, new_match, round_view

from ..engine.match import Match
from ..engine.moves import Move
from .base import Bot

MoveHook = Callable[[AnyRound, int, Move], None]
"""Called after each move with the round, the seat that moved and the move."""


def bot_move(rnd: AnyRound, bot: Bot, rng: random.Random, round_index: int, totals: Sequence[int]) -> Move:
    """Ask ``bot`` (seated at the seat to move) for its move, showing it only that seat's view."""
    return bot.choose(round_view(rnd, rnd.turn, round_index, tuple(totals)), rng)


def play_round(match: AnyMatch, bots: Sequence[Bot], bot_rng: random.Random, on_move: MoveHook | None = None) -> None:
    """Play the current round of ``match`` to its end with ``bots`` in the seats."""
    rnd, index, totals = match.current, len(match.rounds) - 1, match.totals()
    while rnd.end is None:
        seat = rnd.turn
        move = bot_move(rnd, bots[seat], bot_rng, index, totals)
        rnd.apply(move, seat)
        if on_move is not None:
            on_move(rnd, seat, rnd.history[-1][1])


def play_match(
    setup: object,
    bots: Sequence[Bot],
    deal_rng: random.Random,
    bot_rng: random.Random,
    on_move: MoveHook | None = None,
) -> Match[Any]:
    """Play a whole match of the game ``setup`` describes (its options or its match rules) between ``bots``
    (one per seat) and return it."""
    match = new_match(setup)
    players = match.rules.options.players
    if len(bots) != players:
        raise ValueError(f"{players} seats need {players} bots, not {len(bots)}")
    while not match.is_over():
        match.deal_next(deal_rng)
        play_round(match, bots, bot_rng, on_move)
    return match
