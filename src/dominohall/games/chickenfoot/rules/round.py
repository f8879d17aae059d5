"""A round of Chicken Foot (docs/rules-chickenfoot.md): the deal, legal moves, applying a move, the end and penalties.

A round is a mutable state, changed in place by ``apply`` (like python-chess's ``Board.push``); ``copy``
gives an independent one for search. Hands are bitmasks of tile ids and every open line end is indexed by
its number, so move generation costs O(hand size).

>>> import random
>>> options = ChickenFootOptions.for_table(players=4)
>>> rnd = deal_round(options, number=9, first=0, rng=random.Random(1))
>>> rnd.pending_needs, len(rnd.boneyard)
(6, 10)
>>> all(m.on == rnd.centre for m in rnd.legal_moves() if m.is_play())
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from dominohall.engine.centre_deals import deal_tiles
from dominohall.engine.errors import IllegalMoveError
from dominohall.engine.moves import DRAW_MOVE, NO_TILE, PASS_MOVE, PLAY, Move
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
)
from dominohall.engine.turns import TurnTaking

from .options import ChickenFootOptions


def deal_round(options: ChickenFootOptions, number: int, first: int, rng: random.Random) -> ChickenFootRound:
    """Deal a round of ``number``'s double with ``rng``, opened by the seat ``first``."""
    hands, boneyard = deal_tiles(options, number, rng)
    return ChickenFootRound(options, number, first, hands, boneyard)


