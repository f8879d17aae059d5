"""A table's game and settings from what a host asks for, with each game's defaults filling the rest.

A host sends settings by the record's option names (the game's rules) and the table's own settings
(``turn_seconds``, ``public``) in one object. Every whole number has a range (``RANGES``), so no setting can
carry a number the store or the engine cannot hold. A change names only what changes: the other settings
keep their values, and those that follow the number of players (a Chicken Foot table's set and hand, a
standard table's target) follow it again unless the host chose them.

>>> options_from_settings("chickenfoot", {"players": 3}).hand
14
>>> options_from_settings("standard", {"mode": "allfives"}).target
150
>>> options_from_settings("chickenfoot", {"limit": 300}, ChickenFootOptions.for_table(start_toes=4)).start_toes
4
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..engine.errors import OptionsError
from ..engine.games import game_of
from ..engine.match import GameOptions
from ..engine.options import ChickenFootOptions, default_hand, default_top
from ..engine.standard_options import BY_MODE, DEFAULT_TARGETS, StandardOptions
from .errors import CommandError

CHICKEN_FOOT_KEYS = frozenset({"players", "set", "hand", "length", "start_toes", "blank_double", "limit"})
STANDARD_KEYS = frozenset({"players", "set", "mode", "partners", "target"})
TABLE_KEYS = frozenset({"turn_seconds", "public"})
"""The table's own settings (not rules of the game: they are not in a record's options)."""

SCORE_LIMIT = 10_000
"""The highest Chicken Foot score limit and standard target a table may set."""

RANGES: dict[str, dict[str, tuple[int, int]]] = {
    "chickenfoot": {
        "players": (2, 12),
        "set": (9, 15),
        "hand": (1, 67),
        "start_toes": (4, 6),
        "blank_double": (25, 50),
        "limit": (1, SCORE_LIMIT),
    },
    "standard": {"players": (2, 4), "set": (6, 12), "target": (1, SCORE_LIMIT)},
    "table": {"turn_seconds": (0, 300)},
}
"""Each game's whole-number settings, and the table's own, with the bounds of each (the game's rules narrow
some further: a set is 9, 12 or 15, start toes 4 or 6, a blank double 25 or 50, the hands must fit in the set,
a timer has 10 to 300 seconds or 0)."""

TURN_SECONDS = (10, 300)
"""A turn timer, when on, gives 10 to 300 seconds a turn (0 turns it off; ``null`` is "auto")."""
AUTO_TURN_SECONDS = 60
"""The timer "auto" gives while two or more people are seated (one person against bots has none)."""


@dataclass(frozen=True)
class TableSettings:
    """The table's own settings: the turn timer and whether the lobby lists the table.

    ``turn_seconds`` is ``None`` for "auto" (``AUTO_TURN_SECONDS`` while two or more people sit, else off), 0
    for off, or 10 to 300.
    """

    turn_seconds: int | None = None
    public: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The settings as events and the table's summary write them."""
        return {"turn_seconds": self.turn_seconds, "public": self.public}

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> TableSettings:
        """The settings an event keeps (an older table's events have none: the defaults)."""
        data = data or {}
        return cls(data.get("turn_seconds"), bool(data.get("public", False)))

    def seconds_for(self, people: int) -> int:
        """The seconds a turn has with ``people`` persons seated (0: no timer)."""
        if self.turn_seconds is None:
            return AUTO_TURN_SECONDS if people >= 2 else 0
        return self.turn_seconds


def _refuse(message: str, field: str | None = None) -> CommandError:
    return CommandError("bad-settings", message, field=field)


def _known(game: str, settings: dict[str, Any]) -> None:
    if game not in GAMES:
        raise _refuse(f"the game must be {' or '.join(GAMES)}, not {game!r}", "game")
    allowed = GAMES[game].keys | TABLE_KEYS
    unknown = sorted(set(settings) - allowed)
    if unknown:
        raise _refuse(f"{', '.join(repr(key) for key in unknown)} is not a setting of {game}", unknown[0])


def options_from_settings(game: str, settings: dict[str, Any], base: GameOptions | None = None) -> GameOptions:
    """The options of ``game`` for ``settings`` (record option names; the table's own settings are ignored
    here), changing ``base`` where given; ``CommandError("bad-settings")`` naming the field when they do not
    fit."""
    _known(game, settings)
    wanted = {key: value for key, value in settings.items() if key not in TABLE_KEYS}
    rules = GAMES[game]
    chosen = rules.chosen(base) if base is not None and game_of(base).name == game else {}
    try:
        options: GameOptions = rules.build(chosen | wanted)
    except OptionsError as error:
        raise _refuse(str(error), error.field) from None
    return options


