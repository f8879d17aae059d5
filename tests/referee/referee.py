"""Independent referee for ``dominohall/record@1`` game records.

Written from the rules pages (``docs/rules-*.md``, ``docs/records.md``; for Mexican Train and Chicken
Foot with 9..12 players the shared ``RULES.md``, sections 1, 3 and 4) and the example records alone,
without looking at the project's engine, so that it can check that engine from outside.  The style is
deliberately plain: tiles are ``(high, low)`` tuples, hands are lists, and the table is walked naively.
It knows Chicken Foot (2..12 players), Mexican Train (2..8 players) and the standard game.

Public entry point: :func:`check_record`, which returns the faults of a parsed JSON record (an empty
list means the record is legal) and never raises.  Run ``python -m tests.referee.referee FILE...`` to
check record files from the command line.
"""

from __future__ import annotations

import json
import re
import reprlib
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

FORMAT = "dominohall/record@1"
Tile = tuple[int, int]
TILE_PATTERN = re.compile(r"(0|[1-9][0-9]{0,3})-(0|[1-9][0-9]{0,3})")
CF_OPTION_KEYS = ("players", "set", "hand", "length", "start_toes", "double_toes", "blank_double", "limit")
STANDARD_OPTION_KEYS = ("players", "set", "hand", "mode", "partners", "target")
MOVE_KINDS = ("play", "draw", "pass")
INTERNAL_ERROR = "referee internal error"


# ---------------------------------------------------------------------------------------------------
# Small helpers for untrusted JSON values and tiles
# ---------------------------------------------------------------------------------------------------


def as_int(value: object) -> int | None:
    """Return ``value`` if it is a JSON integer (not a boolean), else None."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return None


def as_dict(value: object) -> dict[str, object] | None:
    """Return ``value`` if it is a JSON object, else None."""
    if isinstance(value, dict):
        return value
    return None


def as_list(value: object) -> list[object] | None:
    """Return ``value`` if it is a JSON array, else None."""
    if isinstance(value, list):
        return value
    return None


def short(value: object) -> str:
    """A short printable form of an untrusted value for messages."""
    text = reprlib.repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def name(tile: Tile) -> str:
    """The record notation of a tile, larger end first."""
    return f"{tile[0]}-{tile[1]}"


def is_double(tile: Tile) -> bool:
    """True for a double such as 4-4."""
    return tile[0] == tile[1]


def other_end(tile: Tile, number: int) -> int:
    """The end of ``tile`` that is left open when its ``number`` end is matched."""
    return tile[1] if tile[0] == number else tile[0]


def full_set(top: int) -> list[Tile]:
    """Every tile of the double-``top`` set."""
    return [(high, low) for high in range(top + 1) for low in range(high + 1)]


def tile_problem(value: object, top: int) -> str | None:
    """Why ``value`` is not a tile of the double-``top`` set in record notation, or None."""
    if not isinstance(value, str):
        return f"tile {short(value)} is not a string"
    match = TILE_PATTERN.fullmatch(value)
    if match is None:
        return f"tile {short(value)} is not written a-b"
    high, low = int(match.group(1)), int(match.group(2))
    if high < low:
        return f"tile {value} is not written with the larger end first"
    if high > top:
        return f"tile {value} is not in the double-{top} set"
    return None


def parse_tile(value: object, top: int) -> Tile | None:
    """The tile written as ``value``, or None when it is not a valid tile of the set."""
    if tile_problem(value, top) is not None or not isinstance(value, str):
        return None
    high, low = value.split("-")
    return (int(high), int(low))


def parse_tile_list(value: object, top: int, where: str, faults: list[str]) -> list[Tile] | None:
    """Parse a JSON array of tiles, reporting every problem; None if any."""
    items = as_list(value)
    if items is None:
        faults.append(f"{where}: not a list of tiles")
        return None
    tiles: list[Tile] = []
    for index, item in enumerate(items):
        problem = tile_problem(item, top)
        tile = parse_tile(item, top)
        if problem is not None or tile is None:
            faults.append(f"{where}[{index}]: {problem}")
            return None
        tiles.append(tile)
    return tiles


def parse_int_list(value: object, length: int) -> list[int] | None:
    """A JSON array of exactly ``length`` integers, or None."""
    items = as_list(value)
    if items is None or len(items) != length:
        return None
    numbers = [as_int(item) for item in items]
    result = [number for number in numbers if number is not None]
    return result if len(result) == length else None


def check_deal(pieces: list[Tile], top: int, where: str, faults: list[str]) -> None:
    """Check that ``pieces`` (hands, boneyard and any table tile) are exactly the set."""
    seen: set[Tile] = set()
    for tile in pieces:
        if tile in seen:
            faults.append(f"{where}: tile {name(tile)} appears twice in the deal")
        seen.add(tile)
    for tile in full_set(top):
        if tile not in seen:
            faults.append(f"{where}: tile {name(tile)} is missing from the deal")


def check_seats(data: dict[str, object], players: int, faults: list[str]) -> None:
    """Check the ``seats`` list: one object with a string name per player."""
    seats = as_list(data.get("seats"))
    if seats is None:
        faults.append("seats: not a list")
        return
    if len(seats) != players:
        faults.append(f"seats: {len(seats)} seats for {players} players")
    for index, seat in enumerate(seats):
        entry = as_dict(seat)
        if entry is None or not isinstance(entry.get("name"), str):
            faults.append(f"seats[{index}]: not an object with a string name")
        elif "bot" in entry and not isinstance(entry.get("bot"), str):
            faults.append(f"seats[{index}]: bot is not a string")


def check_winners(raw: object, expected: list[int], players: int, faults: list[str]) -> None:
    """Compare the recorded ``winners`` list with the expected seats."""
    items = as_list(raw)
    seats = [as_int(item) for item in items] if items is not None else []
    if items is None or any(seat is None or not 0 <= seat < players for seat in seats):
        faults.append(f"winners: {short(raw)} is not a list of seats")
        return
    if len(set(seats)) != len(seats):
        faults.append(f"winners: {short(raw)} names a seat twice")
    elif sorted(seat for seat in seats if seat is not None) != sorted(expected):
        faults.append(f"winners: {short(raw)} but the winners are {expected}")


# ---------------------------------------------------------------------------------------------------
# Moves (shared by both games)
# ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Move:
    """One parsed move: a play (tile on a table tile), a draw (tile) or a pass."""

    seat: int
    kind: str
    tile: Tile | None = None
    on: Tile | None = None

    def describe(self) -> str:
        """Human words for the move."""
        if self.kind == "play" and self.tile is not None:
            target = name(self.on) if self.on is not None else "an empty table"
            return f"seat {self.seat} plays {name(self.tile)} on {target}"
        if self.kind == "draw" and self.tile is not None:
            return f"seat {self.seat} draws {name(self.tile)}"
        return f"seat {self.seat} passes"


def parse_move(raw: object, players: int, top: int) -> Move | str:
    """Parse one move, or return why it is malformed."""
    move = as_dict(raw)
    if move is None:
        return "move is not an object"
    seat = as_int(move.get("seat"))
    if seat is None or not 0 <= seat < players:
        return f"seat {short(move.get('seat'))} is not a seat number"
    kinds = [kind for kind in MOVE_KINDS if kind in move]
    if len(kinds) != 1:
        return "a move has exactly one of play, draw, pass"
    kind = kinds[0]
    if kind == "pass":
        if move.get("pass") is not True or "on" in move:
            return "a pass is written {seat, pass: true}"
        return Move(seat, "pass")
    problem = tile_problem(move.get(kind), top)
    tile = parse_tile(move.get(kind), top)
    if problem is not None or tile is None:
        return f"{kind}: {problem}"
    if kind == "draw":
        return "a draw has no on" if "on" in move else Move(seat, "draw", tile)
    return parse_play_target(move, seat, tile, top)


def parse_play_target(move: dict[str, object], seat: int, tile: Tile, top: int) -> Move | str:
    """Parse the ``on`` of a play (null is kept as None for the standard lead)."""
    if "on" not in move:
        return "a play names the tile it is played on (on)"
    if move.get("on") is None:
        return Move(seat, "play", tile, None)
    problem = tile_problem(move.get("on"), top)
    on = parse_tile(move.get("on"), top)
    if problem is not None or on is None:
        return f"on: {problem}"
    return Move(seat, "play", tile, on)


# ---------------------------------------------------------------------------------------------------
# Chicken Foot: options
# ---------------------------------------------------------------------------------------------------


class TrainOptions(Protocol):
    """What the shared train-game checks need of a game's validated options."""

    @property
    def players(self) -> int: ...

    @property
    def top(self) -> int: ...

    @property
    def hand(self) -> int: ...

    @property
    def limit(self) -> int | None: ...

    def fixed_rounds(self) -> int: ...


