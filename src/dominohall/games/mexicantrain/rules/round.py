"""A round of Mexican Train (docs/rules-mexicantrain.md): the deal, legal moves, applying a move, the end and penalties.

A round is a mutable state, changed in place by ``apply``; ``copy`` gives an independent one for search.
Hands are bitmasks of tile ids. The trains are kept by index (each seat's own at its seat number, the
Mexican train after them): each train's last tile and open number, and for every number the bitmask of the
trains that show it, so move generation costs O(hand size). The marks are a bitmask of seats.

>>> import random
>>> options = MexicanTrainOptions.for_table(players=4)
>>> rnd = deal_round(options, number=12, first=0, rng=random.Random(1))
>>> len(rnd.boneyard), rnd.uncovered, rnd.marked
(30, -1, 0)
>>> all(m.on == rnd.centre for m in rnd.legal_moves() if m.is_play())
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, NamedTuple

from dominohall.engine.centre_deals import deal_tiles
from dominohall.engine.errors import IllegalMoveError, register_rules
from dominohall.engine.moves import DRAW_MOVE, NO_TILE, NO_TRAIN, PASS_MOVE, PLAY, SHARED_TRAIN, Move
from dominohall.engine.tiles import (
    HIGH,
    LOW,
    NUMBER_MASK,
    Tile,
    double,
    other_end,
    pips_of,
    playable_table,
    tile_label,
    tile_name,
    tiles_of,
)
from dominohall.engine.turns import TurnTaking

from .options import MexicanTrainOptions

MEXICAN_TRAIN_RULES = {
    "no-such-train": "a play names a train of the table: a seat's own (by its number) or the Mexican train",
    "train-closed": "a seat plays on another seat's train only while that train is marked",
    "uncovered-double": "while a double is uncovered, the only legal play is a tile on that double",
}
"""Mexican Train's own rule codes (the shared ones, such as ``no-match`` or ``must-play``, keep their meaning)."""
register_rules(MEXICAN_TRAIN_RULES)


def deal_round(options: MexicanTrainOptions, number: int, first: int, rng: random.Random) -> MexicanTrainRound:
    """Deal a round with the double of ``number`` as its engine, shuffled by ``rng``, opened by the seat ``first``."""
    hands, boneyard = deal_tiles(options, number, rng)
    return MexicanTrainRound(options, number, first, hands, boneyard)


class TrainState(NamedTuple):
    """One train as views and bots read it."""

    train: int
    """Its owner's seat, or ``SHARED_TRAIN`` for the Mexican train."""
    last: Tile
    """Its last tile, or ``NO_TILE`` while it has not started."""
    number: int
    """The number its open end shows (the engine's while it has not started)."""
    marked: bool
    """True while its owner's mark is on it (the Mexican train is never marked)."""


