"""``dominohall verify`` and ``dominohall replay``: check records and walk through them."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from dominohall.games import AnyRound, game_of, round_view
from dominohall.games.fair_records import NOT_FAIR
from dominohall.games.records import RecordError, loads, replay, verify

from ..engine.tiles import tile_name
from .board import describe, table_panel
from .fairness import fairness_summary, print_fairness


def add_parsers(commands: Any) -> None:
    """Register ``verify`` and ``replay``."""
    check = commands.add_parser("verify", help="check that records are legal (exit 1 when one is not)")
    check.add_argument("files", nargs="+", type=Path, metavar="FILE")
    check.add_argument("--quiet", "-q", action="store_true", help="print only the faults")
    check.add_argument("--fair", action="store_true", help="also recompute each round's deal from its fair proof")
    check.set_defaults(run=run_verify)
    show = commands.add_parser("replay", help="print a recorded match move by move")
    show.add_argument("file", type=Path, metavar="FILE")
    show.add_argument("--round", type=int, help="with --move: the round to show (1-based)")
    show.add_argument("--move", type=int, help="show the table after this many moves of the round")
    show.set_defaults(run=run_replay)


def read(path: Path) -> str | RecordError:
    """The text of a record file, or the fault that prevents reading it."""
    try:
        return path.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        return RecordError("file", f"cannot read the file: {error}")


def run_verify(args: argparse.Namespace) -> int:
    """Verify every file; print each fault; exit 1 when any record is faulty (or, with ``--fair``, a deal is not
    fair or cannot be checked)."""
    console, faulty, unfair, deals = Console(highlight=False, soft_wrap=True), 0, 0, []
    for path in args.files:
        text = read(path)
        faults = [text] if isinstance(text, RecordError) else verify(text)
        faulty += bool(faults)
        for fault in faults:
            console.print(f"{path}: {fault}", style="red", markup=False)
        if not faults and not args.quiet:
            console.print(f"{path}: legal", markup=False)
        if args.fair and not isinstance(text, RecordError):  # the deals are checked even in an illegal record
            checks = print_fairness(console, path, text, quiet=args.quiet)
            unfair += checks is None or any(c.verdict == NOT_FAIR for c in checks)
            deals += checks or []
    total = len(args.files)
    console.print(f"{total - faulty} of {total} record{'s' if total != 1 else ''} legal", markup=False)
    if args.fair:
        console.print(fairness_summary(deals), markup=False)
    return 1 if faulty or unfair else 0


def run_replay(args: argparse.Namespace) -> int:
    """Print the recorded match, or the table at one point of it."""
    console = Console(highlight=False, soft_wrap=True)
    text = read(args.file)
    try:
        if isinstance(text, RecordError):
            raise text
        match, seats = replay(loads(text))
    except RecordError as error:
        console.print(f"{args.file}: {error}", style="red", markup=False)
        return 1
    names = [seat.name for seat in seats]
    rounds: Sequence[AnyRound] = match.rounds
    if args.move is not None or args.round is not None:
        return _show_position(console, rounds, names, 1 if args.round is None else args.round, args.move or 0)
    for index, rnd in enumerate(rounds):
        _print_round(console, index, rnd, names)
    if match.is_over():
        console.print(f"Totals: {match.totals()}; winner(s): {', '.join(names[s] for s in match.winners())}")
    return 0


def _print_round(console: Console, index: int, rnd: AnyRound, names: list[str]) -> None:
    game = game_of(rnd)
    heading, opens = game.terminal.heading(rnd, index + 1, names[rnd.first])
    console.print(Text(heading, "bold") + Text(f": {opens}"))
    for number, (seat, move) in enumerate(rnd.history):
        console.print(f"  {number:3d}. {describe(names[seat], move, names=names)}", markup=False)
    if rnd.end is not None:
        console.print(f"  {game.noun.capitalize()} over ({rnd.end}); {game.results_key} {rnd.scores()}")


def _fresh(rnd: AnyRound) -> AnyRound:
    """The round as it was dealt, before any move."""
    fresh: AnyRound = game_of(rnd).round_from_deal(rnd.options, rnd.deal_fields())
    return fresh


def _show_position(console: Console, rounds: Sequence[AnyRound], names: list[str], number: int, moves: int) -> int:
    if not 1 <= number <= len(rounds):
        console.print(f"there is no round {number}: the record has {len(rounds)}")
        return 1
    recorded = rounds[number - 1]
    if not 0 <= moves <= len(recorded.history):
        console.print(f"round {number} has {len(recorded.history)} moves: choose 0 to {len(recorded.history)}")
        return 1
    rnd = _fresh(recorded)
    for seat, move in recorded.history[:moves]:
        rnd.apply(move, seat)
    kind = game_of(rnd).noun.capitalize()
    console.print(f"{kind} {number} after {moves} move{'s' if moves != 1 else ''}:")
    console.print(table_panel(round_view(rnd, None, number - 1), names))
    for seat, name in enumerate(names):
        hand = " ".join(tile_name(t) for t in rnd.hand_tiles(seat))
        console.print(f"  {name}: {hand}", markup=False)
    return 0
