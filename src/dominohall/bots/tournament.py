"""Tournaments between bots: fair seating, per-bot statistics, and work spread over processes.

Fairness: every deal is played once per seat rotation. With ``n`` players, deal ``d`` is played ``n``
times, the bots moved one seat on each time, so each bot meets each deal from each seat and the luck of
the deal cancels out. The unit of work is one match (a deal sequence and a rotation), so matches can run
in parallel processes and the results do not depend on how many.

A round's score is the seat's penalty in Chicken Foot (lower is better) and the points its side made in
the hand in the standard game (higher is better).
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from dominohall.games import AnyRound, GameOptions, new_match, round_view

from .base import Bot, make_bot


@dataclass(frozen=True)
class MatchPlan:
    """One match of a tournament: which deal sequence, which rotation, and the seeds to use."""

    options: GameOptions
    entrants: tuple[str, ...]
    deal: int
    rotation: int
    seed: int
    clock: str = "wall"
    """What the searching bots' time budgets count: ``wall`` (the clock on the wall) or ``cpu`` (the process's
    CPU time, so that a busy machine gives each decision what a quiet one would)."""

    def seat_of(self, entrant: int) -> int:
        """The seat entrant ``entrant`` takes in this match."""
        return (entrant + self.rotation) % len(self.entrants)


@dataclass
class MatchOutcome:
    """What one match gave each entrant: its round scores, its share of the win, its decision times."""

    scores: list[list[int]]
    wins: list[float]
    seconds: list[list[float]]


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% confidence interval (normal approximation; NaN bounds for fewer than
    two values).

    >>> [round(x, 2) for x in mean_interval([1.0, 3.0])]
    [2.0, 0.04, 3.96]
    """
    mean = statistics.fmean(values) if values else math.nan
    if len(values) < 2:
        return mean, math.nan, math.nan
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


@dataclass
class Standing:
    """One entrant's results over the whole tournament."""

    name: str
    scores: list[int] = field(default_factory=list)
    wins: float = 0.0
    seconds: list[float] = field(default_factory=list)

    def mean(self) -> float:
        """Mean score (penalty) per round."""
        return statistics.fmean(self.scores) if self.scores else math.nan

    def interval(self) -> tuple[float, float]:
        """The 95% confidence interval of the mean score per round (normal approximation)."""
        _, low, high = mean_interval(self.scores)
        return low, high

    def decision_ms(self, quantile: float | None = None) -> float:
        """Mean decision time, or the given quantile, in milliseconds (real choices only)."""
        if not self.seconds:
            return 0.0
        if quantile is None:
            return 1000 * statistics.fmean(self.seconds)
        ordered = sorted(self.seconds)
        return 1000 * ordered[min(len(ordered) - 1, int(quantile * len(ordered)))]


def deal_plans(options: GameOptions, entrants: list[str], deal: int, seed: int, clock: str = "wall") -> list[MatchPlan]:
    """Deal ``deal`` under every rotation."""
    return [MatchPlan(options, tuple(entrants), deal, rotation, seed, clock) for rotation in range(options.players)]


CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}
"""The clocks a tournament's searching bots may think on, by name."""


def planned_bot(name: str, clock: str) -> Bot:
    """The bot called ``name``, its time budget (if it has one) counted on ``clock``."""
    bot = make_bot(name)
    if hasattr(bot, "clock"):
        bot.clock = CLOCKS[clock]
    return bot


def first_deals(options: GameOptions, rounds: int) -> int:
    """How many deals the first batch plays: enough for ``rounds`` rounds when the match length is fixed.

    Matches to a limit or a target have no fixed length; they start with one deal per ten rounds wanted and
    ``run_tournament`` deals more until the rounds are reached.
    """
    per_match = options.round_count()
    if per_match is None:
        return max(1, rounds // 10)
    return max(1, math.ceil(rounds / (per_match * options.players)))


def play_planned_match(plan: MatchPlan) -> MatchOutcome:
    """Play one planned match (in this process or a worker) and report per entrant."""
    players = plan.options.players
    seated = [plan.entrants[(seat - plan.rotation) % players] for seat in range(players)]
    bots = [planned_bot(name, plan.clock) for name in seated]
    deal_rng = random.Random(f"deal:{plan.seed}:{plan.deal}")  # the same deals under every rotation
    bot_rng = random.Random(f"bots:{plan.seed}:{plan.deal}:{plan.rotation}")
    match = new_match(plan.options)
    seconds: list[list[float]] = [[] for _ in range(players)]
    while not match.is_over():
        rnd = match.deal_next(deal_rng)
        _play_round(rnd, bots, bot_rng, len(match.rounds) - 1, seconds=seconds, clock=CLOCKS[plan.clock])
    winners = match.winners()
    by_seat = [[seat_score(r, seat) for r in match.rounds] for seat in range(players)]
    entrant_seats = [plan.seat_of(entrant) for entrant in range(players)]
    return MatchOutcome(
        scores=[by_seat[seat] for seat in entrant_seats],
        wins=[1 / len(winners) if seat in winners else 0.0 for seat in entrant_seats],
        seconds=[seconds[seat] for seat in entrant_seats],
    )


def seat_score(rnd: AnyRound, seat: int) -> int:
    """A seat's score for a round: its penalty (Chicken Foot) or its side's points (standard game)."""
    return rnd.seat_score(seat)


def _play_round(
    rnd: AnyRound,
    bots: list[Bot],
    rng: random.Random,
    index: int,
    *,
    seconds: list[list[float]],
    clock: Callable[[], float],
) -> None:
    """Play a round to its end, timing each decision that had more than one legal move on ``clock``."""
    while rnd.end is None:
        seat = rnd.turn
        view = round_view(rnd, seat, index)
        start = clock()
        move = bots[seat].choose(view, rng)
        if len(view.legal_moves) > 1:
            seconds[seat].append(clock() - start)
        rnd.apply(move, seat)


def run_tournament(
    options: GameOptions,
    entrants: list[str],
    rounds: int,
    *,
    seed: int,
    jobs: int = 1,
    on_match: Callable[[], None] | None = None,
    clock: str = "wall",
) -> list[Standing]:
    """Play the tournament and return each entrant's standing (in the order given).

    Deals are played in batches, each under every rotation, until every entrant has played ``rounds``.
    The searching bots think on ``clock`` (``CLOCKS``); the decision times are measured on it too.
    """
    standings = [Standing(name) for name in entrants]
    deal, batch = 0, first_deals(options, rounds)
    while min(len(standing.scores) for standing in standings) < rounds:
        planned = [plan for d in range(deal, deal + batch) for plan in deal_plans(options, entrants, d, seed, clock)]
        for outcome in _outcomes(planned, jobs):
            for entrant, standing in enumerate(standings):
                standing.scores += outcome.scores[entrant]
                standing.wins += outcome.wins[entrant]
                standing.seconds += outcome.seconds[entrant]
            if on_match is not None:
                on_match()
        deal, batch = deal + batch, max(1, jobs)
    return standings


def _outcomes(planned: list[MatchPlan], jobs: int) -> Iterator[MatchOutcome]:
    if jobs <= 1:
        yield from map(play_planned_match, planned)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(play_planned_match, planned)


def merged(standings: list[Standing]) -> list[Standing]:
    """One standing per bot name (entrants sharing a name, like two medium bots, pooled together)."""
    pooled: dict[str, Standing] = {}
    for standing in standings:
        total = pooled.setdefault(standing.name, Standing(standing.name))
        total.scores += standing.scores
        total.wins += standing.wins
        total.seconds += standing.seconds
    return list(pooled.values())
