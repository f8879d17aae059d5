"""The bots' compiled loops that any game's search shares (numba): the random numbers the compiled rollouts
draw, and the sampler's fill of the unseen tiles into groups (``Knowledge``).

Each game's own compiled rollouts (in its folder) build on ``compiled`` and ``next_random``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba
import numpy as np

_F = TypeVar("_F", bound=Callable[..., Any])
compiled = cast(Callable[[_F], _F], numba.njit(cache=True, nogil=True))
"""numba's ``njit`` with its cache on disk, typed for mypy as what it wraps: the function compiled to machine
code on its first call (for the argument types of that call), or read from the cache."""

_MASK = (1 << 64) - 1


class XorShift:
    """The compiled loop's random numbers in Python: xorshift64* from a nonzero 64-bit seed, doubles in [0, 1)
    from the top 53 bits, as ``random.Random.random`` would be called by ``play_out``."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK or 1

    def random(self) -> float:
        """The next number in [0, 1)."""
        x = self.state
        x ^= x >> 12
        x ^= (x << 25) & _MASK
        x ^= x >> 27
        self.state = x
        return (((x * 0x2545F4914F6CDD1D) & _MASK) >> 11) * 2.0**-53


@compiled
def next_random(state: np.ndarray) -> float:
    """The next random number in [0, 1) of the xorshift64* state ``state[0]`` (as ``XorShift.random``)."""
    x = state[0]
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    state[0] = x
    return float((x * np.uint64(0x2545F4914F6CDD1D)) >> np.uint64(11)) * 2.0**-53


Ints = np.ndarray
"""An array of whole numbers (numba compiles the functions below for int64 arrays)."""


@compiled
def fill_groups(  # noqa: PLR0917 - numba calls by position
    order: np.ndarray,
    seats: np.ndarray,
    counts: np.ndarray,
    forbidden: np.ndarray,
    taken: np.ndarray,
    picks: np.ndarray,
) -> bool:
    """Give each part (``seats[i]`` to fill with ``counts[i]`` tiles, none of ``forbidden[i]``), in turn, the
    first tiles of ``order`` still free that it may hold; ``taken[k]`` becomes the seat the ``k``-th tile went to
    (-1: the boneyard's) and ``picks`` lists the places taken in the order they were. False when a part is left
    short. (``Knowledge._deal`` without ``careful``: the same hands, each in the same order.)"""
    taken[:] = -1
    picked = 0
    for part in range(seats.shape[0]):
        need = counts[part]
        for k in range(order.shape[0]):
            if need == 0:
                break
            if taken[k] < 0 and not forbidden[part, order[k]]:
                taken[k] = seats[part]
                picks[picked] = k
                picked += 1
                need -= 1
        if need > 0:
            return False
    return True


def warm_up() -> None:
    """Compile the sampler's loop (or read it from the cache) now rather than at a bot's first decision."""
    one = np.zeros(1, dtype=np.int64)
    never = np.zeros((1, 2), dtype=np.bool_)
    fill_groups(np.array([1], dtype=np.int64), one.copy(), np.ones(1, dtype=np.int64), never, one.copy(), one.copy())
