"""A Mexican Train round as ``dominohall/record@1`` writes it and reads it back (docs/records.md).

The round has Chicken Foot's shape; each play also names its ``train`` (the owner's seat, or ``"mexican"``),
which the shared ``engine.record_parts`` writes and reads.
"""

from __future__ import annotations

from typing import Any

from dominohall.engine.record_parts import as_int, as_tile, expect, move_to_dict, read_deal, tile_names
from dominohall.engine.tiles import double, tile_name

from .options import MexicanTrainOptions
from .round import MexicanTrainRound


def mexican_train_round_to_dict(rnd: MexicanTrainRound) -> dict[str, Any]:
    """A Mexican Train round as the record writes it; the penalties only once it has ended."""
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


def read_mexican_train_round(
    options: MexicanTrainOptions, previous: MexicanTrainRound | None, index: int, value: dict[str, Any]
) -> MexicanTrainRound:
    """Round ``index`` (0-based) of a record, its engine and opener checked, not yet replayed."""
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
    return MexicanTrainRound(options, expected, first, hands, boneyard)
