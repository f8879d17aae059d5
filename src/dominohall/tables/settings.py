"""A table's game and settings from what a host asks for, with each game's defaults filling the rest.

A host sends settings by the record's option names (the game's rules) and the table's own settings
(``turn_seconds``, ``public``) in one object. Each is checked against its game's settings schema (the
descriptor's ``settings``: every whole number has a range), so no setting can carry a number the store or the
engine cannot hold. A change names only what changes: the other settings keep their values, and those that
follow others (a Chicken Foot table's set and hand follow the players, a standard table's target its mode)
follow them again unless the host chose them.

The site may not import the games (pyproject.toml's import contracts): it finds here what it needs of them,
each game's ``Site`` (its page, its names) and its traits for the page scripts.

>>> options_from_settings("standard", {"mode": "allfives"}).target
150
>>> partners = options_from_settings("standard", {"players": 4, "partners": True})
>>> options_from_settings("standard", {"mode": "block"}, partners).partners
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dominohall.games import GAMES, GameOptions, Site, game_of

from ..engine.errors import OptionsError
from ..engine.settings import CHOICE, FLAG, SCORE_LIMIT, WHOLE, Setting, read_settings
from .errors import CommandError

__all__ = [
    "CHOICE",
    "FLAG",
    "GAME_NAMES",
    "GAME_SITES",
    "SCORE_LIMIT",
    "WHOLE",
    "Setting",
    "Site",
    "TableSettings",
    "chosen_settings_of",
    "default_settings",
    "game_traits",
    "hands_that_fit",
    "options_from_settings",
    "schema_of",
    "table_settings_from",
]

GAME_NAMES = tuple(GAMES)
"""Every game's name, in the order the site lists them."""
GAME_SITES: dict[str, Site] = {name: game.site for name, game in GAMES.items()}
"""What the site needs of each game (its page, its names), by name, in the order the site lists them."""
DEFAULT_GAME = next(iter(GAMES))
"""The game of a table made without naming one: the first the registry lists."""
MOST_SEATS = max(setting.high for game in GAMES.values() for setting in game.settings if setting.name == "players")
"""The most seats any game's table has."""

TABLE_KEYS = frozenset({"turn_seconds", "public", "rated"})
"""The table's own settings (not rules of the game: they are not in a record's options)."""

TURN_SECONDS = (10, 300)
"""A turn timer, when on, gives 10 to 300 seconds a turn (0 turns it off; ``null`` is "auto")."""
TURN_SETTING = Setting("turn_seconds", WHOLE, "Turn timer", "seconds a turn, 0 for none", low=0, high=TURN_SECONDS[1])
"""The turn timer's range as a number (``TURN_SECONDS`` narrows the seconds of a timer that is on)."""
AUTO_TURN_SECONDS = 60
"""The timer "auto" gives while two or more people are seated (one person against bots has none)."""


@dataclass(frozen=True)
class TableSettings:
    """The table's own settings: the turn timer, whether the lobby lists the table, and whether its matches
    change the players' ratings (docs/players.md: on unless the host turns it off before the start; a match
    with no person has nobody to rate).

    ``turn_seconds`` is ``None`` for "auto" (``AUTO_TURN_SECONDS`` while two or more people sit, else off), 0
    for off, or 10 to 300.
    """

    turn_seconds: int | None = None
    public: bool = False
    rated: bool = True

    def to_dict(self) -> dict[str, Any]:
        """The settings as events and the table's summary write them."""
        return {"turn_seconds": self.turn_seconds, "public": self.public, "rated": self.rated}

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> TableSettings:
        """The settings an event keeps (an older table's events have none: the defaults)."""
        data = data or {}
        return cls(data.get("turn_seconds"), bool(data.get("public", False)), bool(data.get("rated", True)))

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
    allowed = {setting.name for setting in GAMES[game].settings} | TABLE_KEYS
    unknown = sorted(set(settings) - allowed)
    if unknown:
        raise _refuse(f"{', '.join(repr(key) for key in unknown)} is not a setting of {game}", unknown[0])


