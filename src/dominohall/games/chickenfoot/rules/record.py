"""A Chicken Foot round as ``dominohall/record@1`` writes it and reads it back (docs/records.md)."""

from __future__ import annotations

from typing import Any

from dominohall.engine.record_parts import centre_round_to_dict, read_centre_deal

from .options import ChickenFootOptions
from .round import ChickenFootRound


def chicken_foot_round_to_dict(rnd: ChickenFootRound) -> dict[str, Any]:
    """A Chicken Foot round as the record writes it; the penalties only once it has ended."""
    return centre_round_to_dict(rnd)


def read_chicken_foot_round(
    options: ChickenFootOptions, previous: ChickenFootRound | None, index: int, value: dict[str, Any]
) -> ChickenFootRound:
    """Round ``index`` (0-based) of a record, its centre double and opener checked, not yet replayed."""
    number, first, hands, boneyard = read_centre_deal(
        options, None if previous is None else previous.first, index, value
    )
    return ChickenFootRound(options, number, first, hands, boneyard)
