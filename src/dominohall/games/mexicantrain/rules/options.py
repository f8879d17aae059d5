"""Mexican Train table settings (docs/rules-mexicantrain.md): defaults, checks, and what they mean for a match."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dominohall.engine.centre_games import LENGTHS, CentreMatch
from dominohall.engine.errors import OptionsError, whole_option
from dominohall.engine.settings import CHOICE, SCORE_LIMIT, WHOLE, Setting
from dominohall.engine.tiles import set_size

TABLE_TOP = 12
"""The set of the site's tables: double-twelve (double-nine and double-fifteen are house sets)."""

MEXICAN_TRAIN_SETS = (9, 12, 15)
"""Sets a Mexican Train table may use."""

PLAYERS = (2, 8)
"""The fewest and the most seats of a Mexican Train table."""

BLANK_DOUBLES = (50, 25, 0)
"""What a 0-0 left in hand may cost."""

SETTINGS = (
    Setting("players", WHOLE, "Players", "seats at the table (default 4)", low=PLAYERS[0], high=PLAYERS[1]),
    Setting("set", CHOICE, "Set", "house: the set, double-9, 12 or 15 (default double-12)",
            choices=MEXICAN_TRAIN_SETS, house=True, unit="double-{}"),
    Setting("hand", WHOLE, "Tiles in each hand", "house: the hand size with a house set (default: by players)",
            low=1, high=67, house=True),
    Setting("length", CHOICE, "Length", "full, half or one round (default full)", choices=LENGTHS),
    Setting("blank_double", CHOICE, "A 0-0 left in hand counts", "what a 0-0 left in hand costs (default 50)",
            choices=BLANK_DOUBLES),
    Setting("limit", WHOLE, "Play to a score limit", "house: play rounds until some total passes this limit",
            low=1, high=SCORE_LIMIT, house=True),
)  # fmt: skip
"""Mexican Train's settings, by the record's option names (``engine/settings.py``)."""


def table_hand(players: int) -> int:
    """The hand on double-twelve: 15 tiles for 2 to 4 players, 12 for 5 or 6, 10 for 7 or 8.

    >>> [table_hand(n) for n in range(2, 9)]
    [15, 15, 15, 12, 12, 10, 10]
    """
    return 15 if players <= 4 else 12 if players <= 6 else 10


def default_hand(players: int, top: int) -> int:
    """The hand for ``players`` seats with the set double-``top``.

    The table's hand on double-twelve; with a house set, the table's hand if it fits, else the largest that
    leaves the engine and one tile in the boneyard.

    >>> default_hand(4, 12), default_hand(4, 15), default_hand(4, 9), default_hand(8, 9), default_hand(2, 9)
    (15, 15, 13, 6, 15)
    """
    usual = table_hand(players)
    if top == TABLE_TOP:
        return usual
    return min(usual, (set_size(top) - 2) // players)


@dataclass(frozen=True)
class MexicanTrainOptions(CentreMatch):
    """The settings of a Mexican Train table.

    ``top`` is the set by its top double (12 is double-twelve); ``limit`` replaces the fixed ``length`` with
    "play until a round ends with some total above the limit" when it is not ``None``.

    >>> opts = MexicanTrainOptions.for_table(players=6)
    >>> opts.top, opts.hand, opts.round_count(), opts.round_number(1), opts.round_number(13)
    (12, 12, 13, 11, 12)
    >>> MexicanTrainOptions.for_table(length="half").round_count(), MexicanTrainOptions.for_table(top=9).hand
    (7, 13)
    """

    players: int = 4
    top: int = 12
    hand: int = 15
    length: str = "full"
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
        blank_double: int = 50,
        limit: int | None = None,
    ) -> MexicanTrainOptions:
        """Settings for ``players`` seats: double-twelve and the table's hand unless a house set is chosen."""
        if not PLAYERS[0] <= players <= PLAYERS[1]:
            raise OptionsError(f"Mexican Train is played by 2 to 8 players, not {players}", "players")
        top = TABLE_TOP if top is None else top
        if hand is None:
            hand = default_hand(players, top)
        options = cls(players, top, hand, length, blank_double, limit)
        options.check()
        return options

    @classmethod
    def from_settings(cls, values: dict[str, Any]) -> MexicanTrainOptions:
        """Settings from checked values of ``SETTINGS`` (those not given follow the table's defaults)."""
        return cls.for_table(
            values.get("players", 4),
            top=values.get("set"),
            hand=values.get("hand"),
            length=values.get("length", "full"),
            blank_double=values.get("blank_double", 50),
            limit=values.get("limit"),
        )

    def chosen_settings(self) -> dict[str, Any]:
        """The settings a host chose: the set and hand only where they differ from the defaults."""
        chosen = self.to_dict()
        if self.top == TABLE_TOP:
            del chosen["set"]
        if self.hand == default_hand(self.players, self.top):
            del chosen["hand"]
        return chosen

    def check(self) -> None:
        """Raise ``OptionsError`` (naming the setting at fault) unless these settings describe a playable game."""
        if not PLAYERS[0] <= self.players <= PLAYERS[1]:
            raise OptionsError(f"Mexican Train is played by 2 to 8 players, not {self.players}", "players")
        if self.top not in MEXICAN_TRAIN_SETS:
            raise OptionsError(f"the set must be double-9, double-12 or double-15, not double-{self.top}", "set")
        self._check_hand()
        self.check_match()
        if self.blank_double not in BLANK_DOUBLES:
            raise OptionsError(f"0-0 left in hand counts 50, 25 or 0, not {self.blank_double}", "blank_double")

    def _check_hand(self) -> None:
        if self.top == TABLE_TOP and self.hand != table_hand(self.players):
            raise OptionsError(
                f"on double-12, {self.players} players are dealt {table_hand(self.players)} tiles each, not "
                f"{self.hand}: only a house set takes a house hand",
                "hand",
            )
        self.check_fit("engine")

    def house_settings(self) -> list[str]:
        """The house settings that are on, as the record's option names."""
        on = []
        if self.top != TABLE_TOP:
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
            "blank_double": self.blank_double,
            "limit": self.limit,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MexicanTrainOptions:
        """Read and check options as the record writes them; raise ``OptionsError`` when they are wrong."""
        length, limit = data.get("length"), data.get("limit")
        if not isinstance(length, str):
            raise OptionsError("option 'length' must be full, half or one", "length")
        options = cls(
            players=whole_option(data, "players"),
            top=whole_option(data, "set"),
            hand=whole_option(data, "hand"),
            length=length,
            blank_double=whole_option(data, "blank_double"),
            limit=None if limit is None else whole_option(data, "limit"),
        )
        options.check()
        return options
