"""The pieces of ``dominohall/record@1`` that every game shares (docs/records.md): the fault type, the seats,
moves, tiles and deals as the record writes them, and the checks that read them back.

Each game's own round layout is in its folder (``games/<game>/rules/record.py``); ``games/records.py`` puts a
whole match together.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol, TypeVar

from .errors import IllegalMoveError
from .moves import DRAW, NO_TILE, NO_TRAIN, PASS, PLAY, SHARED_TRAIN, Move
from .tiles import Tile, double, parse_tile, set_tiles, tile_name

T = TypeVar("T")


class Dealt(Protocol):
    """What reading a deal needs of a game's options."""

    @property
    def players(self) -> int:
        """Seats at the table."""
        ...

    @property
    def top(self) -> int:
        """The set's highest number."""
        ...

    @property
    def hand(self) -> int:
        """Tiles dealt to each seat."""
        ...


class Replayable(Protocol):
    """What replaying needs of a round."""

    first: int
    end: str | None

    def apply(self, move: Move, seat: int | None = None) -> None:
        """Make a move."""
        ...

    def scores(self) -> list[int]:
        """The round's results."""
        ...


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


def tile_names(tiles: Any) -> list[str]:
    """Tiles in the record's notation, in order."""
    return [tile_name(t) for t in tiles]


SHARED_TRAIN_NAME = "mexican"
"""How a record (and the protocol) writes the train that belongs to no seat."""


def train_to_json(train: int) -> int | str:
    """A play's train as the record writes it: its owner's seat number, or ``"mexican"``."""
    return SHARED_TRAIN_NAME if train == SHARED_TRAIN else train


def train_from_json(value: object) -> int:
    """A play's train from the record's value (a seat number or ``"mexican"``); ``ValueError`` for anything
    else (whether that seat exists is the game's rule)."""
    if value == SHARED_TRAIN_NAME:
        return SHARED_TRAIN
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    raise ValueError(f'a train is a seat number or "{SHARED_TRAIN_NAME}", not {value!r}')


def move_to_dict(seat: int, move: Move) -> dict[str, Any]:
    """One move as the record writes it (a play on a train names the train too)."""
    if move.kind == PLAY:
        on = None if move.on == NO_TILE else tile_name(move.on)
        if move.train != NO_TRAIN:
            return {"seat": seat, "play": tile_name(move.tile), "on": on, "train": train_to_json(move.train)}
        return {"seat": seat, "play": tile_name(move.tile), "on": on}
    if move.kind == DRAW:
        return {"seat": seat, "draw": tile_name(move.tile)}
    return {"seat": seat, "pass": True}


def expect(condition: bool, rule: str, detail: str, rnd: int | None = None, move: int | None = None) -> None:
    """Raise a ``rule`` fault saying ``detail`` unless ``condition`` holds."""
    if not condition:
        raise RecordError(rule, detail, rnd, move)


def typed(value: object, kind: type[T], detail: str, rnd: int | None = None, move: int | None = None) -> T:
    """``value`` when it is a ``kind``; else a ``format`` fault saying ``detail``."""
    if not isinstance(value, kind):
        raise RecordError("format", detail, rnd, move)
    return value


def as_list(value: object, what: str, rnd: int | None = None) -> list[Any]:
    """``value`` when it is a list; else a ``format`` fault naming ``what``."""
    return typed(value, list, f"{what} must be a list", rnd)


def as_int(value: object, what: str, rnd: int | None = None, move: int | None = None) -> int:
    """``value`` when it is a whole number (not a boolean); else a ``format`` fault naming ``what``."""
    expect(not isinstance(value, bool), "format", f"{what} must be a whole number", rnd, move)
    return typed(value, int, f"{what} must be a whole number", rnd, move)


def as_tile(value: object, top: int, what: str, rnd: int | None = None, move: int | None = None) -> int:
    """The tile ``value`` names in the record's notation, within a set up to ``top``."""
    text = typed(value, str, f'{what} must be a tile like "9-3"', rnd, move)
    try:
        return parse_tile(text, top, canonical=True)
    except ValueError as error:
        raise RecordError("format", f"{what}: {error}", rnd, move) from None


def replay_moves(
    rnd: Replayable,
    value: dict[str, Any],
    top: int,
    number: int,
    check: Callable[[Any, dict[str, Any], int, int], None] | None = None,
) -> None:
    """Apply a round's recorded moves in order; the first illegal one is a fault naming its index. ``check``
    (the game's ``check_move``) then checks what the move says beyond itself, such as the points it scored."""
    moves = as_list(value.get("moves"), "moves", number)
    for move_index, move_data in enumerate(moves):
        expect(rnd.end is None, "round-over", "a move after the round had ended", number, move_index)
        seat, move = read_move(move_data, top, number, move_index)
        try:
            rnd.apply(move, seat)
        except IllegalMoveError as error:
            raise RecordError(error.rule, error.detail, number, move_index) from None
        if check is not None:
            check(rnd, move_data, number, move_index)


