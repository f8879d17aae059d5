"""The table as text: every line from the centre, the pending double, and a seat's hand."""

from __future__ import annotations

from collections import defaultdict

from rich.console import Group, RenderableType
from rich.text import Text
from rich.tree import Tree

from ..engine.moves import NO_TILE, Move
from ..engine.tiles import HIGH, LOW, Tile, is_double, other_end, tile_name
from ..engine.views import ChickenFootView

LEGAL_STYLE = "bold green"
LAST_STYLE = "bold reverse"


def face(t: Tile, matched: int) -> str:
    """A tile as laid on a line: the matched end first, ``3|5``."""
    return f"{matched}|{other_end(t, matched)}"


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


def hand_text(view: ChickenFootView) -> Text:
    """The seat's hand, the tiles it may play now lit (and starred for plain terminals)."""
    legal = {m.tile for m in view.legal_moves if m.is_play()}
    text = Text("Your hand: ")
    for t in sorted(view.hand, key=lambda t: (HIGH[t], LOW[t]), reverse=True):
        text.append(f"{tile_name(t)}{'*' if t in legal else ''}", LEGAL_STYLE if t in legal else "dim")
        text.append(" ")
    return text


def status_text(view: ChickenFootView, names: list[str]) -> Text:
    """Whose turn it is, each seat's tile count and the boneyard."""
    text = Text(f"Round {view.round_index + 1} · boneyard {view.boneyard_size} · ")
    for seat, name in enumerate(names):
        marker = "▶ " if seat == view.turn and view.end is None else ""
        text.append(f"{marker}{name}: {view.hand_sizes[seat]} tiles", "bold" if marker else "")
        text.append("  ")
    return text


def table_panel(view: ChickenFootView, names: list[str]) -> RenderableType:
    """The whole table for a terminal: status line, the lines, and the hand when the view has one."""
    parts: list[RenderableType] = [status_text(view, names), table_tree(view)]
    if view.seat is not None and view.end is None:
        parts.append(hand_text(view))
    return Group(*parts)


def describe(seat_name: str, move: Move, *, you: bool = False) -> str:
    """A move in words: ``Ann plays 9-3 on 9-9`` (``You play ...`` when ``you``)."""
    verb = {"play": "play", "draw": "draw", "pass": "pass"}[move.kind]
    verb += "" if you else ("es" if move.kind == "pass" else "s")
    subject = "You" if you else seat_name
    if move.is_play():
        return f"{subject} {verb} {tile_name(move.tile)} on {tile_name(move.on)}"
    if move.kind == "draw":
        return f"{subject} {verb} {tile_name(move.tile) if move.tile != NO_TILE else 'a tile'}"
    return f"{subject} {verb}"