def table_settings_from(settings: dict[str, Any], base: TableSettings | None = None) -> TableSettings:
    """The table's own settings from ``settings`` (the game's options are ignored here), changing ``base``."""
    base = base or TableSettings()
    seconds = settings.get("turn_seconds", base.turn_seconds)
    if seconds is not None:
        try:
            seconds = _whole({"turn_seconds": seconds}, "turn_seconds", None, "table")
        except OptionsError as error:  # a refusal, never a failure of the table's request
            raise _refuse(str(error), "turn_seconds") from None
        if seconds and not TURN_SECONDS[0] <= seconds <= TURN_SECONDS[1]:
            raise _refuse(f"a turn has {TURN_SECONDS[0]} to {TURN_SECONDS[1]} seconds, or 0 for none", "turn_seconds")
    public = settings.get("public")
    public = base.public if public is None else public
    if not isinstance(public, bool):
        raise _refuse("public is true or false", "public")
    return TableSettings(seconds, public)


def _chosen_chicken_foot(base: ChickenFootOptions) -> dict[str, Any]:
    """What the host chose of ``base``: the set and hand only where they differ from the players' own."""
    chosen = {key: value for key, value in base.to_dict().items() if key in CHICKEN_FOOT_KEYS}
    if base.top == default_top(base.players):
        del chosen["set"]
    if base.hand == default_hand(base.players, base.top):
        del chosen["hand"]
    return chosen


def _chosen_standard(base: StandardOptions) -> dict[str, Any]:
    """What the host chose of ``base``: the target only where it is not the mode's own."""
    chosen = {key: value for key, value in base.to_dict().items() if key in STANDARD_KEYS}
    if base.target == DEFAULT_TARGETS[base.mode]:
        del chosen["target"]
    return chosen


def _whole(settings: dict[str, Any], key: str, default: int | None, game: str) -> int | None:
    """The whole number under ``key`` (``default`` when left out or null), inside its range of ``RANGES``:
    0 and huge numbers are refused, never replaced by the default."""
    value = settings.get(key)
    if value is None:
        return default
    low, high = RANGES[game][key]
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise OptionsError(f"{key} must be a whole number from {low} to {high}", key)
    return value


def _word(settings: dict[str, Any], key: str, default: str) -> str:
    """The word under ``key`` (``default`` when left out or null)."""
    value = settings.get(key)
    if value is None:
        return default
    if not isinstance(value, str):
        raise OptionsError(f"{key} must be a word", key)
    return value


def _chicken_foot(settings: dict[str, Any]) -> ChickenFootOptions:
    return ChickenFootOptions.for_table(
        _whole(settings, "players", 4, "chickenfoot") or 4,
        top=_whole(settings, "set", None, "chickenfoot"),
        hand=_whole(settings, "hand", None, "chickenfoot"),
        length=_word(settings, "length", "full"),
        start_toes=_whole(settings, "start_toes", 6, "chickenfoot") or 6,
        blank_double=_whole(settings, "blank_double", 50, "chickenfoot") or 50,
        limit=_whole(settings, "limit", None, "chickenfoot"),
    )


def _standard(settings: dict[str, Any]) -> StandardOptions:
    partners = settings.get("partners")
    partners = False if partners is None else partners
    if not isinstance(partners, bool):
        raise OptionsError("partners is true or false", "partners")
    target = settings.get("target", BY_MODE)
    if target != BY_MODE:
        target = _whole(settings, "target", None, "standard")
    return StandardOptions.for_table(
        _whole(settings, "players", 2, "standard") or 2,
        top=_whole(settings, "set", 6, "standard") or 6,
        mode=_word(settings, "mode", "draw"),
        partners=partners,
        target=target,
    )


class TableGame(NamedTuple):
    """How a table reads one game's settings."""

    keys: frozenset[str]
    """The game's settings, by the record's option names."""
    build: Callable[[dict[str, Any]], Any]
    """The game's options from settings (the defaults filling the rest); ``OptionsError`` when they do not fit."""
    chosen: Callable[[Any], dict[str, Any]]
    """The settings a host chose of the game's options (those that follow the players left out)."""


GAMES: dict[str, TableGame] = {
    "chickenfoot": TableGame(CHICKEN_FOOT_KEYS, _chicken_foot, _chosen_chicken_foot),
    "standard": TableGame(STANDARD_KEYS, _standard, _chosen_standard),
}
"""The games a table plays, by the engine's names (``engine/games.py``), with how their settings are read."""
