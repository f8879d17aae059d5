"""``dominohall verify --fair``: recompute every round's deal from the proof its record carries."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console

from dominohall.games.fair_records import NO_PROOF, NOT_FAIR, RoundCheck, check_fairness
from dominohall.games.records import RecordError


def print_fairness(console: Console, path: Path, text: str, *, quiet: bool) -> list[RoundCheck] | None:
    """Print the verdict on each round of one record ("fair", "no proof", or what differs): the verdicts, or
    ``None`` when the record cannot be read far enough to check its deals (said too)."""
    try:
        checks = check_fairness(text)
    except RecordError as error:
        console.print(f"{path}: cannot check the deals: {error}", style="red", markup=False)
        return None
    for check in checks:
        if check.verdict == NOT_FAIR:
            console.print(f"{path}: {check}", style="red", markup=False)
        elif not quiet:
            console.print(f"{path}: {check}", style="yellow" if check.verdict == NO_PROOF else None, markup=False)
    return checks


def fairness_summary(checks: list[RoundCheck]) -> str:
    """One line: how many rounds were fair, not fair, and without a proof."""
    count = {verdict: sum(c.verdict == verdict for c in checks) for verdict in ("fair", NOT_FAIR, NO_PROOF)}
    return f"{count['fair']} of {len(checks)} deals fair, {count[NOT_FAIR]} not fair, {count[NO_PROOF]} without proof"
