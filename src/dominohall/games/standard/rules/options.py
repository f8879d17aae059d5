"""Standard domino table settings (docs/rules-standard.md): players, set, hand, mode, partners and target.

>>> opts = StandardOptions.for_table(players=4, mode="bergen", partners=True)
>>> opts.hand, opts.target, opts.sides(), opts.seats_of(1)
(5, 15, 2, [1, 3])
>>> StandardOptions.for_table(mode="allfives", target=None).target is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final, Literal

from dominohall.engine.errors import OptionsError, whole_option
from dominohall.engine.settings import CHOICE, FLAG, SCORE_LIMIT, WHOLE, Setting
from dominohall.engine.tiles import set_size


class Mode(StrEnum):
    """The four games of a standard table: each compares equal to its name ("draw", ...)."""

    DRAW = "draw"
    BLOCK = "block"
    ALLFIVES = "allfives"
    BERGEN = "bergen"


MODES = tuple(Mode)
"""The four standard games: the draw game, the block game (no drawing), All Fives and Bergen."""

STANDARD_SETS = (6, 9, 12)
"""Sets a standard table may use: double-six, double-nine, double-twelve."""

DEFAULT_TARGETS: dict[str, int | None] = {"draw": None, "block": None, "allfives": 150, "bergen": 15}
"""The target score of each mode when the table does not set one (``None``: one hand decides)."""

BY_MODE: Final = "by-mode"
"""Passed as ``target`` to ``for_table``: take the mode's usual target."""

SETTINGS = (
    Setting("mode", CHOICE, "Game", "draw, block, allfives or bergen (default draw)", choices=tuple(map(str, Mode))),
    Setting("players", WHOLE, "Players", "seats at the table (default 2)", low=2, high=4),
    Setting("set", CHOICE, "Set", "the set: double-6, 9 or 12 (default 6)", choices=STANDARD_SETS, unit="double-{}"),
    Setting("partners", FLAG, "Partners (four players, opposite seats)",
            "4 players: seats 0+2 against 1+3, one score per team", short="Partners"),
    Setting("target", WHOLE, "Target", "play hands until a score reaches N; none: one hand "
            "(default: draw/block none, allfives 150, bergen 15)", low=1, high=SCORE_LIMIT, nullable=True,
            auto=BY_MODE, other_label="Target in points",
            note="Usually one hand in the draw and block games, 150 points in All Fives, 15 in Bergen."),
)  # fmt: skip
"""The standard game's settings, by the record's option names (``engine/settings.py``), in the order the
site's form shows them (the game first)."""


def standard_hand(players: int, mode: str) -> int:
    """The hand size: 7 for two players, 5 for three or four; Bergen deals 6, 6 and 5.

    >>> [standard_hand(n, "draw") for n in (2, 3, 4)], [standard_hand(n, "bergen") for n in (2, 3, 4)]
    ([7, 5, 5], [6, 6, 5])
    """
    if mode == "bergen":
        return 6 if players < 4 else 5
    return 7 if players == 2 else 5


