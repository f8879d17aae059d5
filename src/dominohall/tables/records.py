"""A table's match records: the current match from the live state (while it is played, its finished rounds
only: the deal of the round being played is secret until it ends), an earlier one (before a rematch) from the
table's stored events, so every match stays downloadable."""

from __future__ import annotations

import copy
from collections import OrderedDict
from typing import Any

import orjson

from dominohall.games import AnyMatch
from dominohall.games.records import export_record

from .errors import CommandError
from .ports import Event, Store
from .state import OVER, PLAYING, TableState


def finished_matches(state: TableState) -> int:
    """How many of the table's matches are over (the current one counts once it has ended)."""
    return state.matches if state.phase == OVER else max(state.matches - 1, 0)


async def match_record(state: TableState, store: Store, number: int | None = None) -> dict[str, Any]:
    """The record of the table's match ``number`` (1-based; ``None``: the latest finished one, else the
    one being played).

    Raises ``CommandError("not-started")`` for a match not played at all.
    """
    number = record_number(state, number)
    if number == state.matches:
        return _export(state)
    return _export(replay_to_end_of(await store.load(state.table_id), number))


def record_number(state: TableState, number: int | None) -> int:
    """The match a record request names: ``number``, or by default the latest finished match, else the one
    being played (``CommandError("not-started")`` for a match not played at all)."""
    last = state.matches if state.phase in (PLAYING, OVER) else finished_matches(state)
    number = (finished_matches(state) or last) if number is None else number
    if not last:
        raise CommandError("not-started", "this table has not started a match yet")
    if not 1 <= number <= last:
        raise CommandError("not-started", f"this table has played {last} matches: there is no such match")
    return number


class RecordCache:
    """The records asked for lately, encoded as JSON: a record costs tens of milliseconds to build (an earlier
    match's, folded again from the stored events, more), and anyone may ask for any table's record again and
    again. An earlier match's record never changes; the current match's is kept for the event it was built
    at."""

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self._kept: OrderedDict[tuple[str, int, int], bytes] = OrderedDict()

    def drop(self, table_id: str) -> None:
        """Let go of every record kept of ``table_id``: a name in it was forgotten (``Hall.forget_names``)."""
        for key in [key for key in self._kept if key[0] == table_id]:
            del self._kept[key]

    async def encoded(self, state: TableState, store: Store, number: int | None = None) -> bytes:
        """``match_record(state, store, number)`` as JSON bytes, built once for each version."""
        number = record_number(state, number)
        key = (state.table_id, number, state.seq if number == state.matches else 0)
        body = self._kept.get(key)
        if body is None:
            body = orjson.dumps(await match_record(state, store, number))
            self._kept[key] = body
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        self._kept.move_to_end(key)
        return body


def replay_to_end_of(events: list[Event], number: int) -> TableState:
    """The table's state at the moment its match ``number`` ended, folded from its events."""
    state = TableState(events[0].table_id)
    for event in events:
        state.fold(event)
        if state.matches == number and state.phase == OVER:
            return state
    raise ValueError(f"table {state.table_id}: match {number} never ended")


def every_record(events: list[Event]) -> list[dict[str, Any]]:
    """The records of every finished match of a table, in order, from its events (what retention keeps)."""
    state = TableState(events[0].table_id)
    for event in events:
        state.fold(event)
    return [_export(replay_to_end_of(events, number)) for number in range(1, finished_matches(state) + 1)]


def kept_record(records: list[dict[str, Any]], number: int | None) -> dict[str, Any]:
    """Match ``number``'s record (1-based; ``None``: the latest) among the records kept of a table whose
    events retention removed (``CommandError("not-started")`` for a match it has none of)."""
    number = len(records) if number is None else number
    if not 1 <= number <= len(records):
        raise CommandError("not-started", f"this table has played {len(records)} matches: there is no such match")
    return records[number - 1]


def _export(state: TableState) -> dict[str, Any]:
    assert state.match is not None
    return state.fair.with_proofs(
        with_stand_ins(export_record(finished_rounds(state.match), state.seat_infos()), state),
        state.table_id,
        state.options.players,
    )


def with_stand_ins(record: dict[str, Any], state: TableState) -> dict[str, Any]:
    """``record`` (of the table's current match) with ``"stand_in": true`` on each move the server made for a
    person (``TableState.stand_ins``: a bot standing in, or the clock): not theirs to be judged by
    (docs/records.md)."""
    for rnd, made in zip(record["rounds"], state.stand_ins, strict=False):
        for index in made:
            rnd["moves"][index]["stand_in"] = True
    return record


def finished_rounds(match: AnyMatch) -> AnyMatch:
    """The match with its finished rounds only (itself when every round has ended)."""
    if not match.rounds or match.current.end is not None:
        return match
    shown = copy.copy(match)
    shown.rounds = match.rounds[:-1]
    return shown
