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

from .chickenfoot import BLOCKED, DOMINO, ChickenFootRound, playable_table
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
    table = playable_table(rnd.options.top)
    open_tiles = table[numbers]
    pend = HIGH[rnd.pending] if rnd.pending != NO_TILE else -1
    needs, double_toes = rnd.pending_needs, rnd.options.double_toes
    bone, next_draw, bone_size = rnd.boneyard, rnd.drawn_count, len(rnd.boneyard)
    players, turn, drawn, moves = rnd.options.players, rnd.turn, rnd.drawn, 0
    rand, high, low_end, number_mask = rng.random, HIGH, LOW, NUMBER_MASK
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
            # Pick one (tile, target) pair uniformly. A toe on the pending double has one target; otherwise a
            # tile a-b has counts[a] + counts[b] targets (counts[a] for a double).
            if pend >= 0:
                if legal & (legal - 1):
                    for _ in range(int(rand() * legal.bit_count())):
                        legal &= legal - 1
                t = (legal & -legal).bit_length() - 1
                matched = pend
            else:
                if legal & (legal - 1):
                    total, choices, rest = 0, [], legal
                    while rest:
                        low = rest & -rest
                        rest ^= low
                        t = low.bit_length() - 1
                        a, b = high[t], low_end[t]
                        total += counts[a] + counts[b] if a != b else counts[a]
                        choices.append((total, t))
                    pick = rand() * total
                    for total, t in choices:  # noqa: B007 (the loop stops at the chosen tile)
                        if pick < total:
                            break
                    a, b = high[t], low_end[t]
                    offset = pick - total + counts[a] + counts[b]  # where in the tile's share the pick fell
                else:
                    t = legal.bit_length() - 1
                    a, b = high[t], low_end[t]
                    offset = rand() * (counts[a] + counts[b])
                matched = a if offset < counts[a] else b
            new = high[t] + low_end[t] - matched
            moves += 1
            hand ^= 1 << t
            hands[turn] = hand
            held ^= 1 << t
            if tracing:
                steps.append((turn, "play", t, matched))
            if pend >= 0:
                count = counts[new] + 1
                counts[new] = count
                if count == 1:
                    numbers |= 1 << new
                    open_tiles = table[numbers]
                needs -= 1
                if needs == 0:
                    pend = -1
            else:
                count = counts[matched] - 1
                counts[matched] = count
                if count == 0:
                    numbers ^= 1 << matched
                    open_tiles = table[numbers]
                if new == matched:
                    pend, needs = new, double_toes
                else:
                    count = counts[new] + 1
                    counts[new] = count
                    if count == 1:
                        numbers |= 1 << new
                        open_tiles = table[numbers]
            if not hand:
                return PlayoutResult(DOMINO, _penalties(hands, rnd.options.blank_double), moves)
        turn = turn + 1 if turn + 1 < players else 0
        if next_draw == bone_size and not held & (number_mask[pend] if pend >= 0 else open_tiles):
            return PlayoutResult(BLOCKED, _penalties(hands, rnd.options.blank_double), moves)


def _penalties(hands: list[int], blank_double: int) -> list[int]:
    return [pips_of(hand) + (blank_double if hand & 1 else 0) for hand in hands]
