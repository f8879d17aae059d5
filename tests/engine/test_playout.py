"""The fast playout path plays by the same rules as the engine, and picks moves uniformly."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from dominohall.engine.moves import DRAW, PASS, Move
from dominohall.engine.tiles import HIGH, PIPS, tiles_of
from dominohall.games.chickenfoot.rules.options import ChickenFootOptions
from dominohall.games.chickenfoot.rules.playout import TraceStep, deal_and_play_out, play_out, random_playout
from dominohall.games.chickenfoot.rules.round import ChickenFootRound, deal_round


def replay_trace(rnd: ChickenFootRound, trace: list[TraceStep]) -> None:
    """Apply a playout's trace through the full engine (which raises on any illegal move)."""
    for seat, kind, t, matched in trace:
        assert seat == rnd.turn
        if kind == "play":
            target = rnd.pending if rnd.pending >= 0 else rnd.lines_at[matched][0]
            rnd.apply(Move.play(t, target), seat)
        else:
            rnd.apply(Move(kind, t) if kind == DRAW else Move(PASS), seat)


def played_into(options: ChickenFootOptions, rng: random.Random, steps: int) -> ChickenFootRound:
    """A round dealt by ``rng`` and played at random for up to ``steps`` moves, stopping early at its end or
    where a seat has just drawn a tile (so that the seat to move has its whole turn to make)."""
    rnd = deal_round(options, rng.randrange(options.top + 1), rng.randrange(options.players), rng)
    for _ in range(steps):
        if rnd.end is not None or rnd.drawn >= 0:
            break
        rnd.apply(rng.choice(rnd.legal_moves()))
    return rnd


@given(st.integers(2, 12), st.integers(0, 2**32), st.integers(0, 60), st.sampled_from([4, 6]))
@settings(max_examples=300, deadline=None)
def test_playout_moves_are_legal_and_results_agree(players: int, seed: int, steps: int, toes: int) -> None:
    """Every move of a playout is legal in the engine; the end and the penalties are the engine's."""
    options = ChickenFootOptions.for_table(players, start_toes=toes, blank_double=25)
    rng = random.Random(seed)
    rnd = deal_round(options, rng.randrange(options.top + 1), rng.randrange(players), rng)
    for _ in range(steps):
        if rnd.end is not None:
            break
        rnd.apply(rng.choice(rnd.legal_moves()))
    before = [list(lasts) for lasts in rnd.lines_at], list(rnd.hands), rnd.drawn_count
    trace: list[TraceStep] = []
    result = random_playout(rnd, rng, trace)
    assert before == ([list(lasts) for lasts in rnd.lines_at], list(rnd.hands), rnd.drawn_count)
    replay_trace(rnd, trace)
    assert (rnd.end, rnd.penalties(), len(trace)) == (result.end, result.penalties, result.moves)


def test_playout_first_choice_is_uniform_over_tile_and_target() -> None:
    """From one position, the playout's first move follows ``legal_moves`` uniformly (chi-square test)."""
    rng = random.Random(11)
    options = ChickenFootOptions.for_table(4)
    rnd = deal_round(options, 9, 0, rng)
    while rnd.pending >= 0 or len({m.tile for m in rnd.legal_moves()}) < 3 or rnd.legal_moves()[0].kind != "play":
        rnd.apply(rng.choice(rnd.legal_moves()))
    legal = rnd.legal_moves()
    seen: Counter[tuple[int, int]] = Counter()
    samples = 400 * len(legal)
    for _ in range(samples):
        trace: list[TraceStep] = []
        random_playout(rnd, rng, trace)
        _, _, t, matched = trace[0]
        seen[(t, matched)] += 1
    expected: Counter[tuple[int, int]] = Counter()
    for move in legal:
        expected[(move.tile, next(n for n, lasts in enumerate(rnd.lines_at) if move.on in lasts))] += 1
    assert set(seen) == set(expected)
    chi2 = sum((seen[k] - samples * e / len(legal)) ** 2 / (samples * e / len(legal)) for k, e in expected.items())
    # 99.9th percentile of chi-square with up to 40 degrees of freedom is below 74.
    assert chi2 < 74, (chi2, seen, expected)


def test_finished_round_plays_no_more() -> None:
    """A playout from an ended round reports that round's end and makes no move."""
    rng = random.Random(2)
    rnd = deal_round(ChickenFootOptions.for_table(3), 9, 0, rng)
    while rnd.end is None:
        rnd.apply(rng.choice(rnd.legal_moves()))
    result = random_playout(rnd, rng)
    assert (result.end, result.penalties, result.moves) == (rnd.end, rnd.penalties(), 0)


@given(st.integers(2, 12), st.integers(0, 2**32))
@settings(max_examples=200, deadline=None)
def test_deal_and_play_out_deals_like_deal_round_and_plays_legally(players: int, seed: int) -> None:
    """The benchmark's path deals the same tiles as ``deal_round`` and every move it makes is legal."""
    options = ChickenFootOptions.for_table(players)
    number, first = seed % (options.top + 1), seed % players
    rnd = deal_round(options, number, first, random.Random(seed))
    trace: list[TraceStep] = []
    result = deal_and_play_out(options, number, first, random.Random(seed), trace)
    replay_trace(rnd, trace)
    assert (rnd.end, rnd.penalties(), len(trace)) == (result.end, result.penalties, result.moves)


@given(st.integers(2, 12), st.integers(0, 2**32), st.integers(0, 60))
@settings(max_examples=200, deadline=None)
def test_heavy_playouts_are_legal_and_shed_the_heaviest_playable_tile(players: int, seed: int, steps: int) -> None:
    """With ``heavy`` every seat plays its heaviest playable tile (a 0-0 weighing the blank-double value),
    or the tile it just drew; every move is legal in the engine, whose end and penalties agree."""
    options = ChickenFootOptions.for_table(players, blank_double=25)
    rng = random.Random(seed)
    rnd = played_into(options, rng, steps)
    if rnd.end is not None or rnd.drawn >= 0:
        return
    trace: list[TraceStep] = []
    result = play_out(
        [tiles_of(hand) for hand in rnd.hands], [len(lasts) for lasts in rnd.lines_at], options, rng,
        pending=HIGH[rnd.pending] if rnd.pending >= 0 else -1, needs=rnd.pending_needs, turn=rnd.turn, drawn=-1,
        boneyard=rnd.boneyard, next_draw=rnd.drawn_count, heavy=True, trace=trace,
    )  # fmt: skip

    def weight(t: int) -> int:
        return options.blank_double if t == 0 else PIPS[t]

    for seat, kind, t, matched in trace:
        if kind == "play" and rnd.drawn < 0:
            playable = tiles_of(rnd.hands[seat] & rnd.playable())
            assert weight(t) == max(weight(x) for x in playable)
        replay_trace(rnd, [(seat, kind, t, matched)])
    ended: str | None = rnd.end  # the replay ended the round (mypy keeps the narrowing of the check above)
    assert (ended, rnd.penalties(), len(trace)) == (result.end, result.penalties, result.moves)
