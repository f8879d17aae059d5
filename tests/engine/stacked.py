"""Stacked deals: Chicken Foot rounds built from tile names, and short ways to play them.

A stacked round is a ``ChickenFootRound`` whose hands and boneyard the test writes out, small enough to
read (the constructor does not ask for the full set). Moves are written as a player would say them:
``"9-3 on 9-9"``, ``"draw"`` or ``"pass"``, and always made by the seat whose turn it is unless a test
names another seat on purpose.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import pytest

from dominohall.engine.errors import IllegalMoveError
from dominohall.engine.moves import DRAW, DRAW_MOVE, PASS_MOVE, Move
from dominohall.engine.tiles import PIPS, Tile, double, has_number, parse_tile, set_tiles, tile_name
from dominohall.games.chickenfoot.rules.match import ChickenFootRules
from dominohall.games.chickenfoot.rules.options import ChickenFootOptions
from dominohall.games.chickenfoot.rules.round import ChickenFootRound


def t(name: str) -> Tile:
    """The tile written ``name`` (``"9-3"``)."""
    return parse_tile(name)


def names(tiles: Iterable[Tile]) -> list[str]:
    """Tile names in the engine's tile order (lowest id first)."""
    return [tile_name(x) for x in sorted(tiles)]


def stacked_round(
    options: ChickenFootOptions, number: int, first: int, hands: Sequence[Sequence[str]], boneyard: Sequence[str]
) -> ChickenFootRound:
    """A round of ``options`` with the double of ``number`` in the centre, opened by ``first``.

    ``hands`` lists each seat's tiles and ``boneyard`` the tiles in draw order; every tile must be of the
    table's set, dealt once, and not the centre double.
    """
    if len(hands) != options.players:
        raise ValueError(f"{len(hands)} hands for {options.players} players")
    dealt = [t(name) for hand in hands for name in hand] + [t(name) for name in boneyard]
    if len(set(dealt)) != len(dealt):
        raise ValueError("a tile is dealt twice")
    if double(number) in dealt:
        raise ValueError("the centre double is dealt")
    if not set(dealt) <= set(set_tiles(options.top)):
        raise ValueError(f"a tile is not of the double-{options.top} set")
    return ChickenFootRound(
        options, number, first, [[t(name) for name in hand] for hand in hands], [t(name) for name in boneyard]
    )


def move_of(step: str) -> Move:
    """The move written ``step``: ``"9-3 on 9-9"``, ``"draw"``, ``"draw 5-1"`` or ``"pass"``."""
    words = step.split()
    if words == ["draw"]:
        return DRAW_MOVE
    if len(words) == 2 and words[0] == "draw":
        return Move(DRAW, t(words[1]))
    if words == ["pass"]:
        return PASS_MOVE
    if len(words) == 3 and words[1] == "on":
        return Move.play(t(words[0]), t(words[2]))
    raise ValueError(f"cannot read the move {step!r}")


def run(rnd: ChickenFootRound, *steps: str) -> None:
    """Make each move in turn, each by the seat to move."""
    for step in steps:
        rnd.apply(move_of(step), rnd.turn)


def play(rnd: ChickenFootRound, tile: str, on: str) -> None:
    """The seat to move plays ``tile`` on the open end of ``on``."""
    rnd.apply(Move.play(t(tile), t(on)), rnd.turn)


def draw(rnd: ChickenFootRound) -> str:
    """The seat to move draws; returns the tile drawn."""
    rnd.apply(DRAW_MOVE, rnd.turn)
    return tile_name(rnd.drawn)


def pass_(rnd: ChickenFootRound) -> None:
    """The seat to move passes."""
    rnd.apply(PASS_MOVE, rnd.turn)


def hand(rnd: ChickenFootRound, seat: int) -> list[str]:
    """The tiles in ``seat``'s hand."""
    return names(rnd.hand_tiles(seat))


def open_ends(rnd: ChickenFootRound) -> set[tuple[str, int]]:
    """Every open line end as (its last tile, the number it shows)."""
    return {(tile_name(last), n) for last, n in rnd.open_ends()}


def legal(rnd: ChickenFootRound) -> list[str]:
    """The legal moves of the seat to move, written out and sorted."""
    return sorted(str(m) for m in rnd.legal_moves())


