"""Faulty variants of a legal Chicken Foot or Mexican Train record, each broken in one named way.

Every builder searches the record for a place where its rule applies (replaying the round with the
referee's own plain table) and returns a deep copy broken there, or None when the record offers no such
place.  ``running_variants`` builds the opposite: legal records of a match still being played.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from .referee import (
    MEXICAN,
    CfOptions,
    CfRound,
    CfTable,
    Line,
    Move,
    MtOptions,
    MtRound,
    MtTable,
    Tile,
    Train,
    TrainKey,
    check_record,
    full_set,
    name,
    parse_cf_options,
    parse_move,
    parse_mt_move,
    parse_mt_options,
    parse_tile,
)

Record = dict[str, Any]


@dataclass
class Position:
    """A move of the record together with the replay state just before it."""

    round_index: int
    move_index: int
    move: dict[str, Any]
    state: CfRound

    def mover_hand(self) -> list[Tile]:
        """The hand of the seat whose turn it is."""
        return self.state.hands[self.state.to_move]

    def turn_start(self) -> bool:
        """True when the move opens a turn (nothing drawn yet this turn)."""
        return self.state.drawn is None


# ---------------------------------------------------------------------------------------------------
# Replay helpers
# ---------------------------------------------------------------------------------------------------


def copy_record(record: Record) -> Record:
    """A deep copy of a JSON record (much faster than copy.deepcopy)."""
    copied: Record = json.loads(json.dumps(record))
    return copied


def clone_state(state: CfRound) -> CfRound:
    """A copy of a replay state that later moves cannot change."""
    table = state.table
    lines = [Line(list(line.tiles), line.open_number) for line in table.lines]
    return CfRound(
        hands=[list(hand) for hand in state.hands],
        boneyard=list(state.boneyard),
        table=CfTable(
            table.centre,
            table.start_toes,
            table.double_toes,
            table.centre_toes,
            table.pending,
            table.pending_toes,
            lines,
        ),
        to_move=state.to_move,
        next_draw=state.next_draw,
        drawn=state.drawn,
        ended=state.ended,
    )


def record_options(record: Record) -> CfOptions:
    """The options of a legal Chicken Foot record."""
    opts = parse_cf_options(record["options"], [])
    if opts is None:
        raise ValueError("faulty_variants needs a legal Chicken Foot record")
    return opts


def start_state(rnd: dict[str, Any], opts: CfOptions) -> CfRound:
    """The replay state at the start of a recorded round."""
    double = parse_tile(rnd["double"], opts.top)
    if double is None:
        raise ValueError("faulty_variants needs a legal Chicken Foot record")
    hands = [[tile_of(item, opts) for item in hand] for hand in rnd["hands"]]
    boneyard = [tile_of(item, opts) for item in rnd["boneyard"]]
    return CfRound(hands, boneyard, CfTable(double, opts.start_toes, opts.double_toes), rnd["first"])


def tile_of(value: object, opts: CfOptions) -> Tile:
    """Parse a tile of a legal record."""
    tile = parse_tile(value, opts.top)
    if tile is None:
        raise ValueError(f"not a tile: {value!r}")
    return tile


def positions(record: Record) -> list[Position]:
    """Every move of the record with the state before it."""
    opts = record_options(record)
    found: list[Position] = []
    for r, rnd in enumerate(record["rounds"]):
        state = start_state(rnd, opts)
        for i, raw in enumerate(rnd["moves"]):
            found.append(Position(r, i, raw, clone_state(state)))
            move = parse_move(raw, opts.players, opts.top)
            if not isinstance(move, Move) or state.step(move) is not None:
                raise ValueError("faulty_variants needs a legal Chicken Foot record")
    return found


def open_lines(table: CfTable) -> list[tuple[Tile, int]]:
    """Every open line end (tile, number), whatever the first foot or a pending double allow."""
    return [(line.tiles[-1], line.open_number) for line in table.lines if line.open_number is not None]


def table_tiles(table: CfTable) -> list[Tile]:
    """Every tile on the table."""
    return [table.centre, *[tile for line in table.lines for tile in line.tiles]]


def with_move(record: Record, pos: Position, move: dict[str, Any] | None) -> Record:
    """A copy of ``record`` with the move at ``pos`` replaced (or removed when ``move`` is None)."""
    broken = copy_record(record)
    moves = broken["rounds"][pos.round_index]["moves"]
    if move is None:
        del moves[pos.move_index]
    else:
        moves[pos.move_index] = move
    return broken


def refresh_outcome(record: Record) -> Record:
    """Recompute totals and winners from the recorded penalties so only the intended fault remains."""
    players = len(record["totals"])
    totals = [0] * players
    for rnd in record["rounds"]:
        if "end" in rnd:
            totals = [total + points for total, points in zip(totals, rnd["penalties"], strict=True)]
    record["totals"] = totals
    if "winners" in record:
        record["winners"] = [seat for seat, total in enumerate(totals) if total == min(totals)]
    return record


def finished_rounds(record: Record) -> list[int]:
    """Indexes of the rounds that have an end."""
    return [r for r, rnd in enumerate(record["rounds"]) if "end" in rnd]


# ---------------------------------------------------------------------------------------------------
# Move faults
# ---------------------------------------------------------------------------------------------------


def play_not_matching(record: Record, found: list[Position]) -> Record | None:
    """A play of a tile from the hand that does not show the named end's number."""
    for pos in found:
        if "play" not in pos.move or not pos.turn_start():
            continue
        number = dict(pos.state.table.places()).get(tile_of(pos.move["on"], record_options(record)))
        for tile in pos.mover_hand():
            if number is not None and number not in tile:
                return with_move(record, pos, {**pos.move, "play": name(tile)})
    return None


def move_out_of_turn(record: Record, found: list[Position]) -> Record | None:
    """The first move made by the next seat instead."""
    players = record_options(record).players
    if not found:
        return None
    pos = found[0]
    return with_move(record, pos, {**pos.move, "seat": (pos.move["seat"] + 1) % players})


def draw_while_holding_playable(record: Record, found: list[Position]) -> Record | None:
    """A draw by a seat that had a playable tile (it played one), while the boneyard has tiles."""
    for pos in found:
        if "play" in pos.move and pos.turn_start() and not pos.state.boneyard_empty():
            tile = pos.state.boneyard[pos.state.next_draw]
            return with_move(record, pos, {"seat": pos.move["seat"], "draw": name(tile)})
    return None


def pass_with_playable_drawn_tile(record: Record, found: list[Position]) -> Record | None:
    """A pass right after drawing a tile that was then played."""
    for pos in found:
        if "play" in pos.move and not pos.turn_start():
            return with_move(record, pos, {"seat": pos.move["seat"], "pass": True})
    return None


def wrong_draw_tile(record: Record, found: list[Position]) -> Record | None:
    """A draw naming a tile other than the next boneyard tile."""
    for pos in found:
        if "draw" in pos.move:
            expected = pos.state.boneyard[pos.state.next_draw]
            others = [tile for tile in pos.state.boneyard if tile != expected] + [
                tile for hand in pos.state.hands for tile in hand
            ]
            if others:
                return with_move(record, pos, {**pos.move, "draw": name(others[-1])})
    return None


