"""The command line: ``dominohall play | simulate | verify | replay``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from ..engine.errors import OptionsError
from ..engine.options import LENGTHS, ChickenFootOptions


def add_table_options(parser: argparse.ArgumentParser) -> None:
    """The Chicken Foot table and house settings, shared by ``play`` and ``simulate``."""
    table = parser.add_argument_group("table settings")
    table.add_argument("--players", type=int, default=4, help="seats at the table, 2 to 8 (default 4)")
    table.add_argument("--length", choices=LENGTHS, default="full", help="full, half or one round (default full)")
    table.add_argument("--start-toes", type=int, choices=(4, 6), default=6, help="toes on the centre double")
    table.add_argument("--blank-double", type=int, choices=(25, 50), default=50, help="what a 0-0 left in hand costs")
    house = parser.add_argument_group("house settings (off by default)")
    house.add_argument("--set", type=int, choices=(9, 12, 15), help="override the set: double-9, -12 or -15")
    house.add_argument("--hand", type=int, help="override the hand size")
    house.add_argument("--limit", type=int, help="play rounds until some total passes this limit")


def options_from(args: argparse.Namespace) -> ChickenFootOptions:
    """Table settings from parsed arguments; exit with a clear message when they do not fit."""
    try:
        return ChickenFootOptions.for_table(
            args.players,
            top=args.set,
            hand=args.hand,
            length=args.length,
            start_toes=args.start_toes,
            blank_double=args.blank_double,
            limit=args.limit,
        )
    except OptionsError as error:
        raise SystemExit(f"dominohall: {error}") from None


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    from . import play, records, simulate, tournament

    parser = argparse.ArgumentParser(prog="dominohall", description="Chicken Foot dominoes: play, simulate, check.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    play.add_parser(commands)
    simulate.add_parser(commands)
    records.add_parsers(commands)
    tournament.add_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; the return value is the exit status."""
    args = build_parser().parse_args(argv)
    status: int = args.run(args)
    return status


if __name__ == "__main__":
    sys.exit(main())
