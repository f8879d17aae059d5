"""Players' ratings: OpenSkill's Plackett-Luce model on the bots' ladder's scale (docs/players.md).

This module is pure (OpenSkill and the ports only), so a store can rate a match inside the transaction of the
event that ends it, from the ratings it has just read there. A rating is ``(mu, sigma)``; what the pages show
is ``mu``, rounded. The scale is the ladder's (``web/ladder.json``: Elo-like, 400 points being ten to one odds
between two sides), so a bot of a level plays as the rating the ladder measured for it and a person's rating
reads against the bots' ("between the medium and the hard bot").
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from .ports import MatchSeat

MU = 1100.0
"""A new player's rating: between the easy and the medium bot."""
SIGMA = 250.0
"""A new player's uncertainty: wide, so the first matches move the rating a lot and count little to others."""
BETA = 400 / math.log(10) / math.sqrt(2)
"""The model's performance spread: two sides of known ratings ``d`` apart then win in Elo's proportions (the
Plackett-Luce odds ``exp(d / c)`` with ``c = sqrt(2) * BETA`` are Elo's ``10 ** (d / 400)``)."""
TAU = 2.5
"""Uncertainty added before each match, so a rating never stops following a player who gets better."""
BOT_SIGMA = 30.0
"""A bot's uncertainty as an opponent (about the half-width of the ladder's intervals); it is never changed."""
LEVEL_RATINGS = {"easy": 1000.0, "medium": 1150.0, "hard": 1300.0, "expert": 1350.0}
"""A bot level's rating when no ladder has measured it (the ladder's scale, its order and rough gaps)."""
DAILY_PAIR_CAP = 5
"""Rated matches within 24 hours between the same people after which a player's rating may still fall from
another such match but no longer rises (a friend losing on purpose, or one person's second browser, stops
paying after a few matches)."""
DAY = 24 * 3600.0

MODEL = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU)

Rating = tuple[float, float]
"""``(mu, sigma)``."""


def ladder_ratings(figures: Mapping[str, Any]) -> dict[str, dict[str, float]]:
    """The bots' ratings per ladder (a game's name) of the ladder file's ``figures`` (``web/ladder.json``):
    every entry that has a ``ratings`` object of numbers; anything else is left out.

    >>> ladder_ratings({"deals": 60, "a-game": {"ratings": {"easy": 1000, "medium": 1186.8}}})
    {'a-game': {'easy': 1000.0, 'medium': 1186.8}}
    """
    ladders = {}
    for key, entry in figures.items():
        ratings = entry.get("ratings") if isinstance(entry, dict) else None
        if isinstance(ratings, dict):
            ladders[key] = {
                level: float(value)
                for level, value in ratings.items()
                if isinstance(value, int | float) and not isinstance(value, bool)
            }
    return ladders


def bot_rating(ladders: Mapping[str, Mapping[str, float]], game: str, level: str) -> float:
    """The rating a bot of ``level`` plays as at ``game``: the game's own ladder, else the first ladder that
    measured the level (the levels keep their order and rough gaps from one game to another), else
    ``LEVEL_RATINGS``.

    >>> bot_rating({"a": {"medium": 1187.0}}, "b", "medium"), bot_rating({}, "b", "hard")
    (1187.0, 1300.0)
    """
    own = ladders.get(game, {})
    if level in own:
        return own[level]
    for ladder in ladders.values():
        if level in ladder:
            return ladder[level]
    return LEVEL_RATINGS.get(level, MU)


@dataclass(frozen=True)
class Rated:
    """One seat of a match to rate: its key (a player's id; ``None`` for a bot or a person the store does not
    know), its rating before, and whether its new rating is kept (a player's) and may rise (not capped)."""

    key: str | None
    before: Rating
    seat: MatchSeat
    capped: bool = False


def rate(seats: Sequence[Rated]) -> dict[str, Rating]:
    """The new rating of every player (``key``) of a match: one OpenSkill Plackett-Luce update with a team per
    result (the seats of one side with one place: partners; a partner who left is a team alone, last), ranked
    by place. Bots' and unknown persons' ratings are used and not kept; a capped player's ``mu`` does not rise.
    """
    groups: dict[tuple[int, int], list[Rated]] = {}
    for seat in seats:
        groups.setdefault((seat.seat.place, seat.seat.side), []).append(seat)
    if len(groups) < 2:
        return {}
    order = sorted(groups)
    teams = [[MODEL.rating(mu=r.before[0], sigma=r.before[1]) for r in groups[key]] for key in order]
    ranks = [float(place) for place, _ in order]
    updated = MODEL.rate(teams, ranks=ranks)
    new: dict[str, Rating] = {}
    for key, team in zip(order, updated, strict=True):
        for seat, rating in zip(groups[key], team, strict=True):
            if seat.key is None or seat.seat.token is None:
                continue
            mu = min(rating.mu, seat.before[0]) if seat.capped else rating.mu
            new[seat.key] = (mu, rating.sigma)
    return new


def new_rating() -> Rating:
    """A new player's rating."""
    return MU, SIGMA


def before_of(seat: MatchSeat, known: Mapping[str, Rating], key: str | None) -> Rating:
    """The rating a seat plays a match with: a bot's fixed one, a player's kept one, or a new player's."""
    if seat.token is None:
        return (seat.fixed if seat.fixed is not None else MU), BOT_SIGMA
    return known.get(key, new_rating()) if key is not None else new_rating()
