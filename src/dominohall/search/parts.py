"""What a game's folder gives the bots (``BotParts``), and the small pieces every game's parts share.

The bots (``dominohall.bots``) play any game through its descriptor's ``bots``: the medium bot's scorer, how
``Knowledge`` reads the game's history, the hard bot's ``Search`` (its candidates, how to value them on a
sampled deal, and a played move's candidate), the analysis's verdict thresholds, and what to compile before
the first decision.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any, NamedTuple

from dominohall.engine.moves import Move
from dominohall.engine.tiles import HIGH, LOW, Tile

from .knowledge import Reading


class TooBigError(Exception):
    """Raised when an exact solve would look at more positions than it was allowed: the search falls back to
    rollouts."""


FOLLOW_UP = 2.0
"""Worth of each tile we still hold that shows the number a play leaves open (we can play on it later)."""

Evaluate = Callable[[list[list[Tile]], list[Tile], list[Any], random.Random], list[float]]
"""The values of candidates (their keys) on one sampled deal (its hands and boneyard, left as they are) for the
deciding seat's side."""


def each(value: Callable[[list[list[Tile]], list[Tile], Any, random.Random], float]) -> Evaluate:
    """An evaluator from the value of one candidate on a deal, which may change the hands it is given: each
    candidate is valued on its own copy of them."""

    def values(hands: list[list[Tile]], boneyard: list[Tile], keys: list[Any], rng: random.Random) -> list[float]:
        return [value([hand.copy() for hand in hands], boneyard, key, rng) for key in keys]

    return values


class Search(NamedTuple):
    """What the hard bot needs of one game."""

    candidates: Callable[[Any], dict[Any, Move]]
    """The plays worth telling apart, by a key the evaluator understands."""
    evaluator: Callable[[Any, bool], Evaluate]
    """How to value a candidate on a sampled deal, prepared once per decision; the flag allows exact search."""
    key_of: Callable[[Any, Move], Any]
    """The candidate key of a legal play (the play a record shows, for analysis)."""


Scorer = Callable[[Any, Counter[int]], Callable[[Move], float]]
"""The medium bot's one-move score of a game's plays: given the view and how many held tiles show each number."""


class BotParts(NamedTuple):
    """What the bots need of one game: each game's folder builds one for its descriptor."""

    scorer: Scorer
    """How the medium bot scores a play."""
    reading: Reading
    """How ``Knowledge`` reads a view of the game."""
    search: Search
    """How the hard bot finds and values its candidates."""
    thresholds: Callable[[Any], tuple[float, float, float]]
    """Given the options: the expected points lost from which a play is an inaccuracy, a mistake, a blunder."""
    warm_up: Callable[[], None] = lambda: None
    """Compile the game's fast loops (or read them from the cache) before a searching bot's first decision."""


def kept(numbers: Counter[int], t: Tile, n: int) -> int:
    """How many of our other tiles show ``n`` once ``t`` is played."""
    return numbers[n] - (1 if n in (HIGH[t], LOW[t]) else 0)
