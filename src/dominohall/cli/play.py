"""``dominohall play``: a person plays any of the site's games in the terminal against bots."""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from dominohall.games import AnyMatch, AnyRound, GameOptions, ResultKind, View, game_of, round_view

from ..bots import BOT_LEVELS, Bot, make_bot
from ..bots.arena import bot_move
from ..engine.errors import IllegalMoveError
from ..engine.moves import DRAW, DRAW_MOVE, NO_TILE, NO_TRAIN, PASS, SHARED_TRAIN, Move, train_phrase
from ..engine.record_parts import SHARED_TRAIN_NAME
from ..engine.tiles import Tile, parse_tile, tile_name
from ..tables.commands import check_name
from ..tables.errors import CommandError
from ..tables.names import bot_name
from .board import describe, move_words, table_panel
from .tables import add_game_options, game_options_from

HELP = (
    "Type the number of a move, or a tile such as 9-3 (add its target when it fits in several places: "
    "'9-3 on 3-5'; in Mexican Train a train: '12-5 on mexican', '12-5 on 2' for seat 2's). 'q' quits."
)


class QuitGameError(Exception):
    """The person asked to stop."""


def add_parser(commands: Any) -> None:
    """Register ``play``."""
    parser = commands.add_parser("play", help="play Chicken Foot or the standard game in the terminal against bots")
    add_game_options(parser)
    parser.add_argument("--name", default="You", help="your display name")
    parser.add_argument("--bots", default="random", help=f"the bots' level ({', '.join(BOT_LEVELS)})")
    parser.add_argument("--seed", type=int, help="seed for a repeatable game (default: a fresh shuffle)")
    parser.set_defaults(run=run)


def parse_choice(text: str, legal: list[Move], top: int) -> Move | str:
    """The move a person typed, or a message saying what is wrong with it."""
    words = text.replace(" on ", " ").split()
    if not words:
        return "Type a move: " + HELP
    if len(words) == 1 and words[0].isdecimal():
        number = int(words[0])
        return legal[number - 1] if 1 <= number <= len(legal) else f"Choose a move from 1 to {len(legal)}."
    train = _typed_train(words)
    try:
        tiles = [parse_tile(word, top) for word in words[:2]]
    except ValueError as error:
        return f"{error}. {HELP}"
    fits = [
        m
        for m in legal
        if m.is_play() and m.tile == tiles[0] and (len(tiles) == 1 or m.on == tiles[1]) and train in (None, m.train)
    ]
    if len(fits) > 1:
        return _which_place(tiles[0], fits)
    if fits:
        return fits[0]
    target = tiles[1] if len(tiles) > 1 else next((m.on for m in legal if m.is_play()), -1)
    return Move.play(tiles[0], target, NO_TRAIN if train is None else train)


def _typed_train(words: list[str]) -> int | None:
    """The train named as the last word ("mexican", or its owner's seat number), taken off ``words``; None when
    no train is named."""
    last = words[-1].lower()
    if len(words) < 2 or not (last == SHARED_TRAIN_NAME or last.isdecimal()):
        return None
    words.pop()
    return SHARED_TRAIN if last == SHARED_TRAIN_NAME else int(last)


def _which_place(tile: Tile, fits: list[Move]) -> str:
    """The question to ask when ``tile`` fits in several places."""
    name = tile_name(tile)
    if len({m.on for m in fits}) < len(fits):  # several trains end at one tile: name the train
        places = " or ".join(f"{tile_name(m.on)}{train_phrase(m.train)}" for m in fits)
        example = f"{name} on {_train_word(fits[0].train)}"
    else:
        places = " or ".join(tile_name(m.on) for m in fits)
        example = f"{name} on {tile_name(fits[0].on)}"
    return f"{name} fits on {places}: say which, like '{example}'."


def _train_word(train: int) -> str:
    """How a person types a train: its owner's seat number, or "mexican"."""
    return SHARED_TRAIN_NAME if train == SHARED_TRAIN else str(train)


def why_not(tile: Tile, view: View) -> str | None:
    """Why ``tile``, typed without a place, fits nowhere now, as the table page says it of a dimmed tile (None:
    nothing to say beyond the engine's reason)."""
    plays = [move for move in view.legal_moves if move.is_play()]
    if tile not in view.hand:
        return f"you do not hold {tile_name(tile)}"
    if view.drawn != NO_TILE and any(move.tile == view.drawn for move in plays):
        return f"only the tile you drew, {tile_name(view.drawn)}, may be played now"
    game = game_of(view)
    waiting = game.terminal.waiting(view)
    if waiting is not None:
        return waiting
    if not view.placed and plays:
        return f"this {game.noun} opens with {tile_name(plays[0].tile)}"
    shown = ", ".join(str(number) for number in dict.fromkeys(number for _, number in view.open_ends))
    return f"nothing matches it: the open ends show {shown}" if shown else None


