"""Scoring of the standard game (docs/rules-standard.md): points during play, the hand's winner and its award.

The functions work on plain values (open ends, pip counts), so the round and the fast playout share them.
An open end is ``(tile, number)``: the last tile of an arm and the number it shows; the spinner's free arms
are ends whose tile is the spinner itself.

>>> from dominohall.engine.tiles import tile
>>> five_count([(tile(5, 5), 5), (tile(5, 5), 5)], tile(5, 5), spinner_open=False)
10
>>> bergen_points([(tile(6, 6), 6), (tile(6, 2), 6)])
3
>>> [round_to_five(p) for p in (12, 13, 15)]
[10, 15, 15]
"""

from __future__ import annotations

from collections.abc import Sequence

from dominohall.engine.moves import NO_TILE
from dominohall.engine.tiles import HIGH, LOW, Tile
from dominohall.engine.turns import DOMINO

from .options import StandardOptions

End = tuple[Tile, int]
"""An open end: its last tile and the number it shows."""


def five_count(ends: Sequence[End], spinner: Tile, *, spinner_open: bool) -> int:
    """All Fives: the sum of the open ends.

    A double at an end counts both halves. The spinner counts both halves, once, while one of its sides is
    free (an end whose tile is the spinner, before ``spinner_open``); its free third and fourth arms count
    nothing.
    """
    count = 0
    spinner_free = False
    for last, number in ends:
        if last == spinner:
            spinner_free = True
        else:
            count += 2 * number if HIGH[last] == LOW[last] else number
    if spinner_free and not spinner_open:
        count += 2 * HIGH[spinner]
    return count


def bergen_points(ends: Sequence[End]) -> int:
    """Bergen: a lone double on the table scores 2; two ends showing one number 2, or 3 with a double."""
    (first, a), (second, b) = ends[0], ends[1]
    if first == second:
        return 2 if HIGH[first] == LOW[first] else 0
    if a != b:
        return 0
    return 3 if HIGH[first] == LOW[first] or HIGH[second] == LOW[second] else 2


PLAY_SCORING_MODES = frozenset({"allfives", "bergen"})
"""The modes in which a play may score points as it is made."""


def scores_plays(mode: str) -> bool:
    """True in the modes where a play may score (All Fives, Bergen)."""
    return mode in PLAY_SCORING_MODES


def play_points(mode: str, ends: Sequence[End], spinner: Tile = NO_TILE, *, spinner_open: bool = False) -> int:
    """The points the play just made scores in ``mode`` (0 in the draw and block games)."""
    if mode == "allfives":
        count = five_count(ends, spinner, spinner_open=spinner_open)
        return count if count > 0 and count % 5 == 0 else 0
    if mode == "bergen":
        return bergen_points(ends)
    return 0


def round_to_five(pips: int) -> int:
    """``pips`` rounded to the nearest multiple of 5 (a pip count never lies half-way)."""
    return (pips + 2) // 5 * 5


def hand_winner(options: StandardOptions, pips: Sequence[int], end: str, last: int) -> tuple[int | None, int | None]:
    """The winning side and the seat that leads the next hand; ``(None, None)`` when nobody wins.

    ``pips`` is each seat's pips left in hand and ``last`` the seat that moved last. A domino is won by the
    seat that went out. A blocked hand is won by the single lowest count (with partners, the team's summed
    pips), and the team's seat with fewer pips leads next (ties: the lower seat).
    """
    if end == DOMINO:
        return options.side_of(last), last
    side_pips = [sum(pips[seat] for seat in options.seats_of(side)) for side in range(options.sides())]
    lowest = min(side_pips)
    if side_pips.count(lowest) > 1:
        return None, None
    side = side_pips.index(lowest)
    return side, min(options.seats_of(side), key=lambda seat: (pips[seat], seat))


def hand_award(options: StandardOptions, pips: Sequence[int], side: int) -> int:
    """What the winning ``side`` scores at the end of the hand.

    Draw and block: the pips of the other hands (with partners, the opponents'); All Fives: the same,
    rounded to the nearest 5; Bergen: 1.
    """
    if options.mode == "bergen":
        return 1
    winners = options.seats_of(side)
    others = sum(p for seat, p in enumerate(pips) if seat not in winners)
    return round_to_five(others) if options.mode == "allfives" else others
