"""Property tests of the standard game: the set is conserved, legal moves agree with brute force, refused
moves change nothing, every match ends, and a record's replay reproduces the match."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominohall.bots import RandomBot
from dominohall.bots.arena import play_match
from dominohall.engine.errors import IllegalMoveError
from dominohall.engine.moves import DRAW_MOVE, NO_TILE, PASS_MOVE, Move
from dominohall.engine.tiles import set_tiles
from dominohall.games import AnyRound
from dominohall.games.records import SeatInfo, export_record, replay
from dominohall.games.standard.rules.options import MODES, StandardOptions
from dominohall.games.standard.rules.round import StandardRound, deal_hand

from .stacked import snapshot


@st.composite
def table_options(draw: st.DrawFn, *, short: bool = False) -> StandardOptions:
    """Any standard table; with ``short``, targets low enough for quick matches."""
    players = draw(st.integers(2, 4))
    mode = draw(st.sampled_from(MODES))
    targets = st.one_of(st.none(), st.integers(1, 40)) if short else st.one_of(st.none(), st.integers(1, 200))
    return StandardOptions.for_table(
        players,
        top=draw(st.sampled_from([6, 9, 12])),
        mode=mode,
        partners=players == 4 and draw(st.booleans()),
        target=draw(targets),
    )


def random_prefix(options: StandardOptions, seed: int, steps: int) -> StandardRound:
    """A hand dealt (led by the first-hand rule or a random seat) and played ``steps`` random moves in."""
    rng = random.Random(seed)
    rnd = deal_hand(options, rng.choice([None, rng.randrange(options.players)]), rng)
    for _ in range(steps):
        if rnd.end is not None:
            break
        rnd.apply(rng.choice(rnd.legal_moves()))
    return rnd


def table_tiles(rnd: StandardRound) -> list[int]:
    """Every tile on the table."""
    return [t for t, _ in rnd.placed]


@given(table_options(), st.integers(0, 2**32), st.integers(0, 120))
def test_set_is_conserved(options: StandardOptions, seed: int, steps: int) -> None:
    """Hands + boneyard left + table always make up exactly the set, each tile once."""
    rnd = random_prefix(options, seed, steps)
    in_hands = [t for seat in range(options.players) for t in rnd.hand_tiles(seat)]
    everywhere = in_hands + list(rnd.boneyard[rnd.drawn_count :]) + table_tiles(rnd)
    assert sorted(everywhere) == list(set_tiles(options.top))


def brute_force_moves(rnd: StandardRound) -> set[Move]:
    """Every move ``apply`` accepts: each tile of the set on each tile of the table (or on none), draw, pass."""
    accepted = set()
    targets = [NO_TILE, *table_tiles(rnd)]
    candidates = [Move.play(t, on) for t in set_tiles(rnd.options.top) for on in targets]
    for move in [*candidates, DRAW_MOVE, PASS_MOVE]:
        try:
            rnd.copy().apply(move)
        except IllegalMoveError:
            continue
        accepted.add(move)
    return accepted


@given(table_options(), st.integers(0, 2**32), st.integers(0, 100))
@settings(max_examples=40)
def test_legal_moves_agree_with_brute_force(options: StandardOptions, seed: int, steps: int) -> None:
    """``legal_moves`` lists exactly the moves ``apply`` accepts, each once."""
    rnd = random_prefix(options, seed, steps)
    legal = rnd.legal_moves()
    assert len(legal) == len(set(legal))
    assert set(legal) == brute_force_moves(rnd)


@given(table_options(), st.integers(0, 2**32), st.integers(0, 100))
def test_illegal_move_changes_nothing(options: StandardOptions, seed: int, steps: int) -> None:
    """A refused move leaves every part of the hand as it was."""
    rnd = random_prefix(options, seed, steps)
    before = snapshot(rnd)
    targets = [NO_TILE, *table_tiles(rnd)[-3:]]
    tried = [Move.play(t, on) for t in set_tiles(options.top)[::3] for on in targets] + [DRAW_MOVE, PASS_MOVE]
    for move in tried:
        if move not in rnd.legal_moves():
            with pytest.raises(IllegalMoveError):
                rnd.apply(move, rnd.turn)
            assert snapshot(rnd) == before


@given(table_options(), st.integers(0, 2**32), st.integers(0, 100))
def test_copy_is_independent(options: StandardOptions, seed: int, steps: int) -> None:
    """Playing on a copy leaves the original untouched."""
    rnd = random_prefix(options, seed, steps)
    before, twin = snapshot(rnd), rnd.copy()
    if twin.end is None:
        twin.apply(twin.legal_moves()[0])
    assert snapshot(rnd) == before


@given(table_options(short=True), st.integers(0, 2**32))
@settings(max_examples=30)
def test_every_match_ends_and_its_record_replays(options: StandardOptions, seed: int) -> None:
    """A match between random bots ends; replaying its record gives the same hands, moves and results."""
    bots = [RandomBot() for _ in range(options.players)]
    match = play_match(options, bots, random.Random(seed), random.Random(seed + 1))
    assert match.is_over()
    seats = [SeatInfo(f"P{seat}") for seat in range(options.players)]
    record = export_record(match, seats)
    again, again_seats = replay(record)
    assert again_seats == seats
    assert again.totals() == match.totals() and again.winners() == match.winners()
    ours: Sequence[AnyRound] = match.rounds
    theirs: Sequence[AnyRound] = again.rounds
    for mine, replayed in zip(ours, theirs, strict=True):
        assert mine.hands == replayed.hands and mine.history == replayed.history
        assert mine.end == replayed.end and mine.scores() == replayed.scores()
    assert export_record(again, again_seats) == record


@given(table_options(), st.integers(0, 2**32))
@settings(max_examples=40)
def test_scores_are_never_negative_and_points_come_only_from_the_modes_that_score_in_play(
    options: StandardOptions, seed: int
) -> None:
    """Draw and block score nothing during play; All Fives scores multiples of 5; the winner's award adds."""
    rnd = random_prefix(options, seed, 500)
    assert rnd.end is not None
    if options.mode in ("draw", "block"):
        assert rnd.points == [0] * options.sides()
    if options.mode == "allfives":
        assert all(points % 5 == 0 for points in rnd.scores())
    assert all(score >= 0 for score in rnd.scores())
