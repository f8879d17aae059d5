"""A match: rounds of any game in order, who opens each, running totals and the winners."""

from __future__ import annotations

import random
from itertools import accumulate
from typing import Any, Generic, Protocol, TypeVar

from .fair import DealSeed


class Round(Protocol):
    """What a match needs of a round."""

    first: int
    end: str | None

    def scores(self) -> list[int]:
        """The round's result per seat (or per team)."""
        ...


R = TypeVar("R", bound=Round)


class Settings(Protocol):
    """What the rest of the project reads of any game's options."""

    @property
    def players(self) -> int:
        """Seats at the table."""
        ...

    @property
    def top(self) -> int:
        """The set's highest number."""
        ...

    def sides(self) -> int:
        """How many results a round has: one per seat, or per team."""
        ...

    def side_of(self, seat: int) -> int:
        """The result a seat plays for: its own, or its team's."""
        ...

    def round_count(self) -> int | None:
        """Rounds in a match of fixed length; ``None`` when a score decides."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """The options as a record writes them."""
        ...


class Rules(Protocol[R]):
    """What a match needs of a game's settings: how rounds are dealt, when the match ends, who won."""

    @property
    def options(self) -> Settings:
        """The game's options."""
        ...

    def deal(self, index: int, previous: R | None, rng: random.Random) -> R:
        """Deal round ``index`` (0-based) after ``previous``."""
        ...

    def deal_seeded(self, index: int, previous: R | None, seed: DealSeed) -> R:
        """Deal round ``index`` fairly from ``seed`` (docs/fairness.md) instead of a random generator."""
        ...

    def is_match_over(self, totals: list[int], rounds_played: int) -> bool:
        """True once the match is decided."""
        ...

    def winners(self, totals: list[int], last: R) -> list[int]:
        """The winning seats for these totals, once ``last`` (the match's last round) has ended."""
        ...


class MatchOverError(RuntimeError):
    """A round was asked for after the match ended, or before the current round ended."""


class Match(Generic[R]):
    """Rounds of one game in order, with their running totals."""

    def __init__(self, rules: Rules[R]) -> None:
        self.rules = rules
        self.rounds: list[R] = []

    @property
    def current(self) -> R:
        """The round being played (or the last one played)."""
        return self.rounds[-1]

    def running_totals(self) -> list[list[int]]:
        """The totals after each ended round, in order (empty before the first round ends)."""
        ended = (r.scores() for r in self.rounds if r.end is not None)
        return list(accumulate(ended, lambda total, score: [a + b for a, b in zip(total, score, strict=True)]))

    def totals(self) -> list[int]:
        """The sum of every ended round's scores."""
        rows = self.running_totals()
        return rows[-1] if rows else []

    def is_over(self) -> bool:
        """True when the last round has ended and the match is decided."""
        if not self.rounds or self.current.end is None:
            return False
        return self.rules.is_match_over(self.totals(), len(self.rounds))

    def winners(self) -> list[int]:
        """The winning seats of a finished match (several when they share the win)."""
        if not self.is_over():
            raise MatchOverError("the match is not over yet")
        return self.rules.winners(self.totals(), self.current)

    def deal_next(self, rng: random.Random) -> R:
        """Deal and start the next round."""
        if self.rounds and self.current.end is None:
            raise MatchOverError("the current round has not ended")
        if self.is_over():
            raise MatchOverError("the match is over")
        previous = self.rounds[-1] if self.rounds else None
        self.rounds.append(self.rules.deal(len(self.rounds), previous, rng))
        return self.current
