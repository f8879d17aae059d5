"""The standard game as text: the line of play read left to right, the spinner's arms, the points."""

from __future__ import annotations

from collections import defaultdict

from rich.console import RenderableType
from rich.text import Text

from dominohall.engine.moves import NO_TILE
from dominohall.engine.tiles import HIGH, LOW, Tile, is_double, other_end, tile_name

from ..terminal import LAST_STYLE, Board, face
from .rules.round import StandardRound
from .rules.view import StandardView


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


def scores_text(view: StandardView, names: list[str]) -> Text:
    """The standard game's points this hand and totals, per seat or per team (by the names of its seats)."""
    sides = [f"{names[side]} & {names[side + 2]}" for side in range(2)] if view.options.partners else names
    parts = [f"{side}: {score} this hand, {total} in all" for side, score, total in
             zip(sides, view.scores, view.totals, strict=True)]  # fmt: skip
    return Text(" · ".join(parts), "dim")


def _table(view: StandardView, names: list[str]) -> list[RenderableType]:
    return [scores_text(view, names), line_text(view)]


def _heading(rnd: StandardRound, number: int, opener: str) -> tuple[str, str]:
    return f"Hand {number}", f"{opener} lead{'' if opener == 'You' else 's'}."


BOARD = Board(_table, lambda view: None, _heading)
"""How the terminal shows the standard game."""
