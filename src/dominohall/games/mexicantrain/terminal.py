"""Mexican Train as text: the engine, then one line per train (each seat's, then the Mexican train)."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text

from dominohall.engine.moves import NO_TILE, SHARED_TRAIN
from dominohall.engine.tiles import HIGH, other_end, tile_name

from ..terminal import LAST_STYLE, Board, face
from .rules.round import MexicanTrainRound
from .rules.view import MexicanTrainView, TrainView


def train_lines(view: MexicanTrainView, names: list[str]) -> list[RenderableType]:
    """The engine and every train as a line of tiles from the engine out, its owner, its mark and open end."""
    last = view.placed[-1][0] if view.placed else NO_TILE
    owners = [_owner(view, train.train, names) for train in view.trains]
    width = max(map(len, owners)) + 2
    lines: list[RenderableType] = [Text(f"Engine {tile_name(view.centre)}", "bold")]
    for train, owner in zip(view.trains, owners, strict=True):
        lines.append(_train_line(view, train, owner.ljust(width), last))
    return lines


def _owner(view: MexicanTrainView, train: int, names: list[str]) -> str:
    """Whose train it is, in words: "Your train", "Ann's train" or "Mexican train"."""
    if train == SHARED_TRAIN:
        return "Mexican train"
    return "Your train" if train == view.seat else f"{names[train]}'s train"


def _train_line(view: MexicanTrainView, train: TrainView, owner: str, last: int) -> Text:
    """One train: whose it is (yours stands out), its tiles, then its open end and its mark."""
    line = Text(owner, "bold cyan" if train.train == view.seat else "bold")
    matched = HIGH[view.centre]
    for t in train.tiles:
        line.append(face(t, matched), LAST_STYLE if t == last else "")
        line.append(" ")
        matched = other_end(t, matched)
    line.append(f"▸ {train.number}", "cyan")
    if train.marked:
        line.append("  marked: open to all", "bold yellow")
    if view.uncovered != NO_TILE and train.train == view.uncovered_train:
        line.append(f"  {tile_name(view.uncovered)} waits for its cover", "bold yellow")
    return line


def _heading(rnd: MexicanTrainRound, number: int, opener: str) -> tuple[str, str]:
    return f"Round {number}: {tile_name(rnd.centre)} is the engine", f"{opener} open{'' if opener == 'You' else 's'}."


def _waiting(view: MexicanTrainView) -> str | None:
    """The uncovered double, when one is: every seat must cover it before anything else."""
    if view.uncovered == NO_TILE:
        return None
    return f"{tile_name(view.uncovered)} must be covered first: play a {HIGH[view.uncovered]} on it"


BOARD = Board(train_lines, _waiting, _heading)
"""How the terminal shows Mexican Train."""
