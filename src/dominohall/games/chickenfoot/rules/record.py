"""A Chicken Foot round as ``dominohall/record@1`` writes it and reads it back (docs/records.md)."""

from __future__ import annotations

from typing import Any

from dominohall.engine.record_parts import as_int, as_tile, expect, move_to_dict, read_deal, tile_names
from dominohall.engine.tiles import double, tile_name

from .options import ChickenFootOptions
from .round import ChickenFootRound


def chicken_foot_round_to_dict(rnd: ChickenFootRound) -> dict[str, Any]:
    """A Chicken Foot round as the record writes it; the penalties only once it has ended."""
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


def read_chicken_foot_round(
    options: ChickenFootOptions, previous: ChickenFootRound | None, index: int, value: dict[str, Any]
) -> ChickenFootRound:
    """Round ``index`` (0-based) of a record, its centre double and opener checked, not yet replayed."""
    number = index + 1
    expected = options.round_number(index)
    centre = as_tile(value.get("double"), options.top, "double", number)
    expect(centre == double(expected), "double", f"round {number} is played with {expected}-{expected}", number)
    first = as_int(value.get("first"), "first", number)
    if previous is not None:
        opener = (previous.first + 1) % options.players
        expect(first == opener, "opener", f"the opener must be seat {opener}, after the last opener", number)
    expect(0 <= first < options.players, "opener", f"there is no seat {first}", number)
    hands, boneyard = read_deal(value, options, number, centre)
    return ChickenFootRound(options, expected, first, hands, boneyard)
