"""A match: rounds of any game in order, who opens each, running totals and the winners."""

from __future__ import annotations

import random
from itertools import accumulate
from typing import Any, Generic, Protocol, TypeVar

from . import chickenfoot, standard
from .chickenfoot import ChickenFootRound, deal_round
from .fair import DealSeed
from .options import ChickenFootOptions, lowest_totals
from .standard import StandardRound, deal_hand, lead_hand
from .standard_options import StandardOptions


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


class ChickenFootRules:
    """Chicken Foot's match rules: descending doubles, the opener moving one seat on, lowest total wins."""

    def __init__(self, options: ChickenFootOptions) -> None:
        self.options = options

    def opener(self, index: int, previous: ChickenFootRound | None, rng: random.Random) -> int:
        """Round 1 is opened by a random seat, each later one by the seat after the last opener."""
        if previous is None:
            return rng.randrange(self.options.players)
        return (previous.first + 1) % self.options.players

    def deal(self, index: int, previous: ChickenFootRound | None, rng: random.Random) -> ChickenFootRound:
        """Deal round ``index``: its double in the centre, the rest shuffled by ``rng``."""
        first = self.opener(index, previous, rng)
        return deal_round(self.options, self.options.round_number(index), first, rng)

    def deal_seeded(self, index: int, previous: ChickenFootRound | None, seed: DealSeed) -> ChickenFootRound:
        """Deal round ``index`` fairly from ``seed`` (docs/fairness.md): the first round's opener is drawn too."""
        hands, boneyard, first = chickenfoot.fair_deal(self.options, index, seed)
        if first is None:  # a later round: the seat after the last opener
            assert previous is not None, f"round {index + 1} follows an earlier round"
            first = (previous.first + 1) % self.options.players
        return ChickenFootRound(self.options, self.options.round_number(index), first, hands, boneyard)

    def is_match_over(self, totals: list[int], rounds_played: int) -> bool:
        """After the last round, or with a limit once some total passes it."""
        return self.options.is_match_over(totals, rounds_played)

    def winners(self, totals: list[int], last: ChickenFootRound | None = None) -> list[int]:
        """The lowest total wins; equal lowest totals share the win."""
        return lowest_totals(totals)


def chicken_foot_match(options: ChickenFootOptions) -> Match[ChickenFootRound]:
    """An empty Chicken Foot match; call ``deal_next`` to start each round."""
    return Match(ChickenFootRules(options))


class StandardRules:
    """The standard game's match rules: who leads each hand, when the match ends, who won.

    The first hand (and any hand after one nobody won) is led by the first-hand rule; a later hand by the
    previous hand's winner, with any tile. Without a target one hand decides and its winner (seat or team)
    wins; with a target, hands go on until a total reaches it and the highest total wins.
    """

    def __init__(self, options: StandardOptions) -> None:
        self.options = options

    def leader(self, previous: StandardRound | None) -> int | None:
        """The seat that leads after ``previous``, or ``None`` when the first-hand rule decides."""
        return None if previous is None else previous.winner()[1]

    def deal(self, index: int, previous: StandardRound | None, rng: random.Random) -> StandardRound:
        """Deal hand ``index``: the whole set shuffled by ``rng``, led as the rules say."""
        return deal_hand(self.options, self.leader(previous), rng)

    def deal_seeded(self, index: int, previous: StandardRound | None, seed: DealSeed) -> StandardRound:
        """Deal hand ``index`` fairly from ``seed`` (docs/fairness.md), led as the rules say."""
        hands, boneyard, _ = standard.fair_deal(self.options, index, seed)
        return lead_hand(self.options, self.leader(previous), hands, boneyard)

    def is_match_over(self, totals: list[int], rounds_played: int) -> bool:
        """After one hand without a target; with one, once some total reaches it."""
        return self.options.is_match_over(totals, rounds_played)

    def winners(self, totals: list[int], last: StandardRound) -> list[int]:
        """Without a target the last hand's winner (everyone when nobody won it); else the highest totals."""
        if self.options.target is not None:
            return self.options.highest_totals(totals)
        side, _ = last.winner()
        return list(range(self.options.players)) if side is None else self.options.seats_of(side)


def standard_match(options: StandardOptions) -> Match[StandardRound]:
    """An empty standard match; call ``deal_next`` to start each hand."""
    return Match(StandardRules(options))


AnyRound = ChickenFootRound | StandardRound
"""A round of either game."""
AnyMatch = Match[ChickenFootRound] | Match[StandardRound]
"""A match of either game."""
GameOptions = ChickenFootOptions | StandardOptions
"""The settings of either game."""
AnyRules = ChickenFootRules | StandardRules
"""The match rules of either game."""
