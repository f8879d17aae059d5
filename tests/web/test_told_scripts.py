"""The server tells, the page draws: no script of the site works out the partners' teams (``seat % 2``),
counts what an All Fives or Bergen play scored, counts the pips of a hand at its end, works out who won a
blocked hand or knows that nobody draws in the block game; they read ``sides``, ``points``, ``winner``,
``pips``, ``penalties`` and ``draws`` from the frames, the snapshot and the record (docs/protocol.md,
docs/records.md)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

STATIC = Path(__file__).parents[2] / "src" / "dominohall" / "web" / "static"
SCRIPTS = sorted(STATIC.glob("*.js"))

FORBIDDEN = {
    "the partner rule (seat % 2)": r"%\s*2\b",
    "a five count (a multiple of 5)": r"%\s*5\b",
    "All Fives' award rounded to 5": r"/\s*5\s*\)\s*\*\s*5",
    "teams worked out from the options": r"\bpartners\s*(\?|&&)|options\.partners\s*\)\s*\?|&&\s*[\w.]*\.partners\b",
    "a branch on All Fives or Bergen": r"mode\s*[!=]==?\s*[\"'](allfives|bergen)[\"']",
    "the open ends counted": r"\b(fivesScored|bergenScored|five_count|bergen_points)\b",
    "a branch on the block game (nobody draws)": r"mode\s*[!=]==?\s*[\"'](block|draw)[\"']",
    "the 0-0 counted at the blank double's value": r"[\"']0-0[\"']\s*(&&|\?)|===\s*[\"']0-0[\"']\s*\?",
    "the blocked hand's winner (the fewest pips)": (
        r"\.indexOf\(\s*(low|Math\.min)\b|===\s*low\s*\)|sides\[[^\]\n]*findIndex"
    ),
}

PIP_COUNT = r"split\(\s*[\"']-[\"']\s*\)[^;\n]*\.reduce\(|\bpipsOf\b|\bpips\s*\(\s*tile\b"
"""A tile's pips summed (its halves split and added up)."""

COUNTS_PIPS = {"record.js", "replay.js"}
"""The scripts that may count pips: the replay viewer shows the pips a hand holds at any position of a record, which
the record does not tell (a count shown beside the tiles, never a result). No script of the table page does: a
round's results, its winner and pips come in the view."""


LEGACY = "OLD_TEAMS"
"""The one allowance: record.js reads a record written before records said their ``sides`` with the format's
documented old teams (docs/records.md), on a line that names them."""


def test_there_are_scripts_to_read() -> None:
    assert {"replay.js", "summary.js", "feed.js", "table.js", "record.js"} <= {path.name for path in SCRIPTS}


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda path: path.name)
def test_no_script_repeats_the_partner_rule_or_the_play_scoring(path: Path) -> None:
    text = path.read_text("utf-8")
    found = [
        f"{path.name}:{text.count(chr(10), 0, hit.start()) + 1}: {what}: {hit.group(0)!r}"
        for what, pattern in FORBIDDEN.items()
        for hit in re.finditer(pattern, text)
        if LEGACY not in text[text.rfind(chr(10), 0, hit.start()) + 1 : text.find(chr(10), hit.end())]
    ]
    assert found == []


@pytest.mark.parametrize("path", [path for path in SCRIPTS if path.name not in COUNTS_PIPS], ids=lambda path: path.name)
def test_no_table_script_counts_pips(path: Path) -> None:
    text = path.read_text("utf-8")
    found = [
        f"{path.name}:{text.count(chr(10), 0, hit.start()) + 1}: {hit.group(0)!r}"
        for hit in re.finditer(PIP_COUNT, text)
    ]
    assert found == []


def test_the_pip_pattern_finds_the_counts_it_is_for() -> None:
    for counted in (
        'const pips = (tile, blank) => tile.split("-").map(Number).reduce((a, b) => a + b, 0);',
        "hand.reduce((sum, tile) => sum + pipsOf(tile), 0)",
    ):
        assert re.search(PIP_COUNT, counted), counted
    assert re.search(FORBIDDEN["the blocked hand's winner (the fewest pips)"], "side = held.indexOf(low);")
    assert re.search(FORBIDDEN["a branch on the block game (nobody draws)"], 'table.options.mode === "block"')
    assert re.search(FORBIDDEN["the 0-0 counted at the blank double's value"], 'tile === "0-0" && blank ? blank : 0')
