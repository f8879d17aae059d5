"""The games: one folder each, and the registry every other layer looks a game up in.

Each game's package (``chickenfoot``, ``mexicantrain``, ``standard``) holds everything that makes the game, in its own
layers: its rules (``rules``: options, round, match rules, view, record round, fast playout, fair deal),
and above them its bots' parts and its site's parts. Each builds one descriptor (``Game``, in ``game.py``),
listed once below; the rest of the house asks the descriptor and never branches on a game's name
(docs/architecture.md, "Adding a game"). Records of any game are read and written in ``records.py``.
"""

from __future__ import annotations

from typing import Any

from dominohall.engine.match import Match

from . import chickenfoot, mexicantrain, standard
from .chickenfoot.rules.match import ChickenFootRules
from .chickenfoot.rules.options import ChickenFootOptions
from .chickenfoot.rules.round import ChickenFootRound
from .chickenfoot.rules.view import ChickenFootView
from .game import AnyGame, Game, ResultKind, Site
from .mexicantrain.rules.match import MexicanTrainRules
from .mexicantrain.rules.options import MexicanTrainOptions
from .mexicantrain.rules.round import MexicanTrainRound
from .mexicantrain.rules.view import MexicanTrainView
from .standard.rules.match import StandardRules
from .standard.rules.options import StandardOptions
from .standard.rules.round import StandardRound
from .standard.rules.view import StandardView

__all__ = [
    "GAMES",
    "AnyGame",
    "AnyMatch",
    "AnyRound",
    "AnyRules",
    "Game",
    "GameOptions",
    "ResultKind",
    "Site",
    "View",
    "game_named",
    "game_of",
    "new_match",
    "round_view",
]

AnyRound = ChickenFootRound | MexicanTrainRound | StandardRound
"""A round of any game."""
AnyMatch = Match[ChickenFootRound] | Match[MexicanTrainRound] | Match[StandardRound]
"""A match of any game."""
GameOptions = ChickenFootOptions | MexicanTrainOptions | StandardOptions
"""The settings of any game."""
AnyRules = ChickenFootRules | MexicanTrainRules | StandardRules
"""The match rules of any game."""
View = ChickenFootView | MexicanTrainView | StandardView
"""What a seat may know of a round of any game."""

GAMES: dict[str, AnyGame] = {game.name: game for game in (chickenfoot.GAME, mexicantrain.GAME, standard.GAME)}
"""Every game, by name, in the order the site lists them: the one list a new game is added to."""


def game_named(name: str) -> AnyGame:
    """The game called ``name``; ``KeyError`` naming the games there are when there is none."""
    try:
        return GAMES[name]
    except KeyError:
        raise KeyError(f"no game {name!r}: the games are {', '.join(GAMES)}") from None


_OWNERS: dict[type, AnyGame] = {}
"""The game of each type ``game_of`` has met: a view is made per seat per move, so asking every game costs."""


def game_of(thing: object) -> AnyGame:
    """The game that ``thing`` (options, a round, a view or match rules) belongs to."""
    known = _OWNERS.get(type(thing))
    if known is not None:
        return known
    for game in GAMES.values():
        if game.owns(thing):
            _OWNERS[type(thing)] = game
            return game
    raise TypeError(f"{type(thing).__name__} belongs to no game")


def new_match(options: Any) -> Match[Any]:
    """An empty match of the game whose options (or match rules) ``options`` are."""
    game = game_of(options)
    return Match(options) if isinstance(options, game.rules_type) else game.new_match(options)


def round_view(rnd: Any, seat: int | None, round_index: int = 0, totals: tuple[int, ...] = ()) -> View:
    """The view of ``rnd`` (a round of any game) for ``seat`` (``None``: a spectator, who sees no hand)."""
    view: View = game_of(rnd).view(rnd, seat, round_index, totals)
    return view
