"""What every game's text board (``dominohall play``, ``replay``) shares: the ``Board`` a game's folder
gives the command line, and how a tile reads on a line."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from rich.console import RenderableType

from dominohall.engine.tiles import Tile, other_end

LAST_STYLE = "bold reverse"
"""The last tile laid."""


def face(t: Tile, matched: int) -> str:
    """A tile as laid on a line: the matched end first, ``3|5``."""
    return f"{matched}|{other_end(t, matched)}"


class Board(NamedTuple):
    """How the terminal shows one game."""

    table: Callable[[Any, list[str]], list[RenderableType]]
    """What is on the table (and the game's scores), from a view and the seats' names."""
    waiting: Callable[[Any], str | None]
    """What every play waits for now, in words (a double's toes), or ``None``: why a tile fits nowhere."""
    heading: Callable[[Any, int, str], tuple[str, str]]
    """A round's heading and who opens it, from the round, its number (1-based) and the opener ("You")."""