class MexicanTrainRound(TurnTaking):
    """One round: the engine, hands, boneyard, trains and marks, the uncovered double and whose turn it is."""

    HAS_TRAINS = True

    __slots__ = (
        "centre",
        "lasts",
        "marked",
        "number",
        "open_at",
        "options",
        "trains_at",
        "uncovered",
        "uncovered_by",
        "uncovered_train",
    )

    def __init__(
        self,
        options: MexicanTrainOptions,
        number: int,
        first: int,
        hands: Sequence[Sequence[Tile]],
        boneyard: Sequence[Tile],
    ) -> None:
        self.options = options
        self.number = number
        """The number of the round's engine."""
        self.centre = double(number)
        """The engine: the round's double, laid in the centre before the deal."""
        self._deal(first, hands, boneyard)
        trains = options.players + 1
        self.lasts: list[Tile] = [NO_TILE] * trains
        """For each train index (the seats', then the Mexican train), its last tile or ``NO_TILE``."""
        self.open_at: list[int] = [number] * trains
        """For each train index, the number its open end shows."""
        self.trains_at: list[int] = [0] * (options.top + 1)
        """For each number, the bitmask of the train indexes whose open end shows it."""
        self.trains_at[number] = (1 << trains) - 1
        self.marked = 0
        """Bitmask of the seats whose train is marked."""
        self.uncovered = NO_TILE
        """The double waiting to be covered, or ``NO_TILE``."""
        self.uncovered_train = NO_TRAIN
        """The train the uncovered double lies on (a seat, or ``SHARED_TRAIN``), or ``NO_TRAIN``."""
        self.uncovered_by = -1
        """The seat that laid the uncovered double (it owes the cover first), or -1."""

    @classmethod
    def from_deal(cls, options: MexicanTrainOptions, deal: dict[str, Any]) -> MexicanTrainRound:
        """A round dealt as ``deal_fields`` wrote it."""
        return cls(options, deal["number"], deal["first"], deal["hands"], deal["boneyard"])

    def deal_fields(self) -> dict[str, Any]:
        """The deal as plain values (tiles as numbers): the opener, the hands, the boneyard, the engine's number."""
        return {"first": self.first, "hands": [list(hand) for hand in self.dealt], "boneyard": list(self.boneyard),
                "number": self.number}  # fmt: skip

    # -- trains ----------------------------------------------------------------------------------------

    def train_ids(self) -> list[int]:
        """Every train of the table: each seat's (its number), then the Mexican train (``SHARED_TRAIN``)."""
        return [*range(self.options.players), SHARED_TRAIN]

    def train_id(self, index: int) -> int:
        """The train (seat or ``SHARED_TRAIN``) kept at ``index``."""
        return SHARED_TRAIN if index == self.options.players else index

    def train_index(self, train: int) -> int:
        """Where ``train`` (a seat, or ``SHARED_TRAIN``) is kept; ``IllegalMoveError`` for no train of the table."""
        if train == SHARED_TRAIN:
            return self.options.players
        if 0 <= train < self.options.players:
            return train
        if train == NO_TRAIN:
            raise IllegalMoveError("no-such-train", "the play names no train: name a seat's train or the Mexican train")
        raise IllegalMoveError("no-such-train", f"there is no seat {train}, so no train {train}, at this table")

    def train_end(self, train: int) -> Tile:
        """The tile a play on ``train`` is laid against: its last tile, or the engine while it has not started."""
        last = self.lasts[self.train_index(train)]
        return self.centre if last == NO_TILE else last

    def is_marked(self, train: int) -> bool:
        """True while ``train``'s owner has a mark on it."""
        return train != SHARED_TRAIN and bool(self.marked >> train & 1)

    def trains(self) -> list[TrainState]:
        """Every train: its id, last tile (or ``NO_TILE``), open number and mark."""
        return [
            TrainState(self.train_id(k), last, self.open_at[k], bool(self.marked >> k & 1))
            for k, last in enumerate(self.lasts)
        ]

    def train_tiles(self, train: int) -> list[Tile]:
        """The tiles of ``train`` from the engine out, in the order they were laid."""
        return [move.tile for _, move in self.history if move.kind == PLAY and move.train == train]

    def open_ends(self) -> list[tuple[Tile, int]]:
        """Every train's open end as (the tile a play there names as ``on``, the number it shows)."""
        return [(self.centre if last == NO_TILE else last, n) for last, n in zip(self.lasts, self.open_at, strict=True)]

    def _open_trains(self, seat: int) -> int:
        """The bitmask of train indexes ``seat`` may play on while no double is uncovered."""
        return 1 << seat | 1 << self.options.players | self.marked

    # -- questions -----------------------------------------------------------------------------------

    def playable(self) -> int:
        """The tiles that some train would take now from whoever may play there: every train counted as marked
        (while a double is uncovered, the tiles that cover it). With an empty boneyard, a round whose hands
        hold none of them is blocked."""
        if self.uncovered != NO_TILE:
            return NUMBER_MASK[HIGH[self.uncovered]]
        numbers = 0
        for n in self.open_at:
            numbers |= 1 << n
        return playable_table(self.options.top)[numbers]

    def playable_for(self, seat: int) -> int:
        """The tiles ``seat`` could play now if it held them: on its own train, the Mexican train or a marked
        train (while a double is uncovered, the tiles that cover it)."""
        if self.uncovered != NO_TILE:
            return NUMBER_MASK[HIGH[self.uncovered]]
        numbers, open_at, open_trains, k = 0, self.open_at, self._open_trains(seat), 0
        while open_trains:
            if open_trains & 1:
                numbers |= 1 << open_at[k]
            open_trains >>= 1
            k += 1
        return playable_table(self.options.top)[numbers]

    def can_play(self, seat: int) -> bool:
        """True when ``seat`` holds a tile it may play now (other seats' unmarked trains do not count)."""
        return bool(self.hands[seat] & self.playable_for(seat))

    # -- moves ---------------------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """The legal moves of the seat to move: its plays with their trains, else the draw, else the pass."""
        if self.end is not None:
            return []
        seat = self.turn
        mask = self.hands[seat] & self.playable_for(seat)
        if self.drawn != NO_TILE:
            return self._plays(seat, mask & (1 << self.drawn)) or [PASS_MOVE]
        plays = self._plays(seat, mask)
        if plays:
            return plays
        return [DRAW_MOVE] if self._may_draw() else [PASS_MOVE]

    def _plays(self, seat: int, mask: int) -> list[Move]:
        """Every (tile, train) play of the tiles in ``mask``, each already known to fit somewhere open."""
        if self.uncovered != NO_TILE:
            cover, train = self.uncovered, self.uncovered_train
            return [Move(PLAY, t, cover, train) for t in tiles_of(mask)]
        plays = []
        open_trains, trains_at, lasts, centre = self._open_trains(seat), self.trains_at, self.lasts, self.centre
        while mask:
            low = mask & -mask
            mask ^= low
            t = low.bit_length() - 1
            trains = (trains_at[HIGH[t]] | trains_at[LOW[t]]) & open_trains
            while trains:
                bit = trains & -trains
                trains ^= bit
                k = bit.bit_length() - 1
                last = lasts[k]
                plays.append(Move(PLAY, t, centre if last == NO_TILE else last, self.train_id(k)))
        return plays

    def _play(self, move: Move) -> None:
        seat, t = self.turn, move.tile
        if not 0 <= t < len(HIGH) or not self.hands[seat] >> t & 1:
            raise IllegalMoveError("not-in-hand", f"{tile_label(t)} is not in your hand")
        if self.drawn not in (NO_TILE, t):
            raise IllegalMoveError(
                "must-play-drawn", f"after drawing, only the drawn {tile_name(self.drawn)} may be played"
            )
        k = self.train_index(move.train)
        self._check_target(seat, t, move.on, k)
        self._record(Move(PLAY, t, move.on, move.train))
        self.hands[seat] ^= 1 << t
        self._lay(seat, t, k)
        if self.uncovered == t and self.hands[seat]:
            self.drawn = NO_TILE  # the same seat moves again to cover its double, and may draw again for it
        else:
            self._end_turn()

    def _check_target(self, seat: int, t: Tile, on: Tile, k: int) -> None:
        """Raise unless ``seat`` may lay ``t`` against ``on`` on the train at index ``k``."""
        train = self.train_id(k)
        if self.uncovered != NO_TILE:
            if train != self.uncovered_train or on != self.uncovered:
                raise IllegalMoveError(
                    "uncovered-double",
                    f"{tile_name(self.uncovered)} on {self.train_label(self.uncovered_train)} is not covered yet: "
                    f"the only legal play is a {HIGH[self.uncovered]} on it",
                )
        elif not self._open_trains(seat) >> k & 1:
            raise IllegalMoveError(
                "train-closed", f"seat {train}'s train is not marked: only seat {train} may play on it"
            )
        end = self.train_end(train)
        if on != end:
            where = "the engine " if self.lasts[k] == NO_TILE else ""
            label = self.train_label(train)
            raise IllegalMoveError(
                "no-such-end", f"{tile_label(on)} is not the open end of {label}: its end is {where}{tile_name(end)}"
            )
        n = self.open_at[k]
        if HIGH[t] != n and LOW[t] != n:
            raise IllegalMoveError(
                "no-match", f"{tile_name(t)} has no {n} to lay on {tile_name(on)} of {self.train_label(train)}"
            )

    def train_label(self, train: int) -> str:
        """How a message to the seat to move names ``train``."""
        if train == SHARED_TRAIN:
            return "the Mexican train"
        return "your own train" if train == self.turn else f"seat {train}'s train"

    def _lay(self, seat: int, t: Tile, k: int) -> None:
        """Lay ``t`` on the train at index ``k``: its new end, the owner's mark lifted, a double uncovered or
        covered."""
        n = self.open_at[k]
        new = other_end(t, n)
        self.trains_at[n] &= ~(1 << k)
        self.trains_at[new] |= 1 << k
        self.open_at[k] = new
        self.lasts[k] = t
        if k == seat:
            self.marked &= ~(1 << seat)
        if self.uncovered != NO_TILE:
            self.uncovered, self.uncovered_train, self.uncovered_by = NO_TILE, NO_TRAIN, -1
        elif HIGH[t] == LOW[t]:
            self.uncovered, self.uncovered_train, self.uncovered_by = t, self.train_id(k), seat

    def _some_play(self, seat: int) -> str:
        """One play ``seat`` could make now, in words (for a message)."""
        move = self._plays(seat, self.hands[seat] & self.playable_for(seat))[0]
        return f"{tile_name(move.tile)} on {self.train_label(move.train)}"

    def _draw(self, move: Move) -> None:
        if self.drawn != NO_TILE:
            raise IllegalMoveError(
                "one-draw", f"you have already drawn {tile_name(self.drawn)} this turn: play it if it fits, else pass"
            )
        if self.can_play(self.turn):
            raise IllegalMoveError("must-play", f"you can play {self._some_play(self.turn)}, so you may not draw")
        self.drawn = self._draw_next(move)

    def _pass(self) -> None:
        seat = self.turn
        if self.drawn != NO_TILE:
            if self.playable_for(seat) >> self.drawn & 1:
                raise IllegalMoveError(
                    "must-play-drawn", f"the {tile_name(self.drawn)} you drew can be played: play it"
                )
        elif self.can_play(seat):
            raise IllegalMoveError("must-play", f"you can play {self._some_play(seat)}, so you may not pass")
        elif self._may_draw():
            raise IllegalMoveError("must-draw", "draw a tile from the boneyard before passing")
        self._record(PASS_MOVE)
        self.marked |= 1 << seat
        self._end_turn()

    def _may_draw(self) -> bool:
        return self.drawn_count < len(self.boneyard)

    # -- results -------------------------------------------------------------------------------------

    def penalties(self) -> list[int]:
        """Each seat's penalty: the pips left in hand, 0-0 counting the table's blank-double value."""
        blank = self.options.blank_double
        return [pips_of(hand) + (blank if hand & 1 else 0) for hand in self.hands]

    def scores(self) -> list[int]:
        """The round's result per seat, as every game's match sums it: here the penalties."""
        return self.penalties()

    def seat_score(self, seat: int) -> int:
        """The seat's penalty."""
        return self.penalties()[seat]

    def copy(self) -> MexicanTrainRound:
        """An independent copy (the history lists are copied too)."""
        twin = MexicanTrainRound.__new__(MexicanTrainRound)
        for name in MexicanTrainRound.__slots__:
            setattr(twin, name, getattr(self, name))
        twin.lasts = self.lasts.copy()
        twin.open_at = self.open_at.copy()
        twin.trains_at = self.trains_at.copy()
        self._copy_round_into(twin)
        return twin