def read_deal(
    value: dict[str, Any], options: Dealt, number: int, centre: Tile = NO_TILE
) -> tuple[list[list[Tile]], list[Tile]]:
    """The hands and boneyard of a round, checked to be the set (with the centre double, if any)."""
    hands = [as_tiles(hand, options.top, "a hand", number) for hand in as_list(value.get("hands"), "hands", number)]
    expect(len(hands) == options.players, "deal", f"there must be {options.players} hands", number)
    for seat, hand in enumerate(hands):
        expect(len(hand) == options.hand, "deal", f"seat {seat} must be dealt {options.hand} tiles", number)
    boneyard = as_tiles(value.get("boneyard"), options.top, "the boneyard", number)
    dealt = sorted([*([centre] if centre != NO_TILE else []), *boneyard, *(t for hand in hands for t in hand)])
    what = "hands, boneyard and centre" if centre != NO_TILE else "hands and boneyard"
    expect(dealt == list(set_tiles(options.top)), "deal", f"{what} must be the set", number)
    return hands, boneyard


def as_tiles(value: object, top: int, what: str, rnd: int) -> list[int]:
    """A list of tiles in the record's notation."""
    return [as_tile(item, top, f"a tile of {what}", rnd) for item in as_list(value, what, rnd)]


def read_move(value: object, top: int, rnd: int, index: int) -> tuple[int, Move]:
    """One recorded move: the seat and the move."""
    value = typed(value, dict, "a move must be an object", rnd, index)
    seat = as_int(value.get("seat"), "a move's seat", rnd, index)
    kinds = [kind for kind in (PLAY, DRAW, PASS) if kind in value]
    expect(len(kinds) == 1, "format", "a move is exactly one of play, draw or pass", rnd, index)
    if kinds[0] == PLAY:
        played = as_tile(value[PLAY], top, "the tile played", rnd, index)
        expect("on" in value, "format", 'a play names where it is laid: "on" (null for the lead of a hand)', rnd, index)
        on = value["on"]
        target = NO_TILE if on is None else as_tile(on, top, "the tile played on", rnd, index)
        return seat, Move(PLAY, played, target, _train(value, rnd, index))
    expect("train" not in value, "format", "only a play names a train, not a draw or a pass", rnd, index)
    if kinds[0] == DRAW:
        return seat, Move(DRAW, as_tile(value[DRAW], top, "the tile drawn", rnd, index))
    expect(value[PASS] is True, "format", 'a pass is written "pass": true', rnd, index)
    return seat, Move(PASS)


def _train(value: dict[str, Any], rnd: int, index: int) -> int:
    """The train a recorded play names (``NO_TRAIN`` when it names none: a game without trains)."""
    if "train" not in value:
        return NO_TRAIN
    try:
        return train_from_json(value["train"])
    except ValueError as error:
        raise RecordError("format", str(error), rnd, index) from None


def check_round_end(rnd: Replayable, value: dict[str, Any], results: str, number: int, *, is_last: bool) -> None:
    """The round's recorded end and results (under the key ``results``) must be what the replay gives."""
    end = value.get("end")
    if end is None:
        expect(rnd.end is None, "end", f"the round ended ({rnd.end}) but the record does not say so", number)
        expect(is_last, "end", "only the last round of a running match may be unfinished", number)
        return
    expect(rnd.end is not None, "end", f"the record says {end!r} but the round was not over", number)
    expect(end == rnd.end, "end", f"the round ended {rnd.end}, not {end!r}", number)
    scores = rnd.scores()
    expect(value.get(results) == scores, results, f"the {results} are {scores}, not {value.get(results)}", number)


# -- the train games' rounds (a centre double, penalties) ---------------------------------------------


class CentreRound(Protocol):
    """What writing a train game's round needs of it."""

    centre: Tile
    first: int
    dealt: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]
    history: list[tuple[int, Move]]
    end: str | None

    def penalties(self) -> list[int]:
        """Each seat's penalty."""
        ...


class CentreDealt(Dealt, Protocol):
    """What reading a train game's round needs of its options."""

    def round_number(self, index: int) -> int:
        """The number of round ``index``'s double (0-based)."""
        ...


def centre_round_to_dict(rnd: CentreRound) -> dict[str, Any]:
    """A train game's round as the record writes it (``double`` first); the penalties only once it has ended."""
    data: dict[str, Any] = {
        "double": tile_name(rnd.centre),
        "first": rnd.first,
        "hands": [tile_names(hand) for hand in rnd.dealt],
        "boneyard": tile_names(rnd.boneyard),
        "moves": [move_to_dict(seat, move) for seat, move in rnd.history],
    }
    if rnd.end is not None:
        data["end"] = rnd.end
        data["penalties"] = rnd.penalties()
    return data


def read_centre_deal(
    options: CentreDealt, previous_first: int | None, index: int, value: dict[str, Any]
) -> tuple[int, int, list[list[Tile]], list[Tile]]:
    """A train game's round ``index`` (0-based) of a record, its double and opener checked (the seat after
    ``previous_first``, the last round's opener): (its double's number, the opener, the hands, the boneyard)."""
    number = index + 1
    expected = options.round_number(index)
    centre = as_tile(value.get("double"), options.top, "double", number)
    expect(centre == double(expected), "double", f"round {number} is played with {expected}-{expected}", number)
    first = as_int(value.get("first"), "first", number)
    if previous_first is not None:
        opener = (previous_first + 1) % options.players
        expect(first == opener, "opener", f"the opener must be seat {opener}, after the last opener", number)
    expect(0 <= first < options.players, "opener", f"there is no seat {first}", number)
    hands, boneyard = read_deal(value, options, number, centre)
    return expected, first, hands, boneyard