def play_elsewhere_during_pending(record: Record, found: list[Position]) -> Record | None:
    """While a double is pending, a tile laid on an ordinary open line end that it matches."""
    for pos in found:
        if pos.state.table.pending is None or not pos.turn_start():
            continue
        for end, number in open_lines(pos.state.table):
            for tile in pos.mover_hand():
                if number in tile:
                    move = {"seat": pos.state.to_move, "play": name(tile), "on": name(end)}
                    return with_move(record, pos, move)
    return None


def play_off_centre_during_first_foot(record: Record, found: list[Position]) -> Record | None:
    """Before the first chicken foot is complete, a tile laid on the end of a toe that it matches."""
    for pos in found:
        table = pos.state.table
        if table.centre_toes >= table.start_toes or not pos.turn_start():
            continue
        for end, number in open_lines(table):
            for tile in pos.mover_hand():
                if number in tile:
                    move = {"seat": pos.state.to_move, "play": name(tile), "on": name(end)}
                    return with_move(record, pos, move)
    return None


def tile_not_in_hand(record: Record, found: list[Position]) -> Record | None:
    """A play of a matching tile that the seat does not hold (another hand or the boneyard has it)."""
    opts = record_options(record)
    for pos in found:
        if "play" not in pos.move or not pos.turn_start():
            continue
        number = dict(pos.state.table.places()).get(tile_of(pos.move["on"], opts))
        placed = set(table_tiles(pos.state.table)) | set(pos.mover_hand())
        for tile in full_set(opts.top):
            if number is not None and number in tile and tile not in placed:
                return with_move(record, pos, {**pos.move, "play": name(tile)})
    return None


def on_names_a_closed_line(record: Record, found: list[Position]) -> Record | None:
    """A play whose ``on`` names a tile on the table that is no longer an open end."""
    for pos in found:
        if "play" not in pos.move or not pos.turn_start():
            continue
        table = pos.state.table
        if table.centre_toes < table.start_toes or table.pending is not None:
            continue
        places = {place for place, _ in table.places()}
        closed = [tile for tile in table_tiles(table) if tile not in places]
        played = tile_of(pos.move["play"], record_options(record))
        sharing = [tile for tile in closed if set(tile) & set(played)]
        if sharing:
            return with_move(record, pos, {**pos.move, "on": name(sharing[-1])})
    return None


def extra_toe_on_centre(record: Record, found: list[Position]) -> Record | None:
    """After the first foot is complete, one more toe on the centre double."""
    for pos in found:
        table = pos.state.table
        if table.centre_toes < table.start_toes or table.pending is not None or not pos.turn_start():
            continue
        for tile in pos.mover_hand():
            if table.centre[0] in tile:
                move = {"seat": pos.state.to_move, "play": name(tile), "on": name(table.centre)}
                return with_move(record, pos, move)
    return None


def pass_while_holding_playable(record: Record, found: list[Position]) -> Record | None:
    """A pass instead of a play that opened the turn."""
    for pos in found:
        if "play" in pos.move and pos.turn_start():
            return with_move(record, pos, {"seat": pos.move["seat"], "pass": True})
    return None


def pass_without_drawing(record: Record, found: list[Position]) -> Record | None:
    """An unplayable draw removed, leaving a pass while the boneyard still had that tile."""
    for pos in found:
        if "draw" in pos.move:
            moves = record["rounds"][pos.round_index]["moves"]
            follow = moves[pos.move_index + 1] if pos.move_index + 1 < len(moves) else None
            if follow is not None and "pass" in follow:
                return with_move(record, pos, None)
    return None


def two_draws_in_one_turn(record: Record, found: list[Position]) -> Record | None:
    """A second draw after an unplayable draw, while the boneyard still has tiles."""
    for pos in found:
        state = pos.state
        if "pass" in pos.move and not pos.turn_start() and not state.boneyard_empty():
            broken = copy_record(record)
            extra = {"seat": pos.move["seat"], "draw": name(state.boneyard[state.next_draw])}
            broken["rounds"][pos.round_index]["moves"].insert(pos.move_index, extra)
            return broken
    return None


def play_other_than_drawn_tile(record: Record, found: list[Position]) -> Record | None:
    """After drawing a playable tile, a different tile from the hand is played instead."""
    for pos in found:
        if "play" in pos.move and not pos.turn_start():
            others = [tile for tile in pos.mover_hand() if tile != pos.state.drawn]
            if others:
                return with_move(record, pos, {**pos.move, "play": name(others[0])})
    return None


def draw_from_empty_boneyard(record: Record, found: list[Position]) -> Record | None:
    """A draw instead of a pass once the boneyard is empty."""
    for pos in found:
        if "pass" in pos.move and pos.turn_start() and pos.state.boneyard_empty():
            tile = pos.state.boneyard[-1] if pos.state.boneyard else pos.mover_hand()[0]
            return with_move(record, pos, {"seat": pos.move["seat"], "draw": name(tile)})
    return None


def fourth_toe_on_double(record: Record, found: list[Position]) -> Record | None:
    """A toe on a line double that already carries its three toes."""
    for pos in found:
        table = pos.state.table
        if table.centre_toes < table.start_toes or table.pending is not None or not pos.turn_start():
            continue
        covered = [line.tiles[-1] for line in table.lines if line.open_number is None]
        for double in covered:
            for tile in pos.mover_hand():
                if double[0] in tile:
                    move = {"seat": pos.state.to_move, "play": name(tile), "on": name(double)}
                    return with_move(record, pos, move)
    return None


# ---------------------------------------------------------------------------------------------------
# Deal, round and match faults
# ---------------------------------------------------------------------------------------------------


def undrawn_boneyard_round(record: Record) -> int | None:
    """A round whose last boneyard tile is never drawn."""
    for r, rnd in enumerate(record["rounds"]):
        drawn = {move.get("draw") for move in rnd["moves"]}
        if rnd["boneyard"] and rnd["boneyard"][-1] not in drawn:
            return r
    return None


def duplicate_tile_in_deal(record: Record, found: list[Position]) -> Record | None:
    """Seat 0's first tile replaced by a copy of seat 1's first tile."""
    broken = copy_record(record)
    hands = broken["rounds"][0]["hands"]
    hands[0][0] = hands[1][0]
    return broken


def missing_tile_in_deal(record: Record, found: list[Position]) -> Record | None:
    """The last (never drawn) boneyard tile left out of the deal."""
    r = undrawn_boneyard_round(record)
    if r is None:
        return None
    broken = copy_record(record)
    broken["rounds"][r]["boneyard"].pop()
    return broken


def wrong_hand_size(record: Record, found: list[Position]) -> Record | None:
    """The last (never drawn) boneyard tile dealt to seat 0 as well: the set stays exact."""
    r = undrawn_boneyard_round(record)
    if r is None:
        return None
    broken = copy_record(record)
    rnd = broken["rounds"][r]
    rnd["hands"][0].append(rnd["boneyard"].pop())
    return broken


def wrong_round_double(record: Record, found: list[Position]) -> Record | None:
    """The centre double swapped with another double of the deal."""
    broken = copy_record(record)
    rnd = broken["rounds"][-1]
    for pile in [*rnd["hands"], rnd["boneyard"]]:
        for index, item in enumerate(pile):
            high, low = item.split("-")
            if high == low:
                pile[index], rnd["double"] = rnd["double"], item
                return broken
    return None


