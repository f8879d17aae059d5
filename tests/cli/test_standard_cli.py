"""The command line with the standard game: play, simulate, replay, and settings that fit only one game."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest
from rich.console import Console

from dominohall.bots import RandomBot
from dominohall.cli import main
from dominohall.cli.board import describe
from dominohall.cli.play import TerminalGame
from dominohall.engine.moves import NO_TILE, Move
from dominohall.engine.tiles import parse_tile as t
from dominohall.games.standard.rules.options import StandardOptions
from dominohall.games.standard.rules.round import StandardRound
from dominohall.games.standard.rules.view import standard_view
from dominohall.games.standard.terminal import line_text

GOLDEN = Path(__file__).parents[1] / "engine" / "golden"


@pytest.mark.parametrize(
    ("mode", "players", "partners"),
    [("draw", 2, False), ("block", 3, False), ("allfives", 4, True), ("bergen", 2, False)],
)
def test_terminal_game_plays_a_standard_match_from_typed_answers(mode: str, players: int, partners: bool) -> None:
    answers = iter(["zz", "99"] + ["1"] * 2000)
    output = io.StringIO()
    console = Console(file=output, width=100, color_system=None)
    options = StandardOptions.for_table(players, mode=mode, partners=partners, target=None)
    names = ["You"] + [f"B{seat}" for seat in range(1, players)]
    game = TerminalGame(console, lambda _: next(answers), options, names, [RandomBot()] * players)
    game.play(random.Random(5), random.Random(6))
    text = output.getvalue()
    assert game.match.is_over()
    assert "Hand 1" in text and "Hand over" in text and "Match over." in text and "Winner(s)" in text
    assert "Line: " in text and "open ends:" in text
    sides = ["You & B2", "B1 & B3"] if partners else names
    by_name = rf"{sides[0]}: \d+ this hand, \d+ in all · {sides[1]}: \d+ this hand, \d+ in all"
    assert re.search(by_name, text), "the scores are said by the seats' names"
    assert not re.search(r"\b1 tiles\b", text) and re.search(r": [02-9]\d* tiles\b", text)


def test_line_of_play_reads_left_to_right_with_the_spinner_arms() -> None:
    options = StandardOptions.for_table(2, mode="allfives")
    rnd = StandardRound(options, 0, [[t("5-5"), t("5-0"), t("0-0")], [t("5-3"), t("5-2"), t("3-1")]], [], NO_TILE)
    for move in ["5-5", "5-3 5-5", "5-0 5-5", "5-2 5-5"]:
        words = move.split()
        rnd.apply(Move.play(t(words[0]), t(words[1]) if len(words) > 1 else NO_TILE))
    text = line_text(standard_view(rnd, 0)).plain
    assert text.startswith("Line: 3|5 [5|5] 5|0")
    assert "arm 3 of the spinner 5-5: 5|2" in text and "arm 4 of the spinner 5-5: open ▸ 5" in text
    assert describe("Ann", Move.play(t("5-5"), NO_TILE)) == "Ann leads 5-5"


def test_simulate_standard_prints_points_per_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "standard", "--mode", "bergen", "--players", "4", "--partners"]) == 0
    out = capsys.readouterr().out
    assert "mean points per hand" in out and "(team 1)" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "standard", "--length", "half"], "--length is a setting of --game chickenfoot"),
        (["--mode", "allfives"], "--mode is a setting of --game standard"),
        (["--partners"], "--partners is a setting of --game standard"),
        (["--game", "standard", "--players", "3", "--partners"], "partners play with 4 players only"),
        (["--game", "standard", "--set", "15"], "double-6, double-9 or double-12"),
    ],
)
def test_settings_of_the_other_game_are_refused_with_a_message(args: list[str], message: str) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["simulate", *args])
    assert message in str(stopped.value)


def test_medium_bots_sit_at_standard_tables(capsys: pytest.CaptureFixture[str]) -> None:
    settings = ["--game", "standard", "--mode", "allfives", "--bots", "medium,easy", "--matches", "3"]
    assert main(["simulate", *settings]) == 0
    assert "medium" in capsys.readouterr().out


def test_target_none_plays_one_hand(tmp_path: Path) -> None:
    settings = ["--game", "standard", "--mode", "allfives", "--target", "none", "--matches", "3"]
    assert main(["simulate", *settings, "--records", str(tmp_path)]) == 0
    for path in tmp_path.glob("*.json"):
        assert path.read_text("utf-8").count('"scores"') == 1


def test_replay_prints_a_standard_match_and_a_position(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(GOLDEN / "std-2p-allfives-150.json")
    assert main(["replay", path]) == 0
    out = capsys.readouterr().out
    assert "Hand 1:" in out and "leads" in out and "Hand over" in out and "Totals:" in out
    assert main(["replay", path, "--round", "2", "--move", "5"]) == 0
    out = capsys.readouterr().out
    assert "Hand 2 after 5 moves:" in out and "Line: " in out
