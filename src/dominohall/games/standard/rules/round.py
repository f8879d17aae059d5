"""A hand of the standard game (docs/rules-standard.md): the deal, the lead, legal moves, applying a move, the scores.

The draw game, the block game, All Fives (with its spinner) and Bergen share this one state. Like a Chicken
Foot round it is mutable (``apply`` changes it in place, ``copy`` gives an independent one); hands are
bitmasks of tile ids. The table is a list of open ends ``(last tile, number shown)``: the two ends of the
line, or in All Fives up to four arms of the spinner (its free arms are ends whose tile is the spinner).

>>> import random
>>> options = StandardOptions.for_table(players=2)
>>> rnd = deal_hand(options, None, random.Random(3))
>>> len(rnd.hand_tiles(0)), rnd.boneyard_size(), all(m.on == NO_TILE for m in rnd.legal_moves())
(7, 14, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from dominohall.engine.errors import IllegalMoveError
from dominohall.engine.fair import DealSeed, FairDeal, fair_order
from dominohall.engine.moves import DRAW_MOVE, NO_TILE, PASS_MOVE, PLAY, Move
from dominohall.engine.tiles import (
    HIGH,
    LOW,
    PIPS,
    Tile,
    other_end,
    pips_of,
    playable_table,
    set_tiles,
    shuffle,
    tile_label,
    tile_name,
    tiles_of,
)
from dominohall.engine.turns import BLOCKED, DOMINO, TurnTaking

from .options import StandardOptions
from .scoring import End, hand_award, hand_winner, play_points, scores_plays

__all__ = ["BLOCKED", "DOMINO", "StandardRound", "deal_hand", "fair_deal", "first_lead", "lead_hand", "split_deal"]


def first_lead(hands: Sequence[Sequence[Tile]], mode: str) -> tuple[int, Tile]:
    """The first-hand rule: the seat that leads and the tile it must lead (``NO_TILE``: any tile).

    The holder of the highest double leads; without doubles, the holder of the heaviest tile (ties: the
    higher end). Bergen leads with that very tile.
    """
    held = [(t, seat) for seat, hand in enumerate(hands) for t in hand]
    doubles = [(HIGH[t], t, seat) for t, seat in held if HIGH[t] == LOW[t]]
    if doubles:
        _, best, seat = max(doubles)
    else:
        _, _, best, seat = max((PIPS[t], HIGH[t], t, seat) for t, seat in held)
    return seat, best if mode == "bergen" else NO_TILE


def deal_tiles(options: StandardOptions, rng: random.Random) -> tuple[list[list[Tile]], list[Tile]]:
    """Shuffle the whole set with ``rng`` and deal it: (hands, boneyard in draw order)."""
    tiles = list(set_tiles(options.top))
    shuffle(tiles, rng)
    size = options.hand
    hands = [tiles[seat * size : (seat + 1) * size] for seat in range(options.players)]
    return hands, tiles[options.players * size :]


def split_deal(options: StandardOptions, order: Sequence[Tile]) -> tuple[list[list[Tile]], list[Tile]]:
    """Deal a prepared order of the set (a fair deal's, docs/fairness.md): each seat's hand in turn, the rest
    the boneyard in draw order."""
    if sorted(order) != list(set_tiles(options.top)):
        raise ValueError(f"a deal's order holds every tile of double-{options.top} once")
    size = options.hand
    return [list(order[seat * size : (seat + 1) * size]) for seat in range(options.players)], list(
        order[options.players * size :]
    )


def fair_deal(options: StandardOptions, index: int, seed: DealSeed) -> FairDeal:
    """Hand ``index`` (0-based) dealt from ``seed`` (docs/fairness.md): the shuffled set dealt by ``split_deal``;
    the leader is the rules' (``first`` is ``None``)."""
    hands, boneyard = split_deal(options, fair_order(seed, options.top)[0])
    return FairDeal(hands, boneyard, None)


def deal_hand(options: StandardOptions, leader: int | None, rng: random.Random) -> StandardRound:
    """Deal a hand with ``rng``, led by ``leader`` with any tile, or by the first-hand rule when ``None``."""
    hands, boneyard = deal_tiles(options, rng)
    return lead_hand(options, leader, hands, boneyard)


def lead_hand(
    options: StandardOptions, leader: int | None, hands: Sequence[Sequence[Tile]], boneyard: Sequence[Tile]
) -> StandardRound:
    """A hand as dealt, led by ``leader`` with any tile, or by the first-hand rule when ``None``."""
    first, lead = first_lead(hands, options.mode) if leader is None else (leader, NO_TILE)
    return StandardRound(options, first, hands, boneyard, lead)


def lead_line(t: Tile, *, allfives: bool) -> tuple[list[End], Tile]:
    """The open ends after the lead ``t``, and the spinner (``t`` itself when All Fives is led with a double)."""
    return [(t, HIGH[t]), (t, LOW[t])], (t if allfives and HIGH[t] == LOW[t] else NO_TILE)


def extend_line(
    ends: list[End], index: int, t: Tile, spinner: Tile, spinner_open: bool, *, allfives: bool
) -> tuple[Tile, bool]:
    """Lay ``t`` on open end ``index`` of ``ends`` (changed in place): the spinner and whether its arms are open.

    In All Fives the first double played becomes the spinner; once both its sides are covered, its third and
    fourth arms open as two more ends showing its number.
    """
    last, n = ends[index]
    ends[index] = (t, other_end(t, n))
    if not allfives:
        return spinner, spinner_open
    if spinner == NO_TILE:
        return (t if HIGH[t] == LOW[t] else NO_TILE), spinner_open
    if last == spinner and not spinner_open and all(end != spinner for end, _ in ends):
        ends += [(last, n), (last, n)]
        return spinner, True
    return spinner, spinner_open


class StandardRound(TurnTaking):
    """One hand: hands, boneyard, the open ends (and spinner), points scored so far and whose turn it is."""

    NOUN = "hand"

    __slots__ = (
        "ends",
        "lead",
        "options",
        "points",
        "scored",
        "spinner",
        "spinner_open",
    )

    def __init__(
        self,
        options: StandardOptions,
        first: int,
        hands: Sequence[Sequence[Tile]],
        boneyard: Sequence[Tile],
        lead: Tile = NO_TILE,
    ) -> None:
        self.options = options
        self._deal(first, hands, boneyard)
        self.lead = lead
        """The tile the lead must be (Bergen's first-hand rule), or ``NO_TILE`` for any tile."""
        self.ends: list[End] = []
        """Every open end as (last tile, number shown); empty before the lead."""
        self.spinner = NO_TILE
        """All Fives: the first double played, once it is down."""
        self.spinner_open = False
        """All Fives: True once both sides of the spinner are covered and its other two arms are open."""
        self.points = [0] * options.sides()
        """Points scored during play so far, per seat (or per team)."""
        self.scored: tuple[tuple[int, int], ...] = ()
        """The plays that scored, as (index in ``history``, points), in order: what the frames and the record
        tell of each play (a tuple, replaced when it grows, so copies share it)."""

    @classmethod
    def from_deal(cls, options: StandardOptions, deal: dict[str, Any]) -> StandardRound:
        """A hand dealt as ``deal_fields`` wrote it."""
        return cls(options, deal["first"], deal["hands"], deal["boneyard"], deal.get("lead", NO_TILE))

    def deal_fields(self) -> dict[str, Any]:
        """The deal as plain values (tiles as numbers): the leader, the hands, the boneyard, the lead asked."""
        return {"first": self.first, "hands": [list(hand) for hand in self.dealt], "boneyard": list(self.boneyard),
                "lead": self.lead}  # fmt: skip

    # -- questions -----------------------------------------------------------------------------------

    def is_led(self) -> bool:
        """True once the lead is on the table."""
        return bool(self.ends)

    def pips(self) -> list[int]:
        """The pips left in each seat's hand."""
        return [pips_of(hand) for hand in self.hands]

    def playable(self) -> int:
        """The bitmask of every tile that fits an open end now (every tile before the lead)."""
        if not self.ends:
            return -1 if self.lead == NO_TILE else 1 << self.lead
        numbers = 0
        for _, n in self.ends:
            numbers |= 1 << n
        return playable_table(self.options.top)[numbers]

    def spinner_arms(self) -> int:
        """All Fives: how many tiles the spinner can still take (0 without a spinner)."""
        return sum(1 for last, _ in self.ends if last == self.spinner)

    # -- moves ---------------------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """The legal moves of the seat to move: its plays with their targets, else the draw, else the pass."""
        if self.end is not None:
            return []
        if not self.ends:
            return [Move(PLAY, t, NO_TILE) for t in tiles_of(self.hands[self.turn] & self.playable())]
        if self.drawn != NO_TILE:
            return self._plays(1 << self.drawn)
        plays = self._plays(self.hands[self.turn] & self.playable())
        if plays:
            return plays
        return [DRAW_MOVE] if self._may_draw() else [PASS_MOVE]

    def _plays(self, mask: int) -> list[Move]:
        plays: list[Move] = []
        for t in tiles_of(mask):
            a, b = HIGH[t], LOW[t]
            targets: list[Tile] = []
            for last, n in self.ends:
                if n in (a, b) and last not in targets:
                    targets.append(last)
            plays.extend(Move(PLAY, t, last) for last in targets)
        return plays

    def draws(self) -> bool:
        """True in the modes where a seat that cannot play draws (all but the block game)."""
        return self.options.is_drawing()

    def _may_draw(self) -> bool:
        return self.draws() and self.drawn_count < len(self.boneyard)

    def _play(self, move: Move) -> None:
        t, on = move.tile, move.on
        if not 0 <= t < len(HIGH) or not self.hands[self.turn] >> t & 1:
            raise IllegalMoveError("not-in-hand", f"{tile_label(t)} is not in your hand")
        if not self.ends:
            self._check_lead(t, on)
            self.ends, self.spinner = lead_line(t, allfives=self.options.mode == "allfives")
        else:
            if self.drawn not in (NO_TILE, t):
                raise IllegalMoveError(
                    "must-play-drawn", f"the {tile_name(self.drawn)} you drew fits: it must be played at once"
                )
            self._extend(self._end_index(t, on), t)
        self._record(Move(PLAY, t, on))
        self.hands[self.turn] ^= 1 << t
        scored = play_points(self.options.mode, self.ends, self.spinner, spinner_open=self.spinner_open)
        if scored:
            self.points[self.options.side_of(self.turn)] += scored
            self.scored = (*self.scored, (len(self.history) - 1, scored))
        self._end_turn()

    def _check_lead(self, t: Tile, on: Tile) -> None:
        if on != NO_TILE:
            raise IllegalMoveError("lead", f"the table is empty: {tile_name(t)} is the lead and goes on no tile")
        if self.lead not in (NO_TILE, t):
            raise IllegalMoveError("lead-tile", f"this hand must be led with {tile_name(self.lead)}")

    def _end_index(self, t: Tile, on: Tile) -> int:
        """The open end of ``on`` that ``t`` fits; raise unless there is one."""
        if on == NO_TILE:
            raise IllegalMoveError("no-such-end", "only the lead goes on the empty table: name the tile you play on")
        named = [(index, n) for index, (last, n) in enumerate(self.ends) if last == on]
        for index, n in named:
            if HIGH[t] == n or LOW[t] == n:
                return index
        if named:
            numbers = " or ".join(sorted({str(n) for _, n in named}))
            raise IllegalMoveError("no-match", f"{tile_name(t)} has no {numbers} to lay on {tile_name(on)}")
        if on == self.spinner:
            raise IllegalMoveError(
                "spinner-closed", f"the spinner {tile_name(on)} has no free arm: its arms open only in turn"
            )
        raise IllegalMoveError("no-such-end", f"{tile_label(on)} is not at an open end of the line")

    def _extend(self, index: int, t: Tile) -> None:
        """Lay ``t`` on end ``index``; in All Fives, make the first double the spinner or open its arms."""
        self.spinner, self.spinner_open = extend_line(
            self.ends, index, t, self.spinner, self.spinner_open, allfives=self.options.mode == "allfives"
        )

    def _draw(self, move: Move) -> None:
        if not self.ends:
            raise IllegalMoveError("lead", "the hand has not been led yet: lead a tile")
        if self.options.mode == "block":
            raise IllegalMoveError("no-drawing", "the block game has no drawing: pass when nothing fits")
        if self.drawn != NO_TILE:
            raise IllegalMoveError("must-play-drawn", f"the {tile_name(self.drawn)} you drew fits: play it")
        t = self._draw_next(move)
        if self.playable() >> t & 1:
            self.drawn = t

    def _pass(self) -> None:
        if not self.ends:
            raise IllegalMoveError("lead", "the hand has not been led yet: lead a tile")
        if self.drawn != NO_TILE:
            raise IllegalMoveError("must-play-drawn", f"the {tile_name(self.drawn)} you drew fits: play it")
        if self.can_play(self.turn):
            raise IllegalMoveError("must-play", "you hold a tile you can play, so you may not pass")
        if self._may_draw():
            raise IllegalMoveError("must-draw", "draw from the boneyard until a tile fits or it is empty")
        self._record(PASS_MOVE)
        self._end_turn()

    # -- results -------------------------------------------------------------------------------------

    def winner(self) -> tuple[int | None, int | None]:
        """Once the hand is over: the winning side and the seat that leads next (``None``: nobody won)."""
        if self.end is None:
            return None, None
        return hand_winner(self.options, self.pips(), self.end, self.turn)

    def scores(self) -> list[int]:
        """Points of the hand per seat (or per team): those scored in play, and the winner's award once over."""
        scores = self.points.copy()
        side, _ = self.winner()
        if side is not None:
            scores[side] += hand_award(self.options, self.pips(), side)
        return scores

    def play_points(self) -> list[int | None]:
        """What each move of ``history`` scored as it was made: a play's points in All Fives and Bergen (0 when
        it scored nothing); ``None`` for a draw or a pass, and for every move of the modes that score no play."""
        if not scores_plays(self.options.mode):
            return [None] * len(self.history)
        points: list[int | None] = [0 if move.kind == PLAY else None for _, move in self.history]
        for index, scored in self.scored:
            points[index] = scored
        return points

    def seat_score(self, seat: int) -> int:
        """The points of the seat's side (its own, or its team's)."""
        return self.scores()[self.options.side_of(seat)]

    def copy(self) -> StandardRound:
        """An independent copy (the lists are copied too)."""
        twin = StandardRound.__new__(StandardRound)
        for name in StandardRound.__slots__:
            setattr(twin, name, getattr(self, name))
        twin.ends = self.ends.copy()
        twin.points = self.points.copy()
        self._copy_round_into(twin)
        return twin
