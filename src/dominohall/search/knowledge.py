"""What a seat can infer from the table alone, and deals of the unseen tiles consistent with it.

Only the view is used: the seat's own hand, the tiles on the table and the public history. Replaying the
history's plays rebuilds the table move by move, so at every draw (and every pass) we know which tiles were
playable then: the seat held none of them. Such a tile can only have reached its hand later, by a draw; and
a tile it drew and kept (it passed, or drew again) did not fit then either, while a play right after a draw
is the tile just drawn (nothing else fitted). So each seat's hand is read as groups of tiles (``Holding``):
the tiles it held before the draws that it kept avoid every number it was ever seen without; each tile it
drew and kept avoids only what it was seen without from that draw on.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any, NamedTuple

import numpy as np

from dominohall.engine.moves import DRAW
from dominohall.engine.tiles import Tile, mask_of, set_tiles, shuffle
from dominohall.engine.views import SeatView

Group = tuple[int, int]
"""Some tiles of one hand: how many, and the bitmask of the tiles none of them can be."""

MAX_GROUPS = 3
"""The most groups one hand is read as; beyond it the closest groups merge (loosely, so still soundly)."""
CAREFUL_PARTS = 6
"""The most groups the careful deal checks room for (its check grows as 2 to the power of their number);
beyond it the careful deal reads each hand as one group (``Knowledge.voids``)."""


@dataclass(frozen=True)
class Knowledge:
    """The unseen tiles and, per seat, what its hand cannot hold (from draws and passes)."""

    seat: int
    unseen: tuple[Tile, ...]
    """Tiles in other hands or the boneyard (not in this seat's hand, not on the table)."""
    voids: tuple[int, ...]
    """Per seat, the bitmask of tiles that seat cannot hold at all."""
    hand_sizes: tuple[int, ...]
    boneyard_size: int
    groups: tuple[tuple[Group, ...], ...] = ()
    """Per seat, its hand as groups (count, tiles none of them can be), the most constrained first, each
    group's forbidden tiles including the next one's; the counts add up to the hand's size. Empty: one group
    per seat, its whole hand avoiding ``voids``."""

    @classmethod
    def from_view(cls, view: Any, reading: Reading) -> Knowledge:
        """Read what the view (of any game) reveals, as the game's ``reading`` says."""
        if view.seat is None:
            raise ValueError("a spectator has no hand to infer from")
        seen = {*view.hand, *(t for t, _ in view.placed)}
        seen.update(reading.out_of_play(view))
        holdings = reading.holdings(view)
        groups = tuple(holding.groups(size) for holding, size in zip(holdings, view.hand_sizes, strict=True))
        voids = tuple(group[-1][1] if group else 0 for group in groups)
        unseen = tuple(t for t in set_tiles(view.options.top) if t not in seen)
        return cls(view.seat, unseen, voids, view.hand_sizes, view.boneyard_size, groups)

    def sample(self, rng: random.Random) -> tuple[list[list[Tile]], list[Tile]]:
        """One deal of the unseen tiles: every other seat's hand (this seat's is left empty) and a boneyard.

        No seat is ever given a tile it cannot hold. Each group of tiles (``groups``) is filled as if it
        were a seat of its own, the most constrained first, each with the first of the shuffled tiles it may
        hold; when that leaves a later group short, the deal is made again from the same order, now passing
        over a tile whenever taking it would leave some later groups unable to fill up (``_room``), which
        gives what the first pass gives whenever the first pass works. With more than ``CAREFUL_PARTS``
        groups that second pass reads each hand as one group avoiding its ``voids`` (rare: about one sample
        in a thousand on random positions of 2 to 8 players, none of 26,000 at twelve, where the hands are
        small and the boneyard large; its check of room then grows with up to ten groups, some 10 ms a
        deal at worst). The boneyard takes the rest.
        """
        pool = list(self.unseen)
        shuffle(pool, rng)
        deal = self._first_deal(pool)
        if deal is None:
            parts = self._parts if len(self._parts) <= CAREFUL_PARTS else self._loose_parts
            deal = self._deal(pool, parts, careful=True)
        return deal or _no_deal()

    def _first_deal(self, pool: list[Tile]) -> tuple[list[list[Tile]], list[Tile]] | None:
        """``_deal(pool, _parts, careful=False)``, compiled: each group filled in turn with the first tiles of
        ``pool`` it may hold, then the boneyard with the rest in order; ``None`` when a group is left short."""
        seats, counts, forbidden = self._part_arrays
        players = len(self.hand_sizes)
        order = np.array(pool, dtype=np.int64)
        taken = np.zeros(len(pool), dtype=np.int64)  # per place in the pool: the seat it went to, or -1
        picks = np.zeros(len(pool), dtype=np.int64)  # the places taken, in the order they were
        from .compiled import fill_groups  # noqa: PLC0415 - numba (0.4 s) with the first sampled deal

        if not fill_groups(order, seats, counts, forbidden, taken, picks):
            return None
        hands: list[list[Tile]] = [[] for _ in range(players)]
        seat_of = taken.tolist()
        for place in picks[: int(counts.sum())].tolist():
            hands[seat_of[place]].append(pool[place])
        return hands, [t for t, seat in zip(pool, seat_of, strict=True) if seat < 0]

    @cached_property
    def _part_arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``_parts`` as arrays for ``fill_groups``: the seats, the counts and, per part, the tiles it may not hold."""
        parts = self._parts
        size = max(self.unseen, default=0) + 1
        forbidden = np.zeros((len(parts), size), dtype=np.bool_)
        for index, (_, _, mask) in enumerate(parts):
            for t in range(size):
                forbidden[index, t] = bool(mask >> t & 1)
        seats = np.array([seat for seat, _, _ in parts], dtype=np.int64)
        counts = np.array([count for _, count, _ in parts], dtype=np.int64)
        return seats, counts, forbidden

    @cached_property
    def _parts(self) -> list[tuple[int, int, int]]:
        """The groups of the other seats to fill, as (seat, count, forbidden), the most constrained first."""
        return self._fill_order(self.groups or self._one_group_each())

    @cached_property
    def _loose_parts(self) -> list[tuple[int, int, int]]:
        """One group a seat, its whole hand avoiding only ``voids`` (looser than ``_parts``, so still sound)."""
        return self._fill_order(self._one_group_each())

    def _one_group_each(self) -> tuple[tuple[Group, ...], ...]:
        """Per seat, its whole hand as one group avoiding its ``voids``."""
        return tuple(((size, void),) for size, void in zip(self.hand_sizes, self.voids, strict=True))

    def _fill_order(self, groups: tuple[tuple[Group, ...], ...]) -> list[tuple[int, int, int]]:
        """The other seats' ``groups`` as (seat, count, forbidden), the most constrained first."""
        parts = [
            (seat, count, forbidden)
            for seat, seat_groups in enumerate(groups)
            if seat != self.seat
            for count, forbidden in seat_groups
        ]
        parts.sort(key=lambda part: -part[2].bit_count())
        return parts

    def _deal(
        self, pool: list[Tile], parts: list[tuple[int, int, int]], *, careful: bool
    ) -> tuple[list[list[Tile]], list[Tile]] | None:
        """Fill the groups ``parts`` from ``pool`` in its order (``careful``: checking that later groups keep
        room), then the boneyard; ``None`` when a group is left short."""
        hands: list[list[Tile]] = [[] for _ in self.hand_sizes]
        left = mask_of(pool)
        for index, (seat, count, forbidden) in enumerate(parts):
            hand, wanted = hands[seat], len(hands[seat]) + count
            later = [(size, ~void) for _, size, void in parts[index + 1 :] if void]
            checked = careful and bool(later)
            for t in pool:
                if len(hand) == wanted:
                    break
                if forbidden >> t & 1 or not left >> t & 1:
                    continue
                if checked and not _room(later, left ^ (1 << t)):
                    continue
                hand.append(t)
                left ^= 1 << t
            if len(hand) < wanted:
                return None
        return hands, [t for t in pool if left >> t & 1]


def _no_deal() -> tuple[list[list[Tile]], list[Tile]]:
    """Raise: the voids admit no deal (they are inferred soundly, so the table itself would be wrong)."""
    raise ValueError("no deal of the unseen tiles fits what the table revealed")


def _room(seats: list[tuple[int, int]], left: int) -> bool:
    """True when every group of ``seats`` (each its hand size and the tiles it may hold) can be filled from
    the tiles ``left``: Hall's condition, enough for a whole deal since the boneyard takes any tile."""
    for group in range(1, 1 << len(seats)):
        need, may = 0, 0
        for index, (size, allowed) in enumerate(seats):
            if group >> index & 1:
                need += size
                may |= allowed
        if (may & left).bit_count() < need:
            return False
    return True


class Holding:
    """What one seat's hand is known not to hold, followed move by move through the public history.

    ``held`` is forbidden to the tiles it held before the kept draws: every tile it was ever seen without
    (the tiles playable whenever it drew or passed). ``kept`` holds, per tile it drew and kept (it passed or
    drew again after the draw), oldest first, what that tile cannot be: what the seat was seen without from
    that draw on. A play right after a draw is the tile drawn; any other play came from the most constrained
    group that could have held it, which keeps the reading sound (the true hand always fits it).
    """

    def __init__(self, size: int) -> None:
        self.size = size
        """The hand's size at this point of the replay."""
        self.held = 0
        self.kept: list[int] = []
        self.drawing = False
        """It has just drawn a tile that it has neither played nor kept yet."""

    def without(self, playable: int) -> None:
        """The seat was seen holding none of ``playable`` (it drew, or passed)."""
        self._keep_drawn()
        self.held |= playable
        self.kept = [forbidden | playable for forbidden in self.kept]

    def draw(self, playable: int) -> None:
        """The seat drew, holding none of ``playable``."""
        self.without(playable)
        self.drawing = True
        self.size += 1

    def play(self, t: Tile) -> None:
        """The seat laid ``t``."""
        self.size -= 1
        if self.drawing:
            self.drawing = False
            return
        if not self.held >> t & 1 and self.size + 1 > len(self.kept):
            return
        for index, forbidden in enumerate(self.kept):
            if not forbidden >> t & 1:
                del self.kept[index]
                return

    def _keep_drawn(self) -> None:
        """The tile just drawn did not fit (the seat passes or draws again): it stays, as a kept tile."""
        if self.drawing:
            self.drawing = False
            self.kept.append(0)

    def groups(self, size: int) -> tuple[Group, ...]:
        """The hand of ``size`` tiles as groups, the most constrained first (``Knowledge.groups``)."""
        kept = self.kept + [0] * self.drawing  # a draw still unanswered: that tile may be anything
        kept = kept[max(0, len(kept) - size) :]
        groups = [(size - len(kept), self.held), *((1, forbidden) for forbidden in kept)]
        return _merged(groups)


def _merged(groups: list[Group]) -> tuple[Group, ...]:
    """Nested groups without empty ones, those that forbid the same tiles as one, and at most
    ``MAX_GROUPS``: beyond that, the group whose merging into the next (looser) one lets in the fewest new
    (tile, slot) pairs is merged into it."""
    merged: list[list[int]] = []
    for count, forbidden in groups:
        if merged and merged[-1][1] == forbidden:
            merged[-1][0] += count
        elif count:
            merged.append([count, forbidden])
    while len(merged) > MAX_GROUPS:
        index = min(range(len(merged) - 1), key=lambda i: merged[i][0] * (merged[i][1] ^ merged[i + 1][1]).bit_count())
        merged[index + 1][0] += merged.pop(index)[0]
    return tuple((count, forbidden) for count, forbidden in merged)


def starting_holdings(view: SeatView) -> list[Holding]:
    """Per seat, a holding of the hand's size as dealt (now, plus the tiles played, less the tiles drawn)."""
    sizes = list(view.hand_sizes)
    for seat, move in view.history:
        sizes[seat] += move.is_play() - (move.kind == DRAW)
    return [Holding(size) for size in sizes]


class Reading(NamedTuple):
    """What ``Knowledge`` reads of one game's view."""

    out_of_play: Callable[[Any], tuple[Tile, ...]]
    """Tiles out of play that ``placed`` does not list (Chicken Foot's centre double)."""
    holdings: Callable[[Any], list[Holding]]
    """Per seat, what its hand cannot hold."""
