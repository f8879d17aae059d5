"""The server tells, the page draws: the points each standard play scored and the side each seat plays for
come from the engine, in frames (``move``'s move, a view's history, the table summary's ``sides``) and in
records (a play's ``points``, the record's ``sides``), so no page repeats those rules."""

from __future__ import annotations

import asyncio
import copy
import random
from pathlib import Path
from typing import Any

import pytest

from dominohall.games import new_match, round_view
from dominohall.games.chickenfoot.rules.options import ChickenFootOptions
from dominohall.games.mexicantrain.rules.options import MexicanTrainOptions
from dominohall.games.records import SeatInfo, export_record, replay, verify
from dominohall.games.standard.rules.options import StandardOptions
from dominohall.tables.actor import TableActor
from dominohall.tables.commands import Command, NewTable
from dominohall.tables.frames import history_to_wire, view_to_wire
from dominohall.tables.state import token_hash

from .helpers import Inbox, close_hall, open_hall, play_to_end

CASES = [
    ("allfives", 2, False),
    ("allfives", 3, False),
    ("allfives", 4, True),
    ("bergen", 2, False),
    ("bergen", 4, True),
    ("bergen", 3, False),
    ("draw", 4, True),
    ("block", 2, False),
]


def played(mode: str, players: int, partners: bool, seed: int) -> tuple[Any, list[list[tuple[int, int]]]]:
    """A standard match of ``mode`` played at random by the engine (up to three hands): the match, and for each
    move of each hand its seat and the points the engine added to that seat's side as it was made. Every
    move's view history (a spectator's and the mover's) is checked on the way."""
    options = StandardOptions.for_table(players, mode=mode, partners=partners)
    match, rng = new_match(options), random.Random(f"{mode}{players}{partners}{seed}")
    hands: list[list[tuple[int, int]]] = []
    while len(hands) < 3 and not match.is_over():
        rnd = match.deal_next(rng)
        gained: list[tuple[int, int]] = []
        while rnd.end is None:
            seat, before = rnd.turn, rnd.points.copy()
            rnd.apply(rng.choice(rnd.legal_moves()))
            after = rnd.points
            side = options.side_of(seat)
            assert all(after[s] == before[s] for s in range(len(after)) if s != side)
            gained.append((seat, after[side] - before[side]))
            for viewer in (None, seat):
                told = [entry.get("points") for entry in history_to_wire(round_view(rnd, viewer))]
                assert told == expected_points(mode, rnd.history, gained)
        hands.append(gained)
    return match, hands


def expected_points(mode: str, history: Any, gained: list[tuple[int, int]]) -> list[int | None]:
    """What each move should tell: a play's points in All Fives and Bergen (0 included), nothing otherwise."""
    if mode not in ("allfives", "bergen"):
        return [None] * len(history)
    return [points if move.kind == "play" else None for (_, move), (_, points) in zip(history, gained, strict=True)]


@pytest.mark.parametrize(("mode", "players", "partners"), CASES)
def test_views_and_records_tell_the_points_each_play_scored_as_the_engine_counted_them(
    mode: str, players: int, partners: bool
) -> None:
    scoring = 0
    for seed in range(6):
        match, hands = played(mode, players, partners, seed)
        record = export_record(match, [SeatInfo(f"P{seat}") for seat in range(players)])
        options = match.rules.options
        assert record["sides"] == [options.side_of(seat) for seat in range(players)]
        assert record["sides"] == ([0, 1, 0, 1] if partners else list(range(players)))
        for written, gained in zip(record["rounds"], hands, strict=True):
            moves = written["moves"]
            told = [move.get("points") for move in moves]
            assert told == [p if "play" in m and mode in ("allfives", "bergen") else None
                            for m, (_, p) in zip(moves, gained, strict=True)]  # fmt: skip
            scoring += sum(1 for points in told if points)
        assert verify(record) == []
        again, _ = replay(record)
        assert export_record(again, [SeatInfo(f"P{seat}") for seat in range(players)]) == record
    if mode in ("allfives", "bergen"):
        assert scoring >= 10, "the matches hardly scored: the test would check little"