@dataclass(frozen=True)
class StandardOptions:
    """The settings of a standard table. ``top`` is the set by its top double (6 is double-six)."""

    players: int = 2
    top: int = 6
    hand: int = 7
    mode: str = "draw"
    partners: bool = False
    target: int | None = None

    @classmethod
    def for_table(
        cls,
        players: int = 2,
        *,
        top: int = 6,
        mode: str = "draw",
        partners: bool = False,
        target: int | Literal["by-mode"] | None = BY_MODE,
    ) -> StandardOptions:
        """Settings for ``players`` seats; the hand follows players and mode, the target the mode by default."""
        if mode not in MODES:
            raise OptionsError(f"the mode must be one of {', '.join(MODES)}, not {mode!r}", "mode")
        if not 2 <= players <= 4:
            raise OptionsError(f"the standard game is played by 2 to 4 players, not {players}", "players")
        goal = DEFAULT_TARGETS[mode] if isinstance(target, str) else target
        options = cls(players, top, standard_hand(players, mode), mode, partners, goal)
        options.check()
        return options

    @classmethod
    def from_settings(cls, values: dict[str, Any]) -> StandardOptions:
        """Settings from checked values of ``SETTINGS`` (a target not given follows the mode; ``None``: one hand)."""
        return cls.for_table(
            values.get("players", 2),
            top=values.get("set", 6),
            mode=values.get("mode", "draw"),
            partners=values.get("partners", False),
            target=values.get("target", BY_MODE),
        )

    def chosen_settings(self) -> dict[str, Any]:
        """The settings a host chose: the target only where it is not the mode's own."""
        chosen = {key: value for key, value in self.to_dict().items() if key != "hand"}
        if self.target == DEFAULT_TARGETS[self.mode]:
            del chosen["target"]
        return chosen

    def check(self) -> None:
        """Raise ``OptionsError`` unless these settings describe a playable game."""
        if not 2 <= self.players <= 4:
            raise OptionsError(f"the standard game is played by 2 to 4 players, not {self.players}", "players")
        if self.top not in STANDARD_SETS:
            raise OptionsError(f"the set must be double-6, double-9 or double-12, not double-{self.top}", "set")
        if self.mode not in MODES:
            raise OptionsError(f"the mode must be one of {', '.join(MODES)}, not {self.mode!r}", "mode")
        usual = standard_hand(self.players, self.mode)
        if self.hand != usual:
            raise OptionsError(
                f"{self.mode} with {self.players} players deals hands of {usual}, not {self.hand}", "hand"
            )
        if self.players * self.hand > set_size(self.top):
            raise OptionsError(f"{self.players} hands of {self.hand} do not fit in double-{self.top}", "set")
        if self.partners and self.players != 4:
            raise OptionsError("partners play with 4 players only (seats 0+2 against 1+3)", "partners")
        if self.target is not None and self.target < 1:
            raise OptionsError(f"a target score must be a positive number, not {self.target}", "target")

    # -- seats and teams -------------------------------------------------------------------------------

    def sides(self) -> int:
        """How many scores a hand has: one per seat, or one per team with partners."""
        return 2 if self.partners else self.players

    def side_of(self, seat: int) -> int:
        """The score a seat plays for: its own, or its team's (team 0 = seats 0+2, team 1 = seats 1+3)."""
        return seat % 2 if self.partners else seat

    def seats_of(self, side: int) -> list[int]:
        """The seats that share score ``side``."""
        return [side, side + 2] if self.partners else [side]

    def is_drawing(self) -> bool:
        """True in the modes where a seat that cannot play draws (all but the block game)."""
        return self.mode != "block"

    # -- the match -------------------------------------------------------------------------------------

    def round_count(self) -> int | None:
        """Hands in a match of fixed length: one without a target; ``None`` when a target decides."""
        return 1 if self.target is None else None

    def is_match_over(self, totals: list[int], hands_played: int) -> bool:
        """One hand decides without a target; with one, the match ends once a total reaches it."""
        if self.target is None:
            return hands_played >= 1
        return any(total >= self.target for total in totals)

    def highest_totals(self, totals: list[int]) -> list[int]:
        """The seats whose side has the highest total (several share the win), in seat order."""
        best = max(totals)
        return sorted(seat for side, total in enumerate(totals) if total == best for seat in self.seats_of(side))

    # -- the record ------------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The options as the record writes them (docs/records.md)."""
        return {
            "players": self.players,
            "set": self.top,
            "hand": self.hand,
            "mode": self.mode,
            "partners": self.partners,
            "target": self.target,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> StandardOptions:
        """Read and check options as the record writes them; raise ``OptionsError`` when they are wrong."""
        mode, partners, target = data.get("mode"), data.get("partners"), data.get("target")
        if not isinstance(mode, str):
            raise OptionsError(f"option 'mode' must be one of {', '.join(MODES)}", "mode")
        if not isinstance(partners, bool):
            raise OptionsError("option 'partners' must be true or false", "partners")
        options = cls(
            players=whole_option(data, "players"),
            top=whole_option(data, "set"),
            hand=whole_option(data, "hand"),
            mode=mode,
            partners=partners,
            target=None if target is None else whole_option(data, "target"),
        )
        options.check()
        return options
