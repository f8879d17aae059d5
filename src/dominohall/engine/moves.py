"""Moves shared by every game: a play (tile and target), a draw, or a pass."""

from __future__ import annotations

from typing import NamedTuple

from .tiles import Tile, tile_name

PLAY = "play"
DRAW = "draw"
PASS = "pass"

NO_TILE = -1
"""Stands for "no tile": the target of a standard lead, or a draw whose tile is not yet known."""

NO_TRAIN = -1
"""The train of a play in a game without trains (every game but the train games' own)."""
SHARED_TRAIN = -2
"""The train that belongs to no seat (Mexican Train's "Mexican train"); a seat's own train is its number."""


class Move(NamedTuple):
    """One move of a seat.

    ``kind`` is ``"play"``, ``"draw"`` or ``"pass"``. For a play, ``tile`` is the tile played and ``on``
    the tile already on the table whose open end it extends; in a game with trains, ``train`` names the
    train it is laid on (its owner's seat, or ``SHARED_TRAIN``), since several trains may start at one
    tile. For a draw, ``tile`` is the tile drawn once known (``NO_TILE`` while it is still face down).
    """

    kind: str
    tile: Tile = NO_TILE
    on: Tile = NO_TILE
    train: int = NO_TRAIN

    @classmethod
    def play(cls, t: Tile, on: Tile, train: int = NO_TRAIN) -> Move:
        """A play of tile ``t`` on the open end of ``on`` (of ``train``, in a game with trains)."""
        return cls(PLAY, t, on, train)

    def is_play(self) -> bool:
        """True for a play."""
        return self.kind == PLAY

    def __str__(self) -> str:
        if self.kind == PLAY:
            target = "" if self.on == NO_TILE else f" on {tile_name(self.on)}"
            return f"play {tile_name(self.tile)}{target}{train_phrase(self.train)}"
        if self.kind == DRAW and self.tile != NO_TILE:
            return f"draw {tile_name(self.tile)}"
        return self.kind


DRAW_MOVE = Move(DRAW)
"""A draw of the next boneyard tile."""
PASS_MOVE = Move(PASS)
"""A pass."""


def train_phrase(train: int) -> str:
    """How a move's text names its train: nothing without trains, else the train's owner.

    >>> train_phrase(NO_TRAIN), train_phrase(SHARED_TRAIN), train_phrase(2)
    ('', ' of the Mexican train', " of seat 2's train")
    """
    if train == NO_TRAIN:
        return ""
    return " of the Mexican train" if train == SHARED_TRAIN else f" of seat {train}'s train"
