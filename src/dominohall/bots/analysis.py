"""The hard bot as a coach: each choice a seat made in a finished round, rated from what it knew then.

For every turn of the seat where it had more than one distinct play, the analysis takes the seat's view at
that moment (its own hand and the public table: never the hidden hands, even though the round is over),
deals the unseen tiles ``samples`` times consistently with that view (``Knowledge``), and plays every
candidate out on each of those deals as the hard bot does (its game's ``Search``): the same deals for every candidate,
so their difference is not blurred by luck of the deal. A candidate's value is its mean outcome for the
seat, in points, higher being better (minus the penalty in Chicken Foot; the side's margin over the others'
mean in the standard game). The loss of the play made is the best candidate's value minus its own; it is
called an inaccuracy, a mistake or a blunder when it passes that threshold (the game's
``BotParts.thresholds``) and stays above 0 by more than twice its standard error. docs/bots.md explains the
choices and the limits.
"""

from __future__ import annotations

import math
import random
import statistics
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from dominohall.games import game_of

from ..engine.match import Match
from ..engine.moves import Move
from ..engine.record_parts import move_to_dict
from ..engine.tiles import Tile
from ..search.knowledge import Knowledge
from ..search.parts import Evaluate, TooBigError

FORMAT = "dominohall/analysis@1"
"""The analysis format ``Analysis.to_dict`` writes."""

DEFAULT_SAMPLES = 200
"""Deals per decision: enough that a loss of a few points stands out from sampling noise (docs/bots.md)."""


class Verdict(StrEnum):
    """How costly a play was."""

    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


@dataclass(frozen=True)
class Decision:
    """One rated choice: the play made and the best play found, with their values for the seat."""

    move: int
    """The index of the play in the round's moves (0-based, as in the record)."""
    choices: int
    """How many distinct plays the seat had."""
    played: Move
    best: Move
    played_value: float
    best_value: float
    loss: float
    """``best_value - played_value``: expected points the play gave away (0 when it was the best)."""
    error: float
    """The standard error of ``loss`` over the sampled deals."""
    verdict: Verdict | None

    def to_dict(self, seat: int) -> dict[str, Any]:
        """The decision as the analysis format writes it (moves as the record writes them)."""
        return {
            "move": self.move,
            "choices": self.choices,
            "played": move_to_dict(seat, self.played),
            "best": move_to_dict(seat, self.best),
            "played_value": round(self.played_value, 2),
            "best_value": round(self.best_value, 2),
            "loss": round(self.loss, 2),
            "error": round(self.error, 2),
            "verdict": self.verdict,
        }


@dataclass(frozen=True)
class Analysis:
    """Every rated choice of one seat in one round."""

    round: int
    """The round's number (1-based)."""
    seat: int
    samples: int
    decisions: tuple[Decision, ...]

    def to_dict(self) -> dict[str, Any]:
        """The analysis as JSON-ready data (``dominohall/analysis@1``)."""
        return {
            "format": FORMAT,
            "round": self.round,
            "seat": self.seat,
            "samples": self.samples,
            "decisions": [decision.to_dict(self.seat) for decision in self.decisions],
        }


def stand_in_moves(record: dict[str, Any], index: int) -> frozenset[int]:
    """The moves of round ``index`` (0-based) of a record that the server made for a person (``stand_in``)."""
    moves = record["rounds"][index].get("moves", [])
    return frozenset(number for number, move in enumerate(moves) if isinstance(move, dict) and move.get("stand_in"))


def thresholds_for(options: Any) -> tuple[float, float, float]:
    """The verdict thresholds of a game's options."""
    return game_of(options).bots.thresholds(options)


