"""The command line: ``dominohall play | simulate | tournament | verify | replay | analyse | serve | admin |
backup | restore``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import admin, analyse, backups, play, records, serve, simulate, tournament


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    parser = argparse.ArgumentParser(
        prog="dominohall", description="Chicken Foot and the standard domino game: play, simulate, check."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    play.add_parser(commands)
    simulate.add_parser(commands)
    records.add_parsers(commands)
    analyse.add_parser(commands)
    tournament.add_parser(commands)
    serve.add_parser(commands)
    admin.add_parser(commands)
    backups.add_parsers(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; the return value is the exit status."""
    args = build_parser().parse_args(argv)
    status: int = args.run(args)
    return status


if __name__ == "__main__":
    sys.exit(main())