@dataclass(frozen=True)
class CfOptions:
    """Validated Chicken Foot table settings."""

    players: int
    top: int
    hand: int
    length: str
    start_toes: int
    double_toes: int
    blank_double: int
    limit: int | None

    def fixed_rounds(self) -> int:
        """Rounds of a match without a limit: full, half or one."""
        return rounds_of_length(self.top, self.length)

    def round_double(self, index: int) -> Tile | None:
        """The centre double of round ``index`` (0-based), or None when there is none."""
        return double_of_round(self.top, self.length, self.limit, index)


def rounds_of_length(top: int, length: str) -> int:
    """Rounds of a train-game match without a limit: full (every double), half (ceil) or one."""
    if length == "full":
        return top + 1
    if length == "half":
        return (top + 2) // 2
    return 1


def double_of_round(top: int, length: str, limit: int | None, index: int) -> Tile | None:
    """The centre double of round ``index`` (0-based) of a train game, or None when there is no such round.

    With a limit the doubles descend and wrap from 0-0 back to the top double.
    """
    if limit is not None:
        number = (top - index) % (top + 1)
        return (number, number)
    if index >= rounds_of_length(top, length):
        return None
    return (top - index, top - index)


def check_cf_option_values(opts: dict[str, object], faults: list[str]) -> None:
    """Check each Chicken Foot setting against its allowed values.

    Players are 2..12.  The set and hand size have defaults by players (D9 for 2..6, D12 for 7..8, D15
    for 9..12 with hands 11, 10, 9, 8), but the house override allows any of the three sets with any hand
    that leaves the centre double out, so a record is only held to ``players * hand + 1 <= tiles``.
    """
    players = as_int(opts.get("players"))
    top = as_int(opts.get("set"))
    hand = as_int(opts.get("hand"))
    limit = opts.get("limit")
    if players is None or not 2 <= players <= 12:
        faults.append(f"options.players: {short(opts.get('players'))} is not 2..12")
    if top not in (9, 12, 15):
        faults.append(f"options.set: {short(opts.get('set'))} is not 9, 12 or 15")
    if hand is None or hand < 1:
        faults.append(f"options.hand: {short(opts.get('hand'))} is not a positive hand size")
    elif players is not None and top is not None and 2 <= players <= 12 and top in (9, 12, 15):
        tiles = len(full_set(top))
        if players * hand + 1 > tiles:
            faults.append(f"options.hand: {players} hands of {hand} and the centre double need more than {tiles} tiles")
    if opts.get("length") not in ("full", "half", "one"):
        faults.append(f"options.length: {short(opts.get('length'))} is not full, half or one")
    if as_int(opts.get("start_toes")) not in (4, 6):
        faults.append(f"options.start_toes: {short(opts.get('start_toes'))} is not 4 or 6")
    if as_int(opts.get("double_toes")) != 3:
        faults.append(f"options.double_toes: {short(opts.get('double_toes'))} is not 3")
    if as_int(opts.get("blank_double")) not in (25, 50):
        faults.append(f"options.blank_double: {short(opts.get('blank_double'))} is not 25 or 50")
    limit_value = as_int(limit)
    if limit is not None and (limit_value is None or limit_value < 1):
        faults.append(f"options.limit: {short(limit)} is not null or a positive integer")


def parse_cf_options(raw: object, faults: list[str]) -> CfOptions | None:
    """Validate the Chicken Foot options; None (with faults) when unusable."""
    opts = as_dict(raw)
    if opts is None:
        faults.append("options: not an object")
        return None
    before = len(faults)
    for key in CF_OPTION_KEYS:
        if key not in opts:
            faults.append(f"options.{key}: missing")
    check_cf_option_values(opts, faults)
    if len(faults) > before:
        return None
    return CfOptions(
        players=as_int(opts.get("players")) or 0,
        top=as_int(opts.get("set")) or 0,
        hand=as_int(opts.get("hand")) or 0,
        length=str(opts.get("length")),
        start_toes=as_int(opts.get("start_toes")) or 0,
        double_toes=as_int(opts.get("double_toes")) or 0,
        blank_double=as_int(opts.get("blank_double")) or 0,
        limit=as_int(opts.get("limit")),
    )


# ---------------------------------------------------------------------------------------------------
# Chicken Foot: the table and one round
# ---------------------------------------------------------------------------------------------------


@dataclass
class Line:
    """A line of tiles growing out of a double; ``open_number`` is None once a double closed it."""

    tiles: list[Tile]
    open_number: int | None


@dataclass
class CfTable:
    """The Chicken Foot table: the centre double, its lines, and at most one pending double."""

    centre: Tile
    start_toes: int
    double_toes: int
    centre_toes: int = 0
    pending: Tile | None = None
    pending_toes: int = 0
    lines: list[Line] = field(default_factory=list)

    def places(self) -> list[tuple[Tile, int]]:
        """The places a tile may go now: (tile named by ``on``, number the new tile must show)."""
        if self.centre_toes < self.start_toes:
            return [(self.centre, self.centre[0])]
        if self.pending is not None:
            return [(self.pending, self.pending[0])]
        return [(line.tiles[-1], line.open_number) for line in self.lines if line.open_number is not None]

    def legal_plays(self, hand: list[Tile]) -> list[tuple[Tile, Tile]]:
        """Every (tile, on) a holder of ``hand`` may play now."""
        return [(tile, on) for tile in hand for on, number in self.places() if number in tile]

    def why_illegal(self, tile: Tile, on: Tile) -> str | None:
        """Why ``tile`` may not be played on ``on`` now, or None when it may."""
        for place, number in self.places():
            if place == on:
                if number in tile:
                    return None
                return f"{name(tile)} does not match the open end {number} of {name(on)}"
        if self.centre_toes < self.start_toes:
            return (
                f"the first chicken foot has {self.centre_toes} of {self.start_toes} toes: "
                f"only toes on the centre double {name(self.centre)} are legal"
            )
        if self.pending is not None:
            return (
                f"double {name(self.pending)} is pending with {self.pending_toes} of {self.double_toes} toes: "
                "only toes on it are legal"
            )
        return self.why_closed(on)

    def why_closed(self, on: Tile) -> str:
        """Why ``on`` names no open place once the first foot is down and no double is pending."""
        if on == self.centre:
            return f"the centre double {name(on)} already carries its {self.start_toes} toes"
        on_table = [tile for line in self.lines for tile in line.tiles]
        if on not in on_table:
            return f"{name(on)} is not on the table"
        if is_double(on):
            return f"double {name(on)} already carries its {self.double_toes} toes"
        return f"{name(on)} is not the open end of a line (the line goes on past it)"

    def apply(self, tile: Tile, on: Tile) -> None:
        """Lay ``tile`` on ``on`` (already known to be legal)."""
        if on == self.centre and self.centre_toes < self.start_toes:
            self.centre_toes += 1
            self.lines.append(Line([tile], other_end(tile, on[0])))
            return
        if on == self.pending:
            self.pending_toes += 1
            self.lines.append(Line([tile], other_end(tile, on[0])))
            if self.pending_toes >= self.double_toes:
                self.pending = None
            return
        for line in self.lines:
            if line.open_number is not None and line.tiles[-1] == on:
                number = line.open_number
                line.tiles.append(tile)
                if is_double(tile):
                    line.open_number = None
                    self.pending = tile
                    self.pending_toes = 0
                else:
                    line.open_number = other_end(tile, number)
                return


