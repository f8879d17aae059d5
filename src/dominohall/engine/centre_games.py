"""What the train games (Chicken Foot, Mexican Train) share besides their deal (``centre_deals``): a match of
rounds counted down from the set's top double, ended by its length or by a score limit, the lowest total
winning, one result per seat; and a round's penalties, the pips left in each hand (docs/architecture.md,
"Adding a game")."""

from __future__ import annotations

import math
import random
from abc import abstractmethod
from typing import Any, Generic, Protocol, TypeVar

from .centre_deals import CentreDealt, deal_tiles, fair_deal
from .errors import OptionsError
from .fair import DealSeed
from .tiles import Tile, pips_of, set_size
from .turns import TurnTaking

LENGTHS = ("full", "half", "one")
"""How many rounds a match has: one per double, the upper half of them, or the top double only."""


def lowest_totals(totals: list[int]) -> list[int]:
    """The seats with the lowest total: the match's winners (several share a draw).

    >>> lowest_totals([30, 12, 12, 40])
    [1, 2]
    """
    best = min(totals)
    return [seat for seat, total in enumerate(totals) if total == best]


class CentreMatch:
    """The match rules a train game's options share (a base of its frozen dataclass, which holds the fields
    named here): one result per seat, rounds from the top double down, a length or a score limit."""

    players: int
    top: int
    hand: int
    length: str
    limit: int | None

    def sides(self) -> int:
        """How many results a round has: one per seat (the train games have no teams)."""
        return self.players

    def side_of(self, seat: int) -> int:
        """The result a seat plays for: its own."""
        return seat

    def round_count(self) -> int | None:
        """Rounds in a match of fixed length; ``None`` when a score limit decides."""
        if self.limit is not None:
            return None
        every = self.top + 1
        return {"full": every, "half": math.ceil(every / 2), "one": 1}[self.length]

    def round_number(self, index: int) -> int:
        """The number of round ``index``'s double (0-based): descending, wrapping to the top."""
        return self.top - index % (self.top + 1)

    def is_match_over(self, totals: list[int], rounds_played: int) -> bool:
        """True once the last round of the match has been played (with a limit: once a total passes it)."""
        if self.limit is not None:
            return any(total > self.limit for total in totals)
        count = self.round_count()
        return count is not None and rounds_played >= count

    def check_fit(self, centre: str) -> None:
        """Raise ``OptionsError`` unless the hands hold a tile each and fit in the set beside its ``centre``
        double (what the game calls it)."""
        if self.hand < 1:
            raise OptionsError(f"a hand holds at least 1 tile, not {self.hand}", "hand")
        if self.players * self.hand + 1 > set_size(self.top):
            raise OptionsError(
                f"{self.players} hands of {self.hand} and the {centre} do not fit in the "
                f"{set_size(self.top)} tiles of double-{self.top}",
                "hand",
            )

    def check_match(self) -> None:
        """Raise ``OptionsError`` unless the length is one of ``LENGTHS`` and a limit, if any, is positive."""
        if self.length not in LENGTHS:
            raise OptionsError(f"length must be one of {', '.join(LENGTHS)}, not {self.length!r}", "length")
        if self.limit is not None and self.limit < 1:
            raise OptionsError(f"a score limit must be a positive number, not {self.limit}", "limit")


class BlankDouble(Protocol):
    """What a penalty round asks of its options."""

    @property
    def blank_double(self) -> int:
        """What a 0-0 left in hand costs."""
        ...


Rules = TypeVar("Rules", bound=BlankDouble)


class PenaltyRound(TurnTaking, Generic[Rules]):
    """A train game's round, of its options ``Rules``: its results are penalties, the pips left in each hand
    (0-0 counting the table's blank-double value), and a seat may draw while the boneyard has tiles."""

    __slots__ = ()

    options: Rules

    def penalties(self) -> list[int]:
        """Each seat's penalty: the pips left in hand, 0-0 counting the table's blank-double value."""
        blank = self.options.blank_double
        return [pips_of(hand) + (blank if hand & 1 else 0) for hand in self.hands]

    def scores(self) -> list[int]:
        """The round's result per seat, as every game's match sums it: here the penalties."""
        return self.penalties()

    def seat_score(self, seat: int) -> int:
        """The seat's penalty."""
        return self.penalties()[seat]

    def _may_draw(self) -> bool:
        return self.drawn_count < len(self.boneyard)


class CentreOptions(CentreDealt, Protocol):
    """What the match rules of a train game ask of its options."""

    def is_match_over(self, totals: list[int], rounds_played: int) -> bool:
        """True once the last round of the match has been played."""
        ...


Options = TypeVar("Options", bound=CentreOptions)
Round = TypeVar("Round", bound=TurnTaking)


class CentreRules(Generic[Options, Round]):
    """A train game's match rules: the rounds' doubles descending, round 1 opened by a random seat and each
    later one by the seat after the last opener, the lowest total winning. A game names its round's type by
    ``new_round``."""

    def __init__(self, options: Options) -> None:
        self.options = options

    @abstractmethod
    def new_round(self, number: int, first: int, hands: list[list[Tile]], boneyard: list[Tile]) -> Round:
        """The game's round of ``number``'s double, opened by ``first``, from its dealt tiles."""

    def opener(self, index: int, previous: Round | None, rng: random.Random) -> int:
        """Round 1 is opened by a random seat, each later one by the seat after the last opener."""
        if previous is None:
            return rng.randrange(self.options.players)
        return (previous.first + 1) % self.options.players

    def deal(self, index: int, previous: Round | None, rng: random.Random) -> Round:
        """Deal round ``index``: its double in the centre, the rest shuffled by ``rng``."""
        first = self.opener(index, previous, rng)
        number = self.options.round_number(index)
        return self.new_round(number, first, *deal_tiles(self.options, number, rng))

    def deal_seeded(self, index: int, previous: Round | None, seed: DealSeed) -> Round:
        """Deal round ``index`` fairly from ``seed`` (docs/fairness.md): the first round's opener is drawn too."""
        hands, boneyard, first = fair_deal(self.options, index, seed)
        if first is None:  # a later round: the seat after the last opener
            assert previous is not None, f"round {index + 1} follows an earlier round"
            first = (previous.first + 1) % self.options.players
        return self.new_round(self.options.round_number(index), first, hands, boneyard)

    def is_match_over(self, totals: list[int], rounds_played: int) -> bool:
        """After the last round, or with a limit once some total passes it."""
        return self.options.is_match_over(totals, rounds_played)

    def winners(self, totals: list[int], last: Any = None) -> list[int]:
        """The lowest total wins; equal lowest totals share the win."""
        return lowest_totals(totals)
