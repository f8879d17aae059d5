"""What one seat (or a spectator) may know of a Chicken Foot round: the game's door to hidden data."""

from __future__ import annotations

from dataclasses import dataclass

from dominohall.engine.moves import NO_TILE
from dominohall.engine.tiles import Tile
from dominohall.engine.views import SeatView, seat_knowledge

from .options import ChickenFootOptions
from .round import ChickenFootRound


@dataclass(frozen=True, slots=True)
class ChickenFootView(SeatView):
    """One seat's knowledge of a Chicken Foot round."""

    options: ChickenFootOptions
    penalties: tuple[int, ...] | None
    """Each seat's penalty for the round (its pips left, 0-0 counting the table's blank-double value), once the
    round has ended; ``None`` while it is played."""
    centre: Tile
    pending: Tile
    """The double waiting for toes (the centre during the first foot), or -1."""
    pending_needs: int

    def is_first_foot(self) -> bool:
        """True while the centre double still needs start toes."""
        return self.pending == self.centre


def chicken_foot_view(
    rnd: ChickenFootRound, seat: int | None, round_index: int = 0, totals: tuple[int, ...] = ()
) -> ChickenFootView:
    """The view of a Chicken Foot round for ``seat`` (``None``: a spectator, who sees no hand)."""
    return ChickenFootView(
        **seat_knowledge(rnd, seat, round_index),
        open_ends=tuple(rnd.open_ends()),
        totals=totals or (0,) * rnd.options.players,
        options=rnd.options,
        penalties=tuple(rnd.penalties()) if rnd.end is not None else None,
        centre=rnd.centre,
        pending=rnd.pending,
        pending_needs=rnd.pending_needs if rnd.pending != NO_TILE else 0,
    )
