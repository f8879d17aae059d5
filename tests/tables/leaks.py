"""The leak scan: no frame a recipient received names a tile that was hidden from it at that moment.

The hidden tiles are computed from the match's record: at the point a frame shows (its view's round and
how many moves of it had been made), every tile in another seat's hand and every tile left in the
boneyard (for a spectator: every hand too). Once a round has ended its hands are public, its boneyard not.
Each frame is checked against the point of the recipient's view after it (``wire.views``). A hidden
tile never lies on the table or in the recipient's own hand, so its notation in quotes anywhere in the
frame is a leak (and since every boneyard tile is hidden, so is any trace of the boneyard's order).

A round's secret (its fair deal's, docs/fairness.md; the record's ``fair`` holds it once revealed) is hidden
until the round has ended: in any frame before that point, its hex is a leak too.
"""

from __future__ import annotations

import json
from typing import Any

from .wire import views


def hidden_tiles(record: dict[str, Any], round_index: int, moves_made: int, seat: int | None, ended: bool) -> set[str]:
    """The tiles ``seat`` may not know after ``moves_made`` moves of round ``round_index``."""
    rnd = record["rounds"][round_index]
    hands = [set(hand) for hand in rnd["hands"]]
    drawn = 0
    for move in rnd["moves"][:moves_made]:
        if "play" in move:
            hands[move["seat"]].discard(move["play"])
        elif "draw" in move:
            hands[move["seat"]].add(move["draw"])
            drawn += 1
    hidden = set(rnd["boneyard"][drawn:])
    if not ended:
        for index, hand in enumerate(hands):
            if index != seat:
                hidden |= hand
    return hidden


def leaks(record: dict[str, Any], frames: list[dict[str, Any]], seat: int | None) -> list[str]:
    """Every leak in ``frames`` (received in order by ``seat``), described; empty when there is none."""
    found = []
    point = (0, 0, False)
    for number, (frame, view) in enumerate(views(frames)):
        if view is not None:
            point = (view["round_index"], len(view["history"]), view["end"] is not None)
        if point[0] >= len(record["rounds"]):
            continue
        text = json.dumps(frame)
        for tile in hidden_tiles(record, *point[:2], seat, point[2]):
            if f'"{tile}"' in text:
                found.append(f"frame {number} ({frame.get('t')}) for seat {seat} names hidden {tile}")
        for index in hidden_secrets(record, point[0], point[2]):
            if record["rounds"][index]["fair"]["secret"] in text:
                found.append(f"frame {number} ({frame.get('t')}) for seat {seat} tells round {index + 1}'s secret")
    return found


def hidden_secrets(record: dict[str, Any], round_index: int, ended: bool) -> list[int]:
    """The rounds whose secret is still hidden at this point: the round being played and every later one."""
    first = round_index + 1 if ended else round_index
    return [index for index in range(first, len(record["rounds"])) if "fair" in record["rounds"][index]]
