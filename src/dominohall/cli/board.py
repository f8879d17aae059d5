"""The table as text: Chicken Foot's lines from the centre, the standard line of play, and a seat's hand."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import Any, NamedTuple

from rich.console import Group, RenderableType
from rich.text import Text
from rich.tree import Tree

from dominohall.games import View, game_of
from dominohall.games.chickenfoot.rules.round import ChickenFootRound
from dominohall.games.chickenfoot.rules.view import ChickenFootView
from dominohall.games.standard.rules.round import StandardRound
from dominohall.games.standard.rules.view import StandardView

from ..engine.moves import NO_TILE, Move
from ..engine.tiles import HIGH, LOW, Tile, is_double, other_end, tile_name

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


def line_text(view: StandardView) -> Text:
    """The standard line of play read left to right, the lead in brackets: ``3|1 1|6 [6|6] 6|2``.

    The last tile laid is lit; the open numbers follow, and in All Fives the spinner's third and fourth
    arms are listed below the line.
    """
    if not view.placed:
        return Text("The table is empty: the hand starts with its lead.")
    children: dict[Tile, list[Tile]] = defaultdict(list)
    for t, on in view.placed[1:]:
        children[on].append(t)
    lead, last = view.placed[0][0], view.placed[-1][0]
    left, right = _sides(lead, children[lead])
    text = Text("Line: ")
    for t, matched in reversed(_chain(left, children)):
        text.append(f"{other_end(t, matched)}|{matched}", LAST_STYLE if t == last else "").append(" ")
    text.append(f"[{HIGH[lead]}|{LOW[lead]}]", LAST_STYLE if lead == last else "bold")
    for t, matched in _chain(right, children):
        text.append(" ").append(face(t, matched), LAST_STYLE if t == last else "")
    numbers = ", ".join(str(n) for _, n in view.open_ends)
    text.append(f"   open ends: {numbers}", "cyan")
    _spinner_arms(text, view, children, last)
    return text


def _sides(lead: Tile, kids: list[Tile]) -> tuple[tuple[Tile, int] | None, tuple[Tile, int] | None]:
    """The first tile on each side of the lead, with the number it was laid against."""
    if is_double(lead):
        ends = [(k, HIGH[lead]) for k in kids[:2]]
        return (ends[0] if ends else None), (ends[1] if len(ends) > 1 else None)
    left = next(((k, HIGH[lead]) for k in kids if HIGH[lead] in (HIGH[k], LOW[k])), None)
    right = next(((k, LOW[lead]) for k in kids if LOW[lead] in (HIGH[k], LOW[k])), None)
    return left, right


def _chain(start: tuple[Tile, int] | None, children: dict[Tile, list[Tile]]) -> list[tuple[Tile, int]]:
    """The tiles of one arm from ``start`` outwards, each with the number it was laid against."""
    chain: list[tuple[Tile, int]] = []
    while start is not None:
        t, matched = start
        chain.append(start)
        nxt = children.get(t, [])
        start = (nxt[0], other_end(t, matched)) if nxt else None
    return chain


def _spinner_arms(text: Text, view: StandardView, children: dict[Tile, list[Tile]], last: Tile) -> None:
    """List the spinner's third and fourth arms under the line once they are open."""
    spinner = view.spinner
    if spinner == NO_TILE or not view.spinner_open:
        return
    sides = 2 if view.placed[0][0] == spinner else 1
    arms = [_chain((t, HIGH[spinner]), children) for t in children[spinner][sides:]]
    free = sum(1 for t, _ in view.open_ends if t == spinner)
    for number, arm in enumerate(arms, 3):
        text.append(f"\n  arm {number} of the spinner {tile_name(spinner)}: ")
        text.append(" ".join(face(t, m) for t, m in arm), LAST_STYLE if any(t == last for t, _ in arm) else "")
    for number in range(len(arms) + 3, len(arms) + 3 + free):
        text.append(f"\n  arm {number} of the spinner {tile_name(spinner)}: open ▸ {HIGH[spinner]}", "cyan")


