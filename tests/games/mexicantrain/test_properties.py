"""Properties of any Mexican Train round played at random to its end."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from dominohall.engine.moves import PLAY
from dominohall.engine.tiles import set_tiles
from dominohall.engine.turns import BLOCKED, DOMINO
from dominohall.games.mexicantrain.rules.options import MexicanTrainOptions
from dominohall.games.mexicantrain.rules.round import MexicanTrainRound, deal_round


def tiles_everywhere(rnd: MexicanTrainRound) -> list[int]:
    """Every tile: the engine, the hands, the boneyard still to draw and the trains."""
    laid = [move.tile for _, move in rnd.history if move.kind == PLAY]
    held = [x for seat in range(rnd.options.players) for x in rnd.hand_tiles(seat)]
    return sorted([rnd.centre, *held, *rnd.boneyard[rnd.drawn_count :], *laid])


@given(st.integers(2, 8), st.sampled_from([9, 12, 15]), st.integers(0, 2**32))
@settings(max_examples=150, deadline=None)
def test_random_legal_play_ends_with_every_tile_kept(players: int, top: int, seed: int) -> None:
    rng = random.Random(seed)
    options = MexicanTrainOptions.for_table(players, top=top)
    rnd = deal_round(options, rng.randrange(top + 1), rng.randrange(players), rng)
    while rnd.end is None:
        moves = rnd.legal_moves()
        assert moves
        for move in moves:  # every legal move applies, to a copy
            rnd.copy().apply(move, rnd.turn)
        rnd.apply(rng.choice(moves), rnd.turn)
        assert tiles_everywhere(rnd) == list(set_tiles(top))
        assert all(train.last in set_tiles(top) or train.last == -1 for train in rnd.trains())
    assert rnd.legal_moves() == []
    emptied = [seat for seat in range(players) if not rnd.hands[seat]]
    assert (rnd.end == DOMINO) == (len(emptied) == 1)
    if rnd.end == BLOCKED:
        assert rnd.boneyard_size() == 0 and not any(rnd.hands[s] & rnd.playable() for s in range(players))
    assert sum(rnd.penalties()) >= 0 and [rnd.seat_score(s) for s in range(players)] == rnd.scores()


@given(st.integers(2, 8), st.integers(0, 2**32), st.integers(0, 200))
@settings(max_examples=100, deadline=None)
def test_a_copy_plays_on_like_the_original(players: int, seed: int, steps: int) -> None:
    rng = random.Random(seed)
    rnd = deal_round(MexicanTrainOptions.for_table(players), 12, 0, rng)
    for _ in range(steps):
        if rnd.end is not None:
            break
        rnd.apply(rng.choice(rnd.legal_moves()))
    twin = rnd.copy()
    while rnd.end is None:
        move = rng.choice(rnd.legal_moves())
        assert twin.legal_moves() == rnd.legal_moves()
        rnd.apply(move)
        twin.apply(move)
    assert (twin.end, twin.penalties(), twin.history) == (rnd.end, rnd.penalties(), rnd.history)
