"""The standard game's line of play as a seat sees it: where a play goes and what it scores at once."""

from __future__ import annotations

from dominohall.engine.moves import NO_TILE, Move
from dominohall.engine.tiles import HIGH, LOW, Tile

from ..rules.round import extend_line, lead_line
from ..rules.scoring import End, play_points


def end_index(ends: list[End] | tuple[End, ...], move: Move) -> int:
    """The open end a play goes on: the first end of its target tile showing one of the tile's numbers."""
    return next(i for i, (last, n) in enumerate(ends) if last == move.on and n in (HIGH[move.tile], LOW[move.tile]))


def after_play(
    ends: tuple[End, ...], spinner: Tile, spinner_open: bool, move: Move, *, mode: str
) -> tuple[list[End], Tile, bool]:
    """The open ends, spinner and arms after ``move`` (the lead when ``ends`` is empty)."""
    allfives = mode == "allfives"
    if not ends:
        line, lead_spinner = lead_line(move.tile, allfives=allfives)
        return line, lead_spinner, False
    line = list(ends)
    spinner, spinner_open = extend_line(
        line, end_index(ends, move), move.tile, spinner, spinner_open, allfives=allfives
    )
    return line, spinner, spinner_open


def points_of(ends: tuple[End, ...], spinner: Tile, spinner_open: bool, move: Move, *, mode: str) -> int:
    """What ``move`` scores at once in All Fives or Bergen (0 in the draw and block games)."""
    if mode not in ("allfives", "bergen"):
        return 0
    line, spinner, spinner_open = after_play(ends, spinner, spinner_open, move, mode=mode)
    return play_points(mode, line, spinner, spinner_open=spinner_open)


def is_lead(move: Move) -> bool:
    """True for the lead of a hand (a play on no tile)."""
    return move.is_play() and move.on == NO_TILE
