"""The standard game's parts for the bots: the medium bot's scorer, how ``Knowledge`` reads the line of play,
the hard bot's candidates and values (rollouts, or exact values of two-sided hands: ``exact.py``), the
analysis's thresholds."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from dominohall.engine.moves import DRAW, NO_TILE, PASS, Move
from dominohall.engine.tiles import HIGH, LOW, PIPS, Tile, mask_of, other_end, playable_table
from dominohall.search.knowledge import Holding, Reading, starting_holdings
from dominohall.search.parts import FOLLOW_UP, BotParts, Evaluate, Search, each, kept

from ...game import ResultKind
from ..rules.playout import HandResult, HandState, play_on
from ..rules.round import extend_line, lead_line
from ..rules.scoring import End, play_points
from ..rules.view import StandardView
from .exact import TwoSideSolver
from .line import after_play, end_index, is_lead, points_of

POINT = 3.0
"""Worth of one point scored at once in All Fives or Bergen, against one pip shed."""
STANDARD_RESULT = ResultKind.POINTS
THRESHOLDS = (3.0, 8.0, 16.0)
"""Expected points lost from which a play is an inaccuracy, a mistake, a blunder."""
BERGEN_THRESHOLDS = (0.4, 0.8, 1.5)
"""The same for Bergen, whose hands score a few points, not tens."""


def scorer(view: StandardView, numbers: Counter[int]) -> Callable[[Move], float]:
    """How good each standard play is."""
    return lambda move: standard_score(view, move, numbers)


def standard_score(view: StandardView, move: Move, numbers: Counter[int]) -> float:
    """How good a standard play is: points at once, then pips shed, then numbers kept open for us."""
    t, mode = move.tile, view.options.mode
    points = points_of(view.open_ends, view.spinner, view.spinner_open, move, mode=mode)
    if is_lead(move):
        follow_up = kept(numbers, t, HIGH[t]) + (kept(numbers, t, LOW[t]) if HIGH[t] != LOW[t] else 0)
    else:
        left_open = other_end(t, view.open_ends[end_index(view.open_ends, move)][1])
        follow_up = kept(numbers, t, left_open)
    return POINT * points + PIPS[t] + FOLLOW_UP * follow_up


def holdings(view: StandardView) -> list[Holding]:
    """Replay the line of play: per seat, what its hand cannot hold (``Holding``)."""
    holdings = starting_holdings(view)
    table = playable_table(view.options.top)
    allfives = view.options.mode == "allfives"
    ends: list[End] = []
    spinner, spinner_open = NO_TILE, False
    for seat, move in view.history:
        playable = table[sum({1 << n for _, n in ends})]
        if move.kind == DRAW:
            holdings[seat].draw(playable)
        elif move.kind == PASS:
            holdings[seat].without(playable)
        elif not ends:
            holdings[seat].play(move.tile)
            ends, spinner = lead_line(move.tile, allfives=allfives)
        else:
            holdings[seat].play(move.tile)
            index = end_index(ends, move)
            spinner, spinner_open = extend_line(ends, index, move.tile, spinner, spinner_open, allfives=allfives)
    return holdings


def standard_evaluator(view: StandardView, exact: bool = True) -> Evaluate:
    """Exact values where the hand can be solved (``solvable``) and ``exact`` allows, else rollouts: the
    candidate play first, then the rest of the hand greedily."""
    assert view.seat is not None
    side = view.options.side_of(view.seat)
    if exact and solvable(view):
        return each(exact_values(view))

    def rollout(hands: list[list[Tile]], boneyard: list[Tile], key: Any, rng: random.Random) -> float:
        return STANDARD_RESULT.value_for(standard_rollout(view, hands, boneyard, key, rng).scores, side)

    return each(rollout)


EXACT_LIMIT = 20_000
"""The most positions one exact solve may visit (about 20 ms) before the decision falls back to rollouts."""


def solvable(view: StandardView) -> bool:
    """True when every sampled deal of this hand is a game of perfect information between two sides with
    nothing left to draw and no points scored in play: the block game, or a draw game whose boneyard is
    empty, between two players or two teams."""
    options = view.options
    drawing = options.mode == "draw" and view.boneyard_size > 0
    return options.mode in ("block", "draw") and not drawing and options.sides() == 2


def exact_values(view: StandardView) -> Callable[[list[list[Tile]], list[Tile], Any, random.Random], float]:
    """The candidate's exact value on each sampled deal (``TwoSideSolver``), positions shared between deals."""
    assert view.seat is not None
    seat = view.seat
    solver = TwoSideSolver(view.options.players, limit=EXACT_LIMIT)
    (_, a), (_, b) = view.open_ends or ((NO_TILE, -1), (NO_TILE, -1))

    def value(hands: list[list[Tile]], boneyard: list[Tile], move: Any, rng: random.Random) -> float:
        masks = [mask_of(hand) for hand in hands]
        matched = -1 if is_lead(move) else view.open_ends[end_index(view.open_ends, move)][1]
        return solver.after_play(masks, (a, b), seat, move.tile, matched)

    return value


