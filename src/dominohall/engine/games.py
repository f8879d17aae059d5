"""The games the engine knows, each described once, and the registry every other layer looks them up in.

A ``Game`` bundles what the rest of the project needs of a game: its options class and how to read them,
its round and view classes, its match rules, its round's layout in a record, how its results count (a
penalty, lowest total wins; or points, highest total wins), what it calls a round, its fast playout, and
its fair deal (docs/fairness.md).
Records, tables, bots, the command line and the pages find a game by name (``GAMES``, ``game_named``) or by
one of its objects (``game_of``) and call through the descriptor; asking "which game is this?" with
``isinstance`` happens here and inside each game's own modules only. docs/architecture.md lists what a new
game touches.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Generic, TypeVar

from . import chickenfoot, playout, standard, standard_playout
from .chickenfoot import ChickenFootRound
from .fair import DealSeed, FairDeal
from .match import ChickenFootRules, Match, Round, Rules, StandardRules
from .options import ChickenFootOptions
from .record_rounds import (
    chicken_foot_round_to_dict,
    read_chicken_foot_round,
    read_standard_hand,
    standard_hand_to_dict,
)
from .standard import StandardRound
from .standard_options import StandardOptions
from .views import ChickenFootView, StandardView, View, chicken_foot_view, standard_view

Opt = TypeVar("Opt")
R = TypeVar("R", bound=Round)
V = TypeVar("V")


class ResultKind(StrEnum):
    """How a round's results count towards the match."""

    PENALTIES = "penalties"
    """Each seat's result is a penalty; the lowest total wins."""
    POINTS = "points"
    """Each side (seat or team) scores points; the highest total wins."""

    def value_for(self, results: list[int], side: int) -> float:
        """How good ``results`` are for ``side``, higher being better: minus its penalty, or its points'
        margin over the other sides' mean."""
        if self is ResultKind.PENALTIES:
            return -results[side]
        others = [score for other, score in enumerate(results) if other != side]
        return results[side] - sum(others) / len(others)


@dataclass(frozen=True, eq=False)
class Game(Generic[Opt, R, V]):
    """One game, as the rest of the project sees it."""

    name: str
    """The game's name in records, settings and URLs' data (``chickenfoot``, ``standard``)."""
    noun: str
    """What the game calls a round in English text ("round", or "hand")."""
    result: ResultKind
    results_key: str
    """The key of a round's results in a record (``penalties``, ``scores``)."""
    options_type: type[Opt]
    round_type: type[R]
    view_type: type[V]
    rules_type: type[Rules[R]]
    options_from_dict: Callable[[dict[str, Any]], Opt]
    """Read and check the options as a record or a table's settings store them."""
    rules: Callable[[Opt], Rules[R]]
    """The match rules for these options."""
    view: Callable[[R, int | None, int, tuple[int, ...]], V]
    """What a seat (``None``: a spectator) may know of a round: ``(round, seat, round_index, totals)``."""
    round_to_dict: Callable[[R], dict[str, Any]]
    """A round as the record writes it."""
    read_round: Callable[[Opt, R | None, int, dict[str, Any]], R]
    """A record's round ``(options, previous round, index, data)``, dealt and checked, not yet replayed."""
    round_from_deal: Callable[[Opt, dict[str, Any]], R]
    """A round from its deal as the round's ``deal_fields`` wrote it (a table's stored deal)."""
    play_out: Callable[[Opt, int, random.Random], int]
    """Deal a round and play it to its end at random on the fast path: the number of moves made."""
    fair_deal: Callable[[Opt, int, DealSeed], FairDeal]
    """Round ``(options, index, seed)`` dealt fairly from a seed (docs/fairness.md): hands, boneyard, and the
    opener when the seed's stream draws it (the match rules' ``deal_seeded`` makes the round of it)."""

    def new_match(self, options: Opt) -> Match[R]:
        """An empty match under these options; call ``deal_next`` to start each round."""
        return Match(self.rules(options))

    def owns(self, thing: object) -> bool:
        """True when ``thing`` is this game's options, round, view or match rules."""
        return isinstance(thing, self.options_type | self.round_type | self.view_type | self.rules_type)


def _chicken_foot_play_out(options: ChickenFootOptions, index: int, rng: random.Random) -> int:
    """Round ``index``'s deal played out at random (the opener chosen by index): its moves."""
    return playout.deal_and_play_out(options, options.round_number(index), index % options.players, rng).moves


def _standard_play_out(options: StandardOptions, index: int, rng: random.Random) -> int:
    """A hand dealt and played out at random, led by the first-hand rule: its moves."""
    return standard_playout.deal_and_play_out(options, None, rng).moves


CHICKEN_FOOT: Game[ChickenFootOptions, ChickenFootRound, ChickenFootView] = Game(
    name="chickenfoot",
    noun="round",
    result=ResultKind.PENALTIES,
    results_key="penalties",
    options_type=ChickenFootOptions,
    round_type=ChickenFootRound,
    view_type=ChickenFootView,
    rules_type=ChickenFootRules,
    options_from_dict=ChickenFootOptions.from_dict,
    rules=ChickenFootRules,
    view=chicken_foot_view,
    round_to_dict=chicken_foot_round_to_dict,
    read_round=read_chicken_foot_round,
    round_from_deal=ChickenFootRound.from_deal,
    play_out=_chicken_foot_play_out,
    fair_deal=chickenfoot.fair_deal,
)
"""Chicken Foot (docs/rules-chickenfoot.md)."""

STANDARD: Game[StandardOptions, StandardRound, StandardView] = Game(
    name="standard",
    noun="hand",
    result=ResultKind.POINTS,
    results_key="scores",
    options_type=StandardOptions,
    round_type=StandardRound,
    view_type=StandardView,
    rules_type=StandardRules,
    options_from_dict=StandardOptions.from_dict,
    rules=StandardRules,
    view=standard_view,
    round_to_dict=standard_hand_to_dict,
    read_round=read_standard_hand,
    round_from_deal=StandardRound.from_deal,
    play_out=_standard_play_out,
    fair_deal=standard.fair_deal,
)
"""The standard game: draw, block, All Fives, Bergen (docs/rules-standard.md)."""

AnyGame = Game[Any, Any, Any]
"""A game whose kind the caller does not know."""

GAMES: dict[str, AnyGame] = {game.name: game for game in (CHICKEN_FOOT, STANDARD)}
"""Every game, by name, in the order the site lists them."""


def game_named(name: str) -> AnyGame:
    """The game called ``name``; ``KeyError`` naming the games there are when there is none."""
    try:
        return GAMES[name]
    except KeyError:
        raise KeyError(f"no game {name!r}: the games are {', '.join(GAMES)}") from None


def game_of(thing: object) -> AnyGame:
    """The game that ``thing`` (options, a round, a view or match rules) belongs to."""
    for game in GAMES.values():
        if game.owns(thing):
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
