"""Stacked deals: Mexican Train rounds built from tile names, and short ways to play them.

A stacked round is a ``MexicanTrainRound`` whose hands and boneyard the test writes out (the constructor does
not ask for the full set). Moves are written as a player would say them: ``"12-5 on 12-12 of 0"`` (a seat's
train by its number), ``"12-5 on 12-12 of mexican"``, ``"draw"`` or ``"pass"``, and always made by the seat
whose turn it is unless a test names another seat on purpose.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import pytest

from dominohall.engine.errors import IllegalMoveError
from dominohall.engine.moves import DRAW, DRAW_MOVE, PASS_MOVE, SHARED_TRAIN, Move
from dominohall.engine.tiles import Tile, double, parse_tile, set_tiles, tile_name
from dominohall.games.mexicantrain.rules.options import MexicanTrainOptions
from dominohall.games.mexicantrain.rules.round import MexicanTrainRound

MEXICAN = SHARED_TRAIN


def t(name: str) -> Tile:
    """The tile written ``name`` (``"12-5"``)."""
    return parse_tile(name)


def names(tiles: Iterable[Tile]) -> list[str]:
    """Tile names in the engine's tile order (lowest id first)."""
    return [tile_name(x) for x in sorted(tiles)]


def stacked_round(
    options: MexicanTrainOptions, number: int, first: int, hands: Sequence[Sequence[str]], boneyard: Sequence[str]
) -> MexicanTrainRound:
    """A round of ``options`` with the double of ``number`` as its engine, opened by ``first``; every tile must
    be of the table's set, dealt once, and not the engine."""
    if len(hands) != options.players:
        raise ValueError(f"{len(hands)} hands for {options.players} players")
    dealt = [t(name) for hand in hands for name in hand] + [t(name) for name in boneyard]
    if len(set(dealt)) != len(dealt) or double(number) in dealt:
        raise ValueError("a tile is dealt twice, or the engine is dealt")
    if not set(dealt) <= set(set_tiles(options.top)):
        raise ValueError(f"a tile is not of the double-{options.top} set")
    return MexicanTrainRound(
        options, number, first, [[t(name) for name in hand] for hand in hands], [t(name) for name in boneyard]
    )


def train_of(word: str) -> int:
    """A train written as a seat number or ``mexican``."""
    return MEXICAN if word == "mexican" else int(word)


def move_of(step: str) -> Move:
    """The move written ``step``: ``"12-5 on 12-12 of 1"``, ``"draw"``, ``"draw 5-1"`` or ``"pass"``."""
    words = step.split()
    if words == ["draw"]:
        return DRAW_MOVE
    if len(words) == 2 and words[0] == "draw":
        return Move(DRAW, t(words[1]))
    if words == ["pass"]:
        return PASS_MOVE
    if len(words) == 5 and words[1] == "on" and words[3] == "of":
        return Move.play(t(words[0]), t(words[2]), train_of(words[4]))
    raise ValueError(f"cannot read the move {step!r}")


def run(rnd: MexicanTrainRound, *steps: str) -> None:
    """Make each move in turn, each by the seat to move."""
    for step in steps:
        rnd.apply(move_of(step), rnd.turn)


def draw(rnd: MexicanTrainRound) -> str:
    """The seat to move draws; returns the tile drawn."""
    rnd.apply(DRAW_MOVE, rnd.turn)
    return tile_name(rnd.drawn)


def hand(rnd: MexicanTrainRound, seat: int) -> list[str]:
    """The tiles in ``seat``'s hand."""
    return names(rnd.hand_tiles(seat))


def legal(rnd: MexicanTrainRound) -> list[str]:
    """The legal moves of the seat to move, written as ``move_of`` reads them, sorted."""
    return sorted(written(m) for m in rnd.legal_moves())


def written(move: Move) -> str:
    """A move as ``move_of`` reads it."""
    if not move.is_play():
        return str(move)
    train = "mexican" if move.train == MEXICAN else str(move.train)
    return f"{tile_name(move.tile)} on {tile_name(move.on)} of {train}"


def finish(rnd: MexicanTrainRound, rng: random.Random | None = None) -> None:
    """Play ``rnd`` to its end: each seat makes its first legal move (or a random one with ``rng``)."""
    for _ in range(10_000):
        if rnd.is_over():
            return
        moves = rnd.legal_moves()
        rnd.apply(moves[0] if rng is None else rng.choice(moves), rnd.turn)
    raise AssertionError("the round did not end")


@dataclass(frozen=True)
class Snapshot:
    """Everything a move may change in a round."""

    hands: tuple[int, ...]
    turn: int
    history: tuple[tuple[int, Move], ...]
    placed: tuple[tuple[Tile, Tile], ...]
    lasts: tuple[Tile, ...]
    open_at: tuple[int, ...]
    trains_at: tuple[int, ...]
    marked: int
    uncovered: tuple[Tile, int, int]
    drawn_count: int
    drawn: Tile
    end: str | None


def snapshot(rnd: MexicanTrainRound) -> Snapshot:
    """A copy of the round's state, to compare before and after a move."""
    return Snapshot(
        hands=tuple(rnd.hands),
        turn=rnd.turn,
        history=tuple(rnd.history),
        placed=tuple(rnd.placed),
        lasts=tuple(rnd.lasts),
        open_at=tuple(rnd.open_at),
        trains_at=tuple(rnd.trains_at),
        marked=rnd.marked,
        uncovered=(rnd.uncovered, rnd.uncovered_train, rnd.uncovered_by),
        drawn_count=rnd.drawn_count,
        drawn=rnd.drawn,
        end=rnd.end,
    )


def assert_illegal(rnd: MexicanTrainRound, step: str, rule: str, seat: int | None = None) -> IllegalMoveError:
    """Check that ``step`` (by ``seat``, by default the seat to move) breaks ``rule`` and changes nothing."""
    before = snapshot(rnd)
    legal_before = rnd.legal_moves()
    with pytest.raises(IllegalMoveError) as raised:
        rnd.apply(move_of(step), rnd.turn if seat is None else seat)
    assert raised.value.rule == rule, raised.value
    assert snapshot(rnd) == before
    assert rnd.legal_moves() == legal_before
    return raised.value
