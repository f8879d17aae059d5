"""``dominohall tournament``: bots against bots on fair deals, with confidence intervals and timings."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from dominohall.games import ResultKind, game_of

from ..bots.tournament import Standing, first_deals, merged, run_tournament
from .simulate import seat_bots
from .tables import add_game_options, game_options_from


def add_parser(commands: Any) -> None:
    """Register ``tournament``."""
    parser = commands.add_parser("tournament", help="bots against bots, every deal played from every seat")
    add_game_options(parser)
    parser.add_argument("--bots", default="", help="one bot per seat, comma-separated (e.g. hard,medium,easy,medium)")
    parser.add_argument("--rounds", type=int, default=100, help="play at least this many rounds (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="seed for the deals and the bots (default 0)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--plot", type=Path, help="draw each bot's round scores into this PNG file")
    parser.set_defaults(run=run)


def standings_table(standings: list[Standing], *, points: bool) -> Table:
    """Per bot: rounds, mean score with its 95% interval, match wins, decision times, best first."""
    measure = "points per hand (higher is better)" if points else "penalty per round (lower is better)"
    table = Table(title=f"Tournament: mean {measure}, 95% interval, decision times")
    for column in ("bot", "rounds", "mean", "95% interval", "match wins", "ms mean", "ms p99"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for standing in sorted(standings, key=Standing.mean, reverse=points):
        low, high = standing.interval()
        table.add_row(
            standing.name,
            str(len(standing.scores)),
            f"{standing.mean():.2f}",
            f"{low:.2f} to {high:.2f}",
            f"{standing.wins:g}",
            f"{standing.decision_ms():.2f}",
            f"{standing.decision_ms(0.99):.2f}",
        )
    return table


def plot(standings: list[Standing], path: Path, *, points: bool) -> None:
    """A box plot of each bot's round scores, saved as PNG."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    figure, axes = pyplot.subplots(figsize=(7, 4))
    axes.boxplot([s.scores for s in standings], tick_labels=[s.name for s in standings], showmeans=True)
    axes.set_ylabel("points per hand" if points else "penalty per round")
    axes.set_title(f"{'Points per hand' if points else 'Round penalties'} by bot (mean marked)")
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    pyplot.close(figure)


def run(args: argparse.Namespace) -> int:
    """Run ``tournament``."""
    options = game_options_from(args)
    entrants = seat_bots(args.bots, options.players)
    if args.rounds < 1 or args.jobs < 1:
        raise SystemExit("dominohall: --rounds and --jobs must be at least 1")
    if args.plot is not None and (args.plot.suffix.lower() != ".png" or not args.plot.parent.is_dir()):
        raise SystemExit(f"dominohall: --plot {args.plot}: the plot is a .png file in a folder that exists")
    console = Console()
    with Progress(transient=True) as progress:
        fixed = options.round_count() is not None
        task = progress.add_task(
            "Playing", total=first_deals(options, args.rounds) * options.players if fixed else None
        )

        def advance() -> None:
            progress.advance(task)

        results = run_tournament(options, entrants, args.rounds, seed=args.seed, jobs=args.jobs, on_match=advance)
    standings = merged(results)
    points = game_of(options).result is ResultKind.POINTS
    console.print(standings_table(standings, points=points))
    if args.plot is not None:
        try:
            plot(standings, args.plot, points=points)
        except OSError as error:
            why = error.strerror or error
            raise SystemExit(f"dominohall: the plot could not be written to {args.plot}: {why}") from None
        console.print(f"Plot written to {args.plot}")
    return 0
