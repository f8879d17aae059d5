"""Hints: the hard bot's choice for a person's turn, at a table where that person plays bots alone.

A hint changes nothing at the table (no event); it is computed from the asking seat's own view, like any
bot's move, in the bots' worker pool. With other people at the table there are no hints, so nobody gets
help the others do not have.
"""

from __future__ import annotations

from typing import Any

from dominohall.games import View, round_view

from .errors import CommandError
from .state import PLAYING, TableState

HINT_LEVEL = "hard"
"""The bot whose choice a hint shows."""


def hint_view(state: TableState, token_digest: str | None) -> View:
    """The view a hint is computed from: the asking person's, on its turn; else ``CommandError``."""
    seat = state.seat_of(token_digest)
    if seat is None:
        raise CommandError("not-seated", "only a seated player may ask for a hint")
    if sum(other.token is not None for other in state.seats) > 1:
        raise CommandError("no-hints", "hints are for a table where you play against bots alone")
    rnd = state.round
    if state.phase != PLAYING or state.match is None or rnd is None or rnd.end is not None:
        raise CommandError("not-started", "there is no round being played")
    if rnd.turn != seat or not state.seats[seat].is_person():
        raise CommandError("not-your-turn", "a hint is for your own turn")
    return round_view(rnd, seat, len(state.match.rounds) - 1, state.totals())


def hint_frame(command_id: str, at: int, move: dict[str, Any]) -> dict[str, Any]:
    """The ``hint`` frame answering the command ``command_id``: the move, for the table as of ``at``."""
    return {"t": "hint", "id": command_id, "at": at, "move": move}
