"""The fast playout path: finish a Chicken Foot round with random legal moves, on plain ints and lists.

Bots that search play thousands of rounds per decision, so this loop keeps only what decides the outcome:
each hand as a list of tile ids, how many line ends show each number (``counts``), the pending double's
number and the toes it still needs, and the boneyard position. It picks uniformly among legal moves
exactly as ``ChickenFootRound.legal_moves`` lists them, each (tile, target) pair once: a tile ``a-b`` has
``counts[a] + counts[b]`` targets on open lines (``counts[a]`` for a double), and one target while a double
waits for toes. Lines showing the same number are interchangeable for the outcome, so a play is traced as
(tile, number matched), and ``trace`` lets tests replay a playout through the full engine.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from dominohall.engine.centre_deals import deal_tiles
from dominohall.engine.moves import NO_TILE
from dominohall.engine.tiles import HIGH, LOW, MAX_TOP, NUMBER_MASK, PIPS, playable_table, tiles_of
from dominohall.engine.turns import BLOCKED, DOMINO

from .options import ChickenFootOptions
from .round import ChickenFootRound

TraceStep = tuple[int, str, int, int]
"""(seat, kind, tile, number matched) for each move of a playout; tile and number are -1 where unused."""

_SPARE = MAX_TOP + 1
"""A number no line ever shows: ``counts[_SPARE]`` stays 0."""
_SECOND: tuple[int, ...] = tuple(LOW[t] if LOW[t] != HIGH[t] else _SPARE for t in range(len(HIGH)))
"""A tile's second number for counting targets: its low end, or ``_SPARE`` for a double (one end counts)."""


_SHOWING: tuple[frozenset[int], ...] = tuple(
    frozenset(t for t in range(len(HIGH)) if n in (HIGH[t], LOW[t])) for n in range(MAX_TOP + 1)
)
"""For each number, every tile that shows it."""


class PlayoutResult(NamedTuple):
    """How a playout ended: ``domino`` or ``blocked``, the penalties, and how many moves it made."""

    end: str
    penalties: list[int]
    moves: int


def random_playout(rnd: ChickenFootRound, rng: random.Random, trace: list[TraceStep] | None = None) -> PlayoutResult:
    """Play ``rnd`` to its end with uniformly random legal moves; ``rnd`` itself is not changed."""
    if rnd.end is not None:
        return PlayoutResult(rnd.end, rnd.penalties(), 0)
    return play_out(
        [tiles_of(hand) for hand in rnd.hands],
        [len(lasts) for lasts in rnd.lines_at],
        rnd.options,
        rng,
        pending=HIGH[rnd.pending] if rnd.pending != NO_TILE else -1,
        needs=rnd.pending_needs,
        turn=rnd.turn,
        drawn=rnd.drawn,
        boneyard=rnd.boneyard,
        next_draw=rnd.drawn_count,
        trace=trace,
    )


def deal_and_play_out(
    options: ChickenFootOptions, number: int, first: int, rng: random.Random, trace: list[TraceStep] | None = None
) -> PlayoutResult:
    """Deal a round as ``deal_round`` would (the same tiles for the same ``rng``) and play it out at random."""
    hands, boneyard = deal_tiles(options, number, rng)
    counts = [0] * (options.top + 1)
    return play_out(
        hands, counts, options, rng, pending=number, needs=options.start_toes, turn=first, drawn=-1,
        boneyard=boneyard, next_draw=0, trace=trace,
    )  # fmt: skip


