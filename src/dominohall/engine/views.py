"""What one seat (or a spectator) may know of a round of any game: the only door to hidden data.

A view is built from the round and holds only plain values: the seat's own hand, the sizes of the other
hands, the table, the boneyard's size, the history with other seats' draws face down, the legal moves
when it is the seat's turn, and the totals. It never holds a reference to the round, another hand or the
boneyard's order, so whatever receives a view (a bot, the wire, the page) cannot see past it. Once the
round has ended, every hand is shown, as at a real table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .moves import NO_TILE, Move
from .tiles import Tile, tiles_of
from .turns import TurnTaking


@dataclass(frozen=True, slots=True)
class SeatView:
    """What a seat knows of a round of any game (``seat`` is ``None`` for a spectator)."""

    seat: int | None
    round_index: int
    first: int
    turn: int
    hand: tuple[Tile, ...]
    hand_sizes: tuple[int, ...]
    boneyard_size: int
    draws: bool
    """True when a seat draws from the boneyard in this round; False when nobody ever does (the standard block
    game), so a page need not show the boneyard at all."""
    placed: tuple[tuple[Tile, Tile], ...]
    """Every tile on the table with the tile it was laid on (-1 for a standard lead), in the order played."""
    open_ends: tuple[tuple[Tile, int], ...]
    """Every open line end: its last tile and the number it shows (a spinner's free arms show the spinner)."""
    drawn: Tile
    """The tile this seat drew this turn (only its own; in the standard game only a playable one), or -1."""
    history: tuple[tuple[int, Move], ...]
    """The round's moves; another seat's draw shows no tile."""
    legal_moves: tuple[Move, ...]
    """This seat's legal moves when it is its turn, else empty."""
    totals: tuple[int, ...]
    """Each seat's (or team's) total of the rounds already ended."""
    end: str | None
    final_hands: tuple[tuple[Tile, ...], ...] | None
    """Every hand, once the round has ended."""

    def is_my_turn(self) -> bool:
        """True when this view's seat is to move."""
        return self.seat == self.turn and self.end is None


def seat_knowledge(rnd: TurnTaking, seat: int | None, round_index: int) -> dict[str, Any]:
    """The fields of ``SeatView`` that every game fills alike (all but the open ends and the totals); a game's
    view builder adds its own."""
    own_turn = seat == rnd.turn and rnd.end is None
    return {
        "seat": seat,
        "round_index": round_index,
        "first": rnd.first,
        "turn": rnd.turn,
        "hand": tuple(tiles_of(rnd.hands[seat])) if seat is not None else (),
        "hand_sizes": tuple(hand.bit_count() for hand in rnd.hands),
        "boneyard_size": rnd.boneyard_size(),
        "draws": rnd.draws(),
        "placed": tuple(rnd.placed),
        "drawn": rnd.drawn if own_turn else NO_TILE,
        "history": _history(rnd, seat),
        "legal_moves": tuple(rnd.legal_moves()) if own_turn else (),
        "end": rnd.end,
        "final_hands": tuple(tuple(tiles_of(h)) for h in rnd.hands) if rnd.end is not None else None,
    }


def _history(rnd: TurnTaking, seat: int | None) -> tuple[tuple[int, Move], ...]:
    """The public history, with the tiles of ``seat``'s own draws turned face up."""
    if seat is None or not rnd.draws_by_seat[seat]:
        return tuple(rnd.public_history)
    history = rnd.public_history.copy()
    for index in rnd.draws_by_seat[seat]:
        history[index] = rnd.history[index]
    return tuple(history)
