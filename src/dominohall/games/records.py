"""Game records, ``dominohall/record@1`` (docs/records.md): export, read, replay and verify a match.

A record holds the game, its options, the seats, and per round the hands as dealt, the boneyard in draw
order, the opener (and for Chicken Foot the centre double) and every move; the results close each round
(Chicken Foot's penalties, the standard game's scores) and the match. Reading a record
replays it through the engine, so a record is accepted exactly when every move in it is legal and every
result is right. A faulty record raises ``RecordError`` naming the round (1-based), the move (0-based) and
the rule; malformed JSON and wrong types are faults like any other, never a crash. Each game's round layout
is its descriptor's (``game.py``, each game's ``rules/record.py``); the pieces every game shares are in
``record_parts.py``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from dominohall.engine.errors import OptionsError
from dominohall.engine.match import Match
from dominohall.engine.record_parts import (
    RecordError,
    SeatInfo,
    as_list,
    check_round_end,
    expect,
    move_to_dict,
    replay_moves,
    typed,
)

from . import GAMES, AnyGame, game_named, game_of

FORMAT = "dominohall/record@1"
"""The record format this module reads and writes."""

__all__ = [
    "FORMAT",
    "RecordError",
    "SeatInfo",
    "dumps",
    "export_record",
    "loads",
    "move_to_dict",
    "replay",
    "round_to_dict",
    "side_list",
    "sides",
    "verify",
]


def round_to_dict(rnd: Any) -> dict[str, Any]:
    """One round of any game as the record writes it; the results only once it has ended."""
    written: dict[str, Any] = game_of(rnd).round_to_dict(rnd)
    return written


def sides(options: Any) -> int:
    """How many entries a round's results and the totals have: one per seat, or per team with partners."""
    count: int = options.sides()
    return count


def side_list(options: Any) -> list[int]:
    """The result side each seat plays for, in seat order: ``[0, 1, 0, 1]`` with partners, else each seat its
    own (``[0, 1, 2]``); the record's ``sides`` and the table summary's."""
    return [options.side_of(seat) for seat in range(options.players)]


def export_record(match: Match[Any], seats: Sequence[SeatInfo]) -> dict[str, Any]:
    """The record of a match of any game, finished or running."""
    game = game_of(match.rules)
    options = match.rules.options
    record: dict[str, Any] = {
        "format": FORMAT,
        "game": game.name,
        "options": options.to_dict(),
        "seats": [{"name": s.name} | ({"bot": s.bot} if s.bot else {}) for s in seats],
        "sides": side_list(options),
        "rounds": [game.round_to_dict(rnd) for rnd in match.rounds],
        "totals": match.totals() or [0] * sides(options),
    }
    if match.is_over():
        record["winners"] = match.winners()
    return record


def dumps(record: dict[str, Any]) -> str:
    """A record as JSON text, in the layout of the shared examples."""
    return json.dumps(record, indent=1, ensure_ascii=False) + "\n"


# -- reading -------------------------------------------------------------------------------------------


def loads(text: str | bytes) -> dict[str, Any]:
    """Parse JSON text into a record object; raise ``RecordError`` for bad JSON or a non-object."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise RecordError("json", f"not valid JSON: {error}") from None
    if not isinstance(data, dict):
        raise RecordError("format", "a record is a JSON object")
    return data


def replay(data: dict[str, Any]) -> tuple[Match[Any], list[SeatInfo]]:
    """Replay a record of any game through the engine: the match as it stands at the record's end, and
    the seats.

    Raises ``RecordError`` at the first fault.
    """
    expect(data.get("format") == FORMAT, "format", f"the format must be {FORMAT!r}")
    name = data.get("game")
    known = " or ".join(GAMES)
    expect(isinstance(name, str) and name in GAMES, "game", f"the game must be {known}, not {name!r}")
    game = game_named(str(name))
    options = _options(game, data.get("options"))
    seats = _seats(data.get("seats"), options.players)
    if "sides" in data:  # records written before it lack it: the options say the same
        expected = side_list(options)
        said = f"the seats play for the sides {expected}, not {data['sides']}"
        expect(data["sides"] == expected, "sides", said)
    match = _replay_rounds(game, game.new_match(options), data)
    _check_results(match, sides(options), data)
    return match, seats


def verify(data: dict[str, Any] | str | bytes) -> list[RecordError]:
    """The faults of a record (JSON text or a parsed object): an empty list when it is legal, else the first
    fault the replay meets, naming its round, move and rule (a replay cannot go on past a broken move, so the
    faults after it are not looked for)."""
    try:
        replay(loads(data) if isinstance(data, str | bytes) else data)
    except RecordError as error:
        return [error]
    return []


def _options(game: AnyGame, value: object) -> Any:
    """The record's options, read and checked by the game."""
    data = typed(value, dict, "options must be an object")
    try:
        return game.options_from_dict(data)
    except OptionsError as error:
        raise RecordError("options", str(error)) from None


def _seats(value: object, players: int) -> list[SeatInfo]:
    seats = as_list(value, "seats")
    expect(len(seats) == players, "seats", f"there must be one seat per player ({players})")
    infos = []
    for seat in seats:
        expect(isinstance(seat, dict) and isinstance(seat.get("name"), str), "format", "a seat has a name")
        bot = seat.get("bot")
        expect(bot is None or isinstance(bot, str), "format", "a seat's bot is a level name")
        infos.append(SeatInfo(seat["name"], bot))
    return infos


def _replay_rounds(game: AnyGame, match: Match[Any], data: dict[str, Any]) -> Match[Any]:
    """Replay every round of the record into ``match``: the game reads and checks each round's deal."""
    rounds = as_list(data.get("rounds"), "rounds")
    options = match.rules.options
    for index, value in enumerate(rounds):
        number = index + 1
        expect(not match.is_over(), "rounds", "the match was already over before this round", number)
        data = typed(value, dict, "a round must be an object", number)
        rnd = game.read_round(options, match.current if match.rounds else None, index, data)
        match.rounds.append(rnd)
        replay_moves(rnd, data, options.top, number, game.check_move)
        check_round_end(rnd, data, game.results_key, number, is_last=index == len(rounds) - 1)
    return match


def _check_results(match: Match[Any], count: int, data: dict[str, Any]) -> None:
    totals = match.totals() or [0] * count
    if "totals" in data or "winners" in data:
        expect(data.get("totals") == totals, "totals", f"the totals are {totals}, not {data.get('totals')}")
    if match.is_over():
        winners = match.winners()
        said = f"the match is over and the winners are {winners}, not {data.get('winners')}"
        expect(data.get("winners") == winners, "winners", said)
    else:
        expect("winners" not in data, "winners", "the match is not over, so it has no winners yet")
