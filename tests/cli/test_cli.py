"""The command line, run for real: play with typed answers, simulate, replay."""

from __future__ import annotations

import io
import json
import random
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from rich.console import Console

from dominohall.bots import RandomBot
from dominohall.cli.play import TerminalGame, parse_choice
from dominohall.engine.moves import NO_TILE, SHARED_TRAIN, Move
from dominohall.engine.tiles import parse_tile as t
from dominohall.engine.tiles import tile_name
from dominohall.games import round_view
from dominohall.games.chickenfoot.rules.options import ChickenFootOptions
from dominohall.games.chickenfoot.rules.view import ChickenFootView
from dominohall.games.standard.rules.options import StandardOptions

GOLDEN = Path(__file__).parents[1] / "engine" / "golden"


def dominohall(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run the real command line."""
    command = [sys.executable, "-m", "dominohall", *args]
    return subprocess.run(command, input=stdin, capture_output=True, text=True, check=False, timeout=120)


LEGAL = [Move.play(t("9-3"), t("9-9")), Move.play(t("3-1"), t("9-3")), Move.play(t("3-1"), t("5-3"))]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1", LEGAL[0]),
        ("9-3", LEGAL[0]),
        ("3-9", LEGAL[0]),
        ("3-1 on 5-3", LEGAL[2]),
        ("3-1 9-3", LEGAL[1]),
    ],
)
def test_typed_moves_are_understood(text: str, expected: Move) -> None:
    assert parse_choice(text, LEGAL, 9) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "Type a move"),
        ("7", "Choose a move from 1 to 3"),
        ("x-y", "is not a tile"),
        ("10-3", "not in the double-9 set"),
        ("3-1", "fits on 9-3 or 5-3: say which"),
    ],
)
def test_bad_input_gets_a_clear_message(text: str, message: str) -> None:
    answer = parse_choice(text, LEGAL, 9)
    assert isinstance(answer, str) and message in answer


def test_a_tile_that_does_not_fit_is_passed_to_the_engine_to_explain() -> None:
    assert parse_choice("5-2", LEGAL, 9) == Move.play(t("5-2"), t("9-9"))


def typing(text: str) -> Callable[[str], str]:
    """A person who answers every question with ``text``."""
    return lambda _: text


def positions_with_a_dead_tile(
    options: ChickenFootOptions | StandardOptions, toes: bool = False
) -> Iterator[tuple[TerminalGame, int]]:
    """Terminal games stopped where seat 0 is to lay a tile and holds one that fits nowhere (no drawn tile to
    play; a double waiting for toes, or with ``toes`` none), with that tile."""
    for seed in range(40):
        game = TerminalGame(Console(file=io.StringIO()), input, options, ["You", "B"], [RandomBot()] * 2)
        rnd, rng = game.match.deal_next(random.Random(seed)), random.Random(seed)
        while rnd.end is None:
            view = round_view(rnd, rnd.turn)
            plays = {move.tile for move in view.legal_moves if move.is_play()}
            waiting = isinstance(view, ChickenFootView) and view.pending_needs > 0
            dead = [tile for tile in view.hand if tile not in plays]
            if rnd.turn == 0 and plays and view.placed and waiting == toes and view.drawn == NO_TILE and dead:
                yield game, dead[0]
                break
            rnd.apply(RandomBot().choose(view, rng), rnd.turn)


@pytest.mark.parametrize(
    "options", [ChickenFootOptions.for_table(2, length="one"), StandardOptions.for_table(2, mode="draw")]
)
def test_a_typed_tile_that_fits_nowhere_is_told_so_with_the_numbers_showing(
    options: ChickenFootOptions | StandardOptions,
) -> None:
    found = 0
    for game, tile in positions_with_a_dead_tile(options):
        rnd = game.match.current
        view = game.view(rnd)
        shown = ", ".join(str(n) for n in dict.fromkeys(number for _, number in view.open_ends))
        game.ask = typing(tile_name(tile))  # the tile alone, no place
        said = game.read_choice(list(view.legal_moves), rnd)
        assert said == f"{tile_name(tile)} cannot be laid now: nothing matches it: the open ends show {shown}."
        found += 1
    assert found >= 10


def test_a_typed_tile_while_a_double_waits_for_toes_is_told_so() -> None:
    found = 0
    for game, tile in positions_with_a_dead_tile(ChickenFootOptions.for_table(2, length="one"), toes=True):
        view = game.view(game.match.current)
        assert isinstance(view, ChickenFootView)
        game.ask = typing(tile_name(tile))
        said = game.read_choice(list(view.legal_moves), game.match.current)
        more = f"{view.pending_needs} more toe{'s' if view.pending_needs > 1 else ''}"
        assert said == f"{tile_name(tile)} cannot be laid now: {tile_name(view.pending)} needs {more} first."
        found += 1
    assert found >= 10


def test_terminal_game_plays_a_whole_match_from_typed_answers() -> None:
    answers = iter(["", "zz", "99", "0-0 on 9-9"] + ["1"] * 500)
    output = io.StringIO()
    console = Console(file=output, width=100, color_system=None)
    options = ChickenFootOptions.for_table(3, length="one")
    game = TerminalGame(console, lambda _: next(answers), options, ["You", "B1", "B2"], [RandomBot()] * 3)
    game.play(random.Random(5), random.Random(6))
    text = output.getvalue()
    assert game.match.is_over()
    assert "Type a move" in text and "'zz' is not a tile" in text and "Choose a move from 1 to" in text
    assert "is not allowed" in text
    assert "You play " in text and "9-9 (centre)" in text and "Your hand:" in text
    assert "Round over" in text and "Match over." in text


def test_play_command_runs_to_the_end_and_quits_cleanly_on_end_of_input() -> None:
    done = dominohall("play", "--players", "2", "--length", "one", "--seed", "3", stdin="1\n" * 400)
    assert done.returncode == 0, done.stderr
    assert "Match over." in done.stdout
    quit_early = dominohall("play", "--seed", "3", stdin="")
    assert quit_early.returncode == 0 and "Goodbye." in quit_early.stdout


@pytest.mark.parametrize(
    "game", [["--game", "chickenfoot", "--length", "one"], ["--game", "standard", "--mode", "draw", "--target", "none"]]
)
def test_play_never_names_a_tile_a_bot_drew(game: list[str]) -> None:
    done = dominohall("play", *game, "--players", "2", "--seed", "3", stdin="1\n" * 400)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    bots_drawing = [line for line in lines if "bot) draws" in line]
    assert bots_drawing, "the bot drew at least once in this deal"
    assert all(line.endswith("draws a tile") for line in bots_drawing), bots_drawing
    assert re.search(r"^You draw \d+-\d+", done.stdout, re.MULTILINE), "your own draws are named"


def test_play_shows_any_name_as_typed_and_refuses_an_empty_one() -> None:
    done = dominohall("play", "--name", "[/]Ann [x]", "--length", "one", "--seed", "4", stdin="1\n" * 400)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert "[/]Ann [x]" in done.stdout
    empty = dominohall("play", "--name", "  ")
    assert empty.returncode != 0 and "1 to 24 printable characters" in empty.stderr


def test_play_rejects_impossible_settings_with_a_message() -> None:
    done = dominohall("play", "--players", "8", "--set", "9", "--hand", "9")
    assert done.returncode != 0
    assert "do not fit in the 55 tiles" in done.stderr and "Traceback" not in done.stderr
    empty = dominohall("play", "--hand", "0")
    assert empty.returncode != 0 and "hand must be a whole number from 1 to 67" in empty.stderr


def test_simulate_prints_a_summary() -> None:
    done = dominohall("simulate", "--players", "3", "--matches", "4", "--bots", "random,easy,random")
    assert done.returncode == 0, done.stderr
    assert "4 matches" in done.stdout and "mean penalty per round" in done.stdout
    assert "Rounds ended blocked:" in done.stdout and "moves per round:" in done.stdout
    wrong = dominohall("simulate", "--players", "3", "--bots", "random,random")
    assert wrong.returncode != 0 and "names 2 bots for 3 seats" in wrong.stderr


def test_simulate_at_twelve_seats_with_every_bot_writes_records_that_verify(tmp_path: Path) -> None:
    """Twelve seats deal double-fifteen, eight tiles each; the searching bots (hard, expert) play their share."""
    bots = ",".join(["hard", "medium", "easy", "random"] * 2 + ["expert", "medium", "easy", "hard"])
    done = dominohall(
        "simulate", "--players", "12", "--length", "one", "--matches", "1", "--seed", "2", "--bots", bots,
        "--records", str(tmp_path),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "mean penalty per round" in done.stdout
    record = json.loads((tmp_path / "match-00001.json").read_text("utf-8"))
    assert (record["options"]["players"], record["options"]["set"], record["options"]["hand"]) == (12, 15, 8)
    assert [len(hand) for hand in record["rounds"][0]["hands"]] == [8] * 12
    checked = dominohall("verify", str(tmp_path / "match-00001.json"))
    assert checked.returncode == 0 and "1 of 1 record legal" in checked.stdout
    too_many = dominohall("simulate", "--players", "13", "--matches", "1")
    assert too_many.returncode != 0 and "from 2 to 12, not 13" in too_many.stderr


def test_simulate_and_tournament_refuse_a_place_they_cannot_write_before_they_play(tmp_path: Path) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("mine", "utf-8")
    into_file = dominohall("simulate", "--matches", "1", "--records", str(a_file))
    assert into_file.returncode != 0 and "Traceback" not in into_file.stderr, into_file.stderr
    assert f"--records {a_file}" in into_file.stderr
    first = dominohall("simulate", "--matches", "2", "--records", str(tmp_path / "out"))
    assert first.returncode == 0 and "Wrote 2 records" in first.stdout
    again = dominohall("simulate", "--matches", "1", "--records", str(tmp_path / "out"))
    assert again.returncode != 0 and "already holds match records" in again.stderr
    assert len(list((tmp_path / "out").glob("match-*.json"))) == 2, "the first run's records are left as they were"
    for place in (tmp_path / "missing" / "x.png", tmp_path / "x.txt"):
        plot = dominohall("tournament", "--rounds", "400", "--bots", "easy,easy,easy,easy", "--plot", str(place))
        assert plot.returncode != 0 and "Traceback" not in plot.stderr, plot.stderr
        assert "the plot is a .png file" in plot.stderr and "mean" not in plot.stdout, "refused before playing"


def test_simulate_counts_a_team_win_once_for_the_team() -> None:
    args = ["--game", "standard", "--mode", "block", "--players", "4", "--partners", "--target", "none"]
    done = dominohall("simulate", *args, "--bots", "easy,easy,easy,easy", "--matches", "6")
    assert done.returncode == 0, done.stderr
    rows = [line.split("│") for line in done.stdout.splitlines() if line.count("│") >= 4]
    wins = [float(row[3]) for row in rows if row[1].strip().isdigit()]
    assert len(wins) == 4 and wins[0] == wins[2] and wins[1] == wins[3]
    assert wins[0] + wins[1] == 6, f"each match won once, by one team (or shared between both): {wins}"


def test_replay_prints_every_move_and_a_position() -> None:
    path = str(GOLDEN / "cf-4p-half-4toes.json")
    done = dominohall("replay", path)
    assert done.returncode == 0
    assert "Round 1: 9-9 in the centre" in done.stdout and "Round 5: 5-5" in done.stdout
    assert "Totals:" in done.stdout
    position = dominohall("replay", path, "--round", "2", "--move", "12")
    assert position.returncode == 0
    assert "Round 2 after 12 moves:" in position.stdout and "8-8 (centre)" in position.stdout
    assert dominohall("replay", path, "--round", "9", "--move", "1").returncode == 1
    zero = dominohall("replay", path, "--round", "0", "--move", "1")
    assert zero.returncode == 1 and "there is no round 0" in zero.stdout
    assert dominohall("replay", path, "--round", "1", "--move", "9999").returncode == 1


TRAINS = [
    Move.play(t("12-5"), t("12-12"), 0),
    Move.play(t("12-5"), t("12-12"), SHARED_TRAIN),
    Move.play(t("12-5"), t("12-12"), 2),
    Move.play(t("5-1"), t("8-5"), SHARED_TRAIN),
]


@pytest.mark.parametrize(
    ("text", "expected"),
    [("12-5 on mexican", TRAINS[1]), ("12-5 on 2", TRAINS[2]), ("12-5 on 12-12 0", TRAINS[0]), ("5-1", TRAINS[3])],
)
def test_a_train_is_named_by_its_owner_seat_or_mexican(text: str, expected: Move) -> None:
    assert parse_choice(text, TRAINS, 12) == expected


def test_a_tile_that_fits_several_trains_asks_which_by_name() -> None:
    answer = parse_choice("12-5", TRAINS, 12)
    assert isinstance(answer, str)
    assert "of seat 0's train or 12-12 of the Mexican train or 12-12 of seat 2's train" in answer
    assert "like '12-5 on 0'" in answer


def test_mexican_train_is_played_at_the_terminal_with_every_train_drawn() -> None:
    done = dominohall("play", "--game", "mexicantrain", "--length", "one", "--seed", "3", stdin="1\n" * 400)
    assert done.returncode == 0, done.stderr
    assert "Round 1: 12-12 is the engine" in done.stdout and "Mexican train" in done.stdout
    assert "Your train" in done.stdout and "of your own train" in done.stdout
    assert "Lowest total" in done.stdout