def wrong_opener(record: Record, found: list[Position]) -> Record | None:
    """A later round opened by a seat other than the one after the previous opener."""
    if len(record["rounds"]) < 2:
        return None
    broken = copy_record(record)
    rnd = broken["rounds"][1]
    rnd["first"] = (rnd["first"] + 1) % record_options(record).players
    return broken


def move_after_end(record: Record, found: list[Position]) -> Record | None:
    """A pass recorded after the round ended."""
    done = finished_rounds(record)
    if not done:
        return None
    broken = copy_record(record)
    moves = broken["rounds"][done[0]]["moves"]
    seat = (moves[-1]["seat"] + 1) % record_options(record).players if moves else 0
    moves.append({"seat": seat, "pass": True})
    return broken


def missing_moves_before_end(record: Record, found: list[Position]) -> Record | None:
    """The last move of a finished round dropped: the claimed end did not happen."""
    done = [r for r in finished_rounds(record) if record["rounds"][r]["moves"]]
    if not done:
        return None
    broken = copy_record(record)
    broken["rounds"][done[0]]["moves"].pop()
    return broken


def wrong_end_kind(record: Record, found: list[Position]) -> Record | None:
    """domino and blocked swapped."""
    done = finished_rounds(record)
    if not done:
        return None
    broken = copy_record(record)
    rnd = broken["rounds"][done[0]]
    rnd["end"] = "blocked" if rnd["end"] == "domino" else "domino"
    return broken


def wrong_penalty(record: Record, found: list[Position]) -> Record | None:
    """One penalty off by one (totals and winners follow it)."""
    done = finished_rounds(record)
    if not done or "totals" not in record:
        return None
    broken = copy_record(record)
    broken["rounds"][done[0]]["penalties"][0] += 1
    return refresh_outcome(broken)


def wrong_total(record: Record, found: list[Position]) -> Record | None:
    """One total off by one (winners follow it)."""
    if "totals" not in record:
        return None
    broken = copy_record(record)
    broken["totals"][0] += 1
    if "winners" in broken:
        totals = broken["totals"]
        broken["winners"] = [seat for seat, total in enumerate(totals) if total == min(totals)]
    return broken


def wrong_winners(record: Record, found: list[Position]) -> Record | None:
    """A seat without the lowest total named as the winner (or a tied winner left out)."""
    if "winners" not in record:
        return None
    broken = copy_record(record)
    winners = broken["winners"]
    losers = [seat for seat in range(record_options(record).players) if seat not in winners]
    broken["winners"] = [losers[0]] if losers else winners[:1]
    return broken


def too_many_rounds(record: Record, found: list[Position]) -> Record | None:
    """A copy of the last round played after the match was over."""
    if "winners" not in record:
        return None
    broken = copy_record(record)
    broken["rounds"].append(copy_record(broken["rounds"][-1]))
    return refresh_outcome(broken)


def too_few_rounds_with_winners(record: Record, found: list[Position]) -> Record | None:
    """The last round dropped, yet winners declared."""
    if "winners" not in record or len(record["rounds"]) < 2:
        return None
    broken = copy_record(record)
    broken["rounds"].pop()
    return refresh_outcome(broken)


def unfinished_round_not_last(record: Record, found: list[Position]) -> Record | None:
    """An early round without its end and penalties, though later rounds follow."""
    if len(record["rounds"]) < 2:
        return None
    broken = copy_record(record)
    rnd = broken["rounds"][0]
    rnd.pop("end")
    rnd.pop("penalties")
    return refresh_outcome(broken)


def missing_winners(record: Record, found: list[Position]) -> Record | None:
    """A finished match without winners."""
    if "winners" not in record:
        return None
    broken = copy_record(record)
    del broken["winners"]
    return broken


def winners_with_unfinished_round(record: Record, found: list[Position]) -> Record | None:
    """The last round cut short (no end, no penalties) but winners still declared."""
    last = record["rounds"][-1]
    if "winners" not in record or not last["moves"]:
        return None
    broken = copy_record(record)
    rnd = broken["rounds"][-1]
    rnd["moves"] = rnd["moves"][:1]
    rnd.pop("end")
    rnd.pop("penalties")
    return refresh_outcome(broken)


# ---------------------------------------------------------------------------------------------------
# Shape and type faults
# ---------------------------------------------------------------------------------------------------


def set_path(record: Record, path: list[str | int], value: object) -> Record:
    """A copy of ``record`` with the value at ``path`` replaced."""
    broken = copy_record(record)
    target: Any = broken
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return broken


def first_play_path(record: Record) -> list[str | int] | None:
    """The JSON path of the first play move."""
    for r, rnd in enumerate(record["rounds"]):
        for i, move in enumerate(rnd["moves"]):
            if "play" in move:
                return ["rounds", r, "moves", i]
    return None