def scoring_record() -> dict[str, Any]:
    """An All Fives match of partners whose first hand has a play that scored."""
    for seed in range(50):
        match, hands = played("allfives", 4, True, seed)
        if any(points for _, points in hands[0]):
            return export_record(match, [SeatInfo(f"P{seat}") for seat in range(4)])
    raise AssertionError("no All Fives hand scored in 50 matches")


def test_a_record_whose_play_claims_other_points_is_refused_naming_the_rule() -> None:
    record = scoring_record()
    moves = record["rounds"][0]["moves"]
    index = next(i for i, move in enumerate(moves) if move.get("points"))
    for wrong in (moves[index]["points"] + 5, 0):
        tampered = copy.deepcopy(record)
        tampered["rounds"][0]["moves"][index]["points"] = wrong
        [fault] = verify(tampered)
        assert (fault.rule, fault.round, fault.move) == ("points", 1, index), fault
    quiet = next(i for i, move in enumerate(moves) if "play" in move and move["points"] == 0)
    tampered = copy.deepcopy(record)
    tampered["rounds"][0]["moves"][quiet]["points"] = 10
    assert [(f.rule, f.move) for f in verify(tampered)] == [("points", quiet)]
    drawn = next((i for i, move in enumerate(moves) if "play" not in move), None)
    if drawn is not None:  # a draw or a pass scores nothing, and says so by saying nothing
        tampered = copy.deepcopy(record)
        tampered["rounds"][0]["moves"][drawn]["points"] = 0
        assert [(f.rule, f.move) for f in verify(tampered)] == [("points", drawn)]
    tampered = copy.deepcopy(record)
    tampered["rounds"][0]["moves"][index]["points"] = "10"
    assert [f.rule for f in verify(tampered)] == ["format"]


def test_a_record_without_points_or_sides_is_read_as_before() -> None:
    record = scoring_record()
    for hand in record["rounds"]:
        for move in hand["moves"]:
            move.pop("points", None)
    del record["sides"]
    assert verify(record) == []


def test_points_in_a_game_that_scores_no_play_are_refused() -> None:
    match, _ = played("draw", 2, False, 1)
    record = export_record(match, [SeatInfo("A"), SeatInfo("B")])
    record["rounds"][0]["moves"][0]["points"] = 0
    assert [(f.rule, f.round, f.move) for f in verify(record)] == [("points", 1, 0)]


def test_a_record_whose_sides_are_not_the_options_is_refused_naming_the_rule() -> None:
    record = scoring_record()
    record["sides"] = [0, 1, 2, 3]
    assert [f.rule for f in verify(record)] == ["sides"]
    options = ChickenFootOptions.for_table(players=3)
    assert [options.side_of(seat) for seat in range(3)] == [0, 1, 2]


@pytest.mark.parametrize(
    ("settings", "sides"),
    [
        ({"players": 4, "mode": "allfives", "partners": True}, [0, 1, 0, 1]),
        ({"players": 3, "mode": "bergen"}, [0, 1, 2]),
    ],
)
def test_a_tables_move_frames_tell_points_and_its_summary_the_sides(
    tmp_path: Path, settings: dict[str, Any], sides: list[int]
) -> None:
    bots: list[str | None] = [None, *["easy"] * (settings["players"] - 1)]

    async def work() -> list[dict[str, Any]]:
        hall = await open_hall(tmp_path / "db")
        try:
            table_id, token = await hall.create(NewTable("standard", settings, bots, "Ann"), 1000.0)
            actor: TableActor | None = await hall.actor(table_id)
            assert actor is not None
            host = Inbox.for_token(token)
            await actor.join(host, None)
            await actor.submit(Command("start", token=token_hash(token), command_id="s"), host)
            await play_to_end(actor, host, token, 0, limit=40)
            return host.frames
        finally:
            await close_hall(hall)

    frames = asyncio.run(work())
    summaries = [frame["table"] for frame in frames if frame.get("table")]
    assert summaries and all(table["sides"] == sides for table in summaries)
    moves = [frame for frame in frames if frame["t"] == "move"]
    assert len(moves) >= 10
    before: list[int] | None = None
    round_of = -1
    for frame in moves:
        move, scores = frame["move"], frame["view"]["scores"]
        assert ("points" in move) == (move["kind"] == "play"), move
        if before is not None and frame["view"]["end"] is None and frame["view"]["round_index"] == round_of:
            gained = [after - was for after, was in zip(scores, before, strict=True)]
            side = sides[frame["seat"]]
            assert gained[side] == move["points"] if move["kind"] == "play" else gained[side] == 0
            assert all(points == 0 for s, points in enumerate(gained) if s != side)
        before, round_of = scores, frame["view"]["round_index"]
    assert any(frame["move"].get("points") for frame in moves)


