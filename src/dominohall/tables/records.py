"""A table's match records: the match just over from the live state, an earlier one (before a rematch)
from the table's stored events, so every finished match stays downloadable."""

from __future__ import annotations

from typing import Any

from ..engine.record import export_record
from .errors import CommandError
from .ports import Event, Store
from .state import OVER, TableState


def finished_matches(state: TableState) -> int:
    """How many of the table's matches are over (the current one counts once it has ended)."""
    return state.matches if state.phase == OVER else max(state.matches - 1, 0)


async def match_record(state: TableState, store: Store, number: int | None = None) -> dict[str, Any]:
    """The record of the table's match ``number`` (1-based; ``None``: the latest finished one).

    Raises ``CommandError("not-over")`` for a match still being played or not played at all.
    """
    last = finished_matches(state)
    number = last if number is None else number
    if not 1 <= number <= last:
        raise CommandError("not-over", "the record can be downloaded once the match is over")
    if number == state.matches:
        return _export(state)
    return _export(replay_to_end_of(await store.load(state.table_id), number))


def replay_to_end_of(events: list[Event], number: int) -> TableState:
    """The table's state at the moment its match ``number`` ended, folded from its events."""
    state = TableState(events[0].table_id)
    for event in events:
        state.fold(event)
        if state.matches == number and state.phase == OVER:
            return state
    raise ValueError(f"table {state.table_id}: match {number} never ended")


def _export(state: TableState) -> dict[str, Any]:
    assert state.match is not None
    return export_record(state.match, state.seat_infos())