@dataclass
class CfRound:
    """Replay state of one Chicken Foot round."""

    hands: list[list[Tile]]
    boneyard: list[Tile]
    table: CfTable
    to_move: int
    next_draw: int = 0
    drawn: Tile | None = None
    ended: str | None = None

    def boneyard_empty(self) -> bool:
        """True once every boneyard tile has been drawn."""
        return self.next_draw >= len(self.boneyard)

    def step(self, move: Move) -> str | None:
        """Apply one move; return why it is illegal (state then unreliable), or None."""
        if move.seat != self.to_move:
            return f"out of turn: it is seat {self.to_move}'s turn"
        if move.kind == "play":
            return self.play(move)
        if move.kind == "draw":
            return self.draw(move)
        return self.pass_turn()

    def play(self, move: Move) -> str | None:
        """A play: from the hand, matching an open place, the drawn tile after a draw."""
        hand = self.hands[move.seat]
        tile, on = move.tile, move.on
        if tile is None or on is None:
            return "a Chicken Foot play names the tile it is played on"
        if self.drawn is not None and tile != self.drawn:
            return f"after drawing {name(self.drawn)} the seat may only play that tile"
        if tile not in hand:
            return f"{name(tile)} is not in seat {move.seat}'s hand"
        why = self.table.why_illegal(tile, on)
        if why is not None:
            return why
        self.table.apply(tile, on)
        hand.remove(tile)
        if not hand:
            self.ended = "domino"
            return None
        self.end_turn()
        return None

    def draw(self, move: Move) -> str | None:
        """A draw: only one per turn, only without a legal tile, the next boneyard tile."""
        if self.drawn is not None:
            return "only one tile is drawn per turn"
        legal = self.table.legal_plays(self.hands[move.seat])
        if legal:
            return f"seat {move.seat} holds the playable {name(legal[0][0])} and may not draw"
        if self.boneyard_empty():
            return "the boneyard is empty"
        expected = self.boneyard[self.next_draw]
        if move.tile != expected:
            return f"the next boneyard tile is {name(expected)}"
        self.next_draw += 1
        self.hands[move.seat].append(expected)
        self.drawn = expected
        return None

    def pass_turn(self) -> str | None:
        """A pass: after an unplayable draw, or with nothing playable and an empty boneyard."""
        if self.drawn is not None:
            if self.table.legal_plays([self.drawn]):
                return f"the drawn tile {name(self.drawn)} is playable and must be played at once"
        else:
            legal = self.table.legal_plays(self.hands[self.to_move])
            if legal:
                return f"seat {self.to_move} holds the playable {name(legal[0][0])} and may not pass"
            if not self.boneyard_empty():
                return "a seat without a playable tile draws before passing while the boneyard has tiles"
        self.end_turn()
        return None

    def end_turn(self) -> None:
        """Hand the turn on; the round is blocked when nobody can play and nothing is left to draw."""
        self.drawn = None
        self.to_move = (self.to_move + 1) % len(self.hands)
        if self.boneyard_empty() and not any(self.table.legal_plays(hand) for hand in self.hands):
            self.ended = "blocked"

    def penalties(self, blank_double: int) -> list[int]:
        """Penalty points of each seat: pips left, a 0-0 counting ``blank_double``."""
        return [sum(blank_double if tile == (0, 0) else tile[0] + tile[1] for tile in hand) for hand in self.hands]


def replay_moves(
    raw_moves: object,
    step: Callable[[Move], str | None],
    is_over: Callable[[], bool],
    *,
    players: int,
    top: int,
    where: str,
    round_index: int,
    faults: list[str],
    parse: Callable[[object, int, int], Move | str] = parse_move,
) -> bool:
    """Replay the moves with ``step``; report the first fault; True when every move was legal.

    A move fault starts with its JSON place (``rounds[r].moves[i]``, both 0-based) and then names the
    round as players count it (1-based) and the move: ``rounds[0].moves[5] (round 1, seat 2 plays ...)``.
    """
    moves = as_list(raw_moves)
    if moves is None:
        faults.append(f"{where}.moves: not a list")
        return False
    round_number = round_index + 1
    for index, raw in enumerate(moves):
        at = f"{where}.moves[{index}]"
        if is_over():
            faults.append(f"{at}: a move after the end of the round")
            return False
        move = parse(raw, players, top)
        if isinstance(move, str):
            faults.append(f"{at} (round {round_number}): {move}")
            return False
        why = step(move)
        if why is not None:
            faults.append(f"{at} (round {round_number}, {move.describe()}): {why}")
            return False
    return True


@dataclass
class RoundResult:
    """What the match level needs to know about a checked round."""

    first: int | None = None
    finished: bool = False
    points: list[int] | None = None
    winner_seat: int | None = None
    no_winner: bool = False


def check_round_first(
    rnd: dict[str, object], expected: int | None, players: int, where: str, faults: list[str]
) -> int | None:
    """Check the round's opening seat; return it when it is a seat number."""
    first = as_int(rnd.get("first"))
    if first is None or not 0 <= first < players:
        faults.append(f"{where}.first: {short(rnd.get('first'))} is not a seat number")
        return None
    if expected is not None and first != expected:
        faults.append(f"{where}.first: seat {first} opens but seat {expected} should")
    return first


def parse_hands(
    rnd: dict[str, object], players: int, size: int, *, top: int, where: str, faults: list[str]
) -> list[list[Tile]] | None:
    """Parse the dealt hands: ``players`` lists of ``size`` tiles."""
    raw_hands = as_list(rnd.get("hands"))
    if raw_hands is None or len(raw_hands) != players:
        faults.append(f"{where}.hands: not a list of {players} hands")
        return None
    hands: list[list[Tile]] = []
    for seat, raw in enumerate(raw_hands):
        hand = parse_tile_list(raw, top, f"{where}.hands[{seat}]", faults)
        if hand is None:
            return None
        if len(hand) != size:
            faults.append(f"{where}.hands[{seat}]: {len(hand)} tiles dealt instead of {size}")
        hands.append(hand)
    return hands


def check_round_end(rnd: dict[str, object], ended: str | None, replay_ok: bool, where: str, faults: list[str]) -> bool:
    """Compare the recorded ``end`` with the replay; True when the record says the round ended."""
    if "end" not in rnd:
        if replay_ok and ended is not None:
            faults.append(f"{where}: the round ended ({ended}) but the record has no end")
        return False
    end = rnd.get("end")
    if end not in ("domino", "blocked"):
        faults.append(f"{where}.end: {short(end)} is not domino or blocked")
    elif replay_ok and ended is None and end == "blocked":
        faults.append(
            f"{where}.end: the record says blocked but the round is not blocked: a draw or a play is still due"
        )
    elif replay_ok and ended is None:
        faults.append(f"{where}.end: the record says {end} but the moves stop before the round is over")
    elif replay_ok and ended != end:
        faults.append(f"{where}.end: the record says {end} but the round ended {ended}")
    return True


def check_cf_round(
    raw: object, index: int, opts: CfOptions, expected_first: int | None, faults: list[str]
) -> RoundResult:
    """Check one Chicken Foot round: double, opener, deal, moves, end and penalties."""
    where = f"rounds[{index}]"
    result = RoundResult()
    rnd = as_dict(raw)
    if rnd is None:
        faults.append(f"{where}: not an object")
        return result
    result.first = check_round_first(rnd, expected_first, opts.players, where, faults)
    result.finished = "end" in rnd
    result.points = check_points_shape(rnd, "penalties", opts.players, where, faults)
    deal = check_train_deal(rnd, opts, opts.round_double(index), where, faults)
    if deal is None or result.first is None:
        return result
    double, hands, boneyard = deal
    state = CfRound(hands, boneyard, CfTable(double, opts.start_toes, opts.double_toes), result.first)
    replay_ok = replay_moves(
        rnd.get("moves"),
        state.step,
        lambda: state.ended is not None,
        players=opts.players,
        top=opts.top,
        where=where,
        round_index=index,
        faults=faults,
    )
    result.finished = check_round_end(rnd, state.ended, replay_ok, where, faults)
    if replay_ok and state.ended is not None and result.points is not None:
        expected = state.penalties(opts.blank_double)
        if result.points != expected:
            faults.append(f"{where}.penalties: {result.points} but the hands left score {expected}")
    return result


