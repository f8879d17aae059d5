"""The end of a match as the store keeps it: who played each seat, their places, and whether it is rated
(docs/players.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .ports import MatchEnd, MatchSeat
from .ratings import bot_rating
from .state import TableState


def match_end(
    state: TableState,
    places: Sequence[int],
    now: float,
    ladders: Mapping[str, Mapping[str, float]],
    rounds: Sequence[Sequence[int]] = (),
) -> MatchEnd | None:
    """The match of ``state`` that ends now with ``places`` (``Game.placings``) and ``rounds`` (each round's
    results by side): ``None`` when no person played it (nothing to keep).

    A person who held a seat at the start and does not play it at the end (left, asked to leave, gone past the
    grace period, timed out, or given to a bot by the host, and not back) is placed after everyone; a bot plays
    as its level's rating from the ladder. The match is rated when the table's ``rated`` setting is on and at
    least one of its people still plays their own seat (a match every person abandoned is not rated).
    """
    people = state.starters
    if not people:
        return None
    stayed = {i for i, token in people.items() if state.seats[i].is_person() and state.seats[i].token == token}
    last = max(places) + 1
    seats = []
    for index, seat in enumerate(state.seats):
        side = state.options.side_of(index)
        own = tuple(int(results[side]) for results in rounds)
        if index in people:
            place = places[index] if index in stayed else last
            seats.append(MatchSeat(seat.name or "", None, people[index], place, side, rounds=own))
        else:
            level = seat.bot or ""
            rating = bot_rating(ladders, state.game, level)
            seats.append(MatchSeat(seat.name or "", level, None, places[index], side, rating, own))
    rated = state.settings.rated and bool(stayed)
    return MatchEnd(state.table_id, state.matches, state.game, now, rated, tuple(seats))