def hand_text(view: View) -> Text:
    """The seat's hand, the tiles it may play now lit (and starred for plain terminals)."""
    legal = {m.tile for m in view.legal_moves if m.is_play()}
    text = Text("Your hand: ")
    for t in sorted(view.hand, key=lambda t: (HIGH[t], LOW[t]), reverse=True):
        text.append(f"{tile_name(t)}{'*' if t in legal else ''}", LEGAL_STYLE if t in legal else "dim")
        text.append(" ")
    return text


def status_text(view: View, names: list[str]) -> Text:
    """Whose turn it is, each seat's tile count and the boneyard (and the standard game's scores)."""
    kind = game_of(view).noun.capitalize()
    text = Text(f"{kind} {view.round_index + 1} · boneyard {view.boneyard_size} · ")
    for seat, name in enumerate(names):
        marker = "▶ " if seat == view.turn and view.end is None else ""
        size = view.hand_sizes[seat]
        text.append(f"{marker}{name}: {size} tile{'' if size == 1 else 's'}", "bold" if marker else "")
        text.append("  ")
    return text


def scores_text(view: StandardView, names: list[str]) -> Text:
    """The standard game's points this hand and totals, per seat or per team (by the names of its seats)."""
    sides = [f"{names[side]} & {names[side + 2]}" for side in range(2)] if view.options.partners else names
    parts = [f"{side}: {score} this hand, {total} in all" for side, score, total in
             zip(sides, view.scores, view.totals, strict=True)]  # fmt: skip
    return Text(" · ".join(parts), "dim")


def table_panel(view: View, names: list[str]) -> RenderableType:
    """The whole table for a terminal: status line, the lines, and the hand when the view has one."""
    parts: list[RenderableType] = [status_text(view, names), *BOARDS[game_of(view).name].table(view, names)]
    if view.seat is not None and view.end is None:
        parts.append(hand_text(view))
    return Group(*parts)


def _chicken_foot_table(view: ChickenFootView, names: list[str]) -> list[RenderableType]:
    return [table_tree(view)]


def _standard_table(view: StandardView, names: list[str]) -> list[RenderableType]:
    return [scores_text(view, names), line_text(view)]


def _chicken_foot_heading(rnd: ChickenFootRound, number: int, opener: str) -> tuple[str, str]:
    return f"Round {number}: {tile_name(rnd.centre)} in the centre", f"{opener} open{'' if opener == 'You' else 's'}."


def _standard_heading(rnd: StandardRound, number: int, opener: str) -> tuple[str, str]:
    return f"Hand {number}", f"{opener} lead{'' if opener == 'You' else 's'}."


class Board(NamedTuple):
    """How the terminal shows one game."""

    table: Callable[[Any, list[str]], list[RenderableType]]
    """What is on the table (and the game's scores), from a view and the seats' names."""
    heading: Callable[[Any, int, str], tuple[str, str]]
    """A round's heading and who opens it, from the round, its number (1-based) and the opener ("You")."""


BOARDS: dict[str, Board] = {
    "chickenfoot": Board(_chicken_foot_table, _chicken_foot_heading),
    "standard": Board(_standard_table, _standard_heading),
}
"""Per game (by name), how the terminal shows it."""


def describe(seat_name: str, move: Move, *, you: bool = False) -> str:
    """A move in words: ``Ann plays 9-3 on 9-9`` (``You play ...`` when ``you``)."""
    verb = {"play": "play", "draw": "draw", "pass": "pass"}[move.kind]
    verb += "" if you else ("es" if move.kind == "pass" else "s")
    subject = "You" if you else seat_name
    if move.is_play() and move.on == NO_TILE:
        return f"{subject} lead{'' if you else 's'} {tile_name(move.tile)}"
    if move.is_play():
        return f"{subject} {verb} {tile_name(move.tile)} on {tile_name(move.on)}"
    if move.kind == "draw":
        return f"{subject} {verb} {tile_name(move.tile) if move.tile != NO_TILE else 'a tile'}"
    return f"{subject} {verb}"
