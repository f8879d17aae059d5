"""The hard bot: determinized rollouts under hidden information.

For each candidate play it deals the unseen tiles many times over, consistently with what the table
revealed (``Knowledge``), plays the round out on the fast path with every seat playing greedily (Chicken
Foot: shed the heaviest tile, in the compiled loop of ``bots.rollouts``; standard game: take the
most points at once, then shed), and keeps the play
with the best mean outcome: the lowest own penalty in Chicken Foot, the widest margin of its side's points
over the others' in the standard game. Every candidate is tried on the same deals, so
their difference is not blurred by luck of the deal. It thinks for a time budget (default 200 ms), or, in
deterministic mode, for a fixed number of deals.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

from dominohall.games import ResultKind, View, game_of
from dominohall.games.chickenfoot.rules.view import ChickenFootView
from dominohall.games.standard.rules.playout import HandResult, HandState, play_on
from dominohall.games.standard.rules.round import lead_line
from dominohall.games.standard.rules.scoring import play_points
from dominohall.games.standard.rules.view import StandardView

from ..engine.moves import NO_TILE, Move
from ..engine.tiles import HIGH, LOW, Tile, mask_of
from .exact import TooBigError, TwoSideSolver
from .knowledge import Knowledge
from .line import after_play, end_index, is_lead
from .race import Race, Z

DEFAULT_BUDGET_MS = 200.0
"""The hard bot's time a decision."""
EXPERT_BUDGET_MS = 1000.0
"""The expert bot's time a decision: five times the hard bot's."""
STANDARD_RESULT = ResultKind.POINTS


class HardBot:
    """Searches by determinized rollouts; ``simulations`` fixes the number of deals (no clock involved)."""

    name = "hard"
    default_budget_ms = DEFAULT_BUDGET_MS
    """The time a decision when ``budget_ms`` is not given."""

    def __init__(
        self,
        budget_ms: float | None = None,
        simulations: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
        z: float = Z,
    ) -> None:
        self.budget_ms = self.default_budget_ms if budget_ms is None else budget_ms
        self.simulations = simulations
        self.clock = clock
        """What the budget counts: the wall clock, or (for benches on a busy machine) the process's CPU time."""
        self.z = z
        """How far behind (in standard errors) a candidate is dropped from the race (``math.inf``: never)."""
        from .rollouts import warm_up  # noqa: PLC0415 - numba (0.4 s) with the first searching bot, not the server

        warm_up()  # the compiled rollouts made ready now, outside any decision's budget

    def choose(self, view: View, rng: random.Random) -> Move:
        """The play with the best mean outcome over the sampled deals (forced moves at once)."""
        legal = view.legal_moves
        if not legal:
            raise ValueError("it is not this seat's turn: there is no legal move to choose")
        candidates = SEARCHES[game_of(view).name].candidates(view)
        if len(candidates) <= 1:
            return legal[0]
        keys = list(candidates)
        return candidates[keys[self.race(view, keys, rng).best()]]

    def race(self, view: View, keys: list[Any], rng: random.Random) -> Race:
        """The candidates (keys of the game's ``candidates``) valued over the same sampled deals: minus the
        own penalty in Chicken Foot, the margin of the side's points over the others' mean in the standard
        game (``ResultKind.value_for``); the clearly beaten ones are dropped on the way (``Race``). Where
        the game can be solved exactly on each deal it is, unless one solve grows too big: then the
        decision starts again with rollouts only."""
        search = SEARCHES[game_of(view).name]
        deadline = self.clock() + self.budget_ms / 1000
        try:
            return self._race(view, keys, search.evaluator(view, True), rng, deadline)
        except TooBigError:
            return self._race(view, keys, search.evaluator(view, False), rng, deadline)

    def _race(self, view: View, keys: list[Any], value: Evaluate, rng: random.Random, deadline: float) -> Race:
        """Value the candidates still in the race on deal after deal, until the budget is spent (one deal at
        least) or one candidate is left."""
        race = Race(len(keys), self.z)
        for hands, boneyard in self.deals(view, rng, deadline):
            race.add(value(hands, boneyard, [keys[c] for c in race.alive], rng))
            if len(race.alive) == 1:
                break
        return race

    def deals(self, view: View, rng: random.Random, deadline: float) -> Iterator[tuple[list[list[Tile]], list[Tile]]]:
        """Sampled deals (our hand in our seat) until ``deadline`` on the clock, or ``simulations`` of them."""
        assert view.seat is not None
        knowledge = Knowledge.from_view(view)
        dealt = 0
        while self._more(dealt, deadline):
            hands, boneyard = knowledge.sample(rng)
            hands[view.seat] = list(view.hand)
            yield hands, boneyard
            dealt += 1

    def _more(self, dealt: int, deadline: float) -> bool:
        """True while the budget (a number of deals, or the clock with at least one deal) allows another."""
        if self.simulations is not None:
            return dealt < self.simulations
        return dealt == 0 or self.clock() < deadline


