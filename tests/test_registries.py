"""Every game's descriptor is whole, and every layer finds a game through it (docs/architecture.md)."""

from __future__ import annotations

from dominohall.games import GAMES, game_named


def test_every_game_gives_every_layer_its_parts() -> None:
    for name, game in GAMES.items():
        assert game_named(name) is game
        assert game.settings and {"players"} <= {setting.name for setting in game.settings}
        assert callable(game.bots.search.candidates) and callable(game.terminal.table)
