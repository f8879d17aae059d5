"""What every game's round shares when a move is made: the checks of the turn and of the kind of move."""

from __future__ import annotations

from .errors import IllegalMoveError
from .moves import DRAW, PASS, PLAY, Move


class TurnTaking:
    """``apply`` for a round of any game: refuse a move after the end or out of turn, then let the game's
    own ``_play``, ``_draw`` or ``_pass`` check and make it."""

    __slots__ = ()

    NOUN = "round"
    """What the game calls a round in messages ("round", or "hand" in the standard game)."""

    end: str | None
    turn: int

    def apply(self, move: Move, seat: int | None = None) -> None:
        """Make ``move`` for the seat to move (``seat``, when given, must be that seat).

        Raises ``IllegalMoveError`` naming the broken rule, and then leaves the round as it was.
        """
        if self.end is not None:
            raise IllegalMoveError("round-over", f"the {self.NOUN} is over")
        if seat is not None and seat != self.turn:
            raise IllegalMoveError("not-your-turn", f"it is seat {self.turn}'s turn, not seat {seat}'s")
        if move.kind == PLAY:
            self._play(move)
        elif move.kind == DRAW:
            self._draw(move)
        elif move.kind == PASS:
            self._pass()
        else:
            raise IllegalMoveError("unknown-move", f"{move.kind!r} is not a move")

    def _play(self, move: Move) -> None:
        raise NotImplementedError

    def _draw(self, move: Move) -> None:
        raise NotImplementedError

    def _pass(self) -> None:
        raise NotImplementedError