def check_train_deal(
    rnd: dict[str, object], opts: TrainOptions, expected_double: Tile | None, where: str, faults: list[str]
) -> tuple[Tile, list[list[Tile]], list[Tile]] | None:
    """Check a train-game round's centre double and deal; the double, hands and boneyard when usable."""
    double = parse_tile(rnd.get("double"), opts.top)
    if double is None:
        faults.append(f"{where}.double: {tile_problem(rnd.get('double'), opts.top) or 'not a tile'}")
        return None
    if double != expected_double:
        wanted = name(expected_double) if expected_double is not None else "none (no such round)"
        faults.append(f"{where}.double: {name(double)} but this round's double is {wanted}")
    if not is_double(double):
        return None
    hands = parse_hands(rnd, opts.players, opts.hand, top=opts.top, where=where, faults=faults)
    boneyard = parse_tile_list(rnd.get("boneyard"), opts.top, f"{where}.boneyard", faults)
    if hands is None or boneyard is None:
        return None
    before = len(faults)
    check_deal([double, *[tile for hand in hands for tile in hand], *boneyard], opts.top, where, faults)
    if len(faults) > before:
        return None
    return double, hands, boneyard


def check_points_shape(rnd: dict[str, object], key: str, count: int, where: str, faults: list[str]) -> list[int] | None:
    """Check that a finished round has ``count`` integer points under ``key`` (and a running one none)."""
    if "end" not in rnd:
        if key in rnd:
            faults.append(f"{where}.{key}: an unfinished round has no {key}")
        return None
    points = parse_int_list(rnd.get(key), count)
    if points is None:
        faults.append(f"{where}.{key}: not a list of {count} integers")
    return points


# ---------------------------------------------------------------------------------------------------
# Train games (Chicken Foot, Mexican Train): the match
# ---------------------------------------------------------------------------------------------------


def cf_match_over(opts: TrainOptions, rounds_done: int, totals: list[int]) -> bool:
    """True when the match ends after ``rounds_done`` finished rounds with these totals."""
    if opts.limit is not None:
        return any(total > opts.limit for total in totals)
    return rounds_done >= opts.fixed_rounds()


def check_chickenfoot(data: dict[str, object], faults: list[str]) -> None:
    """Check a whole Chicken Foot record."""
    opts = parse_cf_options(data.get("options"), faults)
    if opts is None:
        return
    check_train_match(data, opts, lambda raw, index, first: check_cf_round(raw, index, opts, first, faults), faults)


def check_train_match(
    data: dict[str, object],
    opts: TrainOptions,
    check_round: Callable[[object, int, int | None], RoundResult],
    faults: list[str],
) -> None:
    """Check the rounds of a train-game match in order (``check_round(raw, index, expected_first)``)."""
    check_seats(data, opts.players, faults)
    rounds = as_list(data.get("rounds"))
    if rounds is None or not rounds:
        faults.append("rounds: not a non-empty list")
        return
    totals: list[int] | None = [0] * opts.players
    over = False
    first: int | None = None
    last_finished = False
    for index, raw in enumerate(rounds):
        if over or (opts.limit is None and index >= opts.fixed_rounds()):
            faults.append(f"rounds[{index}]: too many rounds: the match was over after {index} rounds")
            return
        expected_first = None if index == 0 or first is None else (first + 1) % opts.players
        result = check_round(raw, index, expected_first)
        first = result.first
        last_finished = result.finished
        if not result.finished and index != len(rounds) - 1:
            faults.append(f"rounds[{index}]: unfinished, yet another round follows")
        if result.finished and totals is not None and result.points is not None:
            totals = [total + points for total, points in zip(totals, result.points, strict=True)]
            over = cf_match_over(opts, index + 1, totals)
        elif result.finished:
            totals = None
    check_cf_outcome(data, opts, totals, over=over, last_finished=last_finished, round_count=len(rounds), faults=faults)


def check_cf_outcome(
    data: dict[str, object],
    opts: TrainOptions,
    totals: list[int] | None,
    *,
    over: bool,
    last_finished: bool,
    round_count: int,
    faults: list[str],
) -> None:
    """Check totals, winners and that the match stopped after the right number of rounds."""
    check_totals(data, totals, opts.players, "winners" in data, faults)
    if "winners" not in data:
        # A running match may stand between rounds (its last round ended, the next not dealt yet).
        if last_finished and over:
            faults.append("winners: missing although the match is over")
        return
    if not last_finished:
        faults.append("winners: given although the last round is unfinished")
        return
    if totals is None:
        return
    if not over:
        faults.append(f"rounds: too few rounds: the match is not over after {round_count} rounds")
        return
    recorded = parse_int_list(data.get("totals"), opts.players)
    basis = recorded if recorded is not None else totals
    lowest = min(basis)
    expected = [seat for seat, total in enumerate(basis) if total == lowest]
    check_winners(data.get("winners"), expected, opts.players, faults)


def check_totals(
    data: dict[str, object], totals: list[int] | None, count: int, required: bool, faults: list[str]
) -> None:
    """Compare recorded ``totals`` with the summed round points (optional in a running match)."""
    if "totals" not in data:
        if required:
            faults.append("totals: missing")
        return
    recorded = parse_int_list(data.get("totals"), count)
    if recorded is None:
        faults.append(f"totals: not a list of {count} integers")
    elif totals is not None and recorded != totals:
        faults.append(f"totals: {recorded} but the rounds add up to {totals}")


# ---------------------------------------------------------------------------------------------------
# Mexican Train (RULES.md section 3)
# ---------------------------------------------------------------------------------------------------
#
# Decisions where the rules are silent, taken as players would expect:
# - Hand size: on the double-twelve set the hand is the table's (2..4 players: 15, 5..6: 12, 7..8: 10);
#   only a house set (double-nine, double-fifteen) takes a house hand, any size with players * hand + 1
#   <= tiles.  A double-twelve record with another hand is refused.
# - A play names its train (the owner's seat number or "mexican") and its ``on`` (the engine for a
#   train's first tile, else the train's last tile); a draw or a pass names neither.
# - Marks: every pass marks the passer's own train (started or not), also the pass of a seat that could
#   not cover its own double lying on another train.  Only the owner's play on its own train lifts the
#   mark, a covering play there included.  The Mexican train is never marked and always open.
# - Doubles: a double is covered by one tile on the same train, named ``on`` the double.  While it is
#   uncovered any seat in turn may cover it, wherever it lies, marked or not.  A train cannot start with
#   a double (the only double of the engine's number is the engine).
# - Drawing: at most one draw before the first play of a turn and at most one more after a double;
#   after a draw only the drawn tile may be played (nothing else was playable), anywhere it is legal.
# - The end: a play of the last tile is domino at once (a last double stays uncovered).  Blocked is
#   judged only at the end of a turn (after a non-double play, a cover or a pass); a record that says
#   blocked while a draw or a play is still due is refused, and so is any move after the end.
# - The opener of round 1 is any seat; later rounds: the seat after the previous round's opener.

MT_OPTION_KEYS = ("players", "set", "hand", "length", "blank_double", "limit")
MEXICAN = "mexican"
TrainKey = int | str


def mt_table_hand(players: int) -> int:
    """The Mexican Train hand size on double-twelve: 2..4 players 15, 5..6 12, 7..8 10."""
    if players <= 4:
        return 15
    return 12 if players <= 6 else 10


@dataclass(frozen=True)
class MtOptions:
    """Validated Mexican Train table settings."""

    players: int
    top: int
    hand: int
    length: str
    blank_double: int
    limit: int | None

    def fixed_rounds(self) -> int:
        """Rounds of a match without a limit: full, half or one."""
        return rounds_of_length(self.top, self.length)

    def round_double(self, index: int) -> Tile | None:
        """The engine of round ``index`` (0-based), or None when there is no such round."""
        return double_of_round(self.top, self.length, self.limit, index)


