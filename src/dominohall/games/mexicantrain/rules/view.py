"""What one seat (or a spectator) may know of a Mexican Train round: the game's door to hidden data."""

from __future__ import annotations

from dataclasses import dataclass

from dominohall.engine.moves import PLAY
from dominohall.engine.tiles import Tile
from dominohall.engine.views import SeatView, seat_knowledge

from .options import MexicanTrainOptions
from .round import MexicanTrainRound


@dataclass(frozen=True, slots=True)
class TrainView:
    """One train as everyone sees it."""

    train: int
    """Its owner's seat, or -2 (``SHARED_TRAIN``) for the Mexican train."""
    tiles: tuple[Tile, ...]
    """Its tiles from the engine out, in the order they were laid."""
    end: Tile
    """The tile a play on it is laid against: its last tile, or the engine while it has not started."""
    number: int
    """The number its open end shows."""
    marked: bool
    """True while its owner's mark is on it (never for the Mexican train)."""


@dataclass(frozen=True, slots=True)
class MexicanTrainView(SeatView):
    """One seat's knowledge of a Mexican Train round (``open_ends`` holds every train's end)."""

    options: MexicanTrainOptions
    penalties: tuple[int, ...] | None
    """Each seat's penalty for the round (its pips left, 0-0 counting the table's blank-double value), once the
    round has ended; ``None`` while it is played."""
    centre: Tile
    """The engine."""
    trains: tuple[TrainView, ...]
    """Each seat's train in seat order, then the Mexican train."""
    uncovered: Tile
    """The double waiting to be covered, or -1."""
    uncovered_train: int
    """The train it lies on (a seat, or -2 for the Mexican train), or -1."""
    uncovered_by: int
    """The seat that laid it (it owes the cover first), or -1."""

    def train(self, train: int) -> TrainView:
        """The train of ``train`` (a seat, or -2 for the Mexican train)."""
        return next(line for line in self.trains if line.train == train)


def train_views(rnd: MexicanTrainRound) -> tuple[TrainView, ...]:
    """Every train of the round as plain values, its tiles read from the history."""
    laid: dict[int, list[Tile]] = {train: [] for train in rnd.train_ids()}
    for _, move in rnd.history:
        if move.kind == PLAY:
            laid[move.train].append(move.tile)
    return tuple(
        TrainView(state.train, tuple(laid[state.train]), rnd.train_end(state.train), state.number, state.marked)
        for state in rnd.trains()
    )


def mexican_train_view(
    rnd: MexicanTrainRound, seat: int | None, round_index: int = 0, totals: tuple[int, ...] = ()
) -> MexicanTrainView:
    """The view of a Mexican Train round for ``seat`` (``None``: a spectator, who sees no hand)."""
    return MexicanTrainView(
        **seat_knowledge(rnd, seat, round_index),
        open_ends=tuple(rnd.open_ends()),
        totals=totals or (0,) * rnd.options.players,
        options=rnd.options,
        penalties=tuple(rnd.penalties()) if rnd.end is not None else None,
        centre=rnd.centre,
        trains=train_views(rnd),
        uncovered=rnd.uncovered,
        uncovered_train=rnd.uncovered_train,
        uncovered_by=rnd.uncovered_by,
    )
