"""Mexican Train's parts for the bots: the medium bot's scorer, how ``Knowledge`` reads the history, the hard
bot's candidates and rollouts (``rollouts.py``), the analysis's thresholds."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from dominohall.engine.moves import DRAW, PASS, SHARED_TRAIN, Move
from dominohall.engine.tiles import HIGH, LOW, NUMBER_MASK, PIPS, Tile, other_end, playable_table
from dominohall.search.knowledge import Holding, Reading, starting_holdings
from dominohall.search.parts import FOLLOW_UP, BotParts, Evaluate, Search, kept

from ..rules.view import MexicanTrainView
from .rollouts import Position, rollout

LONELY_DOUBLE = 6.0
"""Cost of laying a double we hold no other tile of: we must draw to cover it, and may have to pass."""
UNMARK = 4.0
"""Worth of a play on our own marked train: the mark goes, and the others lose a train to play on."""
THRESHOLDS = (5.0, 12.0, 25.0)
"""Expected points lost from which a play is an inaccuracy, a mistake, a blunder."""


def scorer(view: MexicanTrainView, numbers: Counter[int]) -> Callable[[Move], float]:
    """How good each Mexican Train play is for the seat to move."""
    return lambda move: score(view, move, numbers)


def score(view: MexicanTrainView, move: Move, numbers: Counter[int]) -> float:
    """How good a Mexican Train play is: shed weight, keep a tile for the end we leave on our own train, never
    lay a double we cannot cover, lift our mark."""
    t = move.tile
    matched = HIGH[view.uncovered] if view.uncovered >= 0 else view.train(move.train).number
    value = float(view.options.blank_double if t == 0 else PIPS[t])
    if HIGH[t] == LOW[t] and view.uncovered < 0:
        helpers = numbers[matched] - 1  # our other tiles that can cover the double
        return value + (FOLLOW_UP * min(helpers, 3) if helpers else -LONELY_DOUBLE)
    if move.train == view.seat:
        value += FOLLOW_UP * kept(numbers, t, other_end(t, matched))
        value += UNMARK if view.train(move.train).marked else 0.0
    return value


def holdings(view: MexicanTrainView) -> list[Holding]:
    """Replay the public history: per seat, what its hand cannot hold (``Holding``). At each draw or pass the
    seat held nothing it could lay then: on its own train, the Mexican train and the marked trains (while a
    double was uncovered, nothing that covers it)."""
    holdings = starting_holdings(view)
    players, table = view.options.players, playable_table(view.options.top)
    open_at = [HIGH[view.centre]] * (players + 1)
    marked, uncovered = 0, -1
    for seat, move in view.history:
        playable = NUMBER_MASK[uncovered] if uncovered >= 0 else table[_open_numbers(open_at, marked, seat, players)]
        if move.kind == DRAW:
            holdings[seat].draw(playable)
        elif move.kind == PASS:
            holdings[seat].without(playable)
            marked |= 1 << seat
        else:
            holdings[seat].play(move.tile)
            k = _index(move.train, players)
            n = open_at[k]
            open_at[k] = other_end(move.tile, n)
            if k == seat:
                marked &= ~(1 << seat)
            uncovered = -1 if uncovered >= 0 else n if open_at[k] == n else -1
    return holdings


def _open_numbers(open_at: list[int], marked: int, seat: int, players: int) -> int:
    """The numbers shown by the trains ``seat`` may play on: its own, the Mexican train, the marked ones."""
    numbers = 1 << open_at[seat] | 1 << open_at[players]
    for other in range(players):
        if marked >> other & 1:
            numbers |= 1 << open_at[other]
    return numbers


def _index(train: int, players: int) -> int:
    """The train index of ``train`` (a seat, or the Mexican train after the seats)."""
    return players if train == SHARED_TRAIN else train


def position(view: MexicanTrainView) -> Position:
    """The public state the rollouts start from."""
    assert view.seat is not None
    players = view.options.players
    marked = sum(1 << train.train for train in view.trains if train.marked)
    uncovered = HIGH[view.uncovered] if view.uncovered >= 0 else -1
    at = _index(view.uncovered_train, players) if uncovered >= 0 else -1
    return Position(tuple(train.number for train in view.trains), marked, uncovered, at, view.seat)


def mexican_train_rollouts(view: MexicanTrainView, exact: bool = False) -> Evaluate:
    """Rollouts from this view: the candidate (tile, train) first, then every seat its heaviest playable tile;
    the value is minus the seat's penalty (never solved exactly: ``exact`` is ignored)."""
    start = position(view)
    players, seat = view.options.players, start.turn

    def rollouts(hands: list[list[Tile]], boneyard: list[Tile], keys: list[Any], rng: random.Random) -> list[float]:
        return [
            -float(rollout(view.options, start, hands, boneyard, (t, _index(train, players)))[seat])
            for t, train in keys
        ]

    return rollouts


def distinct_plays(view: MexicanTrainView) -> dict[tuple[Tile, int], Move]:
    """The legal plays, one per (tile, train): every train leads somewhere else."""
    return {(move.tile, move.train): move for move in view.legal_moves if move.is_play()}


def mexican_train_key(view: MexicanTrainView, move: Move) -> tuple[Tile, int]:
    """The candidate a Mexican Train play is: its tile and its train."""
    return move.tile, move.train


PARTS = BotParts(
    scorer=scorer,
    reading=Reading(lambda view: (view.centre,), holdings),
    search=Search(distinct_plays, mexican_train_rollouts, mexican_train_key),
    thresholds=lambda options: THRESHOLDS,
)
"""What the bots need of Mexican Train."""
