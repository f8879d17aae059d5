"""docs/protocol.md keeps up with the code: every error code and every client message is described."""

from __future__ import annotations

import re
from pathlib import Path

from dominohall.engine.settings import CHOICE, WHOLE
from dominohall.games import GAMES
from dominohall.server.protocol import CLIENT_TYPES, parse_client
from dominohall.tables.errors import CODES

PROTOCOL = (Path(__file__).parents[2] / "docs" / "protocol.md").read_text("utf-8")


def test_every_error_code_is_documented() -> None:
    assert [code for code in CODES if f"| `{code}` |" not in PROTOCOL] == []


def test_every_client_message_has_a_working_example() -> None:
    for kind in CLIENT_TYPES:
        line = next(row for row in PROTOCOL.splitlines() if row.startswith(f"| `{kind}` |"))
        example = line.rsplit("| `", 1)[1].rstrip("` |")
        assert parse_client(example).t == kind  # type: ignore[union-attr]


def settings_rows(game: str) -> dict[str, str]:
    """The range column of each setting row in the docs' table for ``game`` (``"game": "<name>"``)."""
    lines = PROTOCOL.splitlines()
    start = next(i for i, line in enumerate(lines) if f'(`"game": "{game}"`' in line)
    rows: dict[str, str] = {}
    for line in lines[start + 1 :]:
        if rows and not line.startswith("|"):
            break
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if line.startswith("| `"):
            rows[cells[0].strip("`")] = cells[1]
    return rows


def test_every_games_settings_are_documented_with_their_ranges() -> None:
    """A client written from the docs sends what the server takes: each game's table names every setting,
    with the code's range (a whole number's bounds, a choice's every value)."""
    for name, game in GAMES.items():
        rows = settings_rows(name)
        for setting in game.settings:
            documented = rows.get(setting.name, "")
            if setting.kind == WHOLE:
                assert f"{setting.low} to {setting.high}" in documented, (name, setting.name, documented)
            elif setting.kind == CHOICE:
                missing = [c for c in setting.choices if not re.search(rf"(?<![\d-]){c}(?!\d)", documented)]
                assert missing == [], (name, setting.name, documented)
            else:
                assert "`true`" in documented and "`false`" in documented, (name, setting.name, documented)