WINNER_CASES = [
    ("draw", 2, False),
    ("draw", 4, True),
    ("block", 2, False),
    ("block", 3, False),
    ("block", 4, True),
    ("allfives", 3, False),
    ("allfives", 4, True),
    ("bergen", 2, False),
    ("bergen", 4, True),
]


def pip_count(tiles: list[str]) -> int:
    """The pips of tiles in notation, counted here once, as the oracle the views are checked against."""
    return sum(int(half) for name in tiles for half in name.split("-"))


def oracle_winner(options: StandardOptions, end: str, hands: list[list[str]]) -> int | None:
    """Who won a standard hand, by docs/rules-standard.md: the side that went out; of a blocked hand the side
    with the fewest pips (a team's summed); nobody when those are level."""
    if end == "domino":
        return options.side_of(next(seat for seat, tiles in enumerate(hands) if not tiles))
    held = [sum(pip_count(hands[seat]) for seat in options.seats_of(side)) for side in range(options.sides())]
    low = min(held)
    return None if held.count(low) > 1 else held.index(low)


@pytest.mark.parametrize(("mode", "players", "partners"), WINNER_CASES)
def test_a_standard_views_winner_and_pips_are_the_engines_at_the_hands_end_and_nothing_before(
    mode: str, players: int, partners: bool
) -> None:
    options = StandardOptions.for_table(players, mode=mode, partners=partners, target=None)
    ends: set[tuple[str, bool]] = set()
    for seed in range(40):
        rng = random.Random(f"winner{mode}{players}{partners}{seed}")
        rnd = new_match(options).deal_next(rng)
        while rnd.end is None:
            for viewer in (None, rnd.turn):
                wire = view_to_wire(round_view(rnd, viewer))
                assert (wire["winner"], wire["pips"]) == (None, None)
                assert wire["draws"] is (mode != "block")
            rnd.apply(rng.choice(rnd.legal_moves()))
        side, _ = rnd.winner()
        for viewer in (None, *range(players)):
            wire = view_to_wire(round_view(rnd, viewer))
            assert wire["winner"] == side == oracle_winner(options, wire["end"], wire["final_hands"])
            sums = [pip_count(tiles) for tiles in wire["final_hands"]]
            assert wire["pips"] == [sum(sums[seat] for seat in options.seats_of(s)) for s in range(options.sides())]
            assert wire["draws"] is (mode != "block")
        ends.add((rnd.end, side is None))
    assert ("domino", False) in ends
    if mode == "block":
        assert ("blocked", False) in ends


@pytest.mark.parametrize("game", ["chickenfoot", "mexicantrain"])
def test_a_penalty_games_view_tells_each_seats_penalty_at_the_rounds_end_and_nothing_before(game: str) -> None:
    options: Any = (
        ChickenFootOptions.for_table(4, blank_double=25)
        if game == "chickenfoot"
        else MexicanTrainOptions.for_table(4, blank_double=25)
    )
    for seed in range(4):
        rng = random.Random(f"penalties{game}{seed}")
        rnd = new_match(options).deal_next(rng)
        while rnd.end is None:
            wire = view_to_wire(round_view(rnd, rnd.turn))
            assert wire["penalties"] is None
            assert wire["draws"] is True
            rnd.apply(rng.choice(rnd.legal_moves()))
        wire = view_to_wire(round_view(rnd, None))
        told = [pip_count(tiles) + (25 if "0-0" in tiles else 0) for tiles in wire["final_hands"]]
        assert wire["penalties"] == told == rnd.scores()
