"""Tiles as small ints, sets, notation and pip values.

A tile ``a-b`` (``a >= b``) is the int ``a * (a + 1) // 2 + b``, so the set double-N is exactly the ids
``0 .. set_size(N) - 1`` and a hand is a bitmask over those ids.

>>> tile(9, 3), tile_name(tile(3, 9)), parse_tile("9-3") == tile(9, 3)
(48, '9-3', True)
>>> set_size(6), set_size(9), set_size(12), set_size(15)
(28, 55, 91, 136)
>>> [tile_name(t) for t in tiles_of(mask_of([tile(2, 1), tile(0, 0)]))]
['0-0', '2-1']
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Iterable

Tile = int
"""A tile id: ``high * (high + 1) // 2 + low`` with ``high >= low``."""

MAX_TOP = 15
"""The largest set the engine knows: double-fifteen."""

SET_TOPS = (6, 9, 12, 15)
"""The sets by their top double."""


def set_size(top: int) -> int:
    """Number of tiles in the set double-``top``."""
    return (top + 1) * (top + 2) // 2


def tile(a: int, b: int) -> Tile:
    """The tile with ends ``a`` and ``b``, in either order."""
    if a < b:
        a, b = b, a
    return a * (a + 1) // 2 + b


HIGH: tuple[int, ...] = tuple(a for a in range(MAX_TOP + 1) for _ in range(a + 1))
"""The larger end of each tile id."""
LOW: tuple[int, ...] = tuple(b for a in range(MAX_TOP + 1) for b in range(a + 1))
"""The smaller end of each tile id."""
PIPS: tuple[int, ...] = tuple(h + lo for h, lo in zip(HIGH, LOW, strict=True))
"""The pip value of each tile id."""
NUMBER_MASK: tuple[int, ...] = tuple(sum(1 << tile(n, k) for k in range(MAX_TOP + 1)) for n in range(MAX_TOP + 1))
"""For each number, the bitmask of every tile (of any set) that shows it."""


def ends(t: Tile) -> tuple[int, int]:
    """The two ends of a tile, larger first."""
    return HIGH[t], LOW[t]


def is_double(t: Tile) -> bool:
    """True for a double such as ``5-5``."""
    return HIGH[t] == LOW[t]


def double(n: int) -> Tile:
    """The double of number ``n``."""
    return tile(n, n)


def other_end(t: Tile, n: int) -> int:
    """The end of ``t`` that is not ``n`` (``n`` itself for a double)."""
    return LOW[t] if HIGH[t] == n else HIGH[t]


def has_number(t: Tile, n: int) -> bool:
    """True when one end of ``t`` shows ``n``."""
    return HIGH[t] == n or LOW[t] == n


def tile_name(t: Tile) -> str:
    """The notation of a tile, larger end first: ``"9-3"``."""
    return f"{HIGH[t]}-{LOW[t]}"


TILE_TEXT = re.compile(r"(0|[1-9][0-9]?)-(0|[1-9][0-9]?)", re.ASCII)
"""How a tile is written: two numbers in ASCII digits without leading zeros, joined by a dash, nothing around."""


def parse_tile(text: str, top: int = MAX_TOP, *, canonical: bool = False) -> Tile:
    """Read ``"9-3"`` (or ``"3-9"``, unless ``canonical`` asks for the larger end first).

    Raise ``ValueError`` for anything else (other digits than ASCII's, a leading zero, spaces) or for a number
    above ``top``.

    >>> parse_tile("9-3") == parse_tile("3-9")
    True
    >>> for text in ("\\u0669-\\u0661", "09-1", " 9-3", "+9-+3"):
    ...     try:
    ...         parse_tile(text.encode().decode("unicode_escape"))
    ...     except ValueError:
    ...         print("refused", repr(text))
    refused '\\u0669-\\u0661'
    refused '09-1'
    refused ' 9-3'
    refused '+9-+3'
    """
    written = TILE_TEXT.fullmatch(text)
    if written is None:
        raise ValueError(f"{text!r} is not a tile: write it as two numbers with a dash, like 9-3")
    a, b = int(written[1]), int(written[2])
    if a > top or b > top:
        raise ValueError(f"{text!r} is not in the double-{top} set")
    if canonical and (a < b or text != f"{a}-{b}"):
        raise ValueError(f"{text!r} is not written as {max(a, b)}-{min(a, b)}, the larger end first")
    return tile(a, b)


def set_tiles(top: int) -> range:
    """Every tile of the set double-``top``."""
    return range(set_size(top))


def mask_of(tiles: Iterable[Tile]) -> int:
    """The bitmask holding ``tiles``."""
    mask = 0
    for t in tiles:
        mask |= 1 << t
    return mask


def tiles_of(mask: int) -> list[Tile]:
    """The tiles of a bitmask, lowest id first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def pips_of(mask: int) -> int:
    """The pips of every tile in a bitmask."""
    return sum(PIPS[t] for t in tiles_of(mask))


def tile_label(t: Tile) -> str:
    """A tile's notation for a message, even for an id outside every set (``tile #200``)."""
    return tile_name(t) if 0 <= t < len(HIGH) else f"tile #{t}"


@functools.cache
def playable_table(top: int) -> tuple[int, ...]:
    """For every bitmask of numbers 0..top, the bitmask of the tiles showing one of those numbers.

    Built once per set (65,536 entries for double-fifteen), each entry from a smaller one.

    >>> playable_table(6)[0b1] == NUMBER_MASK[0]
    True
    """
    table = [0] * (1 << (top + 1))
    for numbers in range(1, len(table)):
        lowest = (numbers & -numbers).bit_length() - 1
        table[numbers] = table[numbers & (numbers - 1)] | NUMBER_MASK[lowest]
    return tuple(table)


def shuffle(tiles: list[Tile], rng: random.Random) -> None:
    """Shuffle ``tiles`` in place by sorting on random keys: uniform, and twice as fast as ``rng.shuffle``."""
    rand = rng.random
    tiles.sort(key=lambda _: rand())