def play_out(
    hands: list[list[int]],
    counts: list[int],
    options: ChickenFootOptions,
    rng: random.Random,
    *,
    pending: int,
    needs: int,
    turn: int,
    drawn: int,
    boneyard: Sequence[int],
    next_draw: int,
    trace: list[TraceStep] | None = None,
    heavy: bool = False,
    first: tuple[int, int] | None = None,
) -> PlayoutResult:
    """The playout loop, on a round given by parts; ``hands`` and ``counts`` are changed in place.

    Every seat plays a uniformly random legal move, or with ``heavy`` its heaviest playable tile (a 0-0
    counting as the table's blank-double value), on a random one of that tile's targets. ``first``, when
    given, is the first play of the seat to move as (tile, number matched): a searching bot's candidate.

    ``hands`` holds each seat's tile ids, ``counts[n]`` how many line ends show ``n``, ``pending`` the
    number of the double waiting for ``needs`` more toes (-1 for none), ``drawn`` the tile the seat to move
    has just drawn (-1 for none) and ``boneyard[next_draw:]`` the tiles still to draw, in order.
    """
    counts.extend([0] * (_SPARE + 1 - len(counts)))
    held = 0  # bitmask of every tile in some hand
    for hand in hands:
        for t in hand:
            held |= 1 << t
    numbers = sum(1 << n for n, count in enumerate(counts) if count)
    table = playable_table(options.top)
    open_tiles = table[numbers]
    pend, double_toes, players, moves = pending, options.double_toes, options.players, 0
    bone_size = len(boneyard)
    rand, high, low_end, second = rng.random, HIGH, LOW, _SECOND
    showing = _SHOWING
    value = [*PIPS[:], 0]
    value[0] = options.blank_double
    heaviest = value.__getitem__
    tracing, steps = trace is not None, trace if trace is not None else []
    forced, forced_end = first if first is not None else (-1, -1)
    if heavy:  # heaviest first (ties in the given order), so the first tile that fits is the one to play
        for hand in hands:
            hand.sort(key=heaviest, reverse=True)
    while True:
        hand = hands[turn]
        t = -1
        if forced >= 0:
            t, matched, forced, drawn = forced, forced_end, -1, -1
        elif drawn < 0:
            if heavy:
                if pend >= 0:
                    wanted = showing[pend]
                    for x in hand:
                        if x in wanted:
                            t = x
                            break
                else:
                    for x in hand:
                        if counts[high[x]] or counts[second[x]]:
                            t = x
                            weight_a = counts[high[x]]
                            matched = high[x] if rand() * (weight_a + counts[second[x]]) < weight_a else low_end[x]
                            break
            elif pend >= 0:
                fits = list(filter(showing[pend].__contains__, hand))
                if fits:
                    t = fits[0] if len(fits) == 1 else fits[int(rand() * len(fits))]
            else:
                total, choices = 0, []
                for x in hand:
                    weight = counts[high[x]] + counts[second[x]]
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
                    # The tile's share of the picks ends at choice >> 8; its first counts[high] picks lay the
                    # high end, the rest the low end.
                    matched = high[t] if pick < (choice >> 8) - counts[second[t]] else low_end[t]
            if t < 0 and next_draw < bone_size:
                drawn = boneyard[next_draw]
                next_draw += 1
                moves += 1
                if heavy:
                    weight, place = value[drawn], 0
                    while place < len(hand) and value[hand[place]] >= weight:
                        place += 1
                    hand.insert(place, drawn)
                else:
                    hand.append(drawn)
                held |= 1 << drawn
                if tracing:
                    steps.append((turn, "draw", drawn, -1))
        if drawn >= 0:
            a, b = high[drawn], low_end[drawn]
            if pend >= 0:
                if drawn in showing[pend]:
                    t = drawn
            else:
                weight_a = counts[a]
                weight = weight_a + counts[second[drawn]]
                if weight:
                    t = drawn
                    matched = a if rand() * weight < weight_a else b
            drawn = -1
        if t < 0:
            moves += 1
            if tracing:
                steps.append((turn, "pass", -1, -1))
        else:
            if pend >= 0:
                matched = pend
            new = high[t] + low_end[t] - matched
            moves += 1
            hand.remove(t)
            held ^= 1 << t
            if tracing:
                steps.append((turn, "play", t, matched))
            if pend >= 0:
                counts[new] += 1
                if counts[new] == 1:
                    numbers |= 1 << new
                    open_tiles = table[numbers]
                needs -= 1
                if needs == 0:
                    pend = -1
            else:
                counts[matched] -= 1
                if not counts[matched]:
                    numbers ^= 1 << matched
                    open_tiles = table[numbers]
                if new == matched:
                    pend, needs = new, double_toes
                else:
                    counts[new] += 1
                    if counts[new] == 1:
                        numbers |= 1 << new
                        open_tiles = table[numbers]
            if not hand:
                return PlayoutResult(DOMINO, _penalties(hands, options.blank_double), moves)
        turn = turn + 1 if turn + 1 < players else 0
        if next_draw == bone_size and not held & (NUMBER_MASK[pend] if pend >= 0 else open_tiles):
            return PlayoutResult(BLOCKED, _penalties(hands, options.blank_double), moves)


def _penalties(hands: list[list[int]], blank_double: int) -> list[int]:
    """Pips left per seat; a 0-0 (tile 0) counts ``blank_double``."""
    return [sum(PIPS[t] for t in hand) + (blank_double if 0 in hand else 0) for hand in hands]