class ChickenFootRound(TurnTaking):
    """One round: the centre double, hands, boneyard, lines, the pending double and whose turn it is."""

    __slots__ = (
        "centre",
        "lines_at",
        "number",
        "open_numbers",
        "options",
        "pending",
        "pending_needs",
    )

    def __init__(
        self,
        options: ChickenFootOptions,
        number: int,
        first: int,
        hands: Sequence[Sequence[Tile]],
        boneyard: Sequence[Tile],
    ) -> None:
        self.options = options
        self.number = number
        """The number of the round's double."""
        self.centre = double(number)
        """The round's double, laid in the centre before the deal."""
        self._deal(first, hands, boneyard)
        self.lines_at: list[list[Tile]] = [[] for _ in range(options.top + 1)]
        """For each number, the last tile of every line whose open end shows it."""
        self.open_numbers = 0
        """Bitmask of the numbers that some line's open end shows."""
        self.pending = self.centre
        """The double that is waiting for toes (the centre double until it has its start toes), or -1."""
        self.pending_needs = options.start_toes
        """How many more toes the pending double needs."""

    @classmethod
    def from_deal(cls, options: ChickenFootOptions, deal: dict[str, Any]) -> ChickenFootRound:
        """A round dealt as ``deal_fields`` wrote it."""
        return cls(options, deal["number"], deal["first"], deal["hands"], deal["boneyard"])

    def deal_fields(self) -> dict[str, Any]:
        """The deal as plain values (tiles as numbers): the opener, the hands, the boneyard, the double."""
        return {"first": self.first, "hands": [list(hand) for hand in self.dealt], "boneyard": list(self.boneyard),
                "number": self.number}  # fmt: skip

    # -- questions -----------------------------------------------------------------------------------

    def is_first_foot(self) -> bool:
        """True while the centre double still lacks some of its start toes."""
        return self.pending == self.centre

    def playable(self) -> int:
        """The bitmask of every tile that could be played now by whoever holds it."""
        if self.pending != NO_TILE:
            return NUMBER_MASK[self.number_of(self.pending)]
        return playable_table(self.options.top)[self.open_numbers]

    @staticmethod
    def number_of(d: Tile) -> int:
        """The number of a double."""
        return HIGH[d]

    def open_ends(self) -> list[tuple[Tile, int]]:
        """Every open line end as (its last tile, the number it shows)."""
        return [(last, n) for n, lasts in enumerate(self.lines_at) for last in lasts]

    # -- moves ---------------------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """The legal moves of the seat to move: its plays with their targets, else the draw, else the pass."""
        if self.end is not None:
            return []
        if self.drawn != NO_TILE:
            return self._plays(self.hands[self.turn] & self.playable() & (1 << self.drawn)) or [PASS_MOVE]
        plays = self._plays(self.hands[self.turn] & self.playable())
        if plays:
            return plays
        return [DRAW_MOVE] if self.drawn_count < len(self.boneyard) else [PASS_MOVE]

    def _plays(self, mask: int) -> list[Move]:
        plays = []
        pending, lines_at = self.pending, self.lines_at
        while mask:
            low = mask & -mask
            mask ^= low
            t = low.bit_length() - 1
            if pending != NO_TILE:
                plays.append(Move(PLAY, t, pending))
                continue
            a, b = HIGH[t], LOW[t]
            plays.extend(Move(PLAY, t, last) for last in lines_at[a])
            if b != a:
                plays.extend(Move(PLAY, t, last) for last in lines_at[b])
        return plays

    def _play(self, move: Move) -> None:
        t, on = move.tile, move.on
        if not 0 <= t < len(HIGH) or not self.hands[self.turn] >> t & 1:
            raise IllegalMoveError("not-in-hand", f"{tile_label(t)} is not in your hand")
        if self.drawn not in (NO_TILE, t):
            raise IllegalMoveError(
                "must-play-drawn", f"after drawing, only the drawn {tile_name(self.drawn)} may be played"
            )
        matched = self._matched_number(t, on)
        self._record(Move(PLAY, t, on))
        self.hands[self.turn] ^= 1 << t
        if self.pending != NO_TILE:
            self._add_toe(t, matched)
        else:
            self._extend_line(t, on, matched)
        self._end_turn()

    def _matched_number(self, t: Tile, on: Tile) -> int:
        """The number ``t`` is laid against on ``on``; raise unless that play is legal."""
        if self.pending != NO_TILE:
            needed = HIGH[self.pending]
            if on != self.pending:
                rule = "first-foot" if self.is_first_foot() else "pending-double"
                raise IllegalMoveError(
                    rule,
                    f"{tile_name(self.pending)} still needs {self.pending_needs} more "
                    f"toe{'s' if self.pending_needs > 1 else ''}: play a {needed} on it",
                )
            if HIGH[t] != needed and LOW[t] != needed:
                raise IllegalMoveError("no-match", f"{tile_name(t)} has no {needed} to lay on {tile_name(on)}")
            return needed
        for n in (HIGH[t], LOW[t]):
            if on in self.lines_at[n]:
                return n
        if any(on in lasts for lasts in self.lines_at):
            open_number = next(n for n, lasts in enumerate(self.lines_at) if on in lasts)
            raise IllegalMoveError(
                "no-match", f"{tile_name(t)} has no {open_number} to lay on the open end of {tile_name(on)}"
            )
        if on == NO_TILE:
            raise IllegalMoveError("no-such-end", f"the play of {tile_name(t)} names no open end to lay it on")
        raise IllegalMoveError("no-such-end", f"{tile_label(on)} is not the open end of a line")

    def _add_toe(self, t: Tile, needed: int) -> None:
        self._open(other_end(t, needed), t)
        self.pending_needs -= 1
        if self.pending_needs == 0:
            self.pending = NO_TILE

    def _extend_line(self, t: Tile, on: Tile, matched: int) -> None:
        self._close(matched, on)
        if HIGH[t] == LOW[t]:
            self.pending = t
            self.pending_needs = self.options.double_toes
        else:
            self._open(other_end(t, matched), t)

    def _open(self, n: int, last: Tile) -> None:
        self.lines_at[n].append(last)
        self.open_numbers |= 1 << n

    def _close(self, n: int, last: Tile) -> None:
        lasts = self.lines_at[n]
        lasts.remove(last)
        if not lasts:
            self.open_numbers &= ~(1 << n)

    def _draw(self, move: Move) -> None:
        if self.drawn != NO_TILE:
            raise IllegalMoveError("one-draw", "you have already drawn this turn")
        self.drawn = self._draw_next(move)

    def _pass(self) -> None:
        if self.drawn != NO_TILE:
            if self.playable() >> self.drawn & 1:
                raise IllegalMoveError(
                    "must-play-drawn", f"the {tile_name(self.drawn)} you drew can be played: play it"
                )
        elif self.can_play(self.turn):
            raise IllegalMoveError("must-play", "you hold a tile you can play, so you may not pass")
        elif self._may_draw():
            raise IllegalMoveError("must-draw", "draw a tile from the boneyard before passing")
        self._record(PASS_MOVE)
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

    def copy(self) -> ChickenFootRound:
        """An independent copy (the history lists are copied too)."""
        twin = ChickenFootRound.__new__(ChickenFootRound)
        for name in ChickenFootRound.__slots__:
            setattr(twin, name, getattr(self, name))
        twin.lines_at = [lasts.copy() for lasts in self.lines_at]
        self._copy_round_into(twin)
        return twin
