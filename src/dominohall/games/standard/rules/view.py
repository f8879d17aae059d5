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
    winner: int | None
    """The side (a seat, or a team) that won the hand, once it has ended: the one that went out, or the one with the
    fewest pips of a blocked hand; ``None`` while it is played and when nobody won it (the fewest pips level)."""
    pips: tuple[int, ...] | None
    """The pips left in hand per side (a team's summed), once the hand has ended; ``None`` while it is played."""
    move_points: tuple[int | None, ...]
    """What each move of ``history`` scored as it was made: a play's points in All Fives and Bergen (0 when it
    scored nothing), ``None`` for a draw, a pass and every move of the draw and block games. The wire puts them
    in the history's entries and the ``move`` frame's move (``points``), never as a field of their own."""

    def is_led(self) -> bool:
        """True once the lead is on the table."""
        return bool(self.placed)


def side_pips(rnd: StandardRound) -> tuple[int, ...]:
    """The pips left in hand per side: a seat's own, or its team's summed."""
    pips = rnd.pips()
    return tuple(sum(pips[seat] for seat in rnd.options.seats_of(side)) for side in range(rnd.options.sides()))


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
        winner=rnd.winner()[0],
        pips=side_pips(rnd) if rnd.end is not None else None,
        move_points=tuple(rnd.play_points()),
    )
