"""Stacked standard hands: deals written out by tile name, and short ways to play them.

A stacked hand need not use the whole set (the constructor does not ask for it): the test writes each
seat's tiles and the boneyard in draw order. Moves are written as a player says them: ``"lead 6-4"``,
``"4-1 on 6-4"``, ``"draw"`` or ``"pass"``, always made by the seat to move.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

import pytest

from dominohall.engine.errors import IllegalMoveError
from dominohall.engine.moves import DRAW_MOVE, NO_TILE, PASS_MOVE, Move
from dominohall.engine.tiles import Tile, parse_tile, tile_name
from dominohall.engine.turns import TurnTaking
from dominohall.games.standard.rules.match import StandardRules
from dominohall.games.standard.rules.options import StandardOptions
from dominohall.games.standard.rules.round import StandardRound, first_lead

t = parse_tile


def options(players: int = 2, **settings: object) -> StandardOptions:
    """Table settings as ``StandardOptions.for_table`` makes them."""
    return StandardOptions.for_table(players, **settings)  # type: ignore[arg-type]


def stacked(
    opts: StandardOptions,
    hands: Sequence[Sequence[str]],
    boneyard: Sequence[str] = (),
    first: int | None = None,
) -> StandardRound:
    """A hand of ``opts`` with these tiles, led by ``first`` with any tile, or by the first-hand rule."""
    dealt = [[t(name) for name in hand] for hand in hands]
    tiles = [x for hand in dealt for x in hand] + [t(name) for name in boneyard]
    if len(set(tiles)) != len(tiles):
        raise ValueError("a tile is dealt twice")
    leader, lead = first_lead(dealt, opts.mode) if first is None else (first, NO_TILE)
    return StandardRound(opts, leader, dealt, [t(name) for name in boneyard], lead)


def move_of(step: str) -> Move:
    """The move written ``step``."""
    words = step.split()
    if words == ["draw"]:
        return DRAW_MOVE
    if words == ["pass"]:
        return PASS_MOVE
    if len(words) == 2 and words[0] == "lead":
        return Move.play(t(words[1]), NO_TILE)
    if len(words) == 3 and words[1] == "on":
        return Move.play(t(words[0]), t(words[2]))
    raise ValueError(f"cannot read the move {step!r}")


def run(rnd: StandardRound, *steps: str) -> None:
    """Make each move in turn, each by the seat to move."""
    for step in steps:
        rnd.apply(move_of(step), rnd.turn)


def legal(rnd: StandardRound) -> list[str]:
    """The legal moves of the seat to move, written out and sorted."""
    return sorted(str(m) for m in rnd.legal_moves())


def hand(rnd: StandardRound, seat: int) -> list[str]:
    """The tiles in ``seat``'s hand, lowest id first."""
    return [tile_name(x) for x in rnd.hand_tiles(seat)]


def open_numbers(rnd: StandardRound) -> list[int]:
    """The numbers the open ends show, sorted (a spinner's free arms each count)."""
    return sorted(n for _, n in rnd.ends)


@dataclass(frozen=True)
class Snapshot:
    """Everything a move may change in a hand."""

    state: str


def snapshot(rnd: StandardRound) -> Snapshot:
    """A copy of every part of the hand, to compare before and after a move."""
    return Snapshot(repr([getattr(rnd, name) for name in (*TurnTaking.__slots__, *StandardRound.__slots__)]))


def assert_illegal(rnd: StandardRound, step: str | Move, rule: str, seat: int | None = None) -> IllegalMoveError:
    """Check that ``step`` (by ``seat``, by default the seat to move) breaks ``rule`` and changes nothing."""
    before, legal_before = snapshot(rnd), rnd.legal_moves()
    move = move_of(step) if isinstance(step, str) else step
    with pytest.raises(IllegalMoveError) as raised:
        rnd.apply(move, rnd.turn if seat is None else seat)
    assert raised.value.rule == rule, raised.value
    assert snapshot(rnd) == before
    assert rnd.legal_moves() == legal_before
    return raised.value


def finish(rnd: StandardRound, rng: random.Random | None = None) -> None:
    """Play ``rnd`` to its end: each seat makes its first legal move (or a random one with ``rng``)."""
    for _ in range(10_000):
        if rnd.is_over():
            return
        moves = rnd.legal_moves()
        rnd.apply(moves[0] if rng is None else rng.choice(moves), rnd.turn)
    raise AssertionError("the hand did not end")


Deal = tuple[list[list[str]], list[str]]
"""A stacked deal: each seat's tiles, then the boneyard."""


class ScriptedRules(StandardRules):
    """The standard match rules with stacked deals: hand ``i`` deals ``deals[i]`` (hands, boneyard)."""

    def __init__(self, opts: StandardOptions, deals: Sequence[Deal]) -> None:
        super().__init__(opts)
        self.deals = deals

    def deal(self, index: int, previous: StandardRound | None, rng: random.Random) -> StandardRound:
        """Deal hand ``index`` as scripted, led as the rules say."""
        hands, boneyard = self.deals[index]
        return stacked(self.options, hands, boneyard, self.leader(previous))


def tiles(*names: str) -> list[Tile]:
    """Tile ids of ``names``."""
    return [t(name) for name in names]
