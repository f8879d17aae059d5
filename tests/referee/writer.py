"""An independent writer of legal train-game records: random Mexican Train and large Chicken Foot matches.

It deals and plays with the referee's own plain tables (``MtRound``, ``CfRound``), never with the
project's engine, choosing uniformly among the legal moves with a seeded ``random.Random``.  Its records
are fed to the project's ``dominohall verify`` to show that the engine accepts what an implementation
written from the rules alone produces.

Run ``python -m tests.referee.writer OUTDIR [--matches N] [--seed S]`` to write N records of each kind
(Mexican Train under random settings, Chicken Foot for 9..12 players) as JSON files.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from itertools import count
from pathlib import Path
from typing import Any

from .referee import (
    FORMAT,
    CfOptions,
    CfRound,
    CfTable,
    Move,
    MtOptions,
    MtRound,
    MtTable,
    Tile,
    full_set,
    mt_table_hand,
    name,
    parse_move,
    parse_mt_move,
)

Record = dict[str, Any]

CF_TABLE = {2: (9, 20), 3: (9, 14), 4: (9, 11), 5: (9, 9), 6: (9, 7), 7: (12, 10), 8: (12, 9)}
CF_TABLE.update({9: (15, 11), 10: (15, 10), 11: (15, 9), 12: (15, 8)})


# ---------------------------------------------------------------------------------------------------
# Settings
# ---------------------------------------------------------------------------------------------------


def mt_options(
    players: int,
    *,
    top: int = 12,
    hand: int | None = None,
    length: str = "full",
    blank_double: int = 50,
    limit: int | None = None,
) -> MtOptions:
    """Mexican Train settings; the hand defaults to the double-twelve table (a house set needs ``hand``)."""
    if hand is None:
        hand = mt_table_hand(players)
    return MtOptions(players, top, hand, length, blank_double, limit)


def cf_options(
    players: int,
    *,
    top: int | None = None,
    hand: int | None = None,
    length: str = "full",
    start_toes: int = 6,
    blank_double: int = 50,
    limit: int | None = None,
) -> CfOptions:
    """Chicken Foot settings; set and hand default to the table by players (D15 for 9..12)."""
    default_top, default_hand = CF_TABLE[players]
    return CfOptions(
        players=players,
        top=default_top if top is None else top,
        hand=default_hand if hand is None else hand,
        length=length,
        start_toes=start_toes,
        double_toes=3,
        blank_double=blank_double,
        limit=limit,
    )


def random_mt_options(rng: random.Random) -> MtOptions:
    """Random Mexican Train settings: 2..8 players, any length or a limit, any 0-0 value, house sets."""
    players = rng.randint(2, 8)
    top = rng.choice([12, 12, 9, 15])
    hand = None if top == 12 else rng.randint(1, (len(full_set(top)) - 1) // players)
    limit = rng.choice([None, None, None, rng.randint(1, 250)])
    return mt_options(
        players,
        top=top,
        hand=hand,
        length=rng.choice(["full", "half", "one"]),
        blank_double=rng.choice([50, 25, 0]),
        limit=limit,
    )


def random_big_cf_options(rng: random.Random) -> CfOptions:
    """Random Chicken Foot settings for 9..12 players on the double-fifteen table hands."""
    return cf_options(
        rng.randint(9, 12),
        length=rng.choice(["full", "half", "one"]),
        start_toes=rng.choice([6, 4]),
        blank_double=rng.choice([50, 25]),
        limit=rng.choice([None, None, rng.randint(1, 300)]),
    )


# ---------------------------------------------------------------------------------------------------
# Playing
# ---------------------------------------------------------------------------------------------------


def deal(top: int, centre: Tile, players: int, hand: int, rng: random.Random) -> tuple[list[list[Tile]], list[Tile]]:
    """Shuffle the set less the centre double; deal ``hand`` tiles to each seat; the rest is the boneyard."""
    tiles = [tile for tile in full_set(top) if tile != centre]
    rng.shuffle(tiles)
    hands = [tiles[seat * hand : (seat + 1) * hand] for seat in range(players)]
    return hands, tiles[players * hand :]


def mt_move(state: MtRound, rng: random.Random) -> dict[str, Any]:
    """A random legal move of the seat to move in a Mexican Train round."""
    seat = state.to_move
    legal = state.legal_plays()
    if legal:
        tile, train, on = rng.choice(legal)
        return {"seat": seat, "play": name(tile), "on": name(on), "train": train}
    if state.drawn is None and not state.boneyard_empty():
        return {"seat": seat, "draw": name(state.boneyard[state.next_draw])}
    return {"seat": seat, "pass": True}


def cf_move(state: CfRound, rng: random.Random) -> dict[str, Any]:
    """A random legal move of the seat to move in a Chicken Foot round."""
    seat = state.to_move
    legal = state.table.legal_plays(state.hands[seat])
    if state.drawn is not None:
        legal = [(tile, on) for tile, on in legal if tile == state.drawn]
    if legal:
        tile, on = rng.choice(legal)
        return {"seat": seat, "play": name(tile), "on": name(on)}
    if state.drawn is None and not state.boneyard_empty():
        return {"seat": seat, "draw": name(state.boneyard[state.next_draw])}
    return {"seat": seat, "pass": True}


def play_out(
    state: MtRound | CfRound,
    choose: Callable[[], dict[str, Any]],
    parse: Callable[[object, int, int], Move | str],
    players: int,
    top: int,
) -> list[dict[str, Any]]:
    """Play moves chosen by ``choose`` until the round ends; each is checked by the referee's table."""
    moves: list[dict[str, Any]] = []
    while state.ended is None:
        move = choose()
        parsed = parse(move, players, top)
        why = parsed if isinstance(parsed, str) else state.step(parsed)
        if why is not None:
            raise AssertionError(f"the writer chose an illegal move {move}: {why}")
        moves.append(move)
    return moves


