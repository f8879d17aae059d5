"""A game described once: the ``Game`` descriptor each game's folder builds, and how its results count.

A ``Game`` bundles what the rest of the project needs of a game: its options class and how to read them,
its round and view classes, its match rules, its round's layout in a record, how its results count (a
penalty, lowest total wins; or points, highest total wins), what it calls a round, its fast playout, its
fair deal (docs/fairness.md), and what the site needs of it (``Site``: its page, its names, and the traits its
page scripts draw and count by).
Records, tables, bots, the command line and the pages find a game in the registry (``dominohall.games``) by
name or by one of its objects and call through the descriptor; asking "which game is this?" with
``isinstance`` happens in ``Game.owns`` and inside each game's own folder only. docs/architecture.md lists
what a new game touches.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Generic, Literal, TypeVar

from dominohall.engine.fair import DealSeed, FairDeal
from dominohall.engine.match import Match, Round, Rules
from dominohall.engine.settings import Setting
from dominohall.search.parts import BotParts

from .terminal import Board

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


Drawing = Literal["feet", "trains", "line"]
"""A board drawing of the page scripts (``static/board.js``): double's feet round a centre, a train per seat
from an engine, or one line winding from the lead (or spinner)."""


@dataclass(frozen=True)
class Site:
    """What the site needs of a game: its page, its names (English msgids, translated through the site's
    catalogs) and its traits, the plain facts the page scripts draw, count and check by (``Game.traits``)."""

    slug: str
    """The game's page in URLs: ``/<language>/<slug>`` (also its template, ``<slug>.html``)."""
    title: str
    """Its name as a title (the table page's heading, the lobby, the forms' reasons)."""
    replay_title: str
    """The replay viewer's heading for a record of the game."""
    board: Drawing
    """The drawing of its board."""
    centre: bool
    """A round starts at a double in the centre, taken out of the set before the deal (the record's ``double``:
    the set's top double in the first round, then each lower one)."""
    draws_opener: bool
    """The first round's opener is drawn from the fair deal's stream (docs/fairness.md); later rounds' follow."""
    trains: bool
    """Plays name their train (a seat's, or the Mexican train); the page shows the trains' words."""
    waits: Literal["toes", "cover"] | None
    """What a double on the table may wait for before anything else is played: its toes, its cover, or nothing."""
    partners: bool
    """A partners option puts seats 1 and 3 against 2 and 4 (records written before they said their sides)."""
    deal_table: bool = False
    """Its page shows the usual deal by player count (the set and hand follow the players)."""
    ladder_title: str | None = None
    """The title of the bots' ladder measured on the game (``web/ladder.json`` keyed by its name), if any."""

    @property
    def template(self) -> str:
        """The template of the game's page."""
        return f"{self.slug}.html"

    @property
    def words(self) -> tuple[str, ...]:
        """The msgids the site says of the game (its catalogs hold them)."""
        return tuple(words for words in (self.title, self.replay_title, self.ladder_title) if words)


@dataclass(frozen=True, eq=False)
class Game(Generic[Opt, R, V]):
    """One game, as the rest of the project sees it."""

    name: str
    """The game's name in records, settings and the pages' data (``standard``)."""
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
    settings: tuple[Setting, ...]
    """The settings schema (``engine/settings.py``): the command line, the tables' checks and the form follow it."""
    from_settings: Callable[[dict[str, Any]], Opt]
    """The options from checked values of ``settings``, the game's defaults filling the rest (``OptionsError``
    when they do not fit together)."""
    chosen_settings: Callable[[Opt], dict[str, Any]]
    """The settings a host chose of these options (those that follow others, such as the players, left out)."""
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
    bots: BotParts
    """What the bots need of the game: the medium bot's scorer, the reading of its history, the hard bot's
    search, the analysis's thresholds (``dominohall.search.parts``)."""
    terminal: Board
    """How the command line shows the game's table and a round's heading (``games/terminal.py``)."""
    site: Site
    """What the site needs of the game: its page, its names and the traits its page scripts follow."""
    check_move: Callable[[R, dict[str, Any], int, int], None] | None = None
    """Check what a record's move says beyond the move itself, right after the replay made it: ``(round, the
    move as the record wrote it, round number 1-based, move index)``, raising ``RecordError`` (the standard
    game's ``points``); ``None``: the game's moves say nothing more."""

    def new_match(self, options: Opt) -> Match[R]:
        """An empty match under these options; call ``deal_next`` to start each round."""
        return Match(self.rules(options))

    def traits(self) -> dict[str, Any]:
        """The game's traits as the page scripts read them (JSON): how its results count, what it calls a
        round, and ``Site``'s drawing, centre, opener, trains, waiting double and partners. A script meets a
        game by these facts, never by its name."""
        site = self.site
        return {
            "result": self.result.value,
            "noun": self.noun,
            "board": site.board,
            "centre": site.centre,
            "draws_opener": site.draws_opener,
            "trains": site.trains,
            "waits": site.waits,
            "partners": site.partners,
        }

    def placings(self, match: Match[R]) -> list[int]:
        """Each seat's place in a finished match, 1 for the winners (the match rules' ``winners``), then the other
        sides by their totals (the lowest penalty, or the most points, first); seats of one side (partners) and
        sides with equal totals share a place. The ratings rank a match by these (docs/players.md;
        tests/games/test_placings.py).
        """
        options = match.rules.options
        totals, winners = match.totals(), set(match.winners())
        sides = [options.side_of(seat) for seat in range(options.players)]
        winning = {sides[seat] for seat in winners}

        def key(side: int) -> tuple[int, float]:
            return (0 if side in winning else 1, -self.result.value_for(totals, side))

        keys = {side: key(side) for side in set(sides)}
        return [1 + sum(other < keys[side] for other in keys.values()) for side in sides]

    def owns(self, thing: object) -> bool:
        """True when ``thing`` is this game's options, round, view or match rules."""
        return isinstance(thing, self.options_type | self.round_type | self.view_type | self.rules_type)


AnyGame = Game[Any, Any, Any]
"""A game whose kind the caller does not know."""
