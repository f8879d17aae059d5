"""A table's game and settings from what a host asks for, with each game's defaults filling the rest.

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


def _whole(settings: dict[str, Any], key: str, default: int | None) -> int | None:
    value = settings.get(key, default)
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
        raise OptionsError(f"{key} must be a whole number")
    return value


def _chicken_foot(settings: dict[str, Any]) -> ChickenFootOptions:
    length = settings.get("length", "full")
    if not isinstance(length, str):
        raise OptionsError("length must be full, half or one")
    return ChickenFootOptions.for_table(
        _whole(settings, "players", 4) or 4,
        top=_whole(settings, "set", None),
        hand=_whole(settings, "hand", None),
        length=length,
        start_toes=_whole(settings, "start_toes", 6) or 6,
        blank_double=_whole(settings, "blank_double", 50) or 50,
        limit=_whole(settings, "limit", None),
    )


def _standard(settings: dict[str, Any]) -> StandardOptions:
    mode, partners = settings.get("mode", "draw"), settings.get("partners", False)
    if not isinstance(mode, str) or not isinstance(partners, bool):
        raise OptionsError("mode must be a word and partners true or false")
    target = settings.get("target", BY_MODE)
    if target != BY_MODE:
        target = _whole(settings, "target", None)
    return StandardOptions.for_table(
        _whole(settings, "players", 2) or 2,
        top=_whole(settings, "set", 6) or 6,
        mode=mode,
        partners=partners,
        target=target,
    )


def game_of(options: GameOptions) -> str:
    """The name of the game these options are for."""
    return "standard" if isinstance(options, StandardOptions) else "chickenfoot"