def write_mt_round(opts: MtOptions, index: int, first: int, rng: random.Random) -> dict[str, Any]:
    """One randomly dealt and played Mexican Train round."""
    engine = opts.round_double(index)
    if engine is None:
        raise ValueError(f"no round {index + 1} under {opts}")
    hands, boneyard = deal(opts.top, engine, opts.players, opts.hand, rng)
    state = MtRound([list(hand) for hand in hands], list(boneyard), MtTable.new(engine, opts.players), first)
    moves = play_out(state, lambda: mt_move(state, rng), parse_mt_move, opts.players, opts.top)
    penalties = state.penalties(opts.blank_double)
    return round_record(engine, first, hands, boneyard, moves=moves, end=state.ended, penalties=penalties)


def write_cf_round(opts: CfOptions, index: int, first: int, rng: random.Random) -> dict[str, Any]:
    """One randomly dealt and played Chicken Foot round."""
    centre = opts.round_double(index)
    if centre is None:
        raise ValueError(f"no round {index + 1} under {opts}")
    hands, boneyard = deal(opts.top, centre, opts.players, opts.hand, rng)
    table = CfTable(centre, opts.start_toes, opts.double_toes)
    state = CfRound([list(hand) for hand in hands], list(boneyard), table, first)
    moves = play_out(state, lambda: cf_move(state, rng), parse_move, opts.players, opts.top)
    penalties = state.penalties(opts.blank_double)
    return round_record(centre, first, hands, boneyard, moves=moves, end=state.ended, penalties=penalties)


def round_record(
    double: Tile,
    first: int,
    hands: list[list[Tile]],
    boneyard: list[Tile],
    *,
    moves: list[dict[str, Any]],
    end: str | None,
    penalties: list[int],
) -> dict[str, Any]:
    """A finished round in the record's shape."""
    return {
        "double": name(double),
        "first": first,
        "hands": [[name(tile) for tile in hand] for hand in hands],
        "boneyard": [name(tile) for tile in boneyard],
        "moves": moves,
        "end": end,
        "penalties": penalties,
    }


def write_match(
    game: str,
    opts: MtOptions | CfOptions,
    options: dict[str, Any],
    write_round: Callable[[int, int, random.Random], dict[str, Any]],
    rng: random.Random,
) -> Record:
    """Rounds until the length is played or a total passes the limit; totals and the lowest as winners."""
    first = rng.randrange(opts.players)
    rounds: list[dict[str, Any]] = []
    totals = [0] * opts.players
    for index in count():
        rounds.append(write_round(index, (first + index) % opts.players, rng))
        totals = [total + points for total, points in zip(totals, rounds[-1]["penalties"], strict=True)]
        if opts.limit is None and index + 1 >= opts.fixed_rounds():
            break
        if opts.limit is not None and max(totals) > opts.limit:
            break
    return {
        "format": FORMAT,
        "game": game,
        "options": options,
        "seats": [{"name": f"P{seat}"} for seat in range(opts.players)],
        "rounds": rounds,
        "totals": totals,
        "winners": [seat for seat, total in enumerate(totals) if total == min(totals)],
    }


def write_mexican_train(opts: MtOptions, seed: int) -> Record:
    """A whole random legal Mexican Train match under ``opts``, reproducible from ``seed``."""
    options = {
        "players": opts.players,
        "set": opts.top,
        "hand": opts.hand,
        "length": opts.length,
        "blank_double": opts.blank_double,
        "limit": opts.limit,
    }
    rng = random.Random(seed)
    return write_match(
        "mexicantrain", opts, options, lambda index, first, r: write_mt_round(opts, index, first, r), rng
    )


def write_chickenfoot(opts: CfOptions, seed: int) -> Record:
    """A whole random legal Chicken Foot match under ``opts``, reproducible from ``seed``."""
    options = {
        "players": opts.players,
        "set": opts.top,
        "hand": opts.hand,
        "length": opts.length,
        "start_toes": opts.start_toes,
        "double_toes": opts.double_toes,
        "blank_double": opts.blank_double,
        "limit": opts.limit,
    }
    rng = random.Random(seed)
    return write_match("chickenfoot", opts, options, lambda index, first, r: write_cf_round(opts, index, first, r), rng)


# ---------------------------------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------------------------------


def write_files(folder: Path, matches: int, seed: int) -> list[Path]:
    """Write ``matches`` Mexican Train and ``matches`` Chicken Foot 9..12 records into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    written: list[Path] = []
    for number in range(matches):
        mt = random_mt_options(rng)
        record = write_mexican_train(mt, rng.randrange(2**32))
        path = folder / f"mt-{number:04d}-{mt.players}p-d{mt.top}.json"
        path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
        written.append(path)
    for number in range(matches):
        cf = random_big_cf_options(rng)
        record = write_chickenfoot(cf, rng.randrange(2**32))
        path = folder / f"cf-{number:04d}-{cf.players}p-d{cf.top}.json"
        path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
        written.append(path)
    return written


def main(argv: list[str]) -> int:
    """Command line: write random legal records into a folder."""
    parser = argparse.ArgumentParser(prog="python -m tests.referee.writer", description=__doc__)
    parser.add_argument("folder", type=Path)
    parser.add_argument("--matches", type=int, default=20, help="records of each game (default 20)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    written = write_files(args.folder, args.matches, args.seed)
    print(f"{len(written)} records written to {args.folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
