"""A client's side of the frames: the full view a recipient holds after each frame it received.

This is the reference the page's ``state.js`` follows: a ``round`` frame or a snapshot brings a whole
view; a ``move`` frame brings the move and the view without the fields the client keeps itself
(``options``, ``history``, ``placed``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

View = dict[str, Any]


def apply_frame(view: View | None, frame: dict[str, Any]) -> View | None:
    """The recipient's view after ``frame``, given its view before (``None`` before the first)."""
    if frame.get("t") != "move":
        return frame["view"] if isinstance(frame.get("view"), dict) else view
    assert view is not None, "a move frame arrived before any view"
    move = frame["move"]
    placed = view["placed"] + [[move["tile"], move["on"]]] if move["kind"] == "play" else view["placed"]
    history = [*view["history"], {"seat": frame["seat"], **move}]
    return {**view, **frame["view"], "placed": placed, "history": history}


def apply_table(table: dict[str, Any] | None, frame: dict[str, Any]) -> dict[str, Any] | None:
    """The table's summary a recipient holds after ``frame``: every frame that changes the table (its phase,
    seats, settings, the pause between rounds) carries it whole."""
    return frame["table"] if isinstance(frame.get("table"), dict) else table


def tables(frames: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any] | None]:
    """The table's summary the recipient holds right after each frame."""
    table: dict[str, Any] | None = None
    for frame in frames:
        table = apply_table(table, frame)
        yield table


def views(frames: Iterable[dict[str, Any]]) -> Iterator[tuple[dict[str, Any], View | None]]:
    """Each frame with the recipient's view right after it."""
    view: View | None = None
    for frame in frames:
        view = apply_frame(view, frame)
        yield frame, view


class ViewKeeper:
    """The latest view of a growing list of frames, folding only the frames not seen yet."""

    def __init__(self) -> None:
        self.count = 0
        self.view: View | None = None

    def latest(self, frames: list[dict[str, Any]]) -> View | None:
        """The view after the last of ``frames`` (which only ever grows)."""
        for frame in frames[self.count :]:
            self.view = apply_frame(self.view, frame)
        self.count = len(frames)
        return self.view
