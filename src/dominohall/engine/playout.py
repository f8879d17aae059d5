"""The fast playout path: finish a Chicken Foot round with random legal moves, on plain ints.

Bots that search play thousands of rounds per decision; this loop keeps only what decides the outcome
(hands as bitmasks, how many line ends show each number, the pending double, the boneyard position) and
picks uniformly among legal moves exactly as ``ChickenFootRound.legal_moves`` lists them: each
(tile, target) pair once. Lines showing the same number are interchangeable for the outcome, so a play
is traced as (tile, number) and ``trace`` lets tests replay it through the full engine.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from .chickenfoot import BLOCKED, DOMINO, ChickenFootRound, playable_mask
from .moves import NO_TILE
from .tiles import HIGH, LOW, NUMBER_MASK, pips_of

TraceStep = tuple[int, str, int, int]
"""(seat, kind, tile, number matched) for each move of a playout; tile and number are -1 where unused."""


class PlayoutResult(NamedTuple):
    """How a playout ended: ``domino`` or ``blocked``, the penalties, and how many moves it made."""

    end: str
    penalties: list[int]
    moves: int


def random_playout(rnd: ChickenFootRound, rng: random.Random, trace: list[TraceStep] | None = None) -> PlayoutResult:
    """Play ``rnd`` to its end with uniformly random legal moves; ``rnd`` itself is not changed."""
    if rnd.end is not None:
        return PlayoutResult(rnd.end, rnd.penalties(), 0)
    hands = rnd.hands.copy()
    held = 0  # every tile in some hand: tiles are unique, so plays and draws just flip their bit
    for hand in hands:
        held |= hand
    counts = [len(lasts) for lasts in rnd.lines_at]
    numbers = rnd.open_numbers
    open_tiles = playable_mask(numbers)
    pend = HIGH[rnd.pending] if rnd.pending != NO_TILE else -1
    needs, double_toes = rnd.pending_needs, rnd.options.double_toes
    bone, next_draw, bone_size = rnd.boneyard, rnd.drawn_count, len(rnd.boneyard)
    players, turn, drawn, moves = rnd.options.players, rnd.turn, rnd.drawn, 0
    rand, high, low_end, number_mask, playable_of = rng.random, HIGH, LOW, NUMBER_MASK, playable_mask
    tracing, steps = trace is not None, trace if trace is not None else []
    while True:
        hand = hands[turn]
        playable = number_mask[pend] if pend >= 0 else open_tiles
        legal = hand & playable
        if drawn >= 0:
            legal &= 1 << drawn
        elif not legal and next_draw < bone_size:
            drawn = bone[next_draw]
            next_draw += 1
            moves += 1
            hand |= 1 << drawn
            hands[turn] = hand
            held |= 1 << drawn
            if tracing:
                steps.append((turn, "draw", drawn, -1))
            legal = playable & (1 << drawn)
        drawn = -1
        if not legal:
            moves += 1
            if tracing:
                steps.append((turn, "pass", -1, -1))
        else:
            # Pick one (tile, target) pair uniformly: with a pending double each tile has one target,
            # otherwise a tile has as many targets as there are line ends showing either of its numbers.
            if legal & (legal - 1) == 0:
                t = legal.bit_length() - 1
                a, b = high[t], low_end[t]
                if pend >= 0:
                    weight_a, weight = (1 if a == pend else 0), 1
                else:
                    weight_a = counts[a]
                    weight = weight_a + (counts[b] if a != b else 0)
                offset = rand() * weight
            else:
                total, choices, rest = 0, [], legal
                while rest:
                    low = rest & -rest
                    rest ^= low
                    t = low.bit_length() - 1
                    a, b = high[t], low_end[t]
                    if pend >= 0:
                        weight_a, weight = (1 if a == pend else 0), 1
                    else:
                        weight_a = counts[a]
                        weight = weight_a + (counts[b] if a != b else 0)
                    total += weight
                    choices.append((total, weight, t, a, b, weight_a))
                pick = rand() * total
                for choice in choices:
                    if pick < choice[0]:
                        break
                total, weight, t, a, b, weight_a = choice
                offset = pick - (total - weight)
            # The offset within the chosen tile's share picks the end: ``a`` for its first weight_a.
            matched, new = (a, b) if offset < weight_a else (b, a)
            moves += 1
            hand ^= 1 << t
            hands[turn] = hand
            held ^= 1 << t
            if tracing:
                steps.append((turn, "play", t, matched))
            if pend >= 0:
                counts[new] += 1
                if counts[new] == 1:
                    numbers |= 1 << new
                    open_tiles = playable_of(numbers)
                needs -= 1
                if needs == 0:
                    pend = -1
            else:
                counts[matched] -= 1
                if counts[matched] == 0:
                    numbers ^= 1 << matched
                if a == b:
                    pend, needs = a, double_toes
                else:
                    counts[new] += 1
                    if counts[new] == 1:
                        numbers |= 1 << new
                open_tiles = playable_of(numbers)
            if not hand:
                return PlayoutResult(DOMINO, _penalties(hands, rnd.options.blank_double), moves)
        turn = turn + 1 if turn + 1 < players else 0
        if next_draw == bone_size and not held & (number_mask[pend] if pend >= 0 else open_tiles):
            return PlayoutResult(BLOCKED, _penalties(hands, rnd.options.blank_double), moves)


def _penalties(hands: list[int], blank_double: int) -> list[int]:
    return [pips_of(hand) + (blank_double if hand & 1 else 0) for hand in hands]