def check_mt_option_values(opts: dict[str, object], faults: list[str]) -> None:
    """Check each Mexican Train setting against its allowed values."""
    players = as_int(opts.get("players"))
    top = as_int(opts.get("set"))
    hand = as_int(opts.get("hand"))
    limit = opts.get("limit")
    if players is None or not 2 <= players <= 8:
        faults.append(f"options.players: {short(opts.get('players'))} is not 2..8")
    if top not in (9, 12, 15):
        faults.append(f"options.set: {short(opts.get('set'))} is not 9, 12 or 15")
    if hand is None or hand < 1:
        faults.append(f"options.hand: {short(opts.get('hand'))} is not a positive hand size")
    elif players is not None and 2 <= players <= 8 and top == 12 and hand != mt_table_hand(players):
        faults.append(f"options.hand: {hand} but double-twelve with {players} players deals {mt_table_hand(players)}")
    elif players is not None and 2 <= players <= 8 and top in (9, 15):
        tiles = len(full_set(top))
        if players * hand + 1 > tiles:
            faults.append(f"options.hand: {players} hands of {hand} and the engine need more than {tiles} tiles")
    if opts.get("length") not in ("full", "half", "one"):
        faults.append(f"options.length: {short(opts.get('length'))} is not full, half or one")
    if as_int(opts.get("blank_double")) not in (0, 25, 50):
        faults.append(f"options.blank_double: {short(opts.get('blank_double'))} is not 50, 25 or 0")
    limit_value = as_int(limit)
    if limit is not None and (limit_value is None or limit_value < 1):
        faults.append(f"options.limit: {short(limit)} is not null or a positive integer")


def parse_mt_options(raw: object, faults: list[str]) -> MtOptions | None:
    """Validate the Mexican Train options; None (with faults) when unusable."""
    opts = as_dict(raw)
    if opts is None:
        faults.append("options: not an object")
        return None
    before = len(faults)
    for key in MT_OPTION_KEYS:
        if key not in opts:
            faults.append(f"options.{key}: missing")
    check_mt_option_values(opts, faults)
    if len(faults) > before:
        return None
    return MtOptions(
        players=as_int(opts.get("players")) or 0,
        top=as_int(opts.get("set")) or 0,
        hand=as_int(opts.get("hand")) or 0,
        length=str(opts.get("length")),
        blank_double=as_int(opts.get("blank_double")) or 0,
        limit=as_int(opts.get("limit")),
    )


def train_label(key: TrainKey) -> str:
    """Human words for a train."""
    return "the Mexican train" if key == MEXICAN else f"seat {key}'s train"


@dataclass(frozen=True)
class MtMove(Move):
    """A Mexican Train move: a play also names its train (a seat number or ``mexican``)."""

    train: TrainKey | None = None

    def describe(self) -> str:
        """Human words for the move."""
        text = super().describe()
        if self.kind == "play" and self.train is not None:
            return f"{text} of {train_label(self.train)}"
        return text


def parse_mt_move(raw: object, players: int, top: int) -> Move | str:
    """Parse one Mexican Train move, or return why it is malformed."""
    move = parse_move(raw, players, top)
    data = as_dict(raw)
    if isinstance(move, str) or data is None:
        return move if isinstance(move, str) else "move is not an object"
    if move.kind != "play":
        if "train" in data:
            return "a draw or a pass names no train"
        return MtMove(move.seat, move.kind, move.tile)
    if move.on is None:
        return "a Mexican Train play names the tile it is played on (on is not null)"
    if "train" not in data:
        return "a Mexican Train play names its train (train)"
    raw_train = data.get("train")
    key: TrainKey
    if raw_train == MEXICAN:
        key = MEXICAN
    else:
        seat = as_int(raw_train)
        if seat is None or not 0 <= seat < players:
            return f'train {short(raw_train)} is not a seat number or "mexican"'
        key = seat
    return MtMove(move.seat, "play", move.tile, move.on, key)


@dataclass
class Train:
    """One train: its tiles from the engine out, the number it shows, and whether its owner's mark is on."""

    tiles: list[Tile]
    open_number: int
    marked: bool = False


@dataclass
class MtTable:
    """The Mexican Train table: the engine, one train per seat and the Mexican train, an uncovered double."""

    engine: Tile
    trains: dict[TrainKey, Train]
    uncovered: tuple[TrainKey, Tile] | None = None

    @classmethod
    def new(cls, engine: Tile, players: int) -> MtTable:
        """An empty table around ``engine``."""
        trains: dict[TrainKey, Train] = {seat: Train([], engine[0]) for seat in range(players)}
        trains[MEXICAN] = Train([], engine[0])
        return cls(engine, trains)

    def end_tile(self, key: TrainKey) -> Tile:
        """The tile a play on train ``key`` names as ``on``: its last tile, or the engine."""
        tiles = self.trains[key].tiles
        return tiles[-1] if tiles else self.engine

    def open_to(self, seat: int) -> list[TrainKey]:
        """The trains ``seat`` may play on now."""
        if self.uncovered is not None:
            return [self.uncovered[0]]
        return [key for key, train in self.trains.items() if key in (seat, MEXICAN) or train.marked]

    def legal_plays(self, hand: list[Tile], seat: int) -> list[tuple[Tile, TrainKey, Tile]]:
        """Every (tile, train, on) ``seat`` holding ``hand`` may play now."""
        plays: list[tuple[Tile, TrainKey, Tile]] = []
        for key in self.open_to(seat):
            number = self.trains[key].open_number
            plays += [(tile, key, self.end_tile(key)) for tile in hand if number in tile]
        return plays

    def any_fit(self, hands: list[list[Tile]]) -> bool:
        """True when some tile in some hand fits some train's end, every train counted as marked
        (while a double is uncovered: covers it)."""
        if self.uncovered is not None:
            numbers = {self.uncovered[1][0]}
        else:
            numbers = {train.open_number for train in self.trains.values()}
        return any(tile[0] in numbers or tile[1] in numbers for hand in hands for tile in hand)

    def why_illegal(self, seat: int, tile: Tile, key: TrainKey, on: Tile) -> str | None:
        """Why ``seat`` may not play ``tile`` on ``on`` of train ``key`` now, or None when it may."""
        train = self.trains[key]
        if self.uncovered is not None:
            where, double = self.uncovered
            if key != where or on != double:
                return f"double {name(double)} on {train_label(where)} is uncovered: covering it is the only legal play"
        elif key not in (seat, MEXICAN) and not train.marked:
            return f"{train_label(key)} is not marked: only its owner may play on it"
        end = self.end_tile(key)
        if on != end:
            what = "the engine " if not train.tiles else ""
            return f"{name(on)} is not the end of {train_label(key)}: its end is {what}{name(end)}"
        if train.open_number not in tile:
            return f"{name(tile)} does not match the open end {train.open_number} of {train_label(key)}"
        return None

    def apply(self, seat: int, tile: Tile, key: TrainKey) -> None:
        """Lay ``tile`` on train ``key`` (already known to be legal)."""
        train = self.trains[key]
        train.tiles.append(tile)
        train.open_number = other_end(tile, train.open_number)
        if key == seat:
            train.marked = False
        if self.uncovered is not None:
            self.uncovered = None
        elif is_double(tile):
            self.uncovered = (key, tile)


