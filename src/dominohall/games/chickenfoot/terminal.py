"""Chicken Foot as text: the lines growing from the centre double as a tree."""

from __future__ import annotations

from collections import defaultdict

from rich.console import RenderableType
from rich.text import Text
from rich.tree import Tree

from dominohall.engine.moves import NO_TILE
from dominohall.engine.tiles import HIGH, Tile, is_double, other_end, tile_name

from ..terminal import LAST_STYLE, Board, face
from .rules.round import ChickenFootRound
from .rules.view import ChickenFootView


def table_tree(view: ChickenFootView) -> Tree:
    """The lines of the table as a tree: the centre double, its toes, and the doubles' own toes."""
    children: dict[Tile, list[Tile]] = defaultdict(list)
    for t, on in view.placed:
        children[on].append(t)
    last = view.placed[-1][0] if view.placed else NO_TILE
    root = Tree(_double_label(view, view.centre, "centre"))
    _grow(root, view, view.centre, children, last)
    return root


def _grow(node: Tree, view: ChickenFootView, d: Tile, children: dict[Tile, list[Tile]], last: Tile) -> None:
    """Add one branch per toe of double ``d``, following each line to its open end or its double."""
    for toe in children.get(d, []):
        label, matched, t = Text(), HIGH[d], toe
        while True:
            label.append(face(t, matched), LAST_STYLE if t == last else "")
            nxt = children.get(t, [])
            if is_double(t) or not nxt:
                break
            matched, t = other_end(t, matched), nxt[0]
            label.append(" ")
        branch = node.add(label)
        if is_double(t):
            label.append("  ")
            label.append_text(_double_label(view, t, "double"))
            _grow(branch, view, t, children, last)
        else:
            label.append(f"  ▸ {other_end(t, matched)}", "cyan")


def _double_label(view: ChickenFootView, d: Tile, kind: str) -> Text:
    label = Text(f"{tile_name(d)} ({kind})", "bold")
    if view.pending == d:
        label.append(f"  needs {view.pending_needs} more toe{'s' if view.pending_needs != 1 else ''}", "bold yellow")
    return label


def _table(view: ChickenFootView, names: list[str]) -> list[RenderableType]:
    return [table_tree(view)]


def _heading(rnd: ChickenFootRound, number: int, opener: str) -> tuple[str, str]:
    return f"Round {number}: {tile_name(rnd.centre)} in the centre", f"{opener} open{'' if opener == 'You' else 's'}."


def _waiting(view: ChickenFootView) -> str | None:
    """The double waiting for toes, when one is: no other play is possible until it has them."""
    if view.pending_needs <= 0:
        return None
    toes = f"{view.pending_needs} more toe{'s' if view.pending_needs > 1 else ''}"
    return f"{tile_name(view.pending)} needs {toes} first"


BOARD = Board(_table, _waiting, _heading)
"""How the terminal shows Chicken Foot."""
