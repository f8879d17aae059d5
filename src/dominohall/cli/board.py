"""The table as text: the status line, the game's own board (its folder's ``terminal``) and a seat's hand."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from dominohall.games import View, game_of

from ..engine.moves import NO_TILE, Move, train_phrase
from ..engine.tiles import HIGH, LOW, tile_name

LEGAL_STYLE = "bold green"


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


def table_panel(view: View, names: list[str]) -> RenderableType:
    """The whole table for a terminal: status line, the lines, and the hand when the view has one."""
    parts: list[RenderableType] = [status_text(view, names), *game_of(view).terminal.table(view, names)]
    if view.seat is not None and view.end is None:
        parts.append(hand_text(view))
    return Group(*parts)


def describe(seat_name: str, move: Move, *, you: bool = False) -> str:
    """A move in words: ``Ann plays 9-3 on 9-9`` (``You play ...`` when ``you``)."""
    verb = {"play": "play", "draw": "draw", "pass": "pass"}[move.kind]
    verb += "" if you else ("es" if move.kind == "pass" else "s")
    subject = "You" if you else seat_name
    if move.is_play() and move.on == NO_TILE:
        return f"{subject} lead{'' if you else 's'} {tile_name(move.tile)}"
    if move.is_play():
        return f"{subject} {verb} {tile_name(move.tile)} on {tile_name(move.on)}{train_phrase(move.train)}"
    if move.kind == "draw":
        return f"{subject} {verb} {tile_name(move.tile) if move.tile != NO_TILE else 'a tile'}"
    return f"{subject} {verb}"
