"""The table as text: the status line, the game's own board (its folder's ``terminal``) and a seat's hand."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from dominohall.games import View, game_of

from ..engine.moves import NO_TILE, NO_TRAIN, SHARED_TRAIN, Move, train_phrase
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


def describe(seat_name: str, move: Move, *, you: bool = False, names: list[str] | None = None) -> str:
    """A move in words: ``Ann plays 9-3 on 9-9`` (``You play ...`` when ``you``); a play on a train names its
    owner from ``names`` (seat 0 being "you" when ``you``)."""
    verb = {"play": "play", "draw": "draw", "pass": "pass"}[move.kind]
    verb += "" if you else ("es" if move.kind == "pass" else "s")
    subject = "You" if you else seat_name
    if move.is_play() and move.on == NO_TILE:
        return f"{subject} lead{'' if you else 's'} {tile_name(move.tile)}"
    if move.is_play():
        own = (
            names is not None
            and 0 <= move.train < len(names)
            and names[move.train] in (seat_name, "You" if you else "")
        )
        where = (" of your own train" if you else " of their own train") if own else train_words(move.train, names)
        return f"{subject} {verb} {tile_name(move.tile)} on {tile_name(move.on)}{where}"
    if move.kind == "draw":
        return f"{subject} {verb} {tile_name(move.tile) if move.tile != NO_TILE else 'a tile'}"
    return f"{subject} {verb}"


def move_words(move: Move, names: list[str]) -> str:
    """A legal move as the person choosing it reads it: ``play 12-5 on 12-12 of your train``."""
    if not move.is_play() or move.on == NO_TILE:
        return str(move)
    return f"play {tile_name(move.tile)} on {tile_name(move.on)}{train_words(move.train, names)}"


def train_words(train: int, names: list[str] | None) -> str:
    """How a play's train reads after its target: nothing without trains, else the train's owner by name (a name
    of "You" reads "your")."""
    if train in (NO_TRAIN, SHARED_TRAIN) or names is None:
        return train_phrase(train)
    owner = names[train]
    return " of your train" if owner == "You" else f" of {owner}'s train"
