"""Boards of whole rounds played by bots, as the wire shows them: the board's layout is checked on them.

``python -m tests.web.boards OUT.json`` writes a few for looking at them in a browser.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

from dominohall.bots.arena import bot_move
from dominohall.bots.base import make_bot
from dominohall.games import round_view
from dominohall.games.chickenfoot.rules.options import ChickenFootOptions
from dominohall.games.chickenfoot.rules.round import deal_round
from dominohall.games.standard.rules.match import standard_match
from dominohall.games.standard.rules.options import StandardOptions
from dominohall.tables.frames import view_to_wire


def later_feet(view: dict[str, Any]) -> int:
    """How many doubles other than the centre carry toes on this board."""
    bases = {on for _tile, on in view["placed"]}
    return sum(1 for tile, _on in view["placed"] if tile in bases and tile.split("-")[0] == tile.split("-")[1])


def chicken_foot_board(players: int, number: int, seed: int, level: str = "medium") -> dict[str, Any]:
    """The last view (a spectator's) of a Chicken Foot round of ``number``'s double played by bots."""
    options = ChickenFootOptions.for_table(players)
    rng = random.Random(seed)
    rnd = deal_round(options, number, seed % players, rng)
    bots = [make_bot(level) for _ in range(players)]
    while rnd.end is None:
        rnd.apply(bot_move(rnd, bots[rnd.turn], rng, 0, ()), rnd.turn)
    return view_to_wire(round_view(rnd, None))


def standard_board(mode: str, players: int, top: int, seed: int, level: str = "medium") -> dict[str, Any]:
    """The last view (a spectator's) of the first hand of a standard match played by bots."""
    match = standard_match(StandardOptions.for_table(players, top=top, mode=mode, target=None))
    rng = random.Random(seed)
    rnd = match.deal_next(rng)
    bots = [make_bot(level) for _ in range(players)]
    while rnd.end is None:
        rnd.apply(bot_move(rnd, bots[rnd.turn], rng, 0, ()), rnd.turn)
    return view_to_wire(round_view(rnd, None))


def long_standard_boards(count: int = 6) -> list[dict[str, Any]]:
    """Standard hands with long lines: double-nine and double-twelve draw games, All Fives with its spinner."""
    modes = ("draw", "allfives", "block")
    boards = [standard_board(modes[seed % 3], 2, (9, 12)[seed % 2], seed) for seed in range(count)]
    return sorted(boards, key=lambda view: -len(view["placed"]))


def dense_boards(count: int = 12) -> list[dict[str, Any]]:
    """Full boards of four- and eight-player rounds, those with the most later chicken feet first."""
    boards = [chicken_foot_board(4, 9 - seed % 10, seed) for seed in range(count)]
    boards += [chicken_foot_board(8, 12 - seed % 13, 100 + seed) for seed in range(count // 2)]
    return sorted(boards, key=lambda view: (-later_feet(view), -len(view["placed"])))


if __name__ == "__main__":
    with open(sys.argv[1], "w", encoding="utf-8") as out:
        found = long_standard_boards() if sys.argv[2:3] == ["standard"] else dense_boards()
        json.dump(found, out)
