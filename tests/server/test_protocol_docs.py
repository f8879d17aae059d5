"""docs/protocol.md keeps up with the code: every error code and every client message is described."""

from __future__ import annotations

from pathlib import Path

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