def history(rnd: ChickenFootRound) -> list[tuple[int, str]]:
    """The round's moves with their seats, written out."""
    return [(seat, str(m)) for seat, m in rnd.history]


def finish(rnd: ChickenFootRound, rng: random.Random | None = None) -> None:
    """Play ``rnd`` to its end: each seat makes its first legal move (or a random one with ``rng``)."""
    for _ in range(10_000):
        if rnd.is_over():
            return
        moves = rnd.legal_moves()
        rnd.apply(moves[0] if rng is None else rng.choice(moves), rnd.turn)
    raise AssertionError("the round did not end")


@dataclass(frozen=True)
class Snapshot:
    """Everything a move may change in a round."""

    hands: tuple[int, ...]
    turn: int
    history: tuple[tuple[int, Move], ...]
    lines: tuple[tuple[Tile, ...], ...]
    open_numbers: int
    pending: Tile
    pending_needs: int
    boneyard: tuple[Tile, ...]
    drawn_count: int
    drawn: Tile
    end: str | None


def snapshot(rnd: ChickenFootRound) -> Snapshot:
    """A copy of the round's state, to compare before and after a move."""
    return Snapshot(
        hands=tuple(rnd.hands),
        turn=rnd.turn,
        history=tuple(rnd.history),
        lines=tuple(tuple(lasts) for lasts in rnd.lines_at),
        open_numbers=rnd.open_numbers,
        pending=rnd.pending,
        pending_needs=rnd.pending_needs,
        boneyard=tuple(rnd.boneyard),
        drawn_count=rnd.drawn_count,
        drawn=rnd.drawn,
        end=rnd.end,
    )


def assert_illegal(rnd: ChickenFootRound, step: str, rule: str, seat: int | None = None) -> IllegalMoveError:
    """Check that ``step`` (by ``seat``, by default the seat to move) breaks ``rule`` and changes nothing."""
    before = snapshot(rnd)
    legal_before = rnd.legal_moves()
    with pytest.raises(IllegalMoveError) as raised:
        rnd.apply(move_of(step), rnd.turn if seat is None else seat)
    assert raised.value.rule == rule, raised.value
    assert snapshot(rnd) == before
    assert rnd.legal_moves() == legal_before
    return raised.value


def penalty_tiles(pips: int, avoid: int, used: set[Tile], top: int) -> list[Tile]:
    """Tiles of double-``top`` worth exactly ``pips``, none showing ``avoid`` nor already ``used``, no 0-0."""
    chosen: list[Tile] = []
    left = pips
    for x in sorted(set_tiles(top), key=lambda x: -PIPS[x]):
        if 0 < PIPS[x] <= left and x not in used and not has_number(x, avoid):
            chosen.append(x)
            left -= PIPS[x]
    if left:
        raise ValueError(f"cannot make {pips} pips without a {avoid}")
    return chosen


class ScriptedRules(ChickenFootRules):
    """Chicken Foot's match rules with stacked deals whose penalties are written in advance.

    Round ``i`` leaves seat ``s`` with ``penalties[i][s]`` pips. A seat whose penalty is 0 (at most one
    a round) holds just a toe for the round's double and goes out with it; the others hold tiles without
    the round's number, and the boneyard is empty, so a round without a 0 is blocked at once. Openers and
    doubles come from the engine's own rules.
    """

    def __init__(self, options: ChickenFootOptions, penalties: Sequence[Sequence[int]]) -> None:
        super().__init__(options)
        self.penalties = penalties

    def deal(self, index: int, previous: ChickenFootRound | None, rng: random.Random) -> ChickenFootRound:
        """Deal round ``index`` as scripted."""
        first = self.opener(index, previous, rng)
        number = self.options.round_number(index)
        wanted = self.penalties[index]
        if len(wanted) != self.options.players or list(wanted).count(0) > 1:
            raise ValueError(f"round {index}: one penalty per seat, at most one of them 0")
        used: set[Tile] = set()
        hands: list[list[Tile]] = []
        for pips in wanted:
            if pips == 0:
                toe = next(x for x in set_tiles(self.options.top) if has_number(x, number) and x != double(number))
                tiles = [toe]
            else:
                tiles = penalty_tiles(pips, number, used, self.options.top)
            used.update(tiles)
            hands.append(tiles)
        return ChickenFootRound(self.options, number, first, hands, [])
