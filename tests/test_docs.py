"""The docs keep up with the code: every rule code the engine raises is explained in docs/records.md, and the
nginx of the tests is docs/cluster.md's, and the README stays short and points to the docs."""

from __future__ import annotations

import re
from pathlib import Path

from dominohall.bots import BOT_LEVELS
from dominohall.engine.errors import RULES

from .nginx import DEPLOY, SITE, UPSTREAM

ROOT = Path(__file__).parents[1]


def test_every_engine_rule_code_is_documented() -> None:
    text = (ROOT / "docs" / "records.md").read_text("utf-8")
    missing = [code for code in RULES if f"| `{code}` |" not in text]
    assert missing == []


def test_readme_starts_with_the_two_commands() -> None:
    lines = (ROOT / "README.md").read_text("utf-8").splitlines()
    block = lines[lines.index("```sh") + 1 : lines.index("```sh") + 3]
    assert block[0].startswith("make run") and block[1].startswith("make test")


def test_the_tests_nginx_is_configured_as_the_docs_say() -> None:
    """docs/cluster.md's nginx and the tests' include the same files of deploy/nginx, with the same upstream."""
    text = (ROOT / "docs" / "cluster.md").read_text("utf-8")
    block = text[text.index("```nginx") + len("```nginx") : text.index("```", text.index("```nginx") + 3)]
    includes = re.findall(r"include \S+/deploy/nginx/(\S+);", block)
    assert includes == ["websocket.conf", "locations.conf"]
    assert re.findall(r"include \{deploy\}/(\S+);", SITE) == includes
    assert all((DEPLOY / name).is_file() for name in includes)
    assert UPSTREAM.split()[-1] in block.split("upstream")[1].split("}")[0].split()  # max_fails=0;


def test_the_readme_is_short_and_every_document_it_links_exists() -> None:
    """A newcomer reads the README in two minutes: at most 150 lines; each link to docs/ leads to a file, and
    every document in docs/ is linked from it (its index)."""
    readme = (ROOT / "README.md").read_text("utf-8")
    assert len(readme.splitlines()) <= 150
    linked = set(re.findall(r"\]\((docs/[\w.-]+\.md)\)", readme))
    assert all((ROOT / name).is_file() for name in linked), linked
    assert {f"docs/{path.name}" for path in (ROOT / "docs").glob("*.md")} <= linked


def test_the_readme_names_every_bot_level_and_bench_script() -> None:
    """The facts the README states about the code: the bots' levels and what bench/ holds."""
    readme = (ROOT / "README.md").read_text("utf-8")
    assert all(f"`{level}`" in readme for level in BOT_LEVELS), BOT_LEVELS
    scripts = sorted(path.name for path in (ROOT / "bench").glob("*.py"))
    assert all(f"`{name}`" in readme for name in scripts), scripts
