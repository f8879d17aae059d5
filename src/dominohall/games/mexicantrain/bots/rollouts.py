"""The hard bot's Mexican Train rollouts: a candidate play, then every seat plays its heaviest tile.

The loop keeps only what decides the outcome, as the rules' fast playout (``rules/playout.py``) does: each
hand as a list of tile ids, each train's open number by train index (the seats', then the Mexican train at
``players``), the marks as a bitmask, the uncovered double's number and train. Each seat lays its heaviest
playable tile (a 0-0 weighing the table's blank-double value; of equal weights the higher tile id) on its own
train first, else on the Mexican
train, else on a marked train; a drawn tile that fits is laid at once, the same way. Given a sampled deal the
rollout has no chance left in it, so every candidate of a deal is valued on the same future.

Pure Python: about 60,000 moves a second on one core (docs/bots.md), enough for the hard bot's budget; the
Chicken Foot loop is compiled with numba, which this game can follow when its bots need more deals.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from dominohall.engine.tiles import HIGH, LOW, NUMBER_MASK, PIPS, playable_table

from ..rules.options import MexicanTrainOptions


class Position(NamedTuple):
    """A round's public state at a decision: the trains' open numbers, the marks, the uncovered double."""

    open_at: tuple[int, ...]
    """Per train index (the seats', then the Mexican train), the number its open end shows."""
    marked: int
    """The bitmask of marked seats."""
    uncovered: int
    """The number of the double waiting for its cover, or -1."""
    uncovered_at: int
    """The train index of that double, or -1."""
    turn: int
    """The seat to move (the deciding seat)."""


def weights(options: MexicanTrainOptions) -> list[int]:
    """What each tile weighs to a seat shedding tiles: its pips, the 0-0 the table's blank-double value."""
    return [options.blank_double if t == 0 else PIPS[t] for t in range(len(PIPS))]


def rollout(
    options: MexicanTrainOptions,
    position: Position,
    hands: Sequence[Sequence[int]],
    boneyard: Sequence[int],
    first: tuple[int, int],
) -> list[int]:
    """Every seat's penalty after the seat to move lays ``first`` (a tile and its train index) and the round is
    played out heaviest tile first from ``hands`` and ``boneyard`` (drawn in order); nothing given is changed."""
    players = options.players
    own = [list(hand) for hand in hands]
    open_at = list(position.open_at)
    marked, uncovered, uncovered_at, turn = position.marked, position.uncovered, position.uncovered_at, position.turn
    weight = weights(options)
    table = playable_table(options.top)
    held = 0
    for hand in own:
        for t in hand:
            held |= 1 << t
    t, k = first
    next_draw, size = 0, len(boneyard)
    while True:
        hand = own[turn]
        if t < 0:
            where = _where(open_at, marked, uncovered, uncovered_at, turn)
            t, k = _heaviest(hand, where, weight)
            if t < 0 and next_draw < size:
                drawn = boneyard[next_draw]
                next_draw += 1
                hand.append(drawn)
                held |= 1 << drawn
                t, k = _heaviest((drawn,), where, weight)
        if t < 0:
            marked |= 1 << turn
        else:
            hand.remove(t)
            held ^= 1 << t
            n = open_at[k]
            open_at[k] = HIGH[t] + LOW[t] - n
            if k == turn:
                marked &= ~(1 << turn)
            if not hand:
                break
            t = -1
            if uncovered >= 0:
                uncovered = uncovered_at = -1
            elif open_at[k] == n:
                uncovered, uncovered_at = n, k
                continue  # the same seat covers its own double
        turn = turn + 1 if turn + 1 < players else 0
        if next_draw == size and not held & _playable(open_at, uncovered, table):
            break
    return [sum(weight[t] for t in hand) for hand in own]


def _playable(open_at: list[int], uncovered: int, table: Sequence[int]) -> int:
    """The tiles any seat could play once every train is open (the blocked test)."""
    if uncovered >= 0:
        return NUMBER_MASK[uncovered]
    numbers = 0
    for n in open_at:
        numbers |= 1 << n
    return table[numbers]


def _where(open_at: list[int], marked: int, uncovered: int, uncovered_at: int, turn: int) -> dict[int, int]:
    """For each number the seat to move may lay a tile against, the train index it lays it on: its own train
    first, then the Mexican train (the last index), then the marked trains; while a double is uncovered, only
    that double's number and train."""
    if uncovered >= 0:
        return {uncovered: uncovered_at}
    players = len(open_at) - 1
    where: dict[int, int] = {}
    for k in (turn, players, *(seat for seat in range(players) if marked >> seat & 1 and seat != turn)):
        where.setdefault(open_at[k], k)
    return where


def _heaviest(hand: Sequence[int], where: dict[int, int], weight: list[int]) -> tuple[int, int]:
    """The heaviest tile of ``hand`` that fits one of the numbers of ``where`` (of equal weights, the higher tile
    id), and its train index; or (-1, -1)."""
    best, best_k, best_weight = -1, -1, -1
    for t in hand:
        k = where.get(HIGH[t], where.get(LOW[t], -1))
        if k >= 0 and (weight[t] > best_weight or (weight[t] == best_weight and t > best)):
            best, best_k, best_weight = t, k, weight[t]
    return best, best_k
