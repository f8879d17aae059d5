"""The deal of the train games (Chicken Foot, Mexican Train): the round's double is taken out of the set and
laid in the centre, the rest is dealt hand by hand, what is left is the boneyard (docs/fairness.md for the
fair order)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from .fair import DealSeed, FairDeal, fair_order
from .tiles import Tile, double, set_tiles, shuffle


class CentreDealt(Protocol):
    """What a centre-double deal needs of a game's options."""

    @property
    def players(self) -> int:
        """Seats at the table."""
        ...

    @property
    def top(self) -> int:
        """The set's highest number."""
        ...

    @property
    def hand(self) -> int:
        """Tiles dealt to each seat."""
        ...

    def round_number(self, index: int) -> int:
        """The number of round ``index``'s double (0-based)."""
        ...


def deal_tiles(options: CentreDealt, number: int, rng: random.Random) -> tuple[list[list[Tile]], list[Tile]]:
    """Take the double of ``number`` out of the set, shuffle the rest with ``rng``: (hands, boneyard)."""
    rest = list(set_tiles(options.top))
    rest[double(number)] = rest[-1]
    rest.pop()
    shuffle(rest, rng)
    return _dealt(options, rest)


def split_deal(options: CentreDealt, number: int, order: Sequence[Tile]) -> tuple[list[list[Tile]], list[Tile]]:
    """Deal a prepared order of the whole set (a fair deal's, docs/fairness.md): the double of ``number`` taken
    out, then each seat's hand in turn, the rest the boneyard in draw order."""
    if sorted(order) != list(set_tiles(options.top)):
        raise ValueError(f"a deal's order holds every tile of double-{options.top} once")
    return _dealt(options, [t for t in order if t != double(number)])


def fair_deal(options: CentreDealt, index: int, seed: DealSeed) -> FairDeal:
    """Round ``index`` (0-based) dealt from ``seed`` (docs/fairness.md): the shuffled set less the round's
    double, dealt by ``split_deal``; in the first round the stream then draws the opener."""
    order, stream = fair_order(seed, options.top)
    hands, boneyard = split_deal(options, options.round_number(index), order)
    return FairDeal(hands, boneyard, stream.below(options.players) if index == 0 else None)


def _dealt(options: CentreDealt, rest: list[Tile]) -> tuple[list[list[Tile]], list[Tile]]:
    """``rest`` dealt a hand a seat in turn, the tiles left over the boneyard."""
    size = options.hand
    return [rest[seat * size : (seat + 1) * size] for seat in range(options.players)], rest[options.players * size :]
