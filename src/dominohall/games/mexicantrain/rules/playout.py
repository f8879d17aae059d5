"""The fast playout path: finish a Mexican Train round with random legal moves, on plain ints and lists.

Bots that search play thousands of rounds per decision, so this loop keeps only what decides the outcome:
each hand as a list of tile ids, each train's open number (by train index: the seats', then the Mexican
train), the marks as a bitmask, the uncovered double's number and train, and the boneyard position. It
picks uniformly among legal moves exactly as ``MexicanTrainRound.legal_moves`` lists them, each (tile,
train) pair once, and ``trace`` lets tests replay a playout through the full engine.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from dominohall.engine.centre_deals import deal_tiles
from dominohall.engine.moves import NO_TILE
from dominohall.engine.tiles import HIGH, LOW, MAX_TOP, NUMBER_MASK, PIPS, playable_table, tiles_of
from dominohall.engine.turns import BLOCKED, DOMINO

from .options import MexicanTrainOptions
from .round import MexicanTrainRound

TraceStep = tuple[int, str, int, int]
"""(seat, kind, tile, train index) for each move of a playout; tile and train are -1 where unused. The train
index is the seat's number for its own train, ``players`` for the Mexican train."""

_SPARE = MAX_TOP + 1
"""A number no train ever shows: a per-number count at ``_SPARE`` stays 0."""
_SECOND: tuple[int, ...] = tuple(LOW[t] if LOW[t] != HIGH[t] else _SPARE for t in range(len(HIGH)))
"""A tile's second number for counting trains: its low end, or ``_SPARE`` for a double (one end counts)."""


class PlayoutResult(NamedTuple):
    """How a playout ended: ``domino`` or ``blocked``, the penalties, and how many moves it made."""

    end: str
    penalties: list[int]
    moves: int


def random_playout(rnd: MexicanTrainRound, rng: random.Random, trace: list[TraceStep] | None = None) -> PlayoutResult:
    """Play ``rnd`` to its end with uniformly random legal moves; ``rnd`` itself is not changed."""
    if rnd.end is not None:
        return PlayoutResult(rnd.end, rnd.penalties(), 0)
    uncovered = HIGH[rnd.uncovered] if rnd.uncovered != NO_TILE else -1
    return play_out(
        [tiles_of(hand) for hand in rnd.hands],
        list(rnd.open_at),
        rnd.options,
        rng,
        marked=rnd.marked,
        uncovered=uncovered,
        uncovered_at=rnd.train_index(rnd.uncovered_train) if uncovered >= 0 else -1,
        turn=rnd.turn,
        drawn=rnd.drawn,
        boneyard=rnd.boneyard,
        next_draw=rnd.drawn_count,
        trace=trace,
    )


def deal_and_play_out(
    options: MexicanTrainOptions, number: int, first: int, rng: random.Random, trace: list[TraceStep] | None = None
) -> PlayoutResult:
    """Deal a round as ``deal_round`` would (the same tiles for the same ``rng``) and play it out at random."""
    hands, boneyard = deal_tiles(options, number, rng)
    return play_out(
        hands, [number] * (options.players + 1), options, rng, marked=0, uncovered=-1, uncovered_at=-1,
        turn=first, drawn=-1, boneyard=boneyard, next_draw=0, trace=trace,
    )  # fmt: skip


