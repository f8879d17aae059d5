"""What the site knows of a game comes from its descriptor (``Site``, ``Game.traits``): the scripts' traits, the
drawings board.js has, each game's page."""

from __future__ import annotations

import json
import re
from pathlib import Path

from dominohall.games import GAMES
from dominohall.tables.settings import GAME_SITES, game_traits
from dominohall.web import GAME_SLUGS, HERE, LANGUAGES, translations
from dominohall.web.pages import DRAWINGS, DRAWN_GAMES, GAME_OF_SLUG
from dominohall.web.replays import replay_strings, replay_title
from dominohall.web.words import game_title, game_traits_block

ROOT = Path(__file__).parents[2]


def test_the_node_tests_traits_are_the_descriptors() -> None:
    """tests/js/games.json stands for the page's data block under Node: the same traits."""
    assert json.loads((ROOT / "tests" / "js" / "games.json").read_text("utf-8")) == game_traits()
    assert json.loads(game_traits_block()) == game_traits()


def test_the_drawings_are_board_js_own() -> None:
    script = (HERE / "static" / "board.js").read_text("utf-8")
    listed = re.search(r"export const DRAWINGS = \[(.*?)\];", script)
    assert listed, "board.js lists its DRAWINGS"
    assert set(json.loads(f"[{listed.group(1)}]")) == DRAWINGS
    assert {site.board for site in GAME_SITES.values()} <= DRAWINGS
    assert set(GAMES) == DRAWN_GAMES


def test_every_game_has_its_page_its_slug_and_its_titles() -> None:
    assert list(GAME_SITES) == list(GAMES)
    assert tuple(GAME_OF_SLUG) == GAME_SLUGS and set(GAME_OF_SLUG.values()) == set(GAMES)
    for name, site in GAME_SITES.items():
        assert (HERE / "templates" / site.template).is_file(), name
        for language in LANGUAGES:
            assert game_title(language, name) == translations(language).gettext(site.title)
            words = json.loads(replay_strings(language))["words"]
            assert words[f"title_{name}"] == replay_title(language, name) != replay_title(language, None)


def test_a_game_the_site_does_not_know_keeps_its_name_and_the_picker_title() -> None:
    assert game_title("en", "dominoes-of-the-moon") == "dominoes-of-the-moon"
    assert replay_title("en", "dominoes-of-the-moon") == "Replay a game record"
