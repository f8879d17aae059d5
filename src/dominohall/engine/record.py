"""Game records, ``dominohall/record@1`` (docs/records.md): export, read, replay and verify a match.

A record holds the game, its options, the seats, and per round the hands as dealt, the boneyard in draw
order, the opener (and for Chicken Foot the centre double) and every move; the results close each round
(Chicken Foot's penalties, the standard game's scores) and the match. Reading a record
replays it through the engine, so a record is accepted exactly when every move in it is legal and every
result is right. A faulty record raises ``RecordError`` naming the round (1-based), the move (0-based) and
the rule; malformed JSON and wrong types are faults like any other, never a crash.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol, TypeVar

from .chickenfoot import ChickenFootRound
from .errors import IllegalMoveError, OptionsError
from .match import AnyMatch, AnyRound, ChickenFootRules, GameOptions, Match, StandardRules
from .moves import DRAW, NO_TILE, PASS, PLAY, Move
from .options import ChickenFootOptions
from .standard import StandardRound, first_lead
from .standard_options import StandardOptions
from .tiles import Tile, double, parse_tile, set_tiles, tile_name

FORMAT = "dominohall/record@1"
"""The record format this module reads and writes."""


class _Replayable(Protocol):
    """What replaying needs of a round."""

    first: int
    end: str | None

    def apply(self, move: Move, seat: int | None = None) -> None:
        """Make a move."""
        ...

    def scores(self) -> list[int]:
        """The round's results."""
        ...


R = TypeVar("R", bound=_Replayable)
T = TypeVar("T")


class SeatInfo(NamedTuple):
    """Who sat in a seat: a display name, and the bot level when a bot played it."""

    name: str
    bot: str | None = None


@dataclass
class RecordError(ValueError):
    """A fault in a record: the rule broken, what was wrong, and where (round 1-based, move 0-based)."""

    rule: str
    detail: str
    round: int | None = None
    move: int | None = None

    def __str__(self) -> str:
        where = []
        if self.round is not None:
            where.append(f"round {self.round}")
        if self.move is not None:
            where.append(f"move {self.move}")
        prefix = ", ".join(where) + ": " if where else ""
        return f"{prefix}{self.detail} [{self.rule}]"


# -- writing -------------------------------------------------------------------------------------------


def move_to_dict(seat: int, move: Move) -> dict[str, Any]:
    """One move as the record writes it."""
    if move.kind == PLAY:
        on = None if move.on == NO_TILE else tile_name(move.on)
        return {"seat": seat, "play": tile_name(move.tile), "on": on}
    if move.kind == DRAW:
        return {"seat": seat, "draw": tile_name(move.tile)}
    return {"seat": seat, "pass": True}


def round_to_dict(rnd: AnyRound) -> dict[str, Any]:
    """One round as the record writes it; the results only once it has ended."""
    if isinstance(rnd, StandardRound):
        return _hand_to_dict(rnd)
    data: dict[str, Any] = {
        "double": tile_name(rnd.centre),
        "first": rnd.first,
        "hands": [[tile_name(t) for t in hand] for hand in rnd.dealt],
        "boneyard": [tile_name(t) for t in rnd.boneyard],
        "moves": [move_to_dict(seat, move) for seat, move in rnd.history],
    }
    if rnd.end is not None:
        data["end"] = rnd.end
        data["penalties"] = rnd.penalties()
    return data


def _hand_to_dict(rnd: StandardRound) -> dict[str, Any]:
    """A standard hand, in the key order of the shared examples."""
    data: dict[str, Any] = {
        "hands": [[tile_name(t) for t in hand] for hand in rnd.dealt],
        "boneyard": [tile_name(t) for t in rnd.boneyard],
        "moves": [move_to_dict(seat, move) for seat, move in rnd.history],
        "first": rnd.first,
    }
    if rnd.end is not None:
        data["end"] = rnd.end
        data["scores"] = rnd.scores()
    return data


def game_name(options: GameOptions) -> str:
    """The record's name of the game these options are for."""
    return "standard" if isinstance(options, StandardOptions) else "chickenfoot"


def sides(options: GameOptions) -> int:
    """How many entries a round's results and the totals have: one per seat, or per team with partners."""
    return options.sides() if isinstance(options, StandardOptions) else options.players