def play_out(
    hands: list[list[int]],
    open_at: list[int],
    options: MexicanTrainOptions,
    rng: random.Random,
    *,
    marked: int,
    uncovered: int,
    uncovered_at: int,
    turn: int,
    drawn: int,
    boneyard: Sequence[int],
    next_draw: int,
    trace: list[TraceStep] | None = None,
) -> PlayoutResult:
    """The playout loop, on a round given by parts; ``hands`` and ``open_at`` are changed in place.

    ``hands`` holds each seat's tile ids, ``open_at[k]`` the number train ``k`` shows (the seats' trains,
    then the Mexican train at ``players``), ``marked`` the bitmask of marked seats, ``uncovered`` the number
    of the double waiting for its cover on train ``uncovered_at`` (-1 for none), ``drawn`` the tile the
    seat to move has just drawn (-1 for none) and ``boneyard[next_draw:]`` the tiles still to draw, in order.
    """
    players = options.players
    mexican = 1 << players
    counts = [0] * (_SPARE + 1)  # how many trains show each number, for the blocked test
    numbers = 0
    for n in open_at:
        counts[n] += 1
        numbers |= 1 << n
    held = 0  # bitmask of every tile in some hand
    for hand in hands:
        for t in hand:
            held |= 1 << t
    table = playable_table(options.top)
    bone_size, moves, trains = len(boneyard), 0, players + 1
    rand, high, low, second = rng.random, HIGH, LOW, _SECOND
    tracing, steps = trace is not None, trace if trace is not None else []
    while True:
        hand = hands[turn]
        t = k = -1
        if uncovered >= 0:
            k = uncovered_at
            if drawn < 0:
                fits = [x for x in hand if high[x] == uncovered or low[x] == uncovered]
                if fits:
                    t = fits[int(rand() * len(fits))]
        else:
            # the open trains of the seat to move, and how many of them show each number
            open_trains = 1 << turn | mexican | marked
            mine = [0] * (_SPARE + 1)
            for j in range(trains):
                if open_trains >> j & 1:
                    mine[open_at[j]] += 1
            if drawn < 0:
                total, choices = 0, []
                for x in hand:
                    weight = mine[high[x]] + mine[second[x]]
                    if weight:
                        total += weight
                        choices.append(total << 8 | x)  # running total and tile in one int
                if total:
                    pick = int(rand() * total)
                    key = pick << 8 | 255
                    for choice in choices:
                        if key < choice:
                            break
                    t = choice & 255
                    k = _nth_train(
                        open_at,
                        open_trains,
                        high[t],
                        second[t],
                        pick - ((choice >> 8) - mine[high[t]] - mine[second[t]]),
                    )
        if t < 0 and drawn < 0 and next_draw < bone_size:
            drawn = boneyard[next_draw]
            next_draw += 1
            moves += 1
            hand.append(drawn)
            held |= 1 << drawn
            if tracing:
                steps.append((turn, "draw", drawn, -1))
        if drawn >= 0:
            if uncovered >= 0:
                if high[drawn] == uncovered or low[drawn] == uncovered:
                    t = drawn
            else:
                weight = mine[high[drawn]] + mine[second[drawn]]
                if weight:
                    t = drawn
                    k = _nth_train(open_at, open_trains, high[t], second[t], int(rand() * weight))
            drawn = -1
        moves += 1
        if t < 0:
            if tracing:
                steps.append((turn, "pass", -1, -1))
            marked |= 1 << turn
        else:
            if tracing:
                steps.append((turn, "play", t, k))
            hand.remove(t)
            held ^= 1 << t
            n = open_at[k]
            new = high[t] + low[t] - n
            counts[n] -= 1
            if not counts[n]:
                numbers ^= 1 << n
            counts[new] += 1
            numbers |= 1 << new
            open_at[k] = new
            if k == turn:
                marked &= ~(1 << turn)
            if not hand:
                return PlayoutResult(DOMINO, _penalties(hands, options.blank_double), moves)
            if uncovered >= 0:
                uncovered = -1
            elif new == n:
                uncovered, uncovered_at = n, k
                continue  # the same seat covers its double
        turn = turn + 1 if turn + 1 < players else 0
        if next_draw == bone_size and not held & (NUMBER_MASK[uncovered] if uncovered >= 0 else table[numbers]):
            return PlayoutResult(BLOCKED, _penalties(hands, options.blank_double), moves)


def _nth_train(open_at: list[int], open_trains: int, a: int, b: int, nth: int) -> int:
    """The index of the ``nth`` (from 0) train open to the seat that shows ``a``, then of those that show ``b``:
    the order in which a tile's share of the picks is split between its two ends."""
    for n in (a, b):
        k = 0
        while open_trains >> k:
            if open_trains >> k & 1 and open_at[k] == n:
                if not nth:
                    return k
                nth -= 1
            k += 1
    raise AssertionError("no such train")


def _penalties(hands: list[list[int]], blank_double: int) -> list[int]:
    """Pips left per seat; a 0-0 (tile 0) counts ``blank_double``."""
    return [sum(PIPS[t] for t in hand) + (blank_double if 0 in hand else 0) for hand in hands]