@dataclass
class MtRound:
    """Replay state of one Mexican Train round.

    ``drawn`` is the tile drawn since the seat's last play this turn (then nothing else may be drawn, and
    only that tile played); ``covering`` is True while the seat to move owes a cover for its own double.
    """

    hands: list[list[Tile]]
    boneyard: list[Tile]
    table: MtTable
    to_move: int
    next_draw: int = 0
    drawn: Tile | None = None
    covering: bool = False
    ended: str | None = None

    def boneyard_empty(self) -> bool:
        """True once every boneyard tile has been drawn."""
        return self.next_draw >= len(self.boneyard)

    def legal_plays(self) -> list[tuple[Tile, TrainKey, Tile]]:
        """Every (tile, train, on) the seat to move may play now (only the drawn tile after a draw)."""
        hand = [self.drawn] if self.drawn is not None else self.hands[self.to_move]
        return self.table.legal_plays(hand, self.to_move)

    def step(self, move: Move) -> str | None:
        """Apply one move; return why it is illegal (state then unreliable), or None."""
        if move.seat != self.to_move:
            if self.covering:
                return f"out of turn: seat {self.to_move} played a double and moves again to cover it"
            return f"out of turn: it is seat {self.to_move}'s turn"
        if move.kind == "play":
            return self.play(move)
        if move.kind == "draw":
            return self.draw(move)
        return self.pass_turn()

    def play(self, move: Move) -> str | None:
        """A play from the hand on an open train end; a double makes the same seat play again."""
        if not isinstance(move, MtMove) or move.tile is None or move.on is None or move.train is None:
            return "a Mexican Train play names its tile, on and train"
        seat, tile, hand = move.seat, move.tile, self.hands[move.seat]
        if self.drawn is not None and tile != self.drawn:
            return f"after drawing {name(self.drawn)} the seat may only play that tile"
        if tile not in hand:
            return f"{name(tile)} is not in seat {seat}'s hand"
        why = self.table.why_illegal(seat, tile, move.train, move.on)
        if why is not None:
            return why
        self.table.apply(seat, tile, move.train)
        hand.remove(tile)
        self.drawn = None
        if not hand:
            self.ended = "domino"
        elif self.table.uncovered is not None and self.table.uncovered[1] == tile:
            self.covering = True
        else:
            self.end_turn()
        return None

    def draw(self, move: Move) -> str | None:
        """A draw: one per turn (one more after a double), only without a legal play, the next tile."""
        if self.drawn is not None:
            return "only one tile is drawn per turn (and one more only after playing a double)"
        legal = self.table.legal_plays(self.hands[move.seat], move.seat)
        if legal:
            tile, key, _ = legal[0]
            return f"seat {move.seat} holds the playable {name(tile)} (on {train_label(key)}) and may not draw"
        if self.boneyard_empty():
            return "the boneyard is empty"
        expected = self.boneyard[self.next_draw]
        if move.tile != expected:
            return f"the next boneyard tile is {name(expected)}"
        self.next_draw += 1
        self.hands[move.seat].append(expected)
        self.drawn = expected
        return None

    def pass_turn(self) -> str | None:
        """A pass: after an unplayable draw, or with no legal play and an empty boneyard; it marks."""
        seat = self.to_move
        if self.drawn is not None:
            if self.table.legal_plays([self.drawn], seat):
                return f"the drawn tile {name(self.drawn)} is playable and must be played at once"
        else:
            legal = self.table.legal_plays(self.hands[seat], seat)
            if legal:
                tile, key, _ = legal[0]
                return f"seat {seat} holds the playable {name(tile)} (on {train_label(key)}) and may not pass"
            if not self.boneyard_empty():
                return "a seat without a legal play draws before passing while the boneyard has tiles"
        self.table.trains[seat].marked = True
        self.end_turn()
        return None

    def end_turn(self) -> None:
        """Hand the turn on; blocked when the boneyard is empty and no tile fits any train (or the double)."""
        self.drawn = None
        self.covering = False
        self.to_move = (self.to_move + 1) % len(self.hands)
        if self.boneyard_empty() and not self.table.any_fit(self.hands):
            self.ended = "blocked"

    def penalties(self, blank_double: int) -> list[int]:
        """Penalty points of each seat: pips left, a 0-0 counting ``blank_double``."""
        return [sum(blank_double if tile == (0, 0) else tile[0] + tile[1] for tile in hand) for hand in self.hands]


def check_mt_round(
    raw: object, index: int, opts: MtOptions, expected_first: int | None, faults: list[str]
) -> RoundResult:
    """Check one Mexican Train round: engine, opener, deal, moves, end and penalties."""
    where = f"rounds[{index}]"
    result = RoundResult()
    rnd = as_dict(raw)
    if rnd is None:
        faults.append(f"{where}: not an object")
        return result
    result.first = check_round_first(rnd, expected_first, opts.players, where, faults)
    result.finished = "end" in rnd
    result.points = check_points_shape(rnd, "penalties", opts.players, where, faults)
    deal = check_train_deal(rnd, opts, opts.round_double(index), where, faults)
    if deal is None or result.first is None:
        return result
    engine, hands, boneyard = deal
    state = MtRound(hands, boneyard, MtTable.new(engine, opts.players), result.first)
    replay_ok = replay_moves(
        rnd.get("moves"),
        state.step,
        lambda: state.ended is not None,
        players=opts.players,
        top=opts.top,
        where=where,
        round_index=index,
        faults=faults,
        parse=parse_mt_move,
    )
    result.finished = check_round_end(rnd, state.ended, replay_ok, where, faults)
    if replay_ok and state.ended is not None and result.points is not None:
        expected = state.penalties(opts.blank_double)
        if result.points != expected:
            faults.append(f"{where}.penalties: {result.points} but the hands left score {expected}")
    return result


def check_mexicantrain(data: dict[str, object], faults: list[str]) -> None:
    """Check a whole Mexican Train record."""
    opts = parse_mt_options(data.get("options"), faults)
    if opts is None:
        return
    check_train_match(data, opts, lambda raw, index, first: check_mt_round(raw, index, opts, first, faults), faults)


# ---------------------------------------------------------------------------------------------------
# Standard game: options
# ---------------------------------------------------------------------------------------------------

STANDARD_MODES = ("draw", "block", "allfives", "bergen")


@dataclass(frozen=True)
class StdOptions:
    """Validated standard-game table settings."""

    players: int
    top: int
    hand: int
    mode: str
    partners: bool
    target: int | None

    def sides(self) -> int:
        """Entries of scores and totals: one per seat, or one per team with partners."""
        return 2 if self.partners else self.players

    def side_of(self, seat: int) -> int:
        """The score entry of a seat (team 0 = seats 0+2, team 1 = seats 1+3)."""
        return seat % 2 if self.partners else seat

    def seats_of(self, side: int) -> list[int]:
        """The seats that share a score entry."""
        return [side, side + 2] if self.partners else [side]


def standard_hand_size(players: int, mode: str) -> int:
    """The hand size of the standard game for this many players and mode."""
    if mode == "bergen":
        return 6 if players < 4 else 5
    return 7 if players == 2 else 5


def check_std_option_values(opts: dict[str, object], faults: list[str]) -> None:
    """Check each standard-game setting against its allowed values."""
    players = as_int(opts.get("players"))
    mode = opts.get("mode")
    target = opts.get("target")
    target_value = as_int(target)
    if players is None or not 2 <= players <= 4:
        faults.append(f"options.players: {short(opts.get('players'))} is not 2..4")
    if as_int(opts.get("set")) not in (6, 9, 12):
        faults.append(f"options.set: {short(opts.get('set'))} is not 6, 9 or 12")
    if mode not in STANDARD_MODES:
        faults.append(f"options.mode: {short(mode)} is not draw, block, allfives or bergen")
    elif players is not None and 2 <= players <= 4:
        size = standard_hand_size(players, str(mode))
        if as_int(opts.get("hand")) != size:
            faults.append(f"options.hand: {short(opts.get('hand'))} but {mode} with {players} players deals {size}")
    partners = opts.get("partners")
    if not isinstance(partners, bool):
        faults.append(f"options.partners: {short(partners)} is not true or false")
    elif partners and players != 4:
        faults.append("options.partners: partners need 4 players")
    if target is not None and (target_value is None or target_value < 1):
        faults.append(f"options.target: {short(target)} is not null or a positive integer")


def parse_std_options(raw: object, faults: list[str]) -> StdOptions | None:
    """Validate the standard-game options; None (with faults) when unusable."""
    opts = as_dict(raw)
    if opts is None:
        faults.append("options: not an object")
        return None
    before = len(faults)
    for key in STANDARD_OPTION_KEYS:
        if key not in opts:
            faults.append(f"options.{key}: missing")
    check_std_option_values(opts, faults)
    if len(faults) > before:
        return None
    return StdOptions(
        players=as_int(opts.get("players")) or 0,
        top=as_int(opts.get("set")) or 0,
        hand=as_int(opts.get("hand")) or 0,
        mode=str(opts.get("mode")),
        partners=opts.get("partners") is True,
        target=as_int(opts.get("target")),
    )


# ---------------------------------------------------------------------------------------------------
# Standard game: the line of play (with the All Fives spinner)
# ---------------------------------------------------------------------------------------------------


