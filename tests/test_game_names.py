"""No module outside a game's folder and the registry names a game: the rest of the house asks the descriptor
(docs/architecture.md, "Adding a game").

The check reads every module of ``src/dominohall`` and looks for a string that is a game's name (``"standard"``)
anywhere but in a docstring. The site's modules still name the games they draw (the game pages' forms and
words); they are listed in ``NOT_YET``, a list that may only shrink: the test fails when a module leaves it
(remove it from the list) as when a new one would need it.
"""

from __future__ import annotations

import ast
from pathlib import Path

from dominohall.games import GAMES

SOURCE = Path(__file__).parent.parent / "src" / "dominohall"
REGISTRY = SOURCE / "games" / "__init__.py"
NOT_YET: frozenset[str] = frozenset()
"""The site's modules that still name a game (the forms, the pages and their words): to be made from the
descriptors."""


def names_in(path: Path) -> set[str]:
    """The games whose name ``path`` holds as a string, docstrings left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and node.value in GAMES and id(node) not in docstrings
    }


def outside_the_games(path: Path) -> bool:
    """True for a module that is neither in a game's own folder nor the registry."""
    return path != REGISTRY and not any(path.is_relative_to(SOURCE / "games" / name) for name in GAMES)


def test_only_the_games_folders_and_the_registry_name_a_game() -> None:
    naming = {
        str(path.relative_to(SOURCE)): names
        for path in sorted(SOURCE.rglob("*.py"))
        if outside_the_games(path) and (names := names_in(path))
    }
    assert set(naming) - NOT_YET == set(), f"these modules name a game: ask its descriptor instead: {naming}"
    assert NOT_YET - set(naming) == set(), "these no longer name a game: take them off NOT_YET"


def test_the_check_finds_a_game_named_in_code(tmp_path: Path) -> None:
    module = tmp_path / "module.py"
    module.write_text('"""The standard game."""\n\nSCORES = {"standard": 1}\n', encoding="utf-8")
    assert names_in(module) == {"standard"}
    module.write_text('"""The "standard" game, in words only."""\n', encoding="utf-8")
    assert names_in(module) == set()
