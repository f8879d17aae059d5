"""A Mexican Train round as ``dominohall/record@1`` writes it and reads it back (docs/records.md).

The round has Chicken Foot's shape; each play also names its ``train`` (the owner's seat, or ``"mexican"``),
which the shared ``engine.record_parts`` writes and reads.
"""

from __future__ import annotations

from typing import Any

from dominohall.engine.record_parts import centre_round_to_dict, read_centre_deal

from .options import MexicanTrainOptions
from .round import MexicanTrainRound


def mexican_train_round_to_dict(rnd: MexicanTrainRound) -> dict[str, Any]:
    """A Mexican Train round as the record writes it; the penalties only once it has ended."""
    return centre_round_to_dict(rnd)


def read_mexican_train_round(
    options: MexicanTrainOptions, previous: MexicanTrainRound | None, index: int, value: dict[str, Any]
) -> MexicanTrainRound:
    """Round ``index`` (0-based) of a record, its engine and opener checked, not yet replayed."""
    number, first, hands, boneyard = read_centre_deal(
        options, None if previous is None else previous.first, index, value
    )
    return MexicanTrainRound(options, number, first, hands, boneyard)
