"""``dominohall analyse``: the hard bot rates one seat's choices in a recorded round."""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from dominohall.games.records import RecordError, loads, replay

from ..bots.analysis import DEFAULT_SAMPLES, Analysis, analyse_round, stand_in_moves
from .records import read

MARKS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
"""The mark shown next to a play of each verdict, as chess players write them."""


def add_parser(commands: Any) -> None:
    """Register ``analyse``."""
    parser = commands.add_parser("analyse", help="rate one seat's choices in a finished round of a record")
    parser.add_argument("file", type=Path, metavar="FILE")
    parser.add_argument("--round", type=int, default=1, help="the round (1-based, default 1)")
    parser.add_argument("--seat", type=int, required=True, help="the seat (0-based)")
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES, help=f"deals per choice ({DEFAULT_SAMPLES})")
    parser.add_argument("--seed", type=int, help="the seed of the sampled deals (default: random)")
    parser.add_argument("--json", action="store_true", help="print the analysis as JSON")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Analyse and print; exit 1 when the record or the request does not fit."""
    console = Console(highlight=False, soft_wrap=True)
    try:
        analysis, names = _analyse(args)
    except (RecordError, ValueError) as error:
        console.print(f"dominohall: {error}", markup=False)
        return 1
    if args.json:
        console.print_json(json.dumps(analysis.to_dict()))
    else:
        console.print(table(analysis, names))
    return 0


def _analyse(args: argparse.Namespace) -> tuple[Analysis, list[str]]:
    text = read(args.file)
    if isinstance(text, RecordError):
        raise text
    record = loads(text)
    match, seats = replay(record)
    if not 1 <= args.round <= len(match.rounds):
        raise ValueError(f"there is no round {args.round}: the record has {len(match.rounds)}")
    if args.samples < 2:
        raise ValueError("--samples must be at least 2")
    rng = random.Random(args.seed)
    not_theirs = stand_in_moves(record, args.round - 1)
    analysis = analyse_round(match, args.round - 1, args.seat, args.samples, rng, not_theirs=not_theirs)
    return analysis, [seat.name for seat in seats]


def table(analysis: Analysis, names: list[str]) -> Table:
    """The rated choices as a terminal table, the costly ones marked."""
    name = names[analysis.seat]
    title = f"Round {analysis.round}, {name}: {len(analysis.decisions)} choices, {analysis.samples} deals each"
    grid = Table("move", "played", "best", "points lost", "verdict", title=title)
    for decision in analysis.decisions:
        verdict = decision.verdict
        mark = MARKS[verdict] if verdict else ""
        best = "" if decision.best == decision.played else str(decision.best)
        loss = f"{decision.loss:.1f} ± {2 * decision.error:.1f}"
        grid.add_row(str(decision.move), f"{decision.played}{mark}", best, loss, verdict or "")
    return grid
