"""What one seat (or a spectator) may know of a standard hand: the game's door to hidden data."""

from __future__ import annotations

from dataclasses import dataclass

from dominohall.engine.tiles import Tile
from dominohall.engine.views import SeatView, seat_knowledge

from .options import StandardOptions
from .round import StandardRound


@dataclass(frozen=True, slots=True)
class StandardView(SeatView):
    """One seat's knowledge of a standard hand."""

    options: StandardOptions
    spinner: Tile
    """All Fives: the spinner once it is down, else -1."""
    spinner_open: bool
    """All Fives: True once the spinner's third and fourth arms are open."""
    scores: tuple[int, ...]
    """Points of this hand so far, per seat (or per team); with the winner's award once it has ended."""
    move_points: tuple[int | None, ...]
    """What each move of ``history`` scored as it was made: a play's points in All Fives and Bergen (0 when it
    scored nothing), ``None`` for a draw, a pass and every move of the draw and block games. The wire puts them
    in the history's entries and the ``move`` frame's move (``points``), never as a field of their own."""

    def is_led(self) -> bool:
        """True once the lead is on the table."""
        return bool(self.placed)


def standard_view(
    rnd: StandardRound, seat: int | None, round_index: int = 0, totals: tuple[int, ...] = ()
) -> StandardView:
    """The view of a standard hand for ``seat`` (``None``: a spectator, who sees no hand)."""
    return StandardView(
        **seat_knowledge(rnd, seat, round_index),
        open_ends=tuple(rnd.ends),
        totals=totals or (0,) * rnd.options.sides(),
        options=rnd.options,
        spinner=rnd.spinner,
        spinner_open=rnd.spinner_open,
        scores=tuple(rnd.scores()),
        move_points=tuple(rnd.play_points()),
    )
