"""A standard hand as ``dominohall/record@1`` writes it and reads it back (docs/records.md)."""

from __future__ import annotations

from typing import Any

from dominohall.engine.moves import NO_TILE, PLAY
from dominohall.engine.record_parts import as_int, expect, move_to_dict, read_deal, tile_names
from dominohall.games.standard.rules.match import StandardRules

from .options import StandardOptions
from .round import StandardRound, first_lead


def standard_hand_to_dict(rnd: StandardRound) -> dict[str, Any]:
    """A standard hand, in the key order of the shared examples; the scores only once it has ended. In All
    Fives and Bergen each play says the points it scored (``points``, 0 included)."""
    data: dict[str, Any] = {
        "hands": [tile_names(hand) for hand in rnd.dealt],
        "boneyard": tile_names(rnd.boneyard),
        "moves": [
            move_to_dict(seat, move) | ({} if points is None else {"points": points})
            for (seat, move), points in zip(rnd.history, rnd.play_points(), strict=True)
        ],
        "first": rnd.first,
    }
    if rnd.end is not None:
        data["end"] = rnd.end
        data["scores"] = rnd.scores()
    return data


def read_standard_hand(
    options: StandardOptions, previous: StandardRound | None, index: int, value: dict[str, Any]
) -> StandardRound:
    """Hand ``index`` (0-based) of a record, its leader checked, not yet replayed."""
    number = index + 1
    first = as_int(value.get("first"), "first", number)
    hands, boneyard = read_deal(value, options, number)
    leader = StandardRules(options).leader(previous)
    if leader is None:
        expected, lead = first_lead(hands, options.mode)
        why = "by the first-hand rule"
    else:
        expected, lead, why = leader, NO_TILE, "as the last hand's winner"
    expect(first == expected, "opener", f"seat {expected} leads this hand, {why}", number)
    return StandardRound(options, first, hands, boneyard, lead)


def check_standard_move(rnd: StandardRound, value: dict[str, Any], number: int, index: int) -> None:
    """A recorded move's ``points``, when it has them, must be what the play just made scored (a record without
    them is read as before: the points are the engine's own count either way)."""
    if "points" not in value:
        return
    said = as_int(value["points"], "a move's points", number, index)
    scored = rnd.play_points()[index]
    if scored is None:
        mode = rnd.options.mode
        why = f"the {mode} game scores no play" if rnd.history[index][1].kind == PLAY else "only a play scores"
        expect(False, "points", f"{why}, so this move has no points, not {said}", number, index)
    expect(said == scored, "points", f"this play scored {scored}, not {said}", number, index)