def standard_plays(view: StandardView) -> dict[Move, Move]:
    """The legal plays of a standard hand that can lead to different outcomes, each once.

    Two plays of one tile lead to the same outcome when the lines they leave look alike: the same numbers
    showing and, where play scores (All Fives, Bergen), doubles and the spinner at the same ends. Only the
    first of such plays is kept.
    """
    plays: dict[tuple[Any, ...], Move] = {}
    for move in view.legal_moves:
        if move.is_play():
            plays.setdefault(standard_outcome(view, move), move)
    return {move: move for move in plays.values()}


def standard_outcome(view: StandardView, move: Move) -> tuple[Any, ...]:
    """What decides the rest of the hand after ``move``: the tile and, in no order, the number each open end
    shows; where play scores, also the spinner's state and whether each end's tile is a double or the
    spinner."""
    if is_lead(move):
        return (move.tile,)
    mode = view.options.mode
    line, spinner, spinner_open = after_play(view.open_ends, view.spinner, view.spinner_open, move, mode=mode)
    if mode not in SCORING_MODES:
        return (move.tile, *sorted(n for _, n in line))
    ends = sorted((n, HIGH[last] == LOW[last], last == spinner) for last, n in line)
    return (move.tile, spinner, spinner_open, *ends)


SCORING_MODES = ("allfives", "bergen")
"""The standard modes that score during play, where the tiles at the ends count and not only their numbers."""


def standard_rollout(
    view: StandardView, hands: list[list[Tile]], boneyard: list[Tile], move: Move, rng: random.Random
) -> HandResult:
    """Play ``move`` for the view's seat on a sampled deal, then the rest of the hand greedily."""
    assert view.seat is not None
    options, seat = view.options, view.seat
    if not is_lead(move):
        index = end_index(view.open_ends, move)
        state = HandState(hands, boneyard, 0, list(view.open_ends), view.spinner, view.spinner_open, list(view.scores))
        return play_on(options, state, seat, rng, first=(move.tile, index), greedy=True)
    line, spinner = lead_line(move.tile, allfives=options.mode == "allfives")
    hands[seat].remove(move.tile)
    points = list(view.scores)
    points[options.side_of(seat)] += play_points(options.mode, line, spinner)
    state = HandState(hands, boneyard, 0, line, spinner, False, points)
    following = seat + 1 if seat + 1 < options.players else 0
    return play_on(options, state, following, rng, greedy=True)


def standard_key(view: StandardView, move: Move) -> Move:
    """The candidate a standard play is: the first legal play with the same outcome (``standard_plays``)."""
    outcome = standard_outcome(view, move)
    return next(play for play in view.legal_moves if play.is_play() and standard_outcome(view, play) == outcome)


def thresholds(options: Any) -> tuple[float, float, float]:
    """The verdict thresholds for these options (Bergen's own)."""
    return BERGEN_THRESHOLDS if options.mode == "bergen" else THRESHOLDS


PARTS = BotParts(
    scorer=scorer,
    reading=Reading(lambda view: (), holdings),
    search=Search(standard_plays, standard_evaluator, standard_key),
    thresholds=thresholds,
)
"""What the bots need of the standard game."""