class ExpertBot(HardBot):
    """The hard bot's search given five times its time (1 s a decision), for players who ask for a bot that
    thinks longer (docs/bots.md: so far not measurably stronger than the hard bot)."""

    name = "expert"
    default_budget_ms = EXPERT_BUDGET_MS


Evaluate = Callable[[list[list[Tile]], list[Tile], list[Any], random.Random], list[float]]
"""The values of candidates (their keys) on one sampled deal (its hands and boneyard, left as they are) for the
deciding seat's side."""


def chicken_foot_rollouts(view: ChickenFootView, exact: bool = False) -> Evaluate:
    """Rollouts from this view: the candidate (tile, number matched) first, then every seat its heaviest
    playable tile, all candidates of a deal on the same random numbers; the value is minus the seat's penalty
    (Chicken Foot is never solved exactly: ``exact`` is ignored)."""
    assert view.seat is not None
    seat = view.seat
    counts = [0] * (view.options.top + 1)
    for _, number in view.open_ends:
        counts[number] += 1
    pending = HIGH[view.pending] if view.pending >= 0 else -1
    from .rollouts import HeavyRollouts  # noqa: PLC0415 - numba (0.4 s) with the first rollout

    heavy = HeavyRollouts(view.options, counts, pending=pending, needs=view.pending_needs, turn=seat)

    def rollouts(hands: list[list[Tile]], boneyard: list[Tile], keys: list[Any], rng: random.Random) -> list[float]:
        return [-float(penalty) for penalty in heavy.penalties(hands, boneyard, keys, rng.getrandbits(64))]

    return rollouts


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


def each(value: Callable[[list[list[Tile]], list[Tile], Any, random.Random], float]) -> Evaluate:
    """An evaluator from the value of one candidate on a deal, which may change the hands it is given: each
    candidate is valued on its own copy of them."""

    def values(hands: list[list[Tile]], boneyard: list[Tile], keys: list[Any], rng: random.Random) -> list[float]:
        return [value([hand.copy() for hand in hands], boneyard, key, rng) for key in keys]

    return values


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


def distinct_plays(view: ChickenFootView) -> dict[tuple[Tile, int], Move]:
    """The legal plays that can lead to different outcomes, one per (tile, number matched).

    Lines showing the same number are alike for the rest of the round, so only one of them is kept.
    """
    ends = dict(view.open_ends)
    plays: dict[tuple[Tile, int], Move] = {}
    for move in view.legal_moves:
        if move.is_play():
            plays.setdefault(_matched(view, ends, move), move)
    return plays


def chicken_foot_key(view: ChickenFootView, move: Move) -> tuple[Tile, int]:
    """The candidate a Chicken Foot play is (its tile and the number it matches)."""
    return _matched(view, dict(view.open_ends), move)


def _matched(view: ChickenFootView, ends: dict[Tile, int], move: Move) -> tuple[Tile, int]:
    return move.tile, HIGH[view.pending] if move.on == view.pending else ends[move.on]


def standard_key(view: StandardView, move: Move) -> Move:
    """The candidate a standard play is: the first legal play with the same outcome (``standard_plays``)."""
    outcome = standard_outcome(view, move)
    return next(play for play in view.legal_moves if play.is_play() and standard_outcome(view, play) == outcome)


class Search(NamedTuple):
    """What the hard bot needs of one game."""

    candidates: Callable[[Any], dict[Any, Move]]
    """The plays worth telling apart, by a key the evaluator understands."""
    evaluator: Callable[[Any, bool], Evaluate]
    """How to value a candidate on a sampled deal, prepared once per decision; the flag allows exact search."""
    key_of: Callable[[Any, Move], Any]
    """The candidate key of a legal play (the play a record shows, for analysis)."""


SEARCHES: dict[str, Search] = {
    "chickenfoot": Search(distinct_plays, chicken_foot_rollouts, chicken_foot_key),
    "standard": Search(standard_plays, standard_evaluator, standard_key),
}
"""Per game (by name), how the hard bot finds its candidates and values them."""