class TerminalGame:
    """One match at the terminal: the person in seat 0, bots in the others."""

    def __init__(
        self,
        console: Console,
        ask: Callable[[str], str],
        options: GameOptions,
        names: list[str],
        bots: list[Bot],
    ) -> None:
        self.console, self.ask, self.names, self.bots = console, ask, names, bots
        self.game = game_of(options)
        self.match: AnyMatch = self.game.new_match(options)

    def play(self, deal_rng: random.Random, bot_rng: random.Random) -> None:
        """Play the whole match, round by round (hand by hand in the standard game)."""
        while not self.match.is_over():
            rnd: AnyRound = self.match.deal_next(deal_rng)
            opener = "You" if rnd.first == 0 else self.names[rnd.first]
            heading, opens = self.game.terminal.heading(rnd, len(self.match.rounds), opener)
            self.console.rule(heading)
            self.console.print(opens, markup=False)
            while rnd.end is None:
                seat = rnd.turn
                move = self.human_move(rnd) if seat == 0 else self.bot_move(rnd, seat, bot_rng)
                rnd.apply(move, seat)
                if seat != 0 or move.kind != PASS:
                    self.console.print(
                        describe(self.names[seat], self.told(rnd, seat), you=seat == 0, names=["You", *self.names[1:]]),
                        markup=False,
                    )
            self.show_round_end(rnd)
        winners = ", ".join(self.names[s] for s in self.match.winners())
        kind = "Winner(s)" if self.game.result is ResultKind.POINTS else "Lowest total"
        self.console.print(f"[bold]Match over.[/] {kind}: {escape(winners)}.")

    @staticmethod
    def told(rnd: AnyRound, seat: int) -> Move:
        """The move ``seat`` just made as the person may know it: another seat's drawn tile stays face down."""
        move: Move = rnd.history[-1][1]
        return DRAW_MOVE if seat != 0 and move.kind == DRAW else move

    def bot_move(self, rnd: AnyRound, seat: int, rng: random.Random) -> Move:
        """The bot's choice, from its own view only."""
        return bot_move(rnd, self.bots[seat], rng, len(self.match.rounds) - 1, self.match.totals())

    def view(self, rnd: AnyRound) -> View:
        """The person's view of the round."""
        return round_view(rnd, 0, len(self.match.rounds) - 1, tuple(self.match.totals()))

    def human_move(self, rnd: AnyRound) -> Move:
        """Show the table and ask until the person gives a legal move (draws and passes are made for them)."""
        view = self.view(rnd)
        legal = list(view.legal_moves)
        if legal[0].kind == DRAW:
            self.console.print("No tile of yours fits anywhere: you draw from the boneyard.")
            return legal[0]
        if legal[0].kind == PASS:
            reason = f"the {tile_name(view.drawn)} you drew does not fit" if view.drawn >= 0 else "nothing fits"
            self.console.print(f"You pass: {reason}.")
            return legal[0]
        self.console.print(table_panel(view, self.names))
        names = ["You", *self.names[1:]]
        self.console.print("  ".join(f"{n}) {move_words(m, names)}" for n, m in enumerate(legal, 1)), markup=False)
        while True:
            choice = self.read_choice(legal, rnd)
            if isinstance(choice, Move):
                return choice
            self.console.print(choice, style="yellow", markup=False)

    def read_choice(self, legal: list[Move], rnd: AnyRound) -> Move | str:
        """One answer from the person: a legal move, or the reason it is not one."""
        try:
            text = self.ask("Your move: ").strip().lower()
        except EOFError:
            raise QuitGameError from None
        if text in ("q", "quit", "exit"):
            raise QuitGameError
        if text in ("?", "h", "help"):
            return HELP
        choice = parse_choice(text, legal, rnd.options.top)
        if isinstance(choice, Move) and choice not in legal:
            reason = why_not(choice.tile, self.view(rnd)) if " " not in text else None  # no place named
            if reason:
                return f"{tile_name(choice.tile)} cannot be laid now: {reason}."
            try:
                rnd.copy().apply(choice)
            except IllegalMoveError as error:
                return f"{choice} is not allowed: {error.detail}."
        return choice

    def show_round_end(self, rnd: AnyRound) -> None:
        """Every hand, the round's results (penalties, or points scored) and the running totals."""
        points = self.game.result is ResultKind.POINTS
        self.console.print(f"[bold]{self.game.noun.capitalize()} over[/] ({rnd.end}).")
        table = Table("seat", "left in hand", "points" if points else "penalty", "total")
        totals, results = self.match.totals(), rnd.scores()
        options = rnd.options
        partners = options.sides() < options.players
        for seat in range(options.players):
            hand = " ".join(tile_name(t) for t in rnd.hand_tiles(seat)) or "-"
            side = options.side_of(seat)
            team = f" (team {side})" if partners else ""
            table.add_row(Text(self.names[seat] + team), hand, str(results[side]), str(totals[side]))
        self.console.print(table)
        if not self.match.is_over():
            try:
                self.ask("Press Enter for the next round ")
            except EOFError:
                raise QuitGameError from None


def bot_names(name: str, level: str, players: int, rng: random.Random) -> list[str]:
    """Your name and a name of its own for each bot, with its level, as the site's tables show them.

    >>> bot_names("You", "hard", 3, random.Random(1))[2].endswith(" (hard bot)")
    True
    """
    names = [name]
    for _ in range(1, players):
        names.append(bot_name("en", [n.split(" (")[0] for n in names], rng))
    return names[:1] + [f"{n} ({level} bot)" for n in names[1:]]


def run(args: argparse.Namespace) -> int:
    """Run ``play``."""
    options = game_options_from(args)
    try:
        name = check_name(args.name)  # the tables' rule: 1 to 24 printable characters
    except CommandError as error:
        raise SystemExit(f"dominohall: --name: {error.message}") from None
    if args.bots not in BOT_LEVELS:
        raise SystemExit(f"dominohall: unknown bot {args.bots!r}; choose from {', '.join(BOT_LEVELS)}")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    names = bot_names(name, args.bots, options.players, random.Random(f"names:{seed}"))
    bots = [make_bot(args.bots) for _ in range(options.players)]
    console = Console(highlight=False)
    game = TerminalGame(console, console.input, options, names, bots)
    try:
        game.play(random.Random(f"deal:{seed}"), random.Random(f"bots:{seed}"))
    except (QuitGameError, KeyboardInterrupt):
        console.print("\nGoodbye.")
    return 0
