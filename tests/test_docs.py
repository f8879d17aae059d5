"""The docs keep up with the code: every rule code the engine raises is explained in docs/records.md."""

from __future__ import annotations

from pathlib import Path

from dominohall.engine.errors import RULES

ROOT = Path(__file__).parents[1]


def test_every_engine_rule_code_is_documented() -> None:
    text = (ROOT / "docs" / "records.md").read_text("utf-8")
    missing = [code for code in RULES if f"| `{code}` |" not in text]
    assert missing == []


def test_readme_starts_with_the_two_commands() -> None:
    lines = (ROOT / "README.md").read_text("utf-8").splitlines()
    block = lines[lines.index("```sh") + 1 : lines.index("```sh") + 3]
    assert block[0].startswith("make run") and block[1].startswith("make test")
