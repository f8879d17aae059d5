"""Chicken Foot's parts for the bots: the medium bot's scorer, how ``Knowledge`` reads the history, the hard
bot's candidates and rollouts (compiled, ``rollouts.py``), the analysis's thresholds."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from dominohall.engine.moves import DRAW, PASS, Move
from dominohall.engine.tiles import HIGH, LOW, NUMBER_MASK, PIPS, Tile, other_end, playable_table
from dominohall.search.knowledge import Holding, Reading, starting_holdings
from dominohall.search.parts import FOLLOW_UP, BotParts, Evaluate, Search, kept

from ..rules.view import ChickenFootView

LONELY_DOUBLE = 6.0
"""Cost of laying a double we hold no other tile of: everyone must cover it, and we cannot help."""
THRESHOLDS = (5.0, 12.0, 25.0)
"""Expected points lost from which a play is an inaccuracy, a mistake, a blunder."""


def scorer(view: ChickenFootView, numbers: Counter[int]) -> Callable[[Move], float]:
    """How good each Chicken Foot play is, with the open ends read once."""
    ends = dict(view.open_ends)
    return lambda move: score(view, move, numbers, ends)


def score(view: ChickenFootView, move: Move, numbers: Counter[int], ends: dict[Tile, int]) -> float:
    """How good a Chicken Foot play is for the seat making it."""
    t = move.tile
    matched = HIGH[view.pending] if move.on == view.pending else ends[move.on]
    left_open = other_end(t, matched)
    value = view.options.blank_double if t == 0 else PIPS[t]
    if HIGH[t] == LOW[t]:
        helpers = numbers[matched] - 1  # our other tiles that can cover the double
        return value + (FOLLOW_UP * min(helpers, 3) if helpers else -LONELY_DOUBLE)
    return value + FOLLOW_UP * kept(numbers, t, left_open)


def holdings(view: ChickenFootView) -> list[Holding]:
    """Replay the public history: per seat, what its hand cannot hold (``Holding``)."""
    holdings = starting_holdings(view)
    table = playable_table(view.options.top)
    counts = [0] * (view.options.top + 1)
    open_of: dict[Tile, int] = {}  # the number each line's last tile shows
    pending, needs = HIGH[view.centre], view.options.start_toes
    for seat, move in view.history:
        playable = NUMBER_MASK[pending] if pending >= 0 else table[_numbers(counts)]
        if move.kind == DRAW:
            holdings[seat].draw(playable)
        elif move.kind == PASS:
            holdings[seat].without(playable)
        else:
            holdings[seat].play(move.tile)
            matched = pending if pending >= 0 else open_of.pop(move.on)
            new = other_end(move.tile, matched)
            if pending < 0:
                counts[matched] -= 1
            if pending < 0 and new == matched:
                pending, needs = matched, view.options.double_toes
                continue
            counts[new] += 1
            open_of[move.tile] = new
            if pending >= 0:
                needs -= 1
                pending = -1 if needs == 0 else pending
    return holdings


def _numbers(counts: list[int]) -> int:
    """The bitmask of the numbers some line end shows."""
    return sum(1 << n for n, count in enumerate(counts) if count)


def chicken_foot_rollouts(view: ChickenFootView, exact: bool = False) -> Evaluate:
    """Rollouts from this view: the candidate (tile, number matched) first, then every seat its heaviest
    playable tile, all candidates of a deal on the same random numbers; the value is minus the seat's penalty
    (Chicken Foot is never solved exactly: ``exact`` is ignored)."""
    assert view.seat is not None
    seat = view.seat
    counts = [0] * (view.options.top + 1)
    for _, number in view.open_ends:
        counts[number] += 1
    pending = HIGH[view.pending] if view.pending >= 0 else -1
    from .rollouts import HeavyRollouts  # noqa: PLC0415 - numba (0.4 s) with the first rollout

    heavy = HeavyRollouts(view.options, counts, pending=pending, needs=view.pending_needs, turn=seat)

    def rollouts(hands: list[list[Tile]], boneyard: list[Tile], keys: list[Any], rng: random.Random) -> list[float]:
        return [-float(penalty) for penalty in heavy.penalties(hands, boneyard, keys, rng.getrandbits(64))]

    return rollouts


def distinct_plays(view: ChickenFootView) -> dict[tuple[Tile, int], Move]:
    """The legal plays that can lead to different outcomes, one per (tile, number matched).

    Lines showing the same number are alike for the rest of the round, so only one of them is kept.
    """
    ends = dict(view.open_ends)
    plays: dict[tuple[Tile, int], Move] = {}
    for move in view.legal_moves:
        if move.is_play():
            plays.setdefault(_matched(view, ends, move), move)
    return plays


def chicken_foot_key(view: ChickenFootView, move: Move) -> tuple[Tile, int]:
    """The candidate a Chicken Foot play is (its tile and the number it matches)."""
    return _matched(view, dict(view.open_ends), move)


def _matched(view: ChickenFootView, ends: dict[Tile, int], move: Move) -> tuple[Tile, int]:
    return move.tile, HIGH[view.pending] if move.on == view.pending else ends[move.on]


def _warm_up() -> None:
    """Compile the rollouts and the sampler (or read them from the cache)."""
    from dominohall.search.compiled import warm_up as warm_sampler  # noqa: PLC0415 - numba with the first bot

    from .rollouts import warm_up  # noqa: PLC0415 - numba (0.4 s) with the first searching bot, not the server

    warm_sampler()
    warm_up()


PARTS = BotParts(
    scorer=scorer,
    reading=Reading(lambda view: (view.centre,), holdings),
    search=Search(distinct_plays, chicken_foot_rollouts, chicken_foot_key),
    thresholds=lambda options: THRESHOLDS,
    warm_up=_warm_up,
)
"""What the bots need of Chicken Foot."""
