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

from dominohall.engine.moves import NO_TILE
from dominohall.engine.tiles import HIGH, LOW, PIPS, playable_table
from dominohall.engine.turns import BLOCKED, DOMINO

from .options import StandardOptions
from .round import deal_tiles, extend_line, first_lead, lead_line
from .scoring import hand_award, hand_winner, play_points

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

    ``first`` leads, with ``lead`` when it is not ``NO_TILE``; ``boneyard`` is in draw order.
    """
    hand = hands[first]
    t = lead if lead >= 0 else hand[int(rng.random() * len(hand))]
    hand.remove(t)
    if trace is not None:
        trace.append((first, "play", t, NO_TILE))
    ends, spinner = lead_line(t, allfives=options.mode == "allfives")
    points = [0] * options.sides()
    if options.mode in ("allfives", "bergen"):
        points[options.side_of(first)] += play_points(options.mode, ends, spinner)
    state = HandState(hands, boneyard, 0, ends, spinner, False, points)
    if not hand:
        return _result(options, state, end=DOMINO, last=first, moves=1)
    following = first + 1 if first + 1 < options.players else 0
    if options.mode == "block" and not _anyone_can_play(hands, ends, options.top):
        return _result(options, state, end=BLOCKED, last=following, moves=1)
    return play_on(options, state, following, rng, trace=trace, moves=1)


class HandState(NamedTuple):
    """A hand in play, by parts: hands (tile ids), the boneyard and how much of it was drawn, the open ends
    as (last tile, number), the spinner and whether its arms are open, and the points scored so far."""

    hands: list[list[int]]
    boneyard: Sequence[int]
    next_draw: int
    ends: list[tuple[int, int]]
    spinner: int
    spinner_open: bool
    points: list[int]


def play_on(
    options: StandardOptions,
    state: HandState,
    turn: int,
    rng: random.Random,
    *,
    trace: list[TraceStep] | None = None,
    moves: int = 0,
    first: tuple[int, int] | None = None,
    greedy: bool = False,
) -> HandResult:
    """Play the hand on from ``state`` with ``turn`` to move, to its end; ``state``'s lists are changed.

    Every seat plays uniformly at random among its legal moves, or with ``greedy`` the move that scores most
    at once (All Fives, Bergen), then the heaviest tile. ``first``, when given, is the first play of the
    seat to move as (tile, end index): a searching bot's candidate. One loop on purpose: this is the hot
    path of searching bots and of the benchmark.
    """
    hands, boneyard, next_draw, ends, spinner, spinner_open, points = state
    mode, players, side_of = options.mode, options.players, options.side_of
    drawing, fives, scoring = mode != "block", mode == "allfives", mode in ("allfives", "bergen")
    table = playable_table(options.top)
    rand, high, low = rng.random, HIGH, LOW
    tracing, steps = trace is not None, trace if trace is not None else []
    end_tiles, end_numbers = [last for last, _ in ends], [n for _, n in ends]
    held = 0
    for hand in hands:
        for t in hand:
            held |= 1 << t
    next_draw, bone_size = state.next_draw, len(boneyard)
    while True:
        hand = hands[turn]
        if first is not None:
            choices, first = [first], None
        else:
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
        else:
            if len(choices) == 1:
                t, index = choices[0]
            elif greedy:
                t, index = _best(choices, end_tiles, end_numbers, spinner=spinner, spinner_open=spinner_open, mode=mode)
            else:
                t, index = choices[int(rand() * len(choices))]
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
                line = list(zip(end_tiles, end_numbers, strict=True))
                points[side_of(turn)] += play_points(mode, line, spinner, spinner_open=spinner_open)
            if not hand:
                return _result(options, state, end=DOMINO, last=turn, moves=moves)
        turn = turn + 1 if turn + 1 < players else 0
        if not drawing or next_draw == bone_size:
            numbers = 0
            for n in end_numbers:
                numbers |= 1 << n
            if not held & table[numbers]:
                return _result(options, state, end=BLOCKED, last=turn, moves=moves)


def _anyone_can_play(hands: list[list[int]], ends: list[tuple[int, int]], top: int) -> bool:
    """True when some hand holds a tile that fits one of ``ends``."""
    playable = playable_table(top)[sum({1 << n for _, n in ends})]
    return any(playable >> t & 1 for hand in hands for t in hand)


def _best(
    choices: list[tuple[int, int]],
    end_tiles: list[int],
    end_numbers: list[int],
    *,
    spinner: int,
    spinner_open: bool,
    mode: str,
) -> tuple[int, int]:
    """The choice scoring most at once (All Fives, Bergen), then the heaviest tile."""
    if mode not in ("allfives", "bergen"):
        return max(choices, key=lambda choice: PIPS[choice[0]])
    allfives = mode == "allfives"
    best, best_key = choices[0], (-1, -1)
    for choice in choices:
        t, index = choice
        line = list(zip(end_tiles, end_numbers, strict=True))
        after_spinner, after_open = extend_line(line, index, t, spinner, spinner_open, allfives=allfives)
        key = (play_points(mode, line, after_spinner, spinner_open=after_open), PIPS[t])
        if key > best_key:
            best, best_key = choice, key
    return best


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


def _result(options: StandardOptions, state: HandState, *, end: str, last: int, moves: int) -> HandResult:
    """The hand's result: the points scored in play and the winner's award."""
    pips = [sum(PIPS[t] for t in hand) for hand in state.hands]
    side, leader = hand_winner(options, pips, end, last)
    scores = state.points.copy()
    if side is not None:
        scores[side] += hand_award(options, pips, side)
    return HandResult(end, scores, moves, leader)
