"""The hard bot's Chicken Foot rollouts, compiled to machine code with numba.

Each plays exactly what Chicken Foot's Python loop ``playout.play_out(..., heavy=True, first=...)``
plays: each seat lays its heaviest playable tile (a 0-0 weighing the table's blank-double value), a drawn
tile that fits is laid at once, and the end a tile matches, when both of its numbers show, is drawn by weight
from the counts as there. The random numbers come from a xorshift64* generator seeded once a deal
(``XorShift`` is the same generator in Python, so that a test can run both loops on the same numbers), and
every candidate of a deal starts from the same seed: two candidates' rollouts differ by the plays, not by the
draws of chance. (The engine itself stays on the standard library: this is the bots' fast path.)

The compiled pieces every game shares (the random numbers, and the first fill of a sampled deal for
``Knowledge.sample``) are in ``dominohall.search.compiled``. The bots import this module only when they first
need it, so the server, the site and the command line start without numba.
Compiled once, on first use (about 4 s), then read from numba's cache on disk (about 0.5 s a process:
``warm_up``, which a ``HardBot`` calls when it is made). A rollout costs about 3 microseconds, some twenty
times less than the Python loop's; with the rest of a deal (sampling it, the race's sums) a decision of the
same time values about five times the deals it did (docs/bots.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain

import numpy as np

from dominohall.engine.tiles import HIGH, LOW, MAX_TOP, PIPS
from dominohall.search.compiled import Ints, compiled, next_random

from ..rules.options import ChickenFootOptions

_HIGH = np.array(HIGH, dtype=np.int64)
_LOW = np.array(LOW, dtype=np.int64)
_PIPS = np.array(PIPS, dtype=np.int64)
_NUMBERS = MAX_TOP + 1
_MASK = (1 << 64) - 1


class HeavyRollouts:
    """Rollouts from one position (a decision's), heaviest tile first: ``penalties`` plays each candidate
    (tile, number matched) first on a deal and the round out, and gives the penalty of the seat to move.

    ``counts[n]`` is how many line ends show ``n``, ``pending`` the number of the double waiting for ``needs``
    toes (-1 for none), ``turn`` the seat to move."""

    def __init__(
        self, options: ChickenFootOptions, counts: Sequence[int], *, pending: int, needs: int, turn: int
    ) -> None:
        self.options = options
        self.counts = np.zeros(_NUMBERS + 1, dtype=np.int64)
        self.counts[: len(counts)] = counts
        self.pending, self.needs, self.turn = pending, needs, turn
        self._candidates: dict[tuple[tuple[int, int], ...], tuple[np.ndarray, np.ndarray]] = {}

    def penalties(
        self, hands: Sequence[Sequence[int]], boneyard: Sequence[int], candidates: Sequence[tuple[int, int]], seed: int
    ) -> list[int]:
        """The seat's penalty after each candidate, on this deal (``hands``, and ``boneyard`` to draw from in
        order) and the random numbers of ``seed``; nothing given is changed."""
        key = tuple(candidates)
        arrays = self._candidates.get(key)
        if arrays is None:
            arrays = self._candidates[key] = (
                np.array([tile for tile, _ in key], dtype=np.int64),
                np.array([number for _, number in key], dtype=np.int64),
            )
        out = np.zeros(len(key), dtype=np.int64)
        _candidates(
            np.fromiter(chain.from_iterable(hands), dtype=np.int64), np.array([len(hand) for hand in hands]),
            self.counts, np.array(boneyard, dtype=np.int64), self.pending, self.needs, self.turn, *arrays,
            self.options.blank_double, self.options.double_toes, np.uint64(seed & _MASK or 1), _HIGH, _LOW, _PIPS, out,
        )  # fmt: skip
        return [int(penalty) for penalty in out]


def warm_up() -> None:
    """Compile the loop (or read it from the cache) now rather than at a bot's first decision."""
    rollouts = HeavyRollouts(ChickenFootOptions.for_table(2), [0, 1], pending=-1, needs=0, turn=0)
    rollouts.penalties([[1], [2]], [], [(1, 1)], 1)


