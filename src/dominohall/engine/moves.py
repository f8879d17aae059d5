"""Moves shared by every game: a play (tile and target), a draw, or a pass."""

from __future__ import annotations

from typing import NamedTuple

from .tiles import Tile, tile_name

PLAY = "play"
DRAW = "draw"
PASS = "pass"

NO_TILE = -1
"""Stands for "no tile": the target of a standard lead, or a draw whose tile is not yet known."""


class Move(NamedTuple):
    """One move of a seat.

    ``kind`` is ``"play"``, ``"draw"`` or ``"pass"``. For a play, ``tile`` is the tile played and ``on``
    the tile already on the table whose open end it extends. For a draw, ``tile`` is the tile drawn once
    known (``NO_TILE`` while it is still face down in the boneyard).
    """

    kind: str
    tile: Tile = NO_TILE
    on: Tile = NO_TILE

    @classmethod
    def play(cls, t: Tile, on: Tile) -> Move:
        """A play of tile ``t`` on the open end of ``on``."""
        return cls(PLAY, t, on)

    def is_play(self) -> bool:
        """True for a play."""
        return self.kind == PLAY

    def __str__(self) -> str:
        if self.kind == PLAY:
            target = "" if self.on == NO_TILE else f" on {tile_name(self.on)}"
            return f"play {tile_name(self.tile)}{target}"
        if self.kind == DRAW and self.tile != NO_TILE:
            return f"draw {tile_name(self.tile)}"
        return self.kind


DRAW_MOVE = Move(DRAW)
"""A draw of the next boneyard tile."""
PASS_MOVE = Move(PASS)
"""A pass."""
