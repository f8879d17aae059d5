"""The fast playout path plays by the same rules as the round class, and picks moves uniformly."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from dominohall.engine.moves import DRAW, PASS, Move
from dominohall.games.mexicantrain.rules.options import MexicanTrainOptions
from dominohall.games.mexicantrain.rules.playout import TraceStep, deal_and_play_out, random_playout
from dominohall.games.mexicantrain.rules.round import MexicanTrainRound, deal_round


def replay_trace(rnd: MexicanTrainRound, trace: list[TraceStep]) -> None:
    """Apply a playout's trace through the full round (which raises on any illegal move)."""
    for seat, kind, t, k in trace:
        assert seat == rnd.turn
        if kind == "play":
            train = rnd.train_id(k)
            rnd.apply(Move.play(t, rnd.train_end(train), train), seat)
        else:
            rnd.apply(Move(kind, t) if kind == DRAW else Move(PASS), seat)


@given(st.integers(2, 8), st.sampled_from([9, 12, 15]), st.integers(0, 2**32), st.integers(0, 120))
@settings(max_examples=300, deadline=None)
def test_playout_moves_are_legal_and_results_agree(players: int, top: int, seed: int, steps: int) -> None:
    """Every move of a playout is legal in the round class; the end and the penalties are the round's."""
    options = MexicanTrainOptions.for_table(players, top=top, blank_double=25)
    rng = random.Random(seed)
    rnd = deal_round(options, rng.randrange(top + 1), rng.randrange(players), rng)
    for _ in range(steps):
        if rnd.end is not None:
            break
        rnd.apply(rng.choice(rnd.legal_moves()))
    before = list(rnd.open_at), list(rnd.hands), rnd.drawn_count, rnd.marked
    trace: list[TraceStep] = []
    result = random_playout(rnd, rng, trace)
    assert before == (list(rnd.open_at), list(rnd.hands), rnd.drawn_count, rnd.marked)
    replay_trace(rnd, trace)
    assert (rnd.end, rnd.penalties(), len(trace)) == (result.end, result.penalties, result.moves)


def test_a_dealt_playout_deals_as_the_round_does() -> None:
    options = MexicanTrainOptions.for_table(4)
    trace: list[TraceStep] = []
    result = deal_and_play_out(options, 12, 2, random.Random(8), trace)
    rng = random.Random(8)
    rnd = deal_round(options, 12, 2, rng)
    replay_trace(rnd, trace)
    assert (rnd.end, rnd.penalties(), rnd.history[-1] is not None) == (result.end, result.penalties, True)


def test_playout_first_choice_is_uniform_over_tile_and_train() -> None:
    """From one position, the playout's first move follows ``legal_moves`` uniformly (chi-square test)."""
    rng = random.Random(11)
    rnd = deal_round(MexicanTrainOptions.for_table(4), 12, 0, rng)
    while len(rnd.legal_moves()) < 4 or not rnd.legal_moves()[0].is_play() or rnd.uncovered >= 0:
        rnd.apply(rng.choice(rnd.legal_moves()))
    legal = Counter((m.tile, rnd.train_index(m.train)) for m in rnd.legal_moves())
    seen: Counter[tuple[int, int]] = Counter()
    samples = 300 * len(legal)
    for _ in range(samples):
        trace: list[TraceStep] = []
        random_playout(rnd, rng, trace)
        _, _, t, k = trace[0]
        seen[(t, k)] += 1
    assert set(seen) == set(legal)
    expected = samples / len(legal)
    chi2 = sum((seen[key] - expected) ** 2 / expected for key in legal)
    # 99.9th percentile of chi-square with up to 40 degrees of freedom is below 74.
    assert chi2 < 74, (chi2, seen)