@compiled
def _candidates(  # noqa: PLR0917 - numba calls by position
    flat: Ints, sizes: Ints, counts: Ints, boneyard: Ints, pending: int, needs: int, turn: int, tiles: Ints,
    matched: Ints, blank: int, toes: int, seed: np.uint64, high: Ints, low: Ints, pips: Ints, out: Ints,
) -> None:  # fmt: skip
    """Each hand sorted heaviest first, then every candidate played out from copies on the same seed."""
    players = sizes.shape[0]
    width = flat.shape[0] + boneyard.shape[0] + 1
    start = np.zeros((players, width), dtype=np.int64)
    value = pips.copy()
    value[0] = blank
    at = 0
    for p in range(players):  # each hand heaviest first, ties in the given order (as play_out sorts)
        for k in range(sizes[p]):
            x = flat[at + k]
            place = k
            while place > 0 and value[start[p, place - 1]] < value[x]:
                start[p, place] = start[p, place - 1]
                place -= 1
            start[p, place] = x
        at += sizes[p]
    state = np.zeros(1, dtype=np.uint64)
    for c in range(tiles.shape[0]):
        state[0] = np.uint64(seed)
        out[c] = _one(start.copy(), sizes.copy(), counts.copy(), boneyard, pending, needs, turn, tiles[c], matched[c],
                      toes, high, low, value, blank, pips, state)  # fmt: skip


@compiled
def _one(  # noqa: PLR0917 - numba calls by position
    hands: Ints, sizes: Ints, counts: Ints, boneyard: Ints, pend: int, needs: int, turn: int, forced: int,
    forced_end: int, toes: int, high: Ints, low: Ints, value: Ints, blank: int, pips: Ints, state: np.ndarray,
) -> int:  # fmt: skip
    """One rollout (``play_out`` with ``heavy`` and ``first``): the penalty of the seat that moves first."""
    seat, players, bone_size, next_draw = turn, sizes.shape[0], boneyard.shape[0], 0
    showing = np.zeros(counts.shape[0], dtype=np.int64)  # tiles held showing each number (a double once)
    for p in range(players):
        for k in range(sizes[p]):
            x = hands[p, k]
            showing[high[x]] += 1
            if low[x] != high[x]:
                showing[low[x]] += 1
    drawn, end = -1, -1
    while True:
        n, t = sizes[turn], -1
        if forced >= 0:
            t, end, forced, drawn = forced, forced_end, -1, -1
        elif drawn < 0:
            for k in range(n):
                x = hands[turn, k]
                if pend >= 0:
                    if high[x] == pend or low[x] == pend:
                        t = x
                        break
                    continue
                a = counts[high[x]]
                b = counts[low[x]] if low[x] != high[x] else 0
                if a + b:
                    t = x
                    end = high[x] if next_random(state) * (a + b) < a else low[x]
                    break
            if t < 0 and next_draw < bone_size:
                drawn = boneyard[next_draw]
                next_draw += 1
                place = 0
                while place < n and value[hands[turn, place]] >= value[drawn]:
                    place += 1
                for k in range(n, place, -1):
                    hands[turn, k] = hands[turn, k - 1]
                hands[turn, place] = drawn
                n += 1
                sizes[turn] = n
                showing[high[drawn]] += 1
                if low[drawn] != high[drawn]:
                    showing[low[drawn]] += 1
        if drawn >= 0:
            a, b = high[drawn], low[drawn]
            if pend >= 0:
                if a == pend or b == pend:  # noqa: PLR1714 - compiled: no tuple to build
                    t = drawn
            else:
                weight = counts[a] + (counts[b] if a != b else 0)
                if weight:
                    t = drawn
                    end = a if next_random(state) * weight < counts[a] else b
            drawn = -1
        if t >= 0:
            if pend >= 0:
                end = pend
            new = high[t] + low[t] - end
            k = 0
            while hands[turn, k] != t:
                k += 1
            for j in range(k, n - 1):
                hands[turn, j] = hands[turn, j + 1]
            n -= 1
            sizes[turn] = n
            showing[high[t]] -= 1
            if low[t] != high[t]:
                showing[low[t]] -= 1
            if pend >= 0:
                counts[new] += 1
                needs -= 1
                if needs == 0:
                    pend = -1
            else:
                counts[end] -= 1
                if new == end:
                    pend, needs = new, toes
                else:
                    counts[new] += 1
            if n == 0:
                break
        turn = turn + 1 if turn + 1 < players else 0
        if next_draw == bone_size and _blocked(counts, showing, pend):
            break
    penalty = 0
    for k in range(sizes[seat]):
        x = hands[seat, k]
        penalty += blank if x == 0 else pips[x]
    return penalty


@compiled
def _blocked(counts: Ints, showing: Ints, pend: int) -> bool:
    """True when no tile held can be laid (the boneyard being empty): none shows the pending double's number,
    or, with none pending, a number some line end shows."""
    if pend >= 0:
        return bool(showing[pend] == 0)
    for m in range(counts.shape[0]):  # noqa: SIM110 - compiled: a plain loop
        if counts[m] and showing[m]:
            return False
    return True
