"""What a seat can infer from the table alone, and deals of the unseen tiles consistent with it.

Only the view is used: the seat's own hand, the tiles on the table and the public history. Replaying the
history's plays rebuilds the table move by move, so at every draw (and every pass with an empty boneyard)
we know which tiles were playable then: the seat that drew held none of them. Those tiles can only have
reached its hand through later draws, so while it has not drawn since, it holds none of them ("void").
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..engine.games import game_of
from ..engine.moves import DRAW, NO_TILE, PASS
from ..engine.standard import extend_line, lead_line
from ..engine.standard_scoring import End
from ..engine.tiles import HIGH, NUMBER_MASK, Tile, mask_of, other_end, playable_table, set_tiles, shuffle
from ..engine.views import ChickenFootView, StandardView, View
from .line import end_index


@dataclass(frozen=True)
class Knowledge:
    """The unseen tiles and, per seat, the tiles it cannot hold (from draws and passes nobody answered)."""

    seat: int
    unseen: tuple[Tile, ...]
    """Tiles in other hands or the boneyard (not in this seat's hand, not on the table)."""
    voids: tuple[int, ...]
    """Per seat, the bitmask of tiles that seat cannot hold."""
    hand_sizes: tuple[int, ...]
    boneyard_size: int

    @classmethod
    def from_view(cls, view: View) -> Knowledge:
        """Read what the view reveals (of either game)."""
        if view.seat is None:
            raise ValueError("a spectator has no hand to infer from")
        seen = {*view.hand, *(t for t, _ in view.placed)}
        reading = READINGS[game_of(view).name]
        seen.update(reading.out_of_play(view))
        voids = reading.voids(view)
        unseen = tuple(t for t in set_tiles(view.options.top) if t not in seen)
        return cls(view.seat, unseen, voids, view.hand_sizes, view.boneyard_size)

    def sample(self, rng: random.Random) -> tuple[list[list[Tile]], list[Tile]]:
        """One deal of the unseen tiles: every other seat's hand (this seat's is left empty) and a boneyard.

        No seat is ever given a tile it cannot hold. Seats with voids are filled first, each with the first
        of the shuffled tiles it may hold; when that leaves a later seat short, the deal is made again from
        the same order, now passing over a tile whenever taking it would leave some later seats unable to
        fill their hands (``_room``), which gives what the first pass gives whenever the first pass works.
        The boneyard takes the rest.
        """
        pool = list(self.unseen)
        shuffle(pool, rng)
        return self._deal(pool, careful=False) or self._deal(pool, careful=True) or _no_deal()

    def _deal(self, pool: list[Tile], *, careful: bool) -> tuple[list[list[Tile]], list[Tile]] | None:
        """Fill the other seats from ``pool`` in its order (``careful``: checking that later seats keep room),
        then the boneyard; ``None`` when a seat is left short."""
        hands: list[list[Tile]] = [[] for _ in self.hand_sizes]
        others = [s for s in range(len(self.hand_sizes)) if s != self.seat]
        others.sort(key=lambda s: -self.voids[s].bit_count())
        left = mask_of(pool)
        for index, s in enumerate(others):
            hand, size, void = hands[s], self.hand_sizes[s], self.voids[s]
            later = [(self.hand_sizes[o], ~self.voids[o]) for o in others[index + 1 :] if self.voids[o]]
            checked = careful and bool(later)
            for t in pool:
                if len(hand) == size:
                    break
                if void >> t & 1 or not left >> t & 1:
                    continue
                if checked and not _room(later, left ^ (1 << t)):
                    continue
                hand.append(t)
                left ^= 1 << t
            if len(hand) < size:
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


def _voids(view: ChickenFootView) -> tuple[int, ...]:
    """Replay the public history: per seat, the tiles playable at its latest unanswered turn."""
    voids = [0] * view.options.players
    table = playable_table(view.options.top)
    counts = [0] * (view.options.top + 1)
    open_of: dict[Tile, int] = {}  # the number each line's last tile shows
    pending, needs, drew = HIGH[view.centre], view.options.start_toes, False
    for seat, move in view.history:
        playable = NUMBER_MASK[pending] if pending >= 0 else table[_numbers(counts)]
        if move.kind == DRAW:
            voids[seat] = playable  # it held nothing playable; what it held before is now unknown again
            drew = True
        elif move.kind == PASS:
            if not drew:
                voids[seat] |= playable  # passed with an empty boneyard: holds nothing playable
            drew = False
        else:
            drew = False
            matched = pending if pending >= 0 else open_of.pop(move.on)
            new = other_end(move.tile, matched)
            if pending < 0:
                counts[matched] -= 1
            if pending < 0 and new == matched:
                pending, needs = matched, view.options.double_toes
                continue
            counts[new] += 1
            open_of[move.tile] = new
            if pending >= 0:
                needs -= 1
                pending = -1 if needs == 0 else pending
    return tuple(voids)


def _standard_voids(view: StandardView) -> tuple[int, ...]:
    """Replay the line of play: per seat, the tiles that fitted at its latest draw or pass."""
    voids = [0] * view.options.players
    table = playable_table(view.options.top)
    allfives = view.options.mode == "allfives"
    ends: list[End] = []
    spinner, spinner_open, drew = NO_TILE, False, False
    for seat, move in view.history:
        playable = table[sum({1 << n for _, n in ends})]
        if move.kind == DRAW:
            voids[seat] = playable  # it held nothing that fitted; what it held before is unknown again
            drew = True
        elif move.kind == PASS:
            if not drew:
                voids[seat] |= playable
            drew = False
        elif not ends:
            ends, spinner = lead_line(move.tile, allfives=allfives)
        else:
            drew = False
            index = end_index(ends, move)
            spinner, spinner_open = extend_line(ends, index, move.tile, spinner, spinner_open, allfives=allfives)
    return tuple(voids)


class Reading(NamedTuple):
    """What ``Knowledge`` reads of one game's view."""

    out_of_play: Callable[[Any], tuple[Tile, ...]]
    """Tiles out of play that ``placed`` does not list (Chicken Foot's centre double)."""
    voids: Callable[[Any], tuple[int, ...]]
    """Per seat, the tiles it cannot hold."""


READINGS: dict[str, Reading] = {
    "chickenfoot": Reading(lambda view: (view.centre,), _voids),
    "standard": Reading(lambda view: (), _standard_voids),
}
"""Per game (by name), how to read its views."""


def _numbers(counts: list[int]) -> int:
    """The bitmask of the numbers some line end shows."""
    return sum(1 << n for n, count in enumerate(counts) if count)
