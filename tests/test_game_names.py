"""No module outside a game's folder and the registry names a game: the rest of the house asks the descriptor
(docs/architecture.md, "Adding a game"). A game is one folder.

The check reads every module of ``src/dominohall`` and looks for a string that is a game's name (``"standard"``)
anywhere but in a docstring; a module that would still need one goes in ``NOT_YET``, a list that may only
shrink (it is empty: keep it so). The site's templates and page scripts hold no game's name as a quoted string
either: they branch on the traits the descriptor gives (``Game.traits``), never on a name. And the issue's
criterion: ``grep -rl <name> src`` finds the game's own folder and only the files of ``NAMING``.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from dominohall.games import GAMES

SOURCE = Path(__file__).parent.parent / "src" / "dominohall"
REGISTRY = SOURCE / "games" / "__init__.py"
NOT_YET: frozenset[str] = frozenset()
"""The modules that still name a game: none (the site asks the descriptors, through ``tables.settings``)."""
NAMING = {
    "chickenfoot": {"games/__init__.py", "web/templates/tutorial.json", "web/ladder.json"},
    "mexicantrain": {"games/__init__.py"},
}
"""The files outside a game's folder that may hold its name: the registry's list, and data keyed by the game
(the tutorial's record of a Chicken Foot round, the bots' ladder measured on it). At most 3 each."""
WORDS = frozenset({"standard"})
"""Games whose name is also a word of the site's English text and docstrings: grep cannot tell them, the
checks of strings and quoted names do."""
TEXT = ("*.py", "*.html", "*.js", "*.json", "*.md", "*.css", "*.svg", "*.po")
"""The source files a name could hide in (bytecode and a build's egg-info left out)."""


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


QUOTED = re.compile(r"""(["'`])({})\1""".format("|".join(map(re.escape, GAMES))))
"""A game's name as a quoted string of a template or a script (``"standard"``, not "the standard game")."""


def quoted_names(text: str) -> set[str]:
    """The games whose name ``text`` (a template or a script) quotes."""
    return {found.group(2) for found in QUOTED.finditer(text)}


def test_the_site_templates_and_scripts_name_no_game() -> None:
    """A template or a page script branches on a game's traits, never on its name: no name quoted in them."""
    web = SOURCE / "web"
    naming = {
        str(path.relative_to(SOURCE)): sorted(names)
        for pattern in ("templates/*.html", "static/*.js")
        for path in sorted(web.glob(pattern))
        if (names := quoted_names(path.read_text(encoding="utf-8")))
    }
    assert naming == {}, f"these name a game: give its descriptor a trait instead (games/game.py's Site): {naming}"


def files_naming(name: str, source: Path = SOURCE) -> set[str]:
    """The source files under ``source`` outside the game's own folder that hold ``name`` anywhere (as
    ``grep -rl`` would)."""
    own = source / "games" / name
    found = set()
    for pattern in TEXT:
        for path in source.rglob(pattern):
            if "__pycache__" in path.parts or path.is_relative_to(own):
                continue
            if name in path.read_text(encoding="utf-8", errors="replace"):
                found.add(str(path.relative_to(source)))
    return found


@pytest.mark.parametrize("name", sorted(set(GAMES) - WORDS))
def test_a_game_is_one_folder(name: str) -> None:
    """``grep -rl <name> src``: the game's folder, and at most 3 other files, each listed in ``NAMING``."""
    allowed = NAMING[name]
    assert len(allowed) <= 3
    naming = files_naming(name)
    assert naming - allowed == set(), f"{name} is named outside its folder: ask its descriptor instead"
    assert "games/__init__.py" in naming, "the registry lists every game"


def test_every_game_but_the_word_ones_is_checked_by_grep() -> None:
    assert set(GAMES) >= WORDS
    assert set(NAMING) == set(GAMES) - WORDS, "list a new game's allowed files in NAMING"


def test_the_checks_find_a_name_quoted_in_a_script_and_any_file_naming_a_game(tmp_path: Path) -> None:
    assert quoted_names('if (game === "standard") draw(`standard`);\nconst said = "the standard game";') == {"standard"}
    assert quoted_names("<h1>{{ title }}</h1> standard dominoes") == set()
    name = sorted(NAMING)[0]
    (tmp_path / "games" / name).mkdir(parents=True)
    (tmp_path / "games" / name / "rules.py").write_text(f"NAME = {name!r}\n", encoding="utf-8")
    (tmp_path / "web").mkdir()
    (tmp_path / "web" / "board.js").write_text(f"// draws {name}\n", encoding="utf-8")
    (tmp_path / "web" / "data.json").write_text("{}\n", encoding="utf-8")
    assert files_naming(name, tmp_path) == {"web/board.js"}