@dataclass
class Arm:
    """One open end of the layout: the tile at the end and the number it shows.

    ``role`` is ``line`` (a plain line end), ``side`` (one of the spinner's two sides) or ``extra``
    (the spinner's third or fourth arm).  An arm whose tile is the spinner itself has nothing on it yet.
    """

    tile: Tile
    number: int
    role: str


@dataclass
class StdTable:
    """The standard layout: a line with two ends, or in All Fives a spinner with up to four arms."""

    use_spinner: bool
    arms: list[Arm] = field(default_factory=list)
    spinner: Tile | None = None

    def empty(self) -> bool:
        """True before the lead."""
        return not self.arms

    def legal_plays(self, hand: list[Tile]) -> list[tuple[Tile, Tile]]:
        """Every (tile, on) a holder of ``hand`` may play on a non-empty table."""
        return [(tile, arm.tile) for tile in hand for arm in self.arms if arm.number in tile]

    def find_arm(self, tile: Tile, on: Tile) -> Arm | str:
        """The open end named by ``on`` that ``tile`` matches, or why there is none."""
        named = [arm for arm in self.arms if arm.tile == on]
        if not named:
            return f"{name(on)} is not an open end of the line"
        for arm in named:
            if arm.number in tile:
                return arm
        numbers = " or ".join(str(arm.number) for arm in named)
        return f"{name(tile)} does not match the open end {numbers} of {name(on)}"

    def lead(self, tile: Tile) -> None:
        """Lay the first tile of the hand."""
        if self.use_spinner and is_double(tile):
            self.spinner = tile
            self.arms = [Arm(tile, tile[0], "side"), Arm(tile, tile[0], "side")]
        else:
            self.arms = [Arm(tile, tile[0], "line"), Arm(tile, tile[1], "line")]

    def extend(self, arm: Arm, tile: Tile) -> None:
        """Lay ``tile`` on ``arm`` (already known to match)."""
        number = other_end(tile, arm.number)
        sides_free_before = self.free_sides()
        arm.tile, arm.number = tile, number
        if self.use_spinner and self.spinner is None and is_double(tile):
            self.spinner = tile
            for each in self.arms:
                each.role = "side"
        elif self.spinner is not None and sides_free_before > 0 and self.free_sides() == 0:
            spinner = self.spinner
            self.arms += [Arm(spinner, spinner[0], "extra"), Arm(spinner, spinner[0], "extra")]

    def free_sides(self) -> int:
        """How many of the spinner's two sides have nothing on them yet."""
        return sum(1 for arm in self.arms if arm.role == "side" and arm.tile == self.spinner)

    def five_count(self) -> int:
        """All Fives: the sum of the open ends."""
        count = 0
        for arm in self.arms:
            if arm.tile == self.spinner:
                continue
            count += 2 * arm.number if is_double(arm.tile) else arm.number
        if self.spinner is not None and self.free_sides() > 0:
            count += 2 * self.spinner[0]
        return count

    def bergen_points(self) -> int:
        """Bergen: 2 when both ends show the same number, 3 when one end tile is also a double."""
        first, second = self.arms[0], self.arms[1]
        if first.tile == second.tile:
            return 2 if is_double(first.tile) else 0
        if first.number != second.number:
            return 0
        return 3 if is_double(first.tile) or is_double(second.tile) else 2


def play_points(table: StdTable, mode: str) -> int:
    """Points scored by the play just made."""
    if mode == "allfives":
        count = table.five_count()
        return count if count > 0 and count % 5 == 0 else 0
    if mode == "bergen":
        return table.bergen_points()
    return 0


# ---------------------------------------------------------------------------------------------------
# Standard game: one hand
# ---------------------------------------------------------------------------------------------------


def pip_count(hand: list[Tile]) -> int:
    """Plain pips of a hand (standard game: 0-0 counts 0)."""
    return sum(tile[0] + tile[1] for tile in hand)


def required_first_lead(hands: list[list[Tile]], bergen: bool) -> tuple[int, Tile | None]:
    """First-hand rule: the holder of the highest double (else heaviest tile) and the forced lead tile."""
    doubles = [(tile[0], seat, tile) for seat, hand in enumerate(hands) for tile in hand if is_double(tile)]
    if doubles:
        _, seat, tile = max(doubles)
    else:
        heaviest = [(tile[0] + tile[1], tile[0], seat, tile) for seat, hand in enumerate(hands) for tile in hand]
        _, _, seat, tile = max(heaviest)
    return seat, tile if bergen else None


@dataclass
class StdRound:
    """Replay state of one standard hand."""

    opts: StdOptions
    hands: list[list[Tile]]
    boneyard: list[Tile]
    to_move: int
    lead_tile: Tile | None
    table: StdTable
    points: list[int]
    next_draw: int = 0
    drawn: Tile | None = None
    ended: str | None = None
    last_seat: int = 0

    def drawing(self) -> bool:
        """True in the modes where a seat without a playable tile draws."""
        return self.opts.mode != "block"

    def boneyard_empty(self) -> bool:
        """True once every boneyard tile has been drawn."""
        return self.next_draw >= len(self.boneyard)

    def step(self, move: Move) -> str | None:
        """Apply one move; return why it is illegal (state then unreliable), or None."""
        if move.seat != self.to_move:
            return f"out of turn: it is seat {self.to_move}'s turn"
        if move.kind == "play":
            return self.play(move)
        if move.kind == "draw":
            return self.draw(move)
        return self.pass_turn()

    def play(self, move: Move) -> str | None:
        """The lead (on null) or a tile on an open end."""
        hand = self.hands[move.seat]
        tile = move.tile
        if tile is None or tile not in hand:
            return f"{name(tile) if tile else 'the tile'} is not in seat {move.seat}'s hand"
        if self.drawn is not None and tile != self.drawn:
            return f"the drawn tile {name(self.drawn)} is playable and must be played at once"
        if self.table.empty():
            if move.on is not None:
                return "the lead is played on null"
            if self.lead_tile is not None and tile != self.lead_tile:
                return f"this lead must be {name(self.lead_tile)}"
            self.table.lead(tile)
        else:
            if move.on is None:
                return "only the lead is played on null"
            arm = self.table.find_arm(tile, move.on)
            if isinstance(arm, str):
                return arm
            self.table.extend(arm, tile)
        hand.remove(tile)
        self.points[self.opts.side_of(move.seat)] += play_points(self.table, self.opts.mode)
        self.end_turn(move.seat)
        return None

    def draw(self, move: Move) -> str | None:
        """A draw: only in drawing modes, without a playable tile, the next boneyard tile."""
        if not self.drawing():
            return "there is no drawing in block mode"
        if self.table.empty():
            return "the lead is played, not drawn"
        if self.drawn is not None:
            return f"the drawn tile {name(self.drawn)} is playable and must be played at once"
        legal = self.table.legal_plays(self.hands[move.seat])
        if legal:
            return f"seat {move.seat} holds the playable {name(legal[0][0])} and may not draw"
        if self.boneyard_empty():
            return "the boneyard is empty"
        expected = self.boneyard[self.next_draw]
        if move.tile != expected:
            return f"the next boneyard tile is {name(expected)}"
        self.next_draw += 1
        self.hands[move.seat].append(expected)
        if self.table.legal_plays([expected]):
            self.drawn = expected
        return None

    def pass_turn(self) -> str | None:
        """A pass: nothing playable and, where drawing is allowed, nothing left to draw."""
        if self.table.empty():
            return "the lead is played, not passed"
        if self.drawn is not None:
            return f"the drawn tile {name(self.drawn)} is playable and must be played at once"
        legal = self.table.legal_plays(self.hands[self.to_move])
        if legal:
            return f"seat {self.to_move} holds the playable {name(legal[0][0])} and may not pass"
        if self.drawing() and not self.boneyard_empty():
            return "a seat without a playable tile draws while the boneyard has tiles"
        self.end_turn(self.to_move)
        return None

    def end_turn(self, seat: int) -> None:
        """Hand the turn on and see whether the hand is over."""
        self.drawn = None
        self.last_seat = seat
        self.to_move = (seat + 1) % self.opts.players
        if not self.hands[seat]:
            self.ended = "domino"
        elif (not self.drawing() or self.boneyard_empty()) and not any(
            self.table.legal_plays(hand) for hand in self.hands
        ):
            self.ended = "blocked"

    def winner(self) -> tuple[int | None, int | None]:
        """The winning score entry and the seat that leads next (None, None when nobody wins)."""
        if self.ended == "domino":
            return self.opts.side_of(self.last_seat), self.last_seat
        pips = [pip_count(hand) for hand in self.hands]
        side_pips = [sum(pips[seat] for seat in self.opts.seats_of(side)) for side in range(self.opts.sides())]
        lowest = min(side_pips)
        if side_pips.count(lowest) > 1:
            return None, None
        side = side_pips.index(lowest)
        seat = min(self.opts.seats_of(side), key=lambda each: (pips[each], each))
        return side, seat

    def final_scores(self) -> list[int]:
        """Points of the hand: the play points plus the winner's award."""
        scores = list(self.points)
        side, _ = self.winner()
        if side is None:
            return scores
        winners = self.opts.seats_of(side)
        others = sum(pip_count(hand) for seat, hand in enumerate(self.hands) if seat not in winners)
        if self.opts.partners:
            others = sum(pip_count(self.hands[seat]) for seat in self.opts.seats_of(1 - side))
        if self.opts.mode == "bergen":
            scores[side] += 1
        elif self.opts.mode == "allfives":
            scores[side] += (others + 2) // 5 * 5
        else:
            scores[side] += others
        return scores