def shape_variants(record: Record) -> list[tuple[str, Record]]:
    """Faults of JSON types and of the allowed option values."""
    opts = record_options(record)
    tiles = len(full_set(opts.top))
    first_move = record["rounds"][0]["moves"][0] if record["rounds"][0]["moves"] else None
    variants = [
        ("options-not-an-object", set_path(record, ["options"], [["players", opts.players]])),
        ("wrong-format", set_path(record, ["format"], "dominohall/record@2")),
        ("unknown-game", set_path(record, ["game"], "mexican-train")),
        ("players-out-of-range", set_path(record, ["options", "players"], 13)),
        ("players-is-a-string", set_path(record, ["options", "players"], str(opts.players))),
        ("bad-set", set_path(record, ["options", "set"], 6)),
        ("hand-too-large", set_path(record, ["options", "hand"], tiles // opts.players + 1)),
        ("bad-length", set_path(record, ["options", "length"], "double")),
        ("bad-start-toes", set_path(record, ["options", "start_toes"], 5)),
        ("bad-double-toes", set_path(record, ["options", "double_toes"], 4)),
        ("bad-blank-double", set_path(record, ["options", "blank_double"], 0)),
        ("bad-limit", set_path(record, ["options", "limit"], 0)),
        ("limit-is-bool", set_path(record, ["options", "limit"], True)),
        ("seats-count-wrong", set_path(record, ["seats"], record["seats"][:-1])),
        ("seat-name-not-a-string", set_path(record, ["seats", 0, "name"], 7)),
        ("rounds-not-a-list", set_path(record, ["rounds"], {"0": record["rounds"][0]})),
        ("round-not-an-object", set_path(record, ["rounds", 0], "round")),
        ("hands-not-a-list", set_path(record, ["rounds", 0, "hands"], "hands")),
        ("first-out-of-range", set_path(record, ["rounds", 0, "first"], opts.players)),
        ("first-is-bool", set_path(record, ["rounds", 0, "first"], False)),
        ("double-not-a-double", set_path(record, ["rounds", 0, "double"], f"{opts.top}-0")),
        ("moves-not-a-list", set_path(record, ["rounds", 0, "moves"], None)),
        ("penalties-not-a-list", set_path(record, ["rounds", 0, "penalties"], "penalties")),
        ("penalties-wrong-length", set_path(record, ["rounds", 0, "penalties"], [0])),
        ("totals-not-a-list", set_path(record, ["totals"], 0)),
        ("winners-not-a-list", set_path(record, ["winners"], 0)),
        ("tile-out-of-set", set_path(record, ["rounds", 0, "hands", 0, 0], f"{opts.top + 1}-0")),
    ]
    if first_move is not None:
        seat = first_move["seat"]
        variants += [
            ("move-not-an-object", set_path(record, ["rounds", 0, "moves", 0], ["move"])),
            ("move-seat-not-int", set_path(record, ["rounds", 0, "moves", 0, "seat"], str(seat))),
            ("move-seat-is-bool", set_path(record, ["rounds", 0, "moves", 0, "seat"], bool(seat))),
            ("unknown-move-kind", set_path(record, ["rounds", 0, "moves", 0], {"seat": seat, "jump": True})),
        ]
    play = first_play_path(record)
    if play is not None:
        move = copy_record(record)["rounds"][play[1]]["moves"][play[3]]
        high, low = move["play"].split("-")
        variants += [
            ("tile-not-a-string", set_path(record, [*play, "play"], [int(high), int(low)])),
            ("non-canonical-tile", set_path(record, [*play, "play"], f"{low}-{high}")),
            ("on-is-null", set_path(record, [*play, "on"], None)),
            ("move-with-two-kinds", set_path(record, play, {**move, "pass": True})),
            ("on-missing", set_path(record, play, {"seat": move["seat"], "play": move["play"]})),
        ]
    return variants


# ---------------------------------------------------------------------------------------------------
# Entry points
# ---------------------------------------------------------------------------------------------------

BUILDERS: list[tuple[str, Callable[[Record, list[Position]], Record | None]]] = [
    ("play-not-matching", play_not_matching),
    ("move-out-of-turn", move_out_of_turn),
    ("draw-while-holding-playable", draw_while_holding_playable),
    ("pass-with-playable-drawn-tile", pass_with_playable_drawn_tile),
    ("wrong-draw-tile", wrong_draw_tile),
    ("play-elsewhere-during-pending-double", play_elsewhere_during_pending),
    ("play-off-centre-during-first-foot", play_off_centre_during_first_foot),
    ("tile-not-in-hand", tile_not_in_hand),
    ("on-names-a-closed-line", on_names_a_closed_line),
    ("extra-toe-on-centre", extra_toe_on_centre),
    ("fourth-toe-on-double", fourth_toe_on_double),
    ("pass-while-holding-playable", pass_while_holding_playable),
    ("pass-without-drawing", pass_without_drawing),
    ("two-draws-in-one-turn", two_draws_in_one_turn),
    ("play-other-than-drawn-tile", play_other_than_drawn_tile),
    ("draw-from-empty-boneyard", draw_from_empty_boneyard),
    ("duplicate-tile-in-deal", duplicate_tile_in_deal),
    ("missing-tile-in-deal", missing_tile_in_deal),
    ("wrong-hand-size", wrong_hand_size),
    ("wrong-round-double", wrong_round_double),
    ("wrong-opener", wrong_opener),
    ("move-after-end", move_after_end),
    ("missing-moves-before-end", missing_moves_before_end),
    ("wrong-end-kind", wrong_end_kind),
    ("wrong-penalty", wrong_penalty),
    ("wrong-total", wrong_total),
    ("wrong-winners", wrong_winners),
    ("too-many-rounds", too_many_rounds),
    ("too-few-rounds-with-winners", too_few_rounds_with_winners),
    ("unfinished-round-not-last", unfinished_round_not_last),
    ("missing-winners", missing_winners),
    ("winners-with-unfinished-round", winners_with_unfinished_round),
]


def faulty_variants(record: Record) -> list[tuple[str, Record]]:
    """Deep-copied variants of a legal train-game record, each broken in one named way.

    Kinds for which the record offers no place are skipped.  A Mexican Train record gets its own kinds
    (see :func:`mt_faulty_variants`).  Raises ValueError if ``record`` is not a legal Chicken Foot or
    Mexican Train record.
    """
    if record.get("game") == "mexicantrain":
        return [(fault.kind, fault.record) for fault in mt_faulty_variants(record)]
    if record.get("game") != "chickenfoot" or check_record(record):
        raise ValueError("faulty_variants needs a legal Chicken Foot record")
    found = positions(record)
    variants: list[tuple[str, Record]] = []
    for kind, build in BUILDERS:
        broken = build(record, found)
        if broken is not None:
            variants.append((kind, broken))
    return variants + shape_variants(record)


def running_variants(record: Record) -> list[Record]:
    """Legal records of the same match still running: cut inside some round, before its end."""
    variants: list[Record] = []
    for r, rnd in enumerate(record["rounds"]):
        count = len(rnd["moves"])
        for cut in sorted({0, count // 2, count - 1}):
            if 0 <= cut < count:
                variants.append(cut_running(record, r, cut))
    return variants


def cut_running(record: Record, round_index: int, cut: int) -> Record:
    """The match as it stood after ``cut`` moves of round ``round_index``."""
    running = copy_record(record)
    running["rounds"] = running["rounds"][: round_index + 1]
    last = running["rounds"][-1]
    last["moves"] = last["moves"][:cut]
    last.pop("end", None)
    last.pop("penalties", None)
    running.pop("winners", None)
    return refresh_outcome(running)


# ---------------------------------------------------------------------------------------------------
# Mexican Train: faulty variants that name their rule and place
# ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MtFault:
    """A faulty variant of a legal Mexican Train record.

    ``rule`` is a fragment of the fault message the referee must give and ``where`` the start of that
    message (the place: ``rounds[r].moves[i]``, ``rounds[r].end``, ``totals``, ``options.hand``, ...).
    """

    kind: str
    rule: str
    where: str
    record: Record


@dataclass
class MtPosition:
    """A move of a Mexican Train record with the replay state just before it."""

    round_index: int
    move_index: int
    move: dict[str, Any]
    state: MtRound
    passed: frozenset[int]  # seats that passed earlier in the round

    @property
    def at(self) -> str:
        """The place of the move in fault messages."""
        return f"rounds[{self.round_index}].moves[{self.move_index}]"

    def seat(self) -> int:
        """The seat to move."""
        return self.state.to_move

    def hand(self) -> list[Tile]:
        """The hand of the seat to move."""
        return self.state.hands[self.state.to_move]

    def fresh(self) -> bool:
        """True when the seat to move has drawn nothing since its last play."""
        return self.state.drawn is None

    def quiet(self) -> bool:
        """True at a turn's start with no double waiting for its cover."""
        return self.fresh() and self.state.table.uncovered is None


MtBuilt = tuple[Record, str] | None


def mt_options_of(record: Record) -> MtOptions:
    """The options of a legal Mexican Train record."""
    opts = parse_mt_options(record["options"], [])
    if opts is None:
        raise ValueError("mt_faulty_variants needs a legal Mexican Train record")
    return opts


def clone_mt_state(state: MtRound) -> MtRound:
    """A copy of a Mexican Train replay state that later moves cannot change."""
    table = state.table
    trains = {key: Train(list(train.tiles), train.open_number, train.marked) for key, train in table.trains.items()}
    return MtRound(
        hands=[list(hand) for hand in state.hands],
        boneyard=list(state.boneyard),
        table=MtTable(table.engine, trains, table.uncovered),
        to_move=state.to_move,
        next_draw=state.next_draw,
        drawn=state.drawn,
        covering=state.covering,
        ended=state.ended,
    )


def mt_start_state(rnd: dict[str, Any], opts: MtOptions) -> MtRound:
    """The replay state at the start of a recorded Mexican Train round."""
    engine = parse_tile(rnd["double"], opts.top)
    if engine is None:
        raise ValueError("mt_faulty_variants needs a legal Mexican Train record")
    hands = [[mt_tile(item, opts) for item in hand] for hand in rnd["hands"]]
    boneyard = [mt_tile(item, opts) for item in rnd["boneyard"]]
    return MtRound(hands, boneyard, MtTable.new(engine, opts.players), rnd["first"])


def mt_tile(value: object, opts: MtOptions) -> Tile:
    """Parse a tile of a legal Mexican Train record."""
    tile = parse_tile(value, opts.top)
    if tile is None:
        raise ValueError(f"not a tile: {value!r}")
    return tile


def mt_replay(rnd: dict[str, Any], opts: MtOptions, moves: int | None = None) -> MtRound:
    """The state of a recorded round after its first ``moves`` moves (all when None)."""
    state = mt_start_state(rnd, opts)
    for raw in rnd["moves"][:moves]:
        move = parse_mt_move(raw, opts.players, opts.top)
        if isinstance(move, str) or state.step(move) is not None:
            raise ValueError("mt_faulty_variants needs a legal Mexican Train record")
    return state


def mt_positions(record: Record) -> list[MtPosition]:
    """Every move of a Mexican Train record with the state before it."""
    opts = mt_options_of(record)
    found: list[MtPosition] = []
    for r, rnd in enumerate(record["rounds"]):
        state = mt_start_state(rnd, opts)
        passed: set[int] = set()
        for i, raw in enumerate(rnd["moves"]):
            found.append(MtPosition(r, i, raw, clone_mt_state(state), frozenset(passed)))
            move = parse_mt_move(raw, opts.players, opts.top)
            if isinstance(move, str) or state.step(move) is not None:
                raise ValueError("mt_faulty_variants needs a legal Mexican Train record")
            if move.kind == "pass":
                passed.add(move.seat)
    return found


def mt_play(seat: int, tile: Tile, on: Tile, train: TrainKey) -> dict[str, Any]:
    """A play move in record form."""
    return {"seat": seat, "play": name(tile), "on": name(on), "train": train}


def mt_with_move(record: Record, pos: MtPosition, move: dict[str, Any] | None) -> MtBuilt:
    """The record with the move at ``pos`` replaced (removed when None), faulted at that move."""
    broken = copy_record(record)
    moves = broken["rounds"][pos.round_index]["moves"]
    if move is None:
        del moves[pos.move_index]
    else:
        moves[pos.move_index] = move
    return broken, pos.at


def mt_insert_move(record: Record, pos: MtPosition, move: dict[str, Any]) -> MtBuilt:
    """The record with ``move`` inserted before the move at ``pos``, faulted at the inserted move."""
    broken = copy_record(record)
    broken["rounds"][pos.round_index]["moves"].insert(pos.move_index, move)
    return broken, pos.at


def usual_trains(table: MtTable, seat: int) -> list[TrainKey]:
    """The trains ``seat`` could play on if no double were uncovered: its own, the Mexican, the marked."""
    return [key for key, train in table.trains.items() if key in (seat, MEXICAN) or train.marked]


# Move faults ---------------------------------------------------------------------------------------


def closed_train_play(pos: MtPosition, earlier_pass: bool) -> dict[str, Any] | None:
    """A play by the seat to move on another seat's unmarked train that a tile of its hand fits."""
    table = pos.state.table
    for key, train in table.trains.items():
        if key in (pos.seat(), MEXICAN) or train.marked or (earlier_pass and key not in pos.passed):
            continue
        for tile in pos.hand():
            if train.open_number in tile:
                return mt_play(pos.seat(), tile, table.end_tile(key), key)
    return None


def mt_play_on_unmarked_train(record: Record, found: list[MtPosition]) -> MtBuilt:
    """A play on another seat's train that was never marked."""
    for pos in found:
        if pos.quiet():
            move = closed_train_play(pos, earlier_pass=False)
            if move is not None:
                return mt_with_move(record, pos, move)
    return None


def mt_mark_not_lifted(record: Record, found: list[MtPosition]) -> MtBuilt:
    """A play on a train whose owner passed earlier but has since played on it (lifting the mark)."""
    for pos in found:
        if pos.quiet():
            move = closed_train_play(pos, earlier_pass=True)
            if move is not None:
                return mt_with_move(record, pos, move)
    return None


def mt_wrong_train(record: Record, found: list[MtPosition]) -> MtBuilt:
    """A play naming another open train than the one whose end it names."""
    for pos in found:
        if "play" not in pos.move or pos.state.table.uncovered is not None:
            continue
        table = pos.state.table
        on = mt_tile(pos.move["on"], mt_options_of(record))
        for key in usual_trains(table, pos.seat()):
            if key != pos.move["train"] and table.end_tile(key) != on:
                return mt_with_move(record, pos, {**pos.move, "train": key})
    return None


def mt_on_not_the_end(record: Record, found: list[MtPosition]) -> MtBuilt:
    """A play on a started train naming a tile of it that is no longer its end."""
    for pos in found:
        if "play" not in pos.move:
            continue
        train = pos.state.table.trains[pos.move["train"]]
        if train.tiles:
            earlier = train.tiles[-2] if len(train.tiles) > 1 else pos.state.table.engine
            return mt_with_move(record, pos, {**pos.move, "on": name(earlier)})
    return None


def mt_start_not_on_engine(record: Record, found: list[MtPosition]) -> MtBuilt:
    """The first tile of a train named on the end of another train instead of the engine."""
    for pos in found:
        if "play" not in pos.move:
            continue
        table = pos.state.table
        if table.trains[pos.move["train"]].tiles:
            continue
        others = [train.tiles[-1] for train in table.trains.values() if train.tiles]
        if others:
            return mt_with_move(record, pos, {**pos.move, "on": name(others[0])})
    return None


def mt_play_not_matching(record: Record, found: list[MtPosition]) -> MtBuilt:
    """A tile of the hand that does not show the named train's open number."""
    for pos in found:
        if "play" not in pos.move or not pos.fresh():
            continue
        number = pos.state.table.trains[pos.move["train"]].open_number
        for tile in pos.hand():
            if number not in tile:
                return mt_with_move(record, pos, {**pos.move, "play": name(tile)})
    return None


def mt_tile_not_in_hand(record: Record, found: list[MtPosition]) -> MtBuilt:
    """A matching tile the seat does not hold (another hand or the boneyard has it)."""
    opts = mt_options_of(record)
    for pos in found:
        if "play" not in pos.move or not pos.fresh():
            continue
        table = pos.state.table
        number = table.trains[pos.move["train"]].open_number
        placed = {table.engine, *pos.hand(), *[tile for train in table.trains.values() for tile in train.tiles]}
        for tile in full_set(opts.top):
            if number in tile and tile not in placed:
                return mt_with_move(record, pos, {**pos.move, "play": name(tile)})
    return None


def mt_move_out_of_turn(record: Record, found: list[MtPosition]) -> MtBuilt:
    """The first move of the match made by the next seat instead."""
    if not found:
        return None
    pos = found[0]
    return mt_with_move(record, pos, {**pos.move, "seat": (pos.seat() + 1) % mt_options_of(record).players})


def mt_second_play_in_a_turn(record: Record, found: list[MtPosition]) -> MtBuilt:
    """After a plain (non-double) play, the same seat moves again."""
    for before, pos in pairwise(found):
        move = before.move
        if pos.round_index != before.round_index or "play" not in move or pos.state.table.uncovered is not None:
            continue
        if move["seat"] != pos.seat():
            return mt_with_move(record, pos, {**pos.move, "seat": move["seat"]})
    return None


def mt_cover_by_another_seat(record: Record, found: list[MtPosition]) -> MtBuilt:
    """The move owed by the seat that just played a double made by the next seat instead."""
    players = mt_options_of(record).players
    for pos in found:
        if pos.state.covering:
            return mt_with_move(record, pos, {**pos.move, "seat": (pos.seat() + 1) % players})
    return None


def elsewhere_play(pos: MtPosition) -> dict[str, Any] | None:
    """A play of a hand tile on a usual train of the mover other than the uncovered double's."""
    table = pos.state.table
    if table.uncovered is None:
        return None
    hand = [pos.state.drawn] if pos.state.drawn is not None else pos.hand()
    for key in usual_trains(table, pos.seat()):
        if key != table.uncovered[0]:
            fitting = [tile for tile in hand if table.trains[key].open_number in tile]
            return mt_play(pos.seat(), (fitting or hand)[0], table.end_tile(key), key)
    return None


def mt_missing_cover(record: Record, found: list[MtPosition]) -> MtBuilt:
    """The seat that played a double plays on another train instead of covering it."""
    for pos in found:
        if pos.state.covering and "play" in pos.move:
            move = elsewhere_play(pos)
            if move is not None:
                return mt_with_move(record, pos, move)
    return None


def mt_ignore_uncovered_double(record: Record, found: list[MtPosition]) -> MtBuilt:
    """A later seat plays elsewhere while another seat's double is still uncovered."""
    for pos in found:
        if pos.state.table.uncovered is not None and not pos.state.covering and pos.fresh():
            move = elsewhere_play(pos)
            if move is not None:
                return mt_with_move(record, pos, move)
    return None


def mt_cover_names_another_train(record: Record, found: list[MtPosition]) -> MtBuilt:
    """A covering play that names the double as its on but another train."""
    for pos in found:
        uncovered = pos.state.table.uncovered
        if uncovered is not None and "play" in pos.move:
            other = next(key for key in pos.state.table.trains if key != uncovered[0])
            return mt_with_move(record, pos, {**pos.move, "train": other})
    return None


def mt_draw_holding_playable(record: Record, found: list[MtPosition]) -> MtBuilt:
    """A draw by a seat that had a legal play, while the boneyard has tiles."""
    for pos in found:
        if "play" in pos.move and pos.quiet() and not pos.state.boneyard_empty():
            tile = pos.state.boneyard[pos.state.next_draw]
            return mt_with_move(record, pos, {"seat": pos.seat(), "draw": name(tile)})
    return None


def mt_draw_instead_of_cover(record: Record, found: list[MtPosition]) -> MtBuilt:
    """A draw by the seat of a double that holds a cover for it."""
    for pos in found:
        if "play" in pos.move and pos.state.covering and pos.fresh() and not pos.state.boneyard_empty():
            tile = pos.state.boneyard[pos.state.next_draw]
            return mt_with_move(record, pos, {"seat": pos.seat(), "draw": name(tile)})
    return None


def mt_pass_holding_playable(record: Record, found: list[MtPosition]) -> MtBuilt:
    """A pass instead of the play that opened a turn."""
    for pos in found:
        if "play" in pos.move and pos.quiet():
            return mt_with_move(record, pos, {"seat": pos.seat(), "pass": True})
    return None


def mt_pass_instead_of_cover(record: Record, found: list[MtPosition]) -> MtBuilt:
    """A pass by the seat of a double that holds a cover for it."""
    for pos in found:
        if "play" in pos.move and pos.state.covering and pos.fresh():
            return mt_with_move(record, pos, {"seat": pos.seat(), "pass": True})
    return None


def mt_pass_with_playable_drawn(record: Record, found: list[MtPosition]) -> MtBuilt:
    """A pass right after drawing a tile that was then played."""
    for pos in found:
        if "play" in pos.move and not pos.fresh():
            return mt_with_move(record, pos, {"seat": pos.seat(), "pass": True})
    return None


def mt_play_other_than_drawn(record: Record, found: list[MtPosition]) -> MtBuilt:
    """After drawing a playable tile, another tile of the hand is played."""
    for pos in found:
        if "play" in pos.move and not pos.fresh():
            others = [tile for tile in pos.hand() if tile != pos.state.drawn]
            if others:
                return mt_with_move(record, pos, {**pos.move, "play": name(others[0])})
    return None


def mt_drawless_pass(record: Record, found: list[MtPosition], *, covering: bool) -> MtBuilt:
    """An unplayable draw removed: a pass while the boneyard still had that tile."""
    for pos in found:
        if "draw" not in pos.move or pos.state.covering != covering:
            continue
        moves = record["rounds"][pos.round_index]["moves"]
        follow = moves[pos.move_index + 1] if pos.move_index + 1 < len(moves) else None
        if follow is not None and "pass" in follow:
            return mt_with_move(record, pos, None)
    return None


def mt_pass_without_drawing(record: Record, found: list[MtPosition]) -> MtBuilt:
    """A pass without the draw a seat with no legal play owes while the boneyard has tiles."""
    return mt_drawless_pass(record, found, covering=False)


def mt_no_draw_after_double(record: Record, found: list[MtPosition]) -> MtBuilt:
    """The seat of a double that cannot cover passes without its one more draw."""
    return mt_drawless_pass(record, found, covering=True)


def mt_second_draw(record: Record, found: list[MtPosition], *, covering: bool) -> MtBuilt:
    """A second draw after an unplayable draw instead of the pass, while the boneyard has tiles."""
    for pos in found:
        state = pos.state
        if "pass" in pos.move and not pos.fresh() and state.covering == covering and not state.boneyard_empty():
            return mt_insert_move(record, pos, {"seat": pos.seat(), "draw": name(state.boneyard[state.next_draw])})
    return None


def mt_two_draws(record: Record, found: list[MtPosition]) -> MtBuilt:
    """Two draws in one turn."""
    return mt_second_draw(record, found, covering=False)


def mt_two_draws_after_double(record: Record, found: list[MtPosition]) -> MtBuilt:
    """Two draws after a double that the seat cannot cover."""
    return mt_second_draw(record, found, covering=True)


def mt_wrong_draw_tile(record: Record, found: list[MtPosition]) -> MtBuilt:
    """A draw naming a tile other than the next boneyard tile."""
    for pos in found:
        if "draw" in pos.move:
            expected = pos.state.boneyard[pos.state.next_draw]
            later = [tile for tile in pos.state.boneyard[pos.state.next_draw :] if tile != expected]
            others = later + [tile for hand in pos.state.hands for tile in hand]
            return mt_with_move(record, pos, {**pos.move, "draw": name(others[0])})
    return None


def mt_draw_from_empty_boneyard(record: Record, found: list[MtPosition]) -> MtBuilt:
    """A draw instead of a pass once the boneyard is empty."""
    for pos in found:
        if "pass" in pos.move and pos.fresh() and pos.state.boneyard_empty():
            tile = pos.state.boneyard[-1] if pos.state.boneyard else pos.hand()[0]
            return mt_with_move(record, pos, {"seat": pos.seat(), "draw": name(tile)})
    return None


def mt_train_not_a_seat(record: Record, found: list[MtPosition]) -> MtBuilt:
    """A play whose train is a seat number the table does not have."""
    for pos in found:
        if "play" in pos.move:
            return mt_with_move(record, pos, {**pos.move, "train": mt_options_of(record).players})
    return None


def mt_train_misspelt(record: Record, found: list[MtPosition]) -> MtBuilt:
    """A play on the Mexican train spelt ``Mexican``."""
    for pos in found:
        if "play" in pos.move and pos.move["train"] == MEXICAN:
            return mt_with_move(record, pos, {**pos.move, "train": "Mexican"})
    return None


def mt_train_missing(record: Record, found: list[MtPosition]) -> MtBuilt:
    """A play without its train."""
    for pos in found:
        if "play" in pos.move:
            return mt_with_move(record, pos, {key: value for key, value in pos.move.items() if key != "train"})
    return None


def mt_train_on_a_draw(record: Record, found: list[MtPosition]) -> MtBuilt:
    """A draw that names a train."""
    for pos in found:
        if "draw" in pos.move:
            return mt_with_move(record, pos, {**pos.move, "train": pos.seat()})
    return None


# Round and match faults ----------------------------------------------------------------------------


def mt_rounds_ending(record: Record, end: str) -> list[int]:
    """Indexes of the rounds that ended ``end``."""
    return [r for r, rnd in enumerate(record["rounds"]) if rnd.get("end") == end]


def mt_move_after(record: Record, end: str) -> MtBuilt:
    """A pass by the next seat appended to a round that ended ``end``."""
    done = mt_rounds_ending(record, end)
    if not done:
        return None
    broken = copy_record(record)
    moves = broken["rounds"][done[0]]["moves"]
    seat = (moves[-1]["seat"] + 1) % mt_options_of(record).players
    moves.append({"seat": seat, "pass": True})
    return broken, f"rounds[{done[0]}].moves[{len(moves) - 1}]"


def mt_move_after_domino(record: Record, found: list[MtPosition]) -> MtBuilt:
    """A move after a seat played its last tile."""
    return mt_move_after(record, "domino")


def mt_move_after_blocked(record: Record, found: list[MtPosition]) -> MtBuilt:
    """A move after the round was blocked."""
    return mt_move_after(record, "blocked")


def mt_blocked_too_early(record: Record, found: list[MtPosition]) -> MtBuilt:
    """A round cut at a turn's end with an empty boneyard, while a play was still possible, said blocked.

    Later rounds are tried first, so that the changed totals seldom end a match with a limit earlier.
    """
    opts = mt_options_of(record)
    for pos in sorted(found, key=lambda each: -each.round_index):
        state = pos.state
        if not (state.boneyard_empty() and pos.fresh() and not state.covering and pos.move_index > 0):
            continue
        broken = copy_record(record)
        rnd = broken["rounds"][pos.round_index]
        rnd["moves"] = rnd["moves"][: pos.move_index]
        rnd["end"] = "blocked"
        rnd["penalties"] = state.penalties(opts.blank_double)
        return refresh_outcome(broken), f"rounds[{pos.round_index}].end"
    return None


def mt_domino_claimed_early(record: Record, found: list[MtPosition]) -> MtBuilt:
    """The last move of a domino round dropped: the claimed domino did not happen."""
    done = mt_rounds_ending(record, "domino")
    if not done:
        return None
    broken = copy_record(record)
    broken["rounds"][done[0]]["moves"].pop()
    return broken, f"rounds[{done[0]}].end"


def mt_wrong_end_kind(record: Record, found: list[MtPosition]) -> MtBuilt:
    """A domino round said blocked (or a blocked round said domino)."""
    done = finished_rounds(record)
    if not done:
        return None
    broken = copy_record(record)
    rnd = broken["rounds"][done[0]]
    rnd["end"] = "blocked" if rnd["end"] == "domino" else "domino"
    return broken, f"rounds[{done[0]}].end"


def mt_wrong_penalty(record: Record, found: list[MtPosition]) -> MtBuilt:
    """One penalty off by one (totals and winners follow it)."""
    done = finished_rounds(record)
    if not done:
        return None
    broken = copy_record(record)
    broken["rounds"][done[0]]["penalties"][0] += 1
    return refresh_outcome(broken), f"rounds[{done[0]}].penalties"


def mt_wrong_blank_double_value(record: Record, found: list[MtPosition]) -> MtBuilt:
    """A 0-0 left in hand counted at another value than the table's (totals and winners follow)."""
    opts = mt_options_of(record)
    other = 25 if opts.blank_double != 25 else 50
    for r in finished_rounds(record):
        hands = mt_replay(record["rounds"][r], opts).hands
        for seat, hand in enumerate(hands):
            if (0, 0) in hand:
                broken = copy_record(record)
                broken["rounds"][r]["penalties"][seat] += other - opts.blank_double
                return refresh_outcome(broken), f"rounds[{r}].penalties"
    return None


def mt_wrong_total(record: Record, found: list[MtPosition]) -> MtBuilt:
    """One total off by one (winners follow it)."""
    if "totals" not in record:
        return None
    broken = copy_record(record)
    broken["totals"][0] += 1
    if "winners" in broken:
        totals = broken["totals"]
        broken["winners"] = [seat for seat, total in enumerate(totals) if total == min(totals)]
    return broken, "totals"


def mt_wrong_winners(record: Record, found: list[MtPosition]) -> MtBuilt:
    """A seat without the lowest total named the winner (or a tied winner left out)."""
    if "winners" not in record:
        return None
    broken = copy_record(record)
    winners = broken["winners"]
    losers = [seat for seat in range(mt_options_of(record).players) if seat not in winners]
    broken["winners"] = [losers[0]] if losers else winners[:1]
    return broken, "winners"


def mt_wrong_opener(record: Record, found: list[MtPosition]) -> MtBuilt:
    """The second round opened by a seat other than the one after the first round's opener."""
    if len(record["rounds"]) < 2:
        return None
    broken = copy_record(record)
    rnd = broken["rounds"][1]
    rnd["first"] = (rnd["first"] + 1) % mt_options_of(record).players
    return broken, "rounds[1].first"


def mt_wrong_engine(record: Record, found: list[MtPosition]) -> MtBuilt:
    """The engine swapped with another double of the deal."""
    broken = copy_record(record)
    r = len(broken["rounds"]) - 1
    rnd = broken["rounds"][r]
    for pile in [*rnd["hands"], rnd["boneyard"]]:
        for index, item in enumerate(pile):
            high, low = item.split("-")
            if high == low:
                pile[index], rnd["double"] = rnd["double"], item
                return broken, f"rounds[{r}].double"
    return None


def mt_engine_dealt(record: Record, found: list[MtPosition]) -> MtBuilt:
    """The engine dealt to seat 0 as well, in place of a never drawn boneyard tile (hand one too many)."""
    r = undrawn_boneyard_round(record)
    if r is None:
        return None
    broken = copy_record(record)
    rnd = broken["rounds"][r]
    rnd["boneyard"][-1] = rnd["double"]
    return broken, f"rounds[{r}]: tile {rnd['double']} appears twice"


def mt_missing_tile(record: Record, found: list[MtPosition]) -> MtBuilt:
    """The last (never drawn) boneyard tile left out of the deal."""
    r = undrawn_boneyard_round(record)
    if r is None:
        return None
    broken = copy_record(record)
    broken["rounds"][r]["boneyard"].pop()
    return broken, f"rounds[{r}]"


def mt_wrong_hand_size(record: Record, found: list[MtPosition]) -> MtBuilt:
    """The last (never drawn) boneyard tile dealt to seat 0 instead: the set stays exact."""
    r = undrawn_boneyard_round(record)
    if r is None:
        return None
    broken = copy_record(record)
    rnd = broken["rounds"][r]
    rnd["hands"][0].append(rnd["boneyard"].pop())
    return broken, f"rounds[{r}].hands[0]"


def mt_too_many_rounds(record: Record, found: list[MtPosition]) -> MtBuilt:
    """A copy of the last round played after the match was over."""
    if "winners" not in record:
        return None
    broken = copy_record(record)
    broken["rounds"].append(copy_record(broken["rounds"][-1]))
    return refresh_outcome(broken), f"rounds[{len(record['rounds'])}]"


def mt_too_few_rounds(record: Record, found: list[MtPosition]) -> MtBuilt:
    """The last round dropped, yet winners declared."""
    if "winners" not in record or len(record["rounds"]) < 2:
        return None
    broken = copy_record(record)
    broken["rounds"].pop()
    return refresh_outcome(broken), "rounds"


def mt_option_variants(record: Record) -> list[MtFault]:
    """Settings outside the Mexican Train table."""
    opts = mt_options_of(record)
    hand = 11 if opts.top == 12 else len(full_set(opts.top)) // opts.players + 1
    cases: list[tuple[str, str, list[str | int], object, str]] = [
        ("mt-players-9", "options.players", ["options", "players"], 9, "is not 2..8"),
        ("mt-set-6", "options.set", ["options", "set"], 6, "is not 9, 12 or 15"),
        ("mt-hand-off-the-table", "options.hand", ["options", "hand"], hand, "options.hand"),
        ("mt-blank-double-10", "options.blank_double", ["options", "blank_double"], 10, "is not 50, 25 or 0"),
        ("mt-limit-zero", "options.limit", ["options", "limit"], 0, "is not null or a positive integer"),
        ("mt-length-unknown", "options.length", ["options", "length"], "double", "is not full, half or one"),
    ]
    return [MtFault(kind, rule, where, set_path(record, path, value)) for kind, where, path, value, rule in cases]


MT_BUILDERS: list[tuple[str, str, Callable[[Record, list[MtPosition]], MtBuilt]]] = [
    ("mt-play-on-unmarked-train", "is not marked: only its owner may play on it", mt_play_on_unmarked_train),
    ("mt-mark-not-lifted", "is not marked: only its owner may play on it", mt_mark_not_lifted),
    ("mt-wrong-train", "is not the end of", mt_wrong_train),
    ("mt-on-not-the-end", "is not the end of", mt_on_not_the_end),
    ("mt-start-not-on-engine", "its end is the engine", mt_start_not_on_engine),
    ("mt-play-not-matching", "does not match the open end", mt_play_not_matching),
    ("mt-tile-not-in-hand", "is not in seat", mt_tile_not_in_hand),
    ("mt-move-out-of-turn", "out of turn: it is seat", mt_move_out_of_turn),
    ("mt-second-play-in-a-turn", "out of turn: it is seat", mt_second_play_in_a_turn),
    ("mt-cover-by-another-seat", "played a double and moves again to cover it", mt_cover_by_another_seat),
    ("mt-missing-cover", "covering it is the only legal play", mt_missing_cover),
    ("mt-ignore-uncovered-double", "covering it is the only legal play", mt_ignore_uncovered_double),
    ("mt-cover-names-another-train", "covering it is the only legal play", mt_cover_names_another_train),
    ("mt-draw-holding-playable", "may not draw", mt_draw_holding_playable),
    ("mt-draw-instead-of-cover", "may not draw", mt_draw_instead_of_cover),
    ("mt-pass-holding-playable", "may not pass", mt_pass_holding_playable),
    ("mt-pass-instead-of-cover", "may not pass", mt_pass_instead_of_cover),
    ("mt-pass-with-playable-drawn-tile", "is playable and must be played at once", mt_pass_with_playable_drawn),
    ("mt-play-other-than-drawn-tile", "the seat may only play that tile", mt_play_other_than_drawn),
    ("mt-pass-without-drawing", "draws before passing", mt_pass_without_drawing),
    ("mt-no-draw-after-double", "draws before passing", mt_no_draw_after_double),
    ("mt-two-draws", "only one tile is drawn per turn", mt_two_draws),
    ("mt-two-draws-after-double", "only one tile is drawn per turn", mt_two_draws_after_double),
    ("mt-wrong-draw-tile", "the next boneyard tile is", mt_wrong_draw_tile),
    ("mt-draw-from-empty-boneyard", "the boneyard is empty", mt_draw_from_empty_boneyard),
    ("mt-train-not-a-seat", 'is not a seat number or "mexican"', mt_train_not_a_seat),
    ("mt-train-misspelt", 'is not a seat number or "mexican"', mt_train_misspelt),
    ("mt-train-missing", "names its train", mt_train_missing),
    ("mt-train-on-a-draw", "a draw or a pass names no train", mt_train_on_a_draw),
    ("mt-move-after-domino", "a move after the end of the round", mt_move_after_domino),
    ("mt-move-after-blocked", "a move after the end of the round", mt_move_after_blocked),
    ("mt-blocked-too-early", "the record says blocked but the round is not blocked", mt_blocked_too_early),
    ("mt-domino-claimed-early", "the moves stop before the round is over", mt_domino_claimed_early),
    ("mt-wrong-end-kind", "but the round ended", mt_wrong_end_kind),
    ("mt-wrong-penalty", "but the hands left score", mt_wrong_penalty),
    ("mt-wrong-blank-double-value", "but the hands left score", mt_wrong_blank_double_value),
    ("mt-wrong-total", "but the rounds add up to", mt_wrong_total),
    ("mt-wrong-winners", "but the winners are", mt_wrong_winners),
    ("mt-wrong-opener", "opens but seat", mt_wrong_opener),
    ("mt-wrong-engine", "but this round's double is", mt_wrong_engine),
    ("mt-engine-dealt", "in the deal", mt_engine_dealt),
    ("mt-missing-tile-in-deal", "is missing from the deal", mt_missing_tile),
    ("mt-wrong-hand-size", "tiles dealt instead of", mt_wrong_hand_size),
    ("mt-too-many-rounds", "too many rounds", mt_too_many_rounds),
    ("mt-too-few-rounds", "too few rounds", mt_too_few_rounds),
]


def mt_faulty_variants(record: Record) -> list[MtFault]:
    """Variants of a legal Mexican Train record, each broken in one named way, with the rule and place
    the referee must name.  Kinds for which the record offers no place are skipped.  Raises ValueError if
    ``record`` is not a legal Mexican Train record."""
    if record.get("game") != "mexicantrain" or check_record(record):
        raise ValueError("mt_faulty_variants needs a legal Mexican Train record")
    found = mt_positions(record)
    variants: list[MtFault] = []
    for kind, rule, build in MT_BUILDERS:
        built = build(record, found)
        if built is not None:
            variants.append(MtFault(kind, rule, built[1], built[0]))
    return variants + mt_option_variants(record)