def export_record(match: AnyMatch, seats: Sequence[SeatInfo]) -> dict[str, Any]:
    """The record of a match of either game, finished or running."""
    rules = match.rules
    if not isinstance(rules, ChickenFootRules | StandardRules):
        raise TypeError(f"cannot export a match played under {type(rules).__name__}")
    options = rules.options
    rounds: Sequence[AnyRound] = match.rounds
    record: dict[str, Any] = {
        "format": FORMAT,
        "game": game_name(options),
        "options": options.to_dict(),
        "seats": [{"name": s.name} | ({"bot": s.bot} if s.bot else {}) for s in seats],
        "rounds": [round_to_dict(rnd) for rnd in rounds],
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


def replay(data: dict[str, Any]) -> tuple[AnyMatch, list[SeatInfo]]:
    """Replay a record of either game through the engine: the match as it stands at the record's end, and
    the seats.

    Raises ``RecordError`` at the first fault.
    """
    _expect(data.get("format") == FORMAT, "format", f"the format must be {FORMAT!r}")
    game = data.get("game")
    _expect(game in ("chickenfoot", "standard"), "game", f"the game must be chickenfoot or standard, not {game!r}")
    options = _options(data.get("options"), standard=game == "standard")
    seats = _seats(data.get("seats"), options.players)
    match: AnyMatch
    if isinstance(options, StandardOptions):
        match = _replay_rounds(Match(StandardRules(options)), data, _dealt_hand, "scores", options.top)
    else:
        match = _replay_rounds(Match(ChickenFootRules(options)), data, _dealt_round, "penalties", options.top)
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


def _expect(condition: bool, rule: str, detail: str, rnd: int | None = None, move: int | None = None) -> None:
    if not condition:
        raise RecordError(rule, detail, rnd, move)


def _typed(value: object, kind: type[T], detail: str, rnd: int | None = None, move: int | None = None) -> T:
    """``value`` when it is a ``kind``; else a ``format`` fault saying ``detail``."""
    if not isinstance(value, kind):
        raise RecordError("format", detail, rnd, move)
    return value


def _list(value: object, what: str, rnd: int | None = None) -> list[Any]:
    return _typed(value, list, f"{what} must be a list", rnd)


def _int(value: object, what: str, rnd: int | None = None, move: int | None = None) -> int:
    _expect(not isinstance(value, bool), "format", f"{what} must be a whole number", rnd, move)
    return _typed(value, int, f"{what} must be a whole number", rnd, move)


def _tile(value: object, top: int, what: str, rnd: int | None = None, move: int | None = None) -> int:
    text = _typed(value, str, f'{what} must be a tile like "9-3"', rnd, move)
    try:
        return parse_tile(text, top, canonical=True)
    except ValueError as error:
        raise RecordError("format", f"{what}: {error}", rnd, move) from None


def _options(value: object, *, standard: bool) -> GameOptions:
    data = _typed(value, dict, "options must be an object")
    try:
        return StandardOptions.from_dict(data) if standard else ChickenFootOptions.from_dict(data)
    except OptionsError as error:
        raise RecordError("options", str(error)) from None


def _seats(value: object, players: int) -> list[SeatInfo]:
    seats = _list(value, "seats")
    _expect(len(seats) == players, "seats", f"there must be one seat per player ({players})")
    infos = []
    for seat in seats:
        _expect(isinstance(seat, dict) and isinstance(seat.get("name"), str), "format", "a seat has a name")
        bot = seat.get("bot")
        _expect(bot is None or isinstance(bot, str), "format", "a seat's bot is a level name")
        infos.append(SeatInfo(seat["name"], bot))
    return infos


def _replay_rounds(
    match: Match[R],
    data: dict[str, Any],
    deal: Callable[[Match[R], int, dict[str, Any]], R],
    results: str,
    top: int,
) -> Match[R]:
    """Replay every round of the record into ``match``; ``deal`` reads and checks a round's deal, and
    ``results`` names the key of each round's results."""
    rounds = _list(data.get("rounds"), "rounds")
    for index, value in enumerate(rounds):
        number = index + 1
        _expect(not match.is_over(), "rounds", "the match was already over before this round", number)
        data = _typed(value, dict, "a round must be an object", number)
        rnd = deal(match, index, data)
        match.rounds.append(rnd)
        _replay_moves(rnd, data, top, number)
        _check_round_end(rnd, data, results, number, is_last=index == len(rounds) - 1)
    return match


def _replay_moves(rnd: _Replayable, value: dict[str, Any], top: int, number: int) -> None:
    moves = _list(value.get("moves"), "moves", number)
    for move_index, move_data in enumerate(moves):
        _expect(rnd.end is None, "round-over", "a move after the round had ended", number, move_index)
        seat, move = _move(move_data, top, number, move_index)
        try:
            rnd.apply(move, seat)
        except IllegalMoveError as error:
            raise RecordError(error.rule, error.detail, number, move_index) from None


def _deal(
    value: dict[str, Any], options: GameOptions, number: int, centre: Tile = NO_TILE
) -> tuple[list[list[Tile]], list[Tile]]:
    """The hands and boneyard of a round, checked to be the set (with the centre double, if any)."""
    hands = [_tiles(hand, options.top, "a hand", number) for hand in _list(value.get("hands"), "hands", number)]
    _expect(len(hands) == options.players, "deal", f"there must be {options.players} hands", number)
    for seat, hand in enumerate(hands):
        _expect(len(hand) == options.hand, "deal", f"seat {seat} must be dealt {options.hand} tiles", number)
    boneyard = _tiles(value.get("boneyard"), options.top, "the boneyard", number)
    dealt = sorted([*([centre] if centre != NO_TILE else []), *boneyard, *(t for hand in hands for t in hand)])
    what = "hands, boneyard and centre" if centre != NO_TILE else "hands and boneyard"
    _expect(dealt == list(set_tiles(options.top)), "deal", f"{what} must be the set", number)
    return hands, boneyard


def _dealt_round(match: Match[ChickenFootRound], index: int, value: dict[str, Any]) -> ChickenFootRound:
    assert isinstance(match.rules, ChickenFootRules)
    options = match.rules.options
    number = index + 1
    expected = options.round_number(index)
    centre = _tile(value.get("double"), options.top, "double", number)
    _expect(centre == double(expected), "double", f"round {number} is played with {expected}-{expected}", number)
    first = _int(value.get("first"), "first", number)
    if match.rounds:
        opener = (match.current.first + 1) % options.players
        _expect(first == opener, "opener", f"the opener must be seat {opener}, after the last opener", number)
    _expect(0 <= first < options.players, "opener", f"there is no seat {first}", number)
    hands, boneyard = _deal(value, options, number, centre)
    return ChickenFootRound(options, expected, first, hands, boneyard)


def _dealt_hand(match: Match[StandardRound], index: int, value: dict[str, Any]) -> StandardRound:
    assert isinstance(match.rules, StandardRules)
    options = match.rules.options
    number = index + 1
    first = _int(value.get("first"), "first", number)
    hands, boneyard = _deal(value, options, number)
    leader = match.rules.leader(match.current if match.rounds else None)
    if leader is None:
        expected, lead = first_lead(hands, options.mode)
        why = "by the first-hand rule"
    else:
        expected, lead, why = leader, NO_TILE, "as the last hand's winner"
    _expect(first == expected, "opener", f"seat {expected} leads this hand, {why}", number)
    return StandardRound(options, first, hands, boneyard, lead)


def _tiles(value: object, top: int, what: str, rnd: int) -> list[int]:
    return [_tile(item, top, f"a tile of {what}", rnd) for item in _list(value, what, rnd)]


def _move(value: object, top: int, rnd: int, index: int) -> tuple[int, Move]:
    value = _typed(value, dict, "a move must be an object", rnd, index)
    seat = _int(value.get("seat"), "a move's seat", rnd, index)
    kinds = [kind for kind in (PLAY, DRAW, PASS) if kind in value]
    _expect(len(kinds) == 1, "format", "a move is exactly one of play, draw or pass", rnd, index)
    if kinds[0] == PLAY:
        played = _tile(value[PLAY], top, "the tile played", rnd, index)
        on = value.get("on")
        target = NO_TILE if on is None else _tile(on, top, "the tile played on", rnd, index)
        return seat, Move(PLAY, played, target)
    if kinds[0] == DRAW:
        return seat, Move(DRAW, _tile(value[DRAW], top, "the tile drawn", rnd, index))
    _expect(value[PASS] is True, "format", 'a pass is written "pass": true', rnd, index)
    return seat, Move(PASS)


def _check_round_end(rnd: _Replayable, value: dict[str, Any], results: str, number: int, *, is_last: bool) -> None:
    end = value.get("end")
    if end is None:
        _expect(rnd.end is None, "end", f"the round ended ({rnd.end}) but the record does not say so", number)
        _expect(is_last, "end", "only the last round of a running match may be unfinished", number)
        return
    _expect(rnd.end is not None, "end", f"the record says {end!r} but the round was not over", number)
    _expect(end == rnd.end, "end", f"the round ended {rnd.end}, not {end!r}", number)
    scores = rnd.scores()
    _expect(value.get(results) == scores, results, f"the {results} are {scores}", number)


def _check_results(match: AnyMatch, count: int, data: dict[str, Any]) -> None:
    totals = match.totals() or [0] * count
    if "totals" in data or "winners" in data:
        _expect(data.get("totals") == totals, "totals", f"the totals are {totals}")
    if match.is_over():
        winners = match.winners()
        _expect(data.get("winners") == winners, "winners", f"the match is over and the winners are {winners}")
    else:
        _expect("winners" not in data, "winners", "the match is not over, so it has no winners yet")
