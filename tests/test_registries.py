"""Every layer's per-game table knows exactly the registry's games (docs/architecture.md, "Adding a game")."""

from __future__ import annotations

from dominohall.cli.board import BOARDS
from dominohall.cli.tables import GAMES as COMMAND_LINE_GAMES
from dominohall.games import GAMES
from dominohall.tables.settings import GAMES as TABLE_GAMES


def test_every_layer_knows_the_same_games() -> None:
    names = set(GAMES)
    for table in (BOARDS, COMMAND_LINE_GAMES, TABLE_GAMES):
        assert set(table) == names
