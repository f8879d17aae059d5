"""The compiled heaviest-tile playout plays exactly what the Python loop plays, candidate by candidate."""

from __future__ import annotations

import random
from typing import cast

from hypothesis import given, settings
from hypothesis import strategies as st

from dominohall.engine.tiles import HIGH, tiles_of
from dominohall.games.chickenfoot.bots.rollouts import HeavyRollouts
from dominohall.games.chickenfoot.rules.options import ChickenFootOptions
from dominohall.games.chickenfoot.rules.playout import play_out
from dominohall.search.compiled import XorShift

from ..engine.test_playout import played_into


def same_numbers(seed: int) -> random.Random:
    """The compiled loop's random numbers for ``play_out``, which calls only ``random()`` of its generator."""
    return cast(random.Random, XorShift(seed))


@given(
    st.integers(2, 12), st.integers(0, 2**32), st.integers(0, 80), st.sampled_from([4, 6]), st.integers(0, 2**64 - 1)
)
@settings(max_examples=300, deadline=None)
def test_every_candidate_ends_with_the_penalty_the_python_loop_gives(
    players: int, seed: int, steps: int, toes: int, draws: int
) -> None:
    """From a position the engine reached (a round some random moves into it), each legal first play, then
    the round heaviest tile first: the compiled loop's penalty for the seat to move is the Python loop's on
    the same random numbers (``XorShift``), for every candidate, with the given hands left as they were."""
    options = ChickenFootOptions.for_table(players, start_toes=toes, blank_double=25)
    rnd = played_into(options, random.Random(seed), steps)
    plays = [move for move in rnd.legal_moves() if move.is_play()] if rnd.end is None and rnd.drawn < 0 else []
    if not plays:
        return
    pending = HIGH[rnd.pending] if rnd.pending >= 0 else -1
    ends = {last: number for number, lasts in enumerate(rnd.lines_at) for last in lasts}
    candidates = sorted({(move.tile, pending if move.on == rnd.pending else ends[move.on]) for move in plays})
    hands = [tiles_of(hand) for hand in rnd.hands]
    boneyard = list(rnd.boneyard[rnd.drawn_count :])
    counts = [len(lasts) for lasts in rnd.lines_at]
    given_hands = [hand.copy() for hand in hands]
    rollouts = HeavyRollouts(options, counts, pending=pending, needs=rnd.pending_needs, turn=rnd.turn)
    compiled = rollouts.penalties(hands, boneyard, candidates, draws)
    in_python = [
        play_out(
            [hand.copy() for hand in hands], counts.copy(), options, same_numbers(draws), pending=pending,
            needs=rnd.pending_needs, turn=rnd.turn, drawn=-1, boneyard=boneyard, next_draw=0, heavy=True, first=first,
        ).penalties[rnd.turn]
        for first in candidates
    ]  # fmt: skip
    assert compiled == in_python
    assert hands == given_hands


def test_the_random_numbers_are_xorshift64_star() -> None:
    """``XorShift`` is xorshift64* (Vigna's multiplier), the top 53 bits as a double in [0, 1)."""
    numbers = XorShift(1)
    first = numbers.random()
    assert first == (((33554433 * 0x2545F4914F6CDD1D) % 2**64) >> 11) / 2**53  # 1 shifted: 1 ^ 1 << 25
    assert all(0 <= numbers.random() < 1 for _ in range(1000))
    assert XorShift(0).state == 1, "a zero seed would stay zero for ever"
