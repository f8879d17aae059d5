"""Property tests: the set is conserved, legal moves agree with brute force, matches end, replays agree."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominohall.bots import RandomBot
from dominohall.bots.arena import play_match
from dominohall.engine.errors import IllegalMoveError
from dominohall.engine.moves import DRAW_MOVE, PASS_MOVE, Move
from dominohall.engine.tiles import mask_of, set_tiles
from dominohall.engine.turns import TurnTaking
from dominohall.games import AnyRound
from dominohall.games.chickenfoot.rules.options import ChickenFootOptions
from dominohall.games.chickenfoot.rules.round import ChickenFootRound, deal_round
from dominohall.games.records import SeatInfo, export_record, replay

table_options = st.builds(
    ChickenFootOptions.for_table,
    players=st.integers(2, 12),
    length=st.sampled_from(["one", "half"]),
    start_toes=st.sampled_from([4, 6]),
    blank_double=st.sampled_from([25, 50]),
)


def random_prefix(options: ChickenFootOptions, seed: int, steps: int) -> ChickenFootRound:
    """A round dealt and played ``steps`` random legal moves in (or to its end)."""
    rng = random.Random(seed)
    rnd = deal_round(options, rng.randrange(options.top + 1), rng.randrange(options.players), rng)
    for _ in range(steps):
        if rnd.end is not None:
            break
        rnd.apply(rng.choice(rnd.legal_moves()))
    return rnd


def table_tiles(rnd: ChickenFootRound) -> list[int]:
    """The centre double and every tile played."""
    return [rnd.centre] + [move.tile for _, move in rnd.history if move.is_play()]


@given(table_options, st.integers(0, 2**32), st.integers(0, 150))
def test_set_is_conserved(options: ChickenFootOptions, seed: int, steps: int) -> None:
    """Hands + boneyard left + table always make up exactly the set, each tile once."""
    rnd = random_prefix(options, seed, steps)
    in_hands = [t for seat in range(options.players) for t in rnd.hand_tiles(seat)]
    everywhere = in_hands + list(rnd.boneyard[rnd.drawn_count :]) + table_tiles(rnd)
    assert sorted(everywhere) == list(set_tiles(options.top))


def brute_force_moves(rnd: ChickenFootRound) -> set[Move]:
    """Every move ``apply`` accepts, found by trying each tile on each tile of the table, and draw/pass."""
    accepted = set()
    targets = table_tiles(rnd)
    candidates = [Move.play(t, on) for t in set_tiles(rnd.options.top) for on in targets]
    for move in [*candidates, DRAW_MOVE, PASS_MOVE]:
        try:
            rnd.copy().apply(move)
        except IllegalMoveError:
            continue
        accepted.add(move)
    return accepted


@given(table_options, st.integers(0, 2**32), st.integers(0, 120))
@settings(max_examples=40)
def test_legal_moves_agree_with_brute_force(options: ChickenFootOptions, seed: int, steps: int) -> None:
    """``legal_moves`` lists exactly the moves ``apply`` accepts, each once."""
    rnd = random_prefix(options, seed, steps)
    legal = rnd.legal_moves()
    assert len(legal) == len(set(legal))
    assert set(legal) == brute_force_moves(rnd)


@given(table_options, st.integers(0, 2**32), st.integers(0, 120))
def test_illegal_move_changes_nothing(options: ChickenFootOptions, seed: int, steps: int) -> None:
    """A refused move leaves every part of the round as it was."""
    rnd = random_prefix(options, seed, steps)
    every_slot = (*TurnTaking.__slots__, *ChickenFootRound.__slots__)
    before = repr([getattr(rnd, name) for name in every_slot])
    for move in [Move.play(t, rnd.centre) for t in set_tiles(options.top)] + [DRAW_MOVE, PASS_MOVE]:
        if move not in rnd.legal_moves():
            with pytest.raises(IllegalMoveError):
                rnd.apply(move)
            assert repr([getattr(rnd, name) for name in every_slot]) == before


@given(table_options, st.integers(0, 2**32))
@settings(max_examples=25)
def test_every_match_ends_and_its_record_replays(options: ChickenFootOptions, seed: int) -> None:
    """A match between random bots ends; replaying its record gives the same rounds, hands and totals."""
    bots = [RandomBot() for _ in range(options.players)]
    match = play_match(options, bots, random.Random(seed), random.Random(seed + 1))
    assert match.is_over()
    seats = [SeatInfo(f"P{seat}") for seat in range(options.players)]
    record = export_record(match, seats)
    again, again_seats = replay(record)
    assert again_seats == seats
    assert again.totals() == match.totals() and again.winners() == match.winners()
    ours_rounds: Sequence[AnyRound] = match.rounds
    theirs_rounds: Sequence[AnyRound] = again.rounds
    for ours, theirs in zip(ours_rounds, theirs_rounds, strict=True):
        assert ours.hands == theirs.hands
        assert ours.history == theirs.history
        assert ours.end == theirs.end
    assert export_record(again, again_seats) == record


def test_hand_masks_match_dealt_hands() -> None:
    """The bitmask hands start as the dealt hands."""
    rnd = deal_round(ChickenFootOptions.for_table(5), 9, 0, random.Random(3))
    assert rnd.hands == [mask_of(hand) for hand in rnd.dealt]