@dataclass
class StdContext:
    """What one standard hand needs from the hands before it."""

    index: int
    opts: StdOptions
    leader: int | None
    rule_lead: bool


def check_std_round(raw: object, ctx: StdContext, faults: list[str]) -> RoundResult:
    """Check one standard hand: opener and lead, deal, moves, end and scores."""
    where = f"rounds[{ctx.index}]"
    opts = ctx.opts
    result = RoundResult()
    rnd = as_dict(raw)
    if rnd is None:
        faults.append(f"{where}: not an object")
        return result
    result.finished = "end" in rnd
    result.points = check_points_shape(rnd, "scores", opts.sides(), where, faults)
    hands = parse_hands(rnd, opts.players, opts.hand, top=opts.top, where=where, faults=faults)
    boneyard = parse_tile_list(rnd.get("boneyard"), opts.top, f"{where}.boneyard", faults)
    if hands is None or boneyard is None:
        check_round_first(rnd, None, opts.players, where, faults)
        return result
    before = len(faults)
    check_deal([*[tile for hand in hands for tile in hand], *boneyard], opts.top, where, faults)
    lead_tile: Tile | None = None
    expected_first = ctx.leader
    if ctx.rule_lead:
        expected_first, lead_tile = required_first_lead(hands, opts.mode == "bergen")
    result.first = check_round_first(rnd, expected_first, opts.players, where, faults)
    if len(faults) > before or result.first is None:
        return result
    state = StdRound(
        opts, hands, boneyard, result.first, lead_tile, StdTable(opts.mode == "allfives"), [0] * opts.sides()
    )
    replay_ok = replay_moves(
        rnd.get("moves"),
        state.step,
        lambda: state.ended is not None,
        players=opts.players,
        top=opts.top,
        where=where,
        round_index=ctx.index,
        faults=faults,
    )
    result.finished = check_round_end(rnd, state.ended, replay_ok, where, faults)
    if replay_ok and state.ended is not None:
        side, result.winner_seat = state.winner()
        result.no_winner = side is None
        expected = state.final_scores()
        if result.points is not None and result.points != expected:
            faults.append(f"{where}.scores: {result.points} but the hand scores {expected}")
    return result


# ---------------------------------------------------------------------------------------------------
# Standard game: the match
# ---------------------------------------------------------------------------------------------------


def check_standard(data: dict[str, object], faults: list[str]) -> None:
    """Check a whole standard-game record."""
    opts = parse_std_options(data.get("options"), faults)
    if opts is None:
        return
    check_seats(data, opts.players, faults)
    rounds = as_list(data.get("rounds"))
    if rounds is None or not rounds:
        faults.append("rounds: not a non-empty list")
        return
    totals: list[int] | None = [0] * opts.sides()
    over = False
    ctx = StdContext(0, opts, None, rule_lead=True)
    result = RoundResult()
    for index, raw in enumerate(rounds):
        if over:
            faults.append(f"rounds[{index}]: too many hands: the match was over after {index} hands")
            return
        ctx.index = index
        result = check_std_round(raw, ctx, faults)
        ctx.leader, ctx.rule_lead = result.winner_seat, result.no_winner
        if not result.finished and index != len(rounds) - 1:
            faults.append(f"rounds[{index}]: unfinished, yet another hand follows")
        if result.finished and totals is not None and result.points is not None:
            totals = [total + points for total, points in zip(totals, result.points, strict=True)]
            over = opts.target is None or any(total >= opts.target for total in totals)
        elif result.finished:
            totals = None
    check_std_outcome(data, opts, totals, over=over, last=result, faults=faults)


def check_std_outcome(
    data: dict[str, object],
    opts: StdOptions,
    totals: list[int] | None,
    *,
    over: bool,
    last: RoundResult,
    faults: list[str],
) -> None:
    """Check totals, winners and that the match stopped after the right number of hands."""
    check_totals(data, totals, opts.sides(), "winners" in data, faults)
    if "winners" not in data:
        # A running match may stand between hands (its last hand ended, the next not dealt yet).
        if last.finished and over:
            faults.append("winners: missing although the match is over")
        return
    if not last.finished:
        faults.append("winners: given although the last hand is unfinished")
        return
    if totals is None:
        return
    if not over:
        count = len(as_list(data.get("rounds")) or [])
        faults.append(f"rounds: too few hands: the match is not over after {count} hands")
        return
    expected = std_expected_winners(data, opts, totals, last)
    if expected is not None:
        check_winners(data.get("winners"), expected, opts.players, faults)


def std_expected_winners(
    data: dict[str, object], opts: StdOptions, totals: list[int], last: RoundResult
) -> list[int] | None:
    """The winning seats: the last hand's winner without a target, else the highest totals."""
    if opts.target is None:
        if last.no_winner:
            return list(range(opts.players))
        if last.winner_seat is None:
            return None
        return opts.seats_of(opts.side_of(last.winner_seat))
    recorded = parse_int_list(data.get("totals"), opts.sides())
    basis = recorded if recorded is not None else totals
    highest = max(basis)
    return [seat for side, total in enumerate(basis) if total == highest for seat in opts.seats_of(side)]


# ---------------------------------------------------------------------------------------------------
# Entry points
# ---------------------------------------------------------------------------------------------------


def check_record_unguarded(data: object) -> list[str]:
    """The faults of a record (may raise only on a referee bug)."""
    faults: list[str] = []
    record = as_dict(data)
    if record is None:
        return ["record: not a JSON object"]
    if record.get("format") != FORMAT:
        faults.append(f"format: {short(record.get('format'))} is not {FORMAT}")
    game = record.get("game")
    if game == "chickenfoot":
        check_chickenfoot(record, faults)
    elif game == "mexicantrain":
        check_mexicantrain(record, faults)
    elif game == "standard":
        check_standard(record, faults)
    else:
        faults.append(f"game: {short(game)} is not chickenfoot, mexicantrain or standard")
    return faults


def check_record(data: object) -> list[str]:
    """Return the faults of a parsed JSON record; an empty list means the record is legal. Never raises."""
    try:
        return check_record_unguarded(data)
    except Exception as error:  # a referee bug must not crash its caller
        return [f"{INTERNAL_ERROR}: {type(error).__name__}: {error}"]


def main(argv: list[str]) -> int:
    """Command line: check each record file, print its faults, exit 1 when any has a fault."""
    status = 0
    for path in argv:
        try:
            with open(path, encoding="utf-8") as handle:
                faults = check_record(json.load(handle))
        except (OSError, ValueError) as error:
            faults = [f"cannot read: {error}"]
        status = 1 if faults else status
        print(f"{path}: {'ok' if not faults else f'{len(faults)} fault(s)'}")
        for fault in faults:
            print(f"  {fault}")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
