"""A table's game and settings from what a host asks for, with each game's defaults filling the rest.

Every whole-number setting has a range (``RANGES``, given in docs/protocol.md) checked before the game's
own rules: a value outside it, 0 included, is refused as ``bad-settings`` and never replaced by a default.
Only a setting left out (or ``null``) takes the default.

>>> options_from_settings("chickenfoot", {"players": 3}).hand
14
>>> options_from_settings("standard", {"mode": "allfives"}).target
150
"""

from __future__ import annotations

from typing import Any

from ..engine.errors import OptionsError
from ..engine.match import GameOptions
from ..engine.options import ChickenFootOptions
from ..engine.standard_options import BY_MODE, StandardOptions
from .errors import CommandError

GAMES = ("chickenfoot", "standard")
"""The games a table plays."""

CHICKEN_FOOT_KEYS = frozenset({"players", "set", "hand", "length", "start_toes", "blank_double", "limit"})
STANDARD_KEYS = frozenset({"players", "set", "mode", "partners", "target"})

SCORE_LIMIT = 10_000
"""The highest Chicken Foot score limit and standard target a table may set."""

RANGES: dict[str, dict[str, tuple[int, int]]] = {
    "chickenfoot": {
        "players": (2, 8),
        "set": (9, 15),
        "hand": (1, 67),
        "start_toes": (4, 6),
        "blank_double": (25, 50),
        "limit": (1, SCORE_LIMIT),
    },
    "standard": {"players": (2, 4), "set": (6, 12), "target": (1, SCORE_LIMIT)},
}
"""Each game's whole-number settings and the bounds of each (the game's rules narrow some further: a set is
9, 12 or 15, start toes 4 or 6, a blank double 25 or 50, and the hands must fit in the set)."""


def options_from_settings(game: str, settings: dict[str, Any]) -> GameOptions:
    """The options of ``game`` for ``settings`` (record option names); ``CommandError`` when they do not fit."""
    if game not in GAMES:
        raise CommandError("bad-settings", f"the game must be chickenfoot or standard, not {game!r}")
    allowed = CHICKEN_FOOT_KEYS if game == "chickenfoot" else STANDARD_KEYS
    unknown = sorted(set(settings) - allowed)
    if unknown:
        raise CommandError("bad-settings", f"{', '.join(unknown)} is not a setting of {game}")
    try:
        return _chicken_foot(settings) if game == "chickenfoot" else _standard(settings)
    except (OptionsError, TypeError, ValueError) as error:
        raise CommandError("bad-settings", str(error)) from None


def _whole(game: str, settings: dict[str, Any], key: str, default: int | None) -> int | None:
    """The setting ``key``: ``default`` when left out or null, else a whole number within its range."""
    value = settings.get(key)
    if value is None:
        return default
    low, high = RANGES[game][key]
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise OptionsError(f"{key} must be a whole number from {low} to {high}")
    return value


def _given(game: str, settings: dict[str, Any], key: str, default: int) -> int:
    """A whole-number setting that always has a value (its default when left out)."""
    value = _whole(game, settings, key, default)
    assert value is not None
    return value


def _chicken_foot(settings: dict[str, Any]) -> ChickenFootOptions:
    length = settings.get("length", "full")
    if not isinstance(length, str):
        raise OptionsError("length must be full, half or one")
    game = "chickenfoot"
    return ChickenFootOptions.for_table(
        _given(game, settings, "players", 4),
        top=_whole(game, settings, "set", None),
        hand=_whole(game, settings, "hand", None),
        length=length,
        start_toes=_given(game, settings, "start_toes", 6),
        blank_double=_given(game, settings, "blank_double", 50),
        limit=_whole(game, settings, "limit", None),
    )


def _standard(settings: dict[str, Any]) -> StandardOptions:
    mode, partners = settings.get("mode", "draw"), settings.get("partners", False)
    if not isinstance(mode, str) or not isinstance(partners, bool):
        raise OptionsError("mode must be a word and partners true or false")
    target = settings.get("target", BY_MODE)
    if target != BY_MODE:
        target = _whole("standard", settings, "target", None)
    return StandardOptions.for_table(
        _given("standard", settings, "players", 2),
        top=_given("standard", settings, "set", 6),
        mode=mode,
        partners=partners,
        target=target,
    )


def game_of(options: GameOptions) -> str:
    """The name of the game these options are for."""
    return "standard" if isinstance(options, StandardOptions) else "chickenfoot"