def options_from_settings(game: str, settings: dict[str, Any], base: GameOptions | None = None) -> GameOptions:
    """The options of ``game`` for ``settings`` (record option names; the table's own settings are ignored
    here), changing ``base`` where given; ``CommandError("bad-settings")`` naming the field when they do not
    fit."""
    _known(game, settings)
    rules = GAMES[game]
    wanted = {key: value for key, value in settings.items() if key not in TABLE_KEYS}
    chosen = rules.chosen_settings(base) if base is not None and game_of(base) is rules else {}
    try:
        options: GameOptions = rules.from_settings(chosen | read_settings(rules.settings, wanted))
    except OptionsError as error:
        raise _refuse(str(error), error.field) from None
    return options


def table_settings_from(settings: dict[str, Any], base: TableSettings | None = None) -> TableSettings:
    """The table's own settings from ``settings`` (the game's options are ignored here), changing ``base``."""
    base = base or TableSettings()
    seconds = settings.get("turn_seconds", base.turn_seconds)
    if seconds is not None:
        try:
            seconds = TURN_SETTING.read(seconds)
        except OptionsError as error:  # a refusal, never a failure of the table's request
            raise _refuse(str(error), "turn_seconds") from None
        if seconds and not TURN_SECONDS[0] <= seconds <= TURN_SECONDS[1]:
            raise _refuse(f"a turn has {TURN_SECONDS[0]} to {TURN_SECONDS[1]} seconds, or 0 for none", "turn_seconds")
    flags = {key: settings.get(key) for key in ("public", "rated")}
    for key, value in flags.items():
        flags[key] = getattr(base, key) if value is None else value
        if not isinstance(flags[key], bool):
            raise _refuse(f"{key} is true or false", key)
    return TableSettings(seconds, bool(flags["public"]), bool(flags["rated"]))


def schema_of(game: str) -> tuple[Setting, ...]:
    """``game``'s settings schema (its descriptor's ``settings``), for the site's form and rules line."""
    return GAMES[game].settings


def game_traits() -> dict[str, dict[str, Any]]:
    """Every game's traits (``Game.traits``), by name: the page scripts' data (they branch on these, never on
    a game's name).

    >>> game_traits()["standard"]["board"], game_traits()["standard"]["result"]
    ('line', 'points')
    """
    return {name: game.traits() for name, game in GAMES.items()}


def default_settings(game: str) -> dict[str, Any]:
    """The settings of a table made with none given, as a host would choose them: a setting that follows
    others (a set or hand that follows the players) is left out.

    >>> default_settings("standard")
    {'players': 2, 'set': 6, 'mode': 'draw', 'partners': False}
    """
    rules = GAMES[game]
    chosen: dict[str, Any] = rules.chosen_settings(rules.from_settings({}))
    return chosen


def chosen_settings_of(game: str, options: dict[str, Any]) -> dict[str, Any]:
    """The settings a host chose of a table's ``options`` (as its summary writes them): those that follow
    others left out."""
    rules = GAMES[game]
    chosen: dict[str, Any] = rules.chosen_settings(rules.options_from_dict(options))
    return chosen


def hands_that_fit(game: str, settings: dict[str, Any]) -> list[int]:
    """The hands ``game`` accepts with ``settings`` (record option names, no ``hand``), smallest first: empty
    when the settings make no table whatever the hand, or the game has no hand setting
    (tests/tables/test_settings.py shows a game's).

    >>> hands_that_fit("standard", {"players": 4})
    []
    """
    rules = GAMES[game]
    hand = next((setting for setting in rules.settings if setting.name == "hand"), None)
    if hand is None or hand.kind != WHOLE:
        return []
    fits = []
    for size in range(hand.low, hand.high + 1):
        try:
            rules.from_settings(read_settings(rules.settings, settings | {"hand": size}))
        except OptionsError:
            continue
        fits.append(size)
    return fits
