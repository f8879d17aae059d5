"""Table settings of either game on the command line: ``--game`` and the settings that fit it.

Every setting defaults to "not given", so a setting of the other game is refused with a clear message
rather than silently ignored; the game's own defaults (docs/rules-*.md) fill in the rest.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any, NamedTuple

from ..engine.errors import OptionsError
from ..engine.match import GameOptions
from ..engine.options import LENGTHS, ChickenFootOptions
from ..engine.standard_options import BY_MODE, MODES, StandardOptions

CHICKEN_FOOT_ONLY = {
    "length": "--length",
    "start_toes": "--start-toes",
    "blank_double": "--blank-double",
    "hand": "--hand",
    "limit": "--limit",
}
"""Settings only Chicken Foot has, by argument name."""

STANDARD_ONLY = {"mode": "--mode", "partners": "--partners", "target": "--target"}
"""Settings only the standard game has, by argument name."""


def target_value(text: str) -> int | str:
    """``--target``: a whole number, or ``none`` for a match of one hand."""
    if text.strip().lower() == "none":
        return "none"
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number or 'none'") from None


def add_game_options(parser: argparse.ArgumentParser) -> None:
    """``--game`` and the table settings of both games, shared by ``play`` and ``simulate``."""
    parser.add_argument("--game", choices=tuple(GAMES), default="chickenfoot", help="the game (default chickenfoot)")
    table = parser.add_argument_group("table settings of both games")
    table.add_argument("--players", type=int, help="seats: Chicken Foot 2-12 (default 4), standard 2-4 (default 2)")
    table.add_argument(
        "--set", type=int, choices=(6, 9, 12, 15), help="the set: standard 6, 9 or 12 (default 6); Chicken Foot house"
    )
    foot = parser.add_argument_group("Chicken Foot settings")
    foot.add_argument("--length", choices=LENGTHS, help="full, half or one round (default full)")
    foot.add_argument("--start-toes", type=int, choices=(4, 6), help="toes on the centre double (default 6)")
    foot.add_argument("--blank-double", type=int, choices=(25, 50), help="what a 0-0 left in hand costs (default 50)")
    foot.add_argument("--hand", type=int, help="house: override the hand size")
    foot.add_argument("--limit", type=int, help="house: play rounds until some total passes this limit")
    standard = parser.add_argument_group("standard game settings")
    standard.add_argument("--mode", choices=MODES, help="draw, block, allfives or bergen (default draw)")
    standard.add_argument(
        "--partners", action="store_const", const=True, help="4 players: seats 0+2 against 1+3, one score per team"
    )
    standard.add_argument(
        "--target",
        type=target_value,
        metavar="N|none",
        help="play hands until a score reaches N; none: one hand (default: draw/block none, allfives 150, bergen 15)",
    )


def game_options_from(args: argparse.Namespace) -> GameOptions:
    """The chosen game's settings from parsed arguments; exit with a clear message when they do not fit."""
    for other, game in GAMES.items():
        given = [flag for name, flag in game.only.items() if other != args.game and getattr(args, name) is not None]
        if given:
            raise SystemExit(f"dominohall: {', '.join(given)} is a setting of --game {other}, not of {args.game}")
    try:
        options: GameOptions = GAMES[args.game].build(args)
    except OptionsError as error:
        raise SystemExit(f"dominohall: {error}") from None
    return options


def _chicken_foot(args: argparse.Namespace) -> ChickenFootOptions:
    return ChickenFootOptions.for_table(
        4 if args.players is None else args.players,
        top=args.set,
        hand=args.hand,
        length=args.length or "full",
        start_toes=args.start_toes or 6,
        blank_double=args.blank_double or 50,
        limit=args.limit,
    )


def _standard(args: argparse.Namespace) -> StandardOptions:
    target = args.target
    return StandardOptions.for_table(
        2 if args.players is None else args.players,
        top=6 if args.set is None else args.set,
        mode=args.mode or "draw",
        partners=bool(args.partners),
        target=BY_MODE if target is None else None if target == "none" else target,
    )


class CommandLineGame(NamedTuple):
    """How the command line reads one game's settings."""

    only: dict[str, str]
    """The arguments only this game has, by name, with their flags."""
    build: Callable[[argparse.Namespace], Any]
    """The game's options from parsed arguments (``OptionsError`` when they do not fit)."""


GAMES: dict[str, CommandLineGame] = {
    "chickenfoot": CommandLineGame(CHICKEN_FOOT_ONLY, _chicken_foot),
    "standard": CommandLineGame(STANDARD_ONLY, _standard),
}
"""The games the command line plays, by the engine's names (``engine/games.py``)."""
