"""The server tells, the page draws: no script of the site works out the partners' teams (``seat % 2``) or
counts what an All Fives or Bergen play scored; they read ``sides`` and ``points`` from the frames, the
snapshot and the record (docs/protocol.md, docs/records.md)."""

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
}


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
