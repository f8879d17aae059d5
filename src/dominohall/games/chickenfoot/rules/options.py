"""Chicken Foot table settings (docs/rules-chickenfoot.md): defaults, checks, and what they mean for a match."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dominohall.engine.centre_games import LENGTHS, CentreMatch
from dominohall.engine.errors import OptionsError, whole_option
from dominohall.engine.settings import CHOICE, SCORE_LIMIT, WHOLE, Setting
from dominohall.engine.tiles import set_size

DEFAULT_HANDS: dict[int, dict[int, int]] = {
    9: {2: 20, 3: 14, 4: 11, 5: 9, 6: 7},
    12: {7: 10, 8: 9},
    15: {9: 11, 10: 10, 11: 9, 12: 8},
}
"""Hand size by set and players when no house override is on."""

CHICKEN_FOOT_SETS = (9, 12, 15)
"""Sets a Chicken Foot table may use."""

PLAYERS = (2, 12)
"""The fewest and the most seats of a Chicken Foot table."""

SETTINGS = (
    Setting("players", WHOLE, "Players", "seats at the table (default 4)", low=PLAYERS[0], high=PLAYERS[1]),
    Setting("set", CHOICE, "Set", "house: the set, double-9, 12 or 15 (default: by players)", choices=CHICKEN_FOOT_SETS,
            house=True, unit="double-{}"),
    Setting("hand", WHOLE, "Tiles in each hand", "house: the hand size (default: by players and set)", low=1, high=67,
            house=True),
    Setting("length", CHOICE, "Length", "full, half or one round (default full)", choices=LENGTHS),
    Setting("start_toes", CHOICE, "Toes around the first double", "toes on the centre double (default 6)",
            choices=(6, 4)),
    Setting("blank_double", CHOICE, "0-0 left in hand counts", "what a 0-0 left in hand costs (default 50)",
            choices=(50, 25)),
    Setting("limit", WHOLE, "Score limit: the match ends once someone's total goes over it (instead of a length)",
            "house: play rounds until some total passes this limit", low=1, high=SCORE_LIMIT, house=True,
            other_label="Score limit in points"),
)  # fmt: skip
"""Chicken Foot's settings, by the record's option names (``engine/settings.py``)."""


def default_top(players: int) -> int:
    """The set for ``players`` seats: double-nine up to six, double-twelve for seven or eight, double-fifteen
    for nine to twelve.

    >>> [default_top(n) for n in (2, 6, 7, 8, 9, 12)]
    [9, 9, 12, 12, 15, 15]
    """
    return 9 if players <= 6 else 12 if players <= 8 else 15


def default_hand(players: int, top: int) -> int:
    """The hand for ``players`` seats with the set double-``top``.

    The table's own hand when the set is the usual one for that many players; with another set, the usual
    hand for that many players if it fits, else the largest that leaves the centre double and one tile.

    >>> default_hand(4, 9), default_hand(7, 12), default_hand(4, 15), default_hand(8, 9)
    (11, 10, 11, 6)
    >>> default_hand(9, 15), default_hand(12, 15), default_hand(12, 12), default_hand(12, 9)
    (11, 8, 7, 4)
    """
    usual = DEFAULT_HANDS[default_top(players)][players]
    hand = DEFAULT_HANDS.get(top, {}).get(players, usual)
    return min(hand, (set_size(top) - 2) // players)


@dataclass(frozen=True)
class ChickenFootOptions(CentreMatch):
    """The settings of a Chicken Foot table.

    ``top`` is the set by its top double (9 is double-nine); ``limit`` replaces the fixed ``length`` with
    "play until a round ends with some total above the limit" when it is not ``None``.

    >>> opts = ChickenFootOptions.for_table(players=7)
    >>> opts.top, opts.hand, opts.round_count(), opts.round_number(1)
    (12, 10, 13, 11)
    >>> ChickenFootOptions.for_table(length="half").round_count()
    5
    >>> opts = ChickenFootOptions.for_table(players=12)
    >>> opts.top, opts.hand, opts.round_count(), ChickenFootOptions.for_table(12, length="half").round_count()
    (15, 8, 16, 8)
    """

    players: int = 4
    top: int = 9
    hand: int = 11
    length: str = "full"
    start_toes: int = 6
    double_toes: int = 3
    blank_double: int = 50
    limit: int | None = None

    @classmethod
    def for_table(
        cls,
        players: int = 4,
        *,
        top: int | None = None,
        hand: int | None = None,
        length: str = "full",
        start_toes: int = 6,
        blank_double: int = 50,
        limit: int | None = None,
    ) -> ChickenFootOptions:
        """Settings for ``players`` seats, the set and hand following the table unless overridden."""
        if not PLAYERS[0] <= players <= PLAYERS[1]:
            raise OptionsError(f"Chicken Foot is played by 2 to 12 players, not {players}", "players")
        top = default_top(players) if top is None else top
        if hand is None:
            hand = default_hand(players, top)
        options = cls(players, top, hand, length, start_toes, 3, blank_double, limit)
        options.check()
        return options

    @classmethod
    def from_settings(cls, values: dict[str, Any]) -> ChickenFootOptions:
        """Settings from checked values of ``SETTINGS`` (those not given follow the table's defaults)."""
        return cls.for_table(
            values.get("players", 4),
            top=values.get("set"),
            hand=values.get("hand"),
            length=values.get("length", "full"),
            start_toes=values.get("start_toes", 6),
            blank_double=values.get("blank_double", 50),
            limit=values.get("limit"),
        )

    def chosen_settings(self) -> dict[str, Any]:
        """The settings a host chose: the set and hand only where they differ from the players' own."""
        chosen = {key: value for key, value in self.to_dict().items() if key != "double_toes"}
        if self.top == default_top(self.players):
            del chosen["set"]
        if self.hand == default_hand(self.players, self.top):
            del chosen["hand"]
        return chosen

    def check(self) -> None:
        """Raise ``OptionsError`` unless these settings describe a playable game."""
        if not PLAYERS[0] <= self.players <= PLAYERS[1]:
            raise OptionsError(f"Chicken Foot is played by 2 to 12 players, not {self.players}", "players")
        if self.top not in CHICKEN_FOOT_SETS:
            raise OptionsError(f"the set must be double-9, double-12 or double-15, not double-{self.top}", "set")
        self.check_fit("centre double")
        self.check_match()
        if self.start_toes not in (4, 6):
            raise OptionsError(f"the centre double takes 4 or 6 start toes, not {self.start_toes}", "start_toes")
        if self.double_toes != 3:
            raise OptionsError(f"a later double takes 3 toes, not {self.double_toes}", "double_toes")
        if self.blank_double not in (25, 50):
            raise OptionsError(f"0-0 left in hand counts 25 or 50, not {self.blank_double}", "blank_double")

    def house_settings(self) -> list[str]:
        """The house settings that are on, as the record's option names."""
        on = []
        if self.top != default_top(self.players):
            on.append("set")
        if self.hand != default_hand(self.players, self.top):
            on.append("hand")
        if self.limit is not None:
            on.append("limit")
        return on

    def to_dict(self) -> dict[str, Any]:
        """The options as the record writes them (docs/records.md)."""
        return {
            "players": self.players,
            "set": self.top,
            "hand": self.hand,
            "length": self.length,
            "start_toes": self.start_toes,
            "double_toes": self.double_toes,
            "blank_double": self.blank_double,
            "limit": self.limit,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ChickenFootOptions:
        """Read and check options as the record writes them; raise ``OptionsError`` when they are wrong."""
        length, limit = data.get("length"), data.get("limit")
        if not isinstance(length, str):
            raise OptionsError("option 'length' must be full, half or one", "length")
        options = cls(
            players=whole_option(data, "players"),
            top=whole_option(data, "set"),
            hand=whole_option(data, "hand"),
            length=length,
            start_toes=whole_option(data, "start_toes"),
            double_toes=whole_option(data, "double_toes"),
            blank_double=whole_option(data, "blank_double"),
            limit=None if limit is None else whole_option(data, "limit"),
        )
        options.check()
        return options
