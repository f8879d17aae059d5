"""What every game's round shares: the deal, the checks of the turn and of the kind of move, and the history."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from .errors import IllegalMoveError
from .moves import DRAW, DRAW_MOVE, NO_TILE, NO_TRAIN, PASS, PLAY, Move
from .tiles import Tile, mask_of, tile_name, tiles_of

DOMINO = "domino"
"""The round ended because a seat played its last tile."""
BLOCKED = "blocked"
"""The round ended because nobody could play and nobody could draw."""


class TurnTaking(ABC):
    """What a round of any game shares: ``apply`` refuses a move after the end or out of turn, then lets the
    game's own ``_play``, ``_draw`` or ``_pass`` check and make it; the end of a turn; drawing the next tile;
    the questions every view asks; and the history every view is built from. A game's round implements the
    abstract methods (mypy refuses a round that misses one)."""

    __slots__ = (
        "boneyard",
        "dealt",
        "drawn",
        "drawn_count",
        "draws_by_seat",
        "end",
        "first",
        "hands",
        "history",
        "placed",
        "public_history",
        "turn",
    )

    first: int
    turn: int
    dealt: tuple[tuple[Tile, ...], ...]
    hands: list[int]
    boneyard: tuple[Tile, ...]
    drawn_count: int
    drawn: Tile
    end: str | None

    NOUN = "round"
    """What the game calls a round in messages ("round", or "hand" in the standard game)."""
    HAS_TRAINS = False
    """True in a game whose plays name a train (``Move.train``); any other game refuses a play that names one."""

    def apply(self, move: Move, seat: int | None = None) -> None:
        """Make ``move`` for the seat to move (``seat``, when given, must be that seat).

        Raises ``IllegalMoveError`` naming the broken rule, and then leaves the round as it was.
        """
        if self.end is not None:
            raise IllegalMoveError("round-over", f"the {self.NOUN} is over")
        if seat is not None and seat != self.turn:
            raise IllegalMoveError("not-your-turn", f"it is seat {self.turn}'s turn, not seat {seat}'s")
        if move.kind == PLAY:
            if move.train != NO_TRAIN and not self.HAS_TRAINS:
                raise IllegalMoveError("no-trains", "this game has no trains: name no train for a play")
            self._play(move)
        elif move.kind == DRAW:
            self._draw(move)
        elif move.kind == PASS:
            self._pass()
        else:
            raise IllegalMoveError("unknown-move", f"{move.kind!r} is not a move")

    @abstractmethod
    def _play(self, move: Move) -> None:
        """Check and make a play of the seat to move."""

    @abstractmethod
    def _draw(self, move: Move) -> None:
        """Check and make a draw of the seat to move (the game's checks, then ``_draw_next``)."""

    @abstractmethod
    def _pass(self) -> None:
        """Check and make a pass of the seat to move."""

    @abstractmethod
    def legal_moves(self) -> list[Move]:
        """The legal moves of the seat to move (none once the round is over)."""

    @abstractmethod
    def playable(self) -> int:
        """The tiles (a bitmask) that some open end would take now."""

    @abstractmethod
    def deal_fields(self) -> dict[str, Any]:
        """The deal as plain values, as the table's stored ``dealt`` event keeps it (the game's
        ``from_deal`` reads it back)."""

    @abstractmethod
    def scores(self) -> list[int]:
        """The round's result per side (a seat, or a team), as the match sums it."""

    @abstractmethod
    def seat_score(self, seat: int) -> int:
        """The result that counts for ``seat``: its own, or its team's."""

    @abstractmethod
    def _may_draw(self) -> bool:
        """True while the seat to move could still draw (the game's rule and the boneyard)."""

    # -- questions every game answers alike ------------------------------------------------------------

    def is_over(self) -> bool:
        """True once the round has ended."""
        return self.end is not None

    def boneyard_size(self) -> int:
        """Tiles left to draw."""
        return len(self.boneyard) - self.drawn_count

    def draws(self) -> bool:
        """True when a seat of this round draws from the boneyard (every game but the standard block game)."""
        return True

    def hand_tiles(self, seat: int) -> list[Tile]:
        """The tiles in ``seat``'s hand."""
        return tiles_of(self.hands[seat])

    def can_play(self, seat: int) -> bool:
        """True when ``seat`` holds a tile that could be played now."""
        return bool(self.hands[seat] & self.playable())

    def _draw_next(self, move: Move) -> Tile:
        """Draw the boneyard's next tile into the hand of the seat to move (a seat that can play may not draw;
        a draw naming a tile must name that one): the tile drawn."""
        if self.can_play(self.turn):
            raise IllegalMoveError("must-play", "you hold a tile you can play, so you may not draw")
        if self.drawn_count >= len(self.boneyard):
            raise IllegalMoveError("boneyard-empty", "the boneyard is empty: pass instead")
        t = self.boneyard[self.drawn_count]
        if move.tile not in (NO_TILE, t):
            raise IllegalMoveError("wrong-draw", f"the next tile in the boneyard is {tile_name(t)}")
        self.drawn_count += 1
        self.hands[self.turn] |= 1 << t
        self._record_draw(t)
        return t

    def _end_turn(self) -> None:
        """After a play or a pass: the round ends with the last tile played, or blocked when nobody can
        draw and no hand holds a playable tile; otherwise the next seat is to move."""
        self.drawn = NO_TILE
        if not self.hands[self.turn]:
            self.end = DOMINO
            return
        self.turn = (self.turn + 1) % len(self.hands)
        if not self._may_draw():
            playable = self.playable()
            if not any(hand & playable for hand in self.hands):
                self.end = BLOCKED

    def _deal(self, first: int, hands: Sequence[Sequence[Tile]], boneyard: Sequence[Tile]) -> None:
        """Start the round: the hands dealt, the boneyard, ``first`` to move, an empty history."""
        self.first = first
        """The seat that opens the round."""
        self.turn = first
        """The seat to move."""
        self.dealt = tuple(map(tuple, hands))
        """The hands as dealt, for the record."""
        self.hands = [mask_of(hand) for hand in hands]
        """Each seat's hand as a bitmask of tile ids."""
        self.boneyard = tuple(boneyard)
        """The boneyard in draw order (element 0 is drawn first)."""
        self.drawn_count = 0
        """How many tiles have been drawn: ``boneyard[drawn_count]`` is the next draw."""
        self.drawn = NO_TILE
        """The tile drawn this turn, if any (what may still be done with it is the game's rule)."""
        self.end = None
        """``"domino"`` or ``"blocked"`` once the round is over."""
        self._start_history(len(hands))

    def _start_history(self, seats: int) -> None:
        """An empty history for a round of ``seats`` seats."""
        self.history: list[tuple[int, Move]] = []
        """Every move of the round, with its seat."""
        self.public_history: list[tuple[int, Move]] = []
        """The history as everyone saw it: draws show no tile."""
        self.draws_by_seat: list[list[int]] = [[] for _ in range(seats)]
        """For each seat, where its draws stand in the history (so its own view can show their tiles)."""
        self.placed: list[tuple[Tile, Tile]] = []
        """Every tile laid, with the tile it was laid on (``NO_TILE`` for a standard lead), in order."""

    def _record(self, move: Move) -> None:
        """Note a play or pass of the seat to move: everyone sees it."""
        self.history.append((self.turn, move))
        self.public_history.append((self.turn, move))
        if move.kind == PLAY:
            self.placed.append((move.tile, move.on))

    def _record_draw(self, t: Tile) -> None:
        """Note a draw of ``t``: face down for everyone but the seat that drew it."""
        self.draws_by_seat[self.turn].append(len(self.history))
        self.history.append((self.turn, Move(DRAW, t)))
        self.public_history.append((self.turn, DRAW_MOVE))

    def _copy_round_into(self, twin: TurnTaking) -> None:
        """Give ``twin`` this round's deal and turn, with its own copies of the hands and the history lists."""
        for name in TurnTaking.__slots__:
            setattr(twin, name, getattr(self, name))
        twin.hands = self.hands.copy()
        twin.history = self.history.copy()
        twin.public_history = self.public_history.copy()
        twin.placed = self.placed.copy()
        twin.draws_by_seat = [indexes.copy() for indexes in self.draws_by_seat]
