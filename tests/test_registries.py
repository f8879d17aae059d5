"""Every layer's per-game table knows exactly the engine's games (docs/architecture.md, "Adding a game")."""

from __future__ import annotations

from dominohall.bots.hard import SEARCHES
from dominohall.bots.knowledge import READINGS
from dominohall.bots.medium import SCORERS
from dominohall.cli.board import BOARDS
from dominohall.cli.tables import GAMES as COMMAND_LINE_GAMES
from dominohall.games import GAMES
from dominohall.tables.settings import GAMES as TABLE_GAMES


def test_every_layer_knows_the_same_games() -> None:
    names = set(GAMES)
    for table in (SEARCHES, READINGS, SCORERS, BOARDS, COMMAND_LINE_GAMES, TABLE_GAMES):
        assert set(table) == names
