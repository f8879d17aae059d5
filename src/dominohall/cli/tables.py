"""Table settings of any game on the command line: ``--game`` and the settings of each game's schema.

The arguments are made from the games' settings schemas (``engine/settings.py``): one flag per setting name
(``start_toes`` is ``--start-toes``), shared by the games that have it. Every setting defaults to "not
given", so a setting of another game is refused with a clear message rather than silently ignored; the
game's own defaults (docs/rules-*.md) fill in the rest.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from dominohall.games import GAMES, GameOptions

from ..engine.errors import OptionsError
from ..engine.settings import FLAG, WHOLE, Setting, read_settings

DEFAULT_GAME = next(iter(GAMES))
"""The game played when ``--game`` is not given: the first the registry lists."""
NONE = "none"
"""What a nullable setting takes on the command line for ``null`` (``--target none``: one hand decides)."""


def flag_of(name: str) -> str:
    """The command line's flag of a setting (``start_toes`` -> ``--start-toes``)."""
    return "--" + name.replace("_", "-")


def add_game_options(parser: argparse.ArgumentParser) -> None:
    """``--game`` and every game's settings, shared by ``play`` and ``simulate``."""
    parser.add_argument("--game", choices=tuple(GAMES), default=DEFAULT_GAME, help=f"the game (default {DEFAULT_GAME})")
    group = parser.add_argument_group("table settings (each game takes its own: see docs/rules-*.md)")
    for name, settings in _by_name().items():
        helps = "; ".join(f"{game}: {setting.help}{_range(setting)}" for game, setting in settings)
        first = settings[0][1]
        if first.kind == FLAG:
            group.add_argument(flag_of(name), dest=name, action="store_const", const=True, help=helps)
            continue
        own = [setting for _, setting in settings]
        group.add_argument(flag_of(name), dest=name, type=_parser_of(own), help=helps, metavar=_metavar(own))


def _range(setting: Setting) -> str:
    """A whole number's bounds, as the help shows them."""
    return f" [{setting.low}-{setting.high}]" if setting.kind == WHOLE else ""


def _by_name() -> dict[str, list[tuple[str, Setting]]]:
    """Every setting name of every game, with the games (and their settings) that have it, in order."""
    found: dict[str, list[tuple[str, Setting]]] = {}
    for game in GAMES.values():
        for setting in game.settings:
            found.setdefault(setting.name, []).append((game.name, setting))
    return found


def _parser_of(settings: list[Setting]) -> Callable[[str], Any]:
    """How an argument's text becomes a value: a number where every game's setting is a number, else the word;
    ``none`` for ``null`` where a game allows it."""
    numbers = all(setting.is_number() for setting in settings)
    nullable = any(setting.nullable for setting in settings)

    def parse(text: str) -> Any:
        if nullable and text.strip().lower() == NONE:
            return NONE
        if not numbers:
            return text
        try:
            return int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None

    return parse


def _metavar(settings: list[Setting]) -> str:
    """What an argument takes, as its help shows it."""
    choices = sorted({str(choice) for setting in settings for choice in setting.choices}, key=_order)
    if choices and all(setting.choices for setting in settings):
        return "{" + ",".join(choices) + "}"
    return "N|none" if any(setting.nullable for setting in settings) else "N"


def _order(word: str) -> tuple[int, int | str]:
    return (0, int(word)) if word.isdigit() else (1, word)


def game_options_from(args: argparse.Namespace) -> GameOptions:
    """The chosen game's settings from parsed arguments; exit with a clear message when they do not fit."""
    game = GAMES[args.game]
    own = {setting.name for setting in game.settings}
    given = {name: getattr(args, name) for name in _by_name() if getattr(args, name, None) is not None}
    for name, settings in _by_name().items():
        if name in given and name not in own:
            others = " or ".join(f"--game {other}" for other, _ in settings)
            raise SystemExit(f"dominohall: {flag_of(name)} is a setting of {others}, not of {args.game}")
    values = {name: None if value == NONE else value for name, value in given.items()}
    try:
        options: GameOptions = game.from_settings(read_settings(game.settings, values))
    except OptionsError as error:
        raise SystemExit(f"dominohall: {error}") from None
    return options
