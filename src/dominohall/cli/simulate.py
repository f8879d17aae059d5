"""``dominohall simulate``: matches between bots, a summary table, and optionally their records."""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from dominohall.games import AnyMatch, AnyRound, GameOptions, ResultKind, game_of
from dominohall.games.records import SeatInfo, dumps, export_record, sides

from ..bots import BOT_LEVELS, make_bot
from ..bots.arena import play_match
from ..engine.turns import BLOCKED
from .tables import add_game_options, game_options_from


def add_parser(commands: Any) -> None:
    """Register ``simulate``."""
    parser = commands.add_parser("simulate", help="play matches between bots and sum them up")
    add_game_options(parser)
    parser.add_argument("--bots", default="", help=f"one bot per seat, comma-separated ({', '.join(BOT_LEVELS)})")
    parser.add_argument("--matches", type=int, default=10, help="how many matches (default 10)")
    parser.add_argument("--seed", type=int, default=0, help="seed for deals and bots (default 0)")
    parser.add_argument("--records", type=Path, help="write one record file per match into this folder")
    parser.set_defaults(run=run)


@dataclass
class Summary:
    """What the matches added up to, per seat and per round.

    ``points`` sums each round's results: Chicken Foot's penalties per seat, or the standard game's scores
    per seat (per team with partners, ``sides`` entries).
    """

    players: int
    sides: int = 0
    wins: list[float] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    rounds: int = 0
    blocked: int = 0
    moves: int = 0

    def __post_init__(self) -> None:
        self.sides = self.sides or self.players
        self.wins = [0.0] * self.sides
        self.points = [0] * self.sides

    def add(self, match: AnyMatch) -> None:
        """Count one finished match; a win shared between sides counts as a fraction for each (partners win
        as one side: each seat of the team is shown the team's wins)."""
        won = {seat % self.sides for seat in match.winners()}
        for side in won:
            self.wins[side] += 1 / len(won)
        rounds: Sequence[AnyRound] = match.rounds
        for rnd in rounds:
            self.rounds += 1
            self.blocked += rnd.end == BLOCKED
            self.moves += len(rnd.history)
            for side, points in enumerate(rnd.scores()):
                self.points[side] += points


def seat_bots(spec: str, players: int) -> list[str]:
    """The bot name of each seat from ``--bots`` (all ``random`` when empty)."""
    names = [name.strip() for name in spec.split(",")] if spec else ["random"] * players
    if len(names) != players:
        raise SystemExit(f"dominohall: --bots names {len(names)} bots for {players} seats")
    unknown = [name for name in names if name not in BOT_LEVELS]
    if unknown:
        raise SystemExit(f"dominohall: unknown bot {unknown[0]!r}; choose from {', '.join(BOT_LEVELS)}")
    return names


def simulate(options: GameOptions, names: list[str], matches: int, seed: int, records: Path | None) -> Summary:
    """Play ``matches`` seeded matches with a progress bar; write records when asked."""
    summary = Summary(options.players, sides(options))
    seats = [SeatInfo(f"Seat {seat} ({name})", name) for seat, name in enumerate(names)]
    with Progress(transient=True) as progress:
        task = progress.add_task("Playing matches", total=matches)
        for index in range(matches):
            bots = [make_bot(name) for name in names]
            deal_rng, bot_rng = random.Random(f"deal:{seed}:{index}"), random.Random(f"bots:{seed}:{index}")
            match = play_match(options, bots, deal_rng, bot_rng)
            summary.add(match)
            if records is not None:
                (records / f"match-{index + 1:05d}.json").write_text(dumps(export_record(match, seats)), "utf-8")
            progress.advance(task)
    return summary


def summary_table(summary: Summary, names: list[str], matches: int, *, standard: bool = False) -> Table:
    """Wins and mean penalty per seat (standard game: mean points scored per hand, per seat or team)."""
    kind = "hands" if standard else "rounds"
    table = Table(title=f"{matches} matches, {summary.rounds} {kind}")
    mean_column = "mean points per hand" if standard else "mean penalty per round"
    for column in ("seat", "bot", "wins", mean_column):
        table.add_column(column, justify="right" if column != "bot" else "left")
    for seat, name in enumerate(names):
        side = seat % summary.sides
        team = f" (team {side})" if summary.sides != summary.players else ""
        mean = summary.points[side] / max(summary.rounds, 1)
        table.add_row(str(seat), name, f"{summary.wins[side]:g}", f"{mean:.1f}{team}")
    return table


def records_folder(folder: Path) -> None:
    """Make the folder the records go to; ``SystemExit`` with the reason when it cannot be made, or when it
    already holds match records (they would be overwritten, or mixed with this run's)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise SystemExit(f"dominohall: --records {folder}: {error.strerror or error}") from None
    if any(folder.glob("match-*.json")):
        raise SystemExit(f"dominohall: --records {folder} already holds match records: choose an empty folder")


def run(args: argparse.Namespace) -> int:
    """Run ``simulate`` and print its summary."""
    options = game_options_from(args)
    names = seat_bots(args.bots, options.players)
    if args.matches < 1:
        raise SystemExit("dominohall: --matches must be at least 1")
    if args.records is not None:
        records_folder(args.records)
    summary = simulate(options, names, args.matches, args.seed, args.records)
    console = Console()
    standard = game_of(options).result is ResultKind.POINTS
    console.print(summary_table(summary, names, args.matches, standard=standard))
    rounds = max(summary.rounds, 1)
    console.print(
        f"Rounds ended blocked: {summary.blocked} ({summary.blocked / rounds:.0%}), "
        f"by domino: {summary.rounds - summary.blocked}; moves per round: {summary.moves / rounds:.1f}"
    )
    if args.records is not None:
        console.print(f"Wrote {args.matches} record{'' if args.matches == 1 else 's'} to {args.records}/")
    return 0
