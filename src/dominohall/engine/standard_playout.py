"""The fast playout path of the standard game: finish a hand with random legal moves, on plain ints and lists.

Bots that search play thousands of hands per decision, so this loop keeps only what decides the outcome:
each hand as a list of tile ids, the open ends as two parallel lists (last tile, number shown), the spinner,
the points scored and the boneyard position. It picks uniformly among the legal moves exactly as
``StandardRound.legal_moves`` lists them (each tile once per distinct end tile it fits), draws one tile at a
time until one fits, and scores as the round does; ``trace`` records every move as (seat, kind, tile, on)
so that tests can replay a playout through the full engine.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from .chickenfoot import playable_table
from .moves import NO_TILE
from .standard import deal_tiles, first_lead
from .standard_options import StandardOptions
from .standard_scoring import BLOCKED, DOMINO, hand_award, hand_winner, play_points
from .tiles import HIGH, LOW, PIPS

TraceStep = tuple[int, str, int, int]
"""(seat, kind, tile, on) for each move of a playout; tile and on are -1 where unused."""


class HandResult(NamedTuple):
    """How a playout ended: ``domino`` or ``blocked``, the hand's scores, its moves and the next leader."""

    end: str
    scores: list[int]
    moves: int
    leader: int | None


def deal_and_play_out(
    options: StandardOptions, leader: int | None, rng: random.Random, trace: list[TraceStep] | None = None
) -> HandResult:
    """Deal a hand as ``deal_hand`` would (the same tiles for the same ``rng``) and play it out at random."""
    hands, boneyard = deal_tiles(options, rng)
    first, lead = first_lead(hands, options.mode) if leader is None else (leader, NO_TILE)
    return play_out(options, hands, boneyard, first=first, lead=lead, rng=rng, trace=trace)


def play_out(
    options: StandardOptions,
    hands: list[list[int]],
    boneyard: Sequence[int],
    *,
    first: int,
    lead: int,
    rng: random.Random,
    trace: list[TraceStep] | None = None,
) -> HandResult:
    """Play a freshly dealt hand to its end; ``hands`` are changed in place.

    ``first`` leads, with ``lead`` when it is not ``NO_TILE``; ``boneyard`` is in draw order. One loop on
    purpose: this is the hot path of searching bots and of the benchmark.
    """
    mode, players, side_of = options.mode, options.players, options.side_of
    drawing, fives, scoring = mode != "block", mode == "allfives", mode in ("allfives", "bergen")
    table = playable_table(options.top)
    rand, high, low = rng.random, HIGH, LOW
    tracing, steps = trace is not None, trace if trace is not None else []
    held = 0
    for hand in hands:
        for t in hand:
            held |= 1 << t
    points = [0] * options.sides()
    next_draw, bone_size, moves, turn = 0, len(boneyard), 1, first
    hand = hands[turn]
    t = lead if lead >= 0 else hand[int(rand() * len(hand))]
    hand.remove(t)
    held ^= 1 << t
    if tracing:
        steps.append((turn, "play", t, NO_TILE))
    end_tiles, end_numbers = [t, t], [high[t], low[t]]
    spinner, spinner_open = (t if fives and high[t] == low[t] else NO_TILE), False
    if scoring:
        points[side_of(turn)] += play_points(mode, list(zip(end_tiles, end_numbers, strict=True)), spinner)
    while True:
        if not hand:
            return _result(options, hands, points, end=DOMINO, last=turn, moves=moves)
        turn = turn + 1 if turn + 1 < players else 0
        if not drawing or next_draw == bone_size:
            numbers = 0
            for n in end_numbers:
                numbers |= 1 << n
            if not held & table[numbers]:
                return _result(options, hands, points, end=BLOCKED, last=turn, moves=moves)
        hand = hands[turn]
        choices = _choices(hand, end_tiles, end_numbers)
        while not choices and drawing and next_draw < bone_size:
            t = boneyard[next_draw]
            next_draw += 1
            moves += 1
            hand.append(t)
            held |= 1 << t
            if tracing:
                steps.append((turn, "draw", t, NO_TILE))
            choices = _choices([t], end_tiles, end_numbers)
        moves += 1
        if not choices:
            if tracing:
                steps.append((turn, "pass", NO_TILE, NO_TILE))
            continue
        t, index = choices[int(rand() * len(choices))] if len(choices) > 1 else choices[0]
        hand.remove(t)
        held ^= 1 << t
        last, n = end_tiles[index], end_numbers[index]
        if tracing:
            steps.append((turn, "play", t, last))
        end_tiles[index], end_numbers[index] = t, high[t] + low[t] - n
        if fives:
            if spinner < 0:
                if high[t] == low[t]:
                    spinner = t
            elif last == spinner and not spinner_open and spinner not in end_tiles:
                spinner_open = True
                end_tiles += [last, last]
                end_numbers += [n, n]
        if scoring:
            ends = list(zip(end_tiles, end_numbers, strict=True))
            points[side_of(turn)] += play_points(mode, ends, spinner, spinner_open=spinner_open)


def _choices(tiles: list[int], end_tiles: list[int], end_numbers: list[int]) -> list[tuple[int, int]]:
    """Every legal (tile, end index), each tile once per distinct end tile it fits."""
    choices = []
    high, low = HIGH, LOW
    for t in tiles:
        a, b = high[t], low[t]
        seen = NO_TILE
        for index, n in enumerate(end_numbers):
            if n in (a, b):
                last = end_tiles[index]
                if last != seen and (index < 2 or last not in end_tiles[:index]):
                    choices.append((t, index))
                    seen = last
    return choices


def _result(
    options: StandardOptions, hands: list[list[int]], points: list[int], *, end: str, last: int, moves: int
) -> HandResult:
    """The hand's result: the points scored in play and the winner's award."""
    pips = [sum(PIPS[t] for t in hand) for hand in hands]
    side, leader = hand_winner(options, pips, end, last)
    scores = points.copy()
    if side is not None:
        scores[side] += hand_award(options, pips, side)
    return HandResult(end, scores, moves, leader)
