"""The exact solver agrees with a plain minimax over the engine's own rounds, and the hard bot uses it."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from dominohall.bots.hard import HardBot
from dominohall.engine.moves import Move
from dominohall.engine.tiles import HIGH, LOW
from dominohall.games import round_view
from dominohall.games.standard.bots import solvable
from dominohall.games.standard.bots.exact import TwoSideSolver
from dominohall.games.standard.rules.options import StandardOptions
from dominohall.games.standard.rules.round import StandardRound, deal_hand
from dominohall.games.standard.rules.view import StandardView
from dominohall.search.parts import TooBigError


def minimax(rnd: StandardRound, side: int) -> int:
    """The value for ``side`` (its points minus the other side's) with both sides playing their best, by
    trying every legal move of the full engine."""
    if rnd.end is not None:
        scores = rnd.scores()
        return scores[side] - scores[1 - side]
    mine = rnd.options.side_of(rnd.turn) == side
    values = []
    for move in rnd.legal_moves():
        child = rnd.copy()
        child.apply(move)
        values.append(minimax(child, side))
    return max(values) if mine else min(values)


OPEN_BOOK = StandardOptions(players=2, top=6, hand=14, mode="block")
"""Two hands of fourteen share the whole double-six set: each seat knows the other's hand."""


def open_positions(seed: int, tries: int, tiles_left: int) -> Iterator[tuple[StandardRound, dict[Move, int]]]:
    """Open-book block hands played at random down to ``tiles_left`` tiles in hand, where the seat to move
    has a choice: the round and each legal move's minimax value for that seat."""
    rng = random.Random(seed)
    for _ in range(tries):
        rnd = deal_hand(OPEN_BOOK, 0, rng)
        while rnd.end is None and sum(hand.bit_count() for hand in rnd.hands) > tiles_left:
            rnd.apply(rng.choice(rnd.legal_moves()))
        if rnd.end is not None or len(rnd.legal_moves()) < 2:
            continue
        values = {}
        for move in rnd.legal_moves():
            child = rnd.copy()
            child.apply(move)
            values[move] = minimax(child, rnd.turn)
        yield rnd, values


def position(options: StandardOptions, rng: random.Random, moves: int) -> StandardRound | None:
    """A hand played at random for ``moves`` moves after the lead (None when it ended)."""
    rnd = deal_hand(options, None, rng)
    for _ in range(moves + 1):
        if rnd.end is not None:
            return None
        rnd.apply(rng.choice(rnd.legal_moves()))
    return rnd if rnd.end is None else None


@pytest.mark.parametrize(
    ("options", "moves"),
    [
        (StandardOptions.for_table(2, mode="block"), 6),
        (StandardOptions.for_table(2, mode="block"), 3),
        (StandardOptions.for_table(4, mode="block", partners=True), 8),
    ],
)
def test_solver_values_every_play_as_minimax_does(options: StandardOptions, moves: int) -> None:
    """Two players, or four in teams: each play's value is the minimax value of the engine's round."""
    rng = random.Random(moves * 10 + options.players)
    checked = 0
    for _ in range(60):
        rnd = position(options, rng, moves)
        if rnd is None:
            continue
        solver = TwoSideSolver(options.players)
        side = options.side_of(rnd.turn)
        for move in rnd.legal_moves():
            if not move.is_play():
                continue
            child = rnd.copy()
            child.apply(move)
            expected = minimax(child, side)
            (_, a), (_, b) = rnd.ends
            matched = next(n for last, n in rnd.ends if last == move.on and n in (HIGH[move.tile], LOW[move.tile]))
            assert solver.after_play(rnd.hands, (a, b), rnd.turn, move.tile, matched) == expected
            checked += 1
    assert checked > 40


def test_the_lead_is_solved_too() -> None:
    """Every lead of two four-tile hands gets its minimax value."""
    options = StandardOptions.for_table(2, mode="block")
    rng = random.Random(3)
    rnd = deal_hand(options, 0, rng)
    # Shrink the hands so that plain minimax stays quick: four tiles each.
    rnd = StandardRound(options, 0, [rnd.hand_tiles(0)[:4], rnd.hand_tiles(1)[:4]], [])
    solver = TwoSideSolver(2)
    for move in rnd.legal_moves():
        child = rnd.copy()
        child.apply(move)
        assert solver.after_play(rnd.hands, (-1, -1), 0, move.tile, -1) == minimax(child, 0)


def test_a_solve_past_its_limit_stops() -> None:
    """A solve that would visit more positions than allowed raises ``TooBigError`` instead."""
    options = StandardOptions.for_table(2, mode="block")
    rnd = deal_hand(options, 0, random.Random(5))
    solver = TwoSideSolver(2, limit=3)
    with pytest.raises(TooBigError):
        solver.after_play(rnd.hands, (-1, -1), 0, rnd.hand_tiles(0)[0], -1)


def test_the_hard_bot_plays_perfectly_when_nothing_is_hidden() -> None:
    """Two hands of fourteen share the whole double-six set, so each seat knows the other's hand: late in
    such block hands the hard bot's play is always one with the best minimax value."""
    bot, checked = HardBot(simulations=2), 0
    for rnd, values in open_positions(9, 120, 9):
        view = round_view(rnd, rnd.turn)
        assert isinstance(view, StandardView) and solvable(view)
        assert values[bot.choose(view, random.Random(1))] == max(values.values())
        checked += 1
    assert checked > 30


def test_only_two_sided_hands_with_nothing_to_draw_are_solved() -> None:
    def view_of(options: StandardOptions) -> StandardView:
        rnd = deal_hand(options, 0, random.Random(1))
        rnd.apply(rnd.legal_moves()[0])
        view = round_view(rnd, rnd.turn)
        assert isinstance(view, StandardView)
        return view

    assert solvable(view_of(StandardOptions.for_table(2, mode="block")))
    assert solvable(view_of(StandardOptions.for_table(4, mode="block", partners=True)))
    assert not solvable(view_of(StandardOptions.for_table(3, mode="block")))  # three sides
    assert not solvable(view_of(StandardOptions.for_table(2, mode="draw")))  # a boneyard to draw from
    assert not solvable(view_of(StandardOptions.for_table(2, mode="allfives")))  # points scored in play