def analyse_round(
    match: Match[Any],
    index: int,
    seat: int,
    samples: int = DEFAULT_SAMPLES,
    rng: random.Random | None = None,
    *,
    not_theirs: frozenset[int] = frozenset(),
) -> Analysis:
    """Rate ``seat``'s choices in round ``index`` (0-based) of ``match``, which must have ended; the moves in
    ``not_theirs`` (by index in the round) were made for the seat by a bot standing in or by the clock, and are
    not rated."""
    recorded = match.rounds[index]
    if recorded.end is None:
        raise ValueError("only a finished round can be analysed")
    if not 0 <= seat < match.rules.options.players:
        raise ValueError(f"there is no seat {seat}")
    rng = rng or random.Random()
    game = game_of(recorded)
    options = match.rules.options
    totals = tuple(match.running_totals()[index - 1]) if index else ()
    replayed = game.round_from_deal(options, recorded.deal_fields())
    decisions = []
    for number, (mover, move) in enumerate(recorded.history):
        if mover == seat and move.is_play() and number not in not_theirs:
            view = game.view(replayed, seat, index, totals)
            decision = rate(view, move, number, samples, rng)
            if decision is not None:
                decisions.append(decision)
        replayed.apply(move, mover)
    return Analysis(index + 1, seat, samples, tuple(decisions))


def rate(view: Any, played: Move, number: int, samples: int, rng: random.Random) -> Decision | None:
    """Rate ``played`` (move ``number`` of the round) against every candidate of ``view``; ``None`` when
    there was no choice."""
    search = game_of(view).bots.search
    candidates = search.candidates(view)
    if len(candidates) <= 1:
        return None
    keys = list(candidates)
    outcomes = sample_values(view, keys, samples, rng)
    means = [statistics.fmean(values) for values in outcomes]
    best = max(range(len(keys)), key=means.__getitem__)
    made = keys.index(search.key_of(view, played))
    differences = [b - p for b, p in zip(outcomes[best], outcomes[made], strict=True)]
    error = statistics.stdev(differences) / math.sqrt(samples) if samples > 1 else math.inf
    loss = means[best] - means[made]
    verdict = _verdict(loss, error, thresholds_for(view.options))
    best_move = played if best == made else candidates[keys[best]]
    return Decision(number, len(keys), played, best_move, means[made], means[best], loss, error, verdict)


def sample_values(view: Any, keys: list[Any], samples: int, rng: random.Random) -> list[list[float]]:
    """Per candidate, its value for the seat on each of ``samples`` deals of the unseen tiles (the same
    deals for every candidate): exact where the hard bot solves the hand exactly, else a rollout; when one
    exact solve grows too big, the same deals are valued again by rollouts only."""
    parts = game_of(view).bots
    evaluator = parts.search.evaluator
    knowledge = Knowledge.from_view(view, parts.reading)
    deals: list[tuple[list[list[Tile]], list[Tile]]] = []
    for _ in range(samples):
        hands, boneyard = knowledge.sample(rng)
        hands[view.seat] = list(view.hand)
        deals.append((hands, boneyard))
    state = rng.getstate()
    try:
        return _values(evaluator(view, True), deals, keys, rng)
    except TooBigError:
        rng.setstate(state)
        return _values(evaluator(view, False), deals, keys, rng)


def _values(
    value: Evaluate, deals: list[tuple[list[list[Tile]], list[Tile]]], keys: list[Any], rng: random.Random
) -> list[list[float]]:
    """Per candidate, ``value`` on each deal."""
    outcomes: list[list[float]] = [[] for _ in keys]
    for hands, boneyard in deals:
        for values, found in zip(outcomes, value(hands, boneyard, keys, rng), strict=True):
            values.append(found)
    return outcomes


def _verdict(loss: float, error: float, thresholds: tuple[float, float, float]) -> Verdict | None:
    """The worst verdict whose threshold ``loss`` reaches, when the loss is clearly above 0."""
    if loss - 2 * error <= 0:
        return None
    found = None
    for verdict, threshold in zip(Verdict, thresholds, strict=True):
        if loss >= threshold:
            found = verdict
    return found
