"""Every rule and setting of Chicken Foot (docs/rules-chickenfoot.md), each shown on a stacked deal or a seeded
match."""

from __future__ import annotations

import math
import random

import pytest

from dominohall.engine.errors import RULES, IllegalMoveError, OptionsError
from dominohall.engine.match import Match, MatchOverError
from dominohall.engine.moves import DRAW, NO_TILE, NO_TRAIN, SHARED_TRAIN, Move
from dominohall.engine.tiles import double, set_size, set_tiles
from dominohall.engine.turns import BLOCKED, DOMINO
from dominohall.games.chickenfoot.rules.match import chicken_foot_match
from dominohall.games.chickenfoot.rules.options import ChickenFootOptions
from dominohall.games.chickenfoot.rules.round import ChickenFootRound, deal_round

from .stacked import (
    ScriptedRules,
    assert_illegal,
    draw,
    finish,
    hand,
    history,
    legal,
    open_ends,
    pass_,
    play,
    run,
    snapshot,
    stacked_round,
    t,
)

TWO = ChickenFootOptions.for_table(2)
"""Two players with the site's settings: six start toes."""
TWO_FOUR_TOES = ChickenFootOptions.for_table(2, start_toes=4)
"""Two players, four start toes: the first foot is over after four plays."""
FOUR = ChickenFootOptions.for_table(4)


def after_first_foot(extra0: list[str], extra1: list[str], boneyard: list[str]) -> ChickenFootRound:
    """Two seats, four start toes: seat 0 lays 9-1 and 9-2, seat 1 lays 9-3 and 9-4; seat 0 moves next.

    The lines then end in 9-1 (1), 9-2 (2), 9-3 (3) and 9-4 (4); each seat keeps its ``extra`` tiles.
    """
    rnd = stacked_round(TWO_FOUR_TOES, 9, 0, [["9-1", "9-2", *extra0], ["9-3", "9-4", *extra1]], boneyard)
    run(rnd, "9-1 on 9-9", "9-3 on 9-9", "9-2 on 9-9", "9-4 on 9-9")
    assert not rnd.is_first_foot() and rnd.turn == 0
    assert open_ends(rnd) == {("9-1", 1), ("9-2", 2), ("9-3", 3), ("9-4", 4)}
    return rnd


def play_match(match: Match[ChickenFootRound], rng: random.Random, max_rounds: int = 100) -> list[ChickenFootRound]:
    """Deal and finish rounds until the match is over (or ``max_rounds`` have been played)."""
    while not match.is_over() and len(match.rounds) < max_rounds:
        finish(match.deal_next(rng), rng)
    return match.rounds


# -- the deal -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "number"), [(4, 9), (2, 0), (7, 12), (8, 5), (9, 15), (12, 15), (12, 0)])
def test_round_double_is_taken_out_before_the_deal(players: int, number: int) -> None:
    options = ChickenFootOptions.for_table(players)
    rnd = deal_round(options, number, first=0, rng=random.Random(5))
    assert rnd.centre == double(number) == rnd.pending
    dealt = [x for seat in range(players) for x in rnd.hand_tiles(seat)] + list(rnd.boneyard)
    assert sorted(dealt) == sorted(set(set_tiles(options.top)) - {double(number)})
    assert [len(rnd.hand_tiles(seat)) for seat in range(players)] == [options.hand] * players
    assert rnd.boneyard_size() == set_size(options.top) - 1 - players * options.hand


def test_deal_is_shuffled_by_the_injected_rng() -> None:
    deals = [deal_round(FOUR, 9, 0, random.Random(seed)).dealt for seed in range(3)]
    assert deals[0] == deal_round(FOUR, 9, 0, random.Random(0)).dealt
    assert len(set(deals)) == 3


def test_boneyard_is_drawn_in_its_order() -> None:
    rnd = stacked_round(TWO, 9, 0, [["5-1"], ["9-3", "7-0"]], ["4-2", "9-6", "8-8"])
    assert draw(rnd) == "4-2"
    pass_(rnd)
    play(rnd, "9-3", "9-9")
    assert draw(rnd) == "9-6"
    assert rnd.boneyard_size() == 1
    assert history(rnd)[0] == (0, "draw 4-2") and history(rnd)[-1] == (0, "draw 9-6")


# -- the first chicken foot -------------------------------------------------------------------------------


def test_first_foot_only_toes_on_centre_until_six_start_toes() -> None:
    rnd = stacked_round(TWO, 9, 0, [["9-1", "9-2", "9-3", "1-0"], ["9-4", "9-5", "9-6", "4-2"]], ["8-7", "8-6"])
    assert rnd.is_first_foot() and rnd.pending_needs == 6
    assert legal(rnd) == ["play 9-1 on 9-9", "play 9-2 on 9-9", "play 9-3 on 9-9"]
    assert_illegal(rnd, "1-0 on 9-9", "no-match")
    run(rnd, "9-1 on 9-9", "9-4 on 9-9", "9-2 on 9-9", "9-5 on 9-9")
    # Four toes down: the lines ending in 1 and 4 are open, yet only toes on the centre may be played.
    assert rnd.is_first_foot() and rnd.pending_needs == 2
    assert ("9-1", 1) in open_ends(rnd)
    assert_illegal(rnd, "1-0 on 9-1", "first-foot")
    assert legal(rnd) == ["play 9-3 on 9-9"]
    play(rnd, "9-3", "9-9")
    assert rnd.pending_needs == 1
    assert_illegal(rnd, "4-2 on 9-4", "first-foot")
    assert legal(rnd) == ["play 9-6 on 9-9"]
    play(rnd, "9-6", "9-9")
    # The sixth toe completes the foot: every line is open now.
    assert not rnd.is_first_foot() and rnd.pending == NO_TILE
    assert legal(rnd) == ["play 1-0 on 9-1"]
    play(rnd, "1-0", "9-1")
    assert ("1-0", 0) in open_ends(rnd)


def test_first_foot_holder_of_no_toe_draws_even_with_a_tile_for_an_open_line() -> None:
    rnd = stacked_round(TWO, 9, 0, [["9-1", "9-2", "8-6"], ["1-0", "5-5"]], ["8-7", "9-3"])
    play(rnd, "9-1", "9-9")
    assert legal(rnd) == ["draw"]
    assert_illegal(rnd, "1-0 on 9-1", "first-foot")
    assert draw(rnd) == "8-7"
    pass_(rnd)
    play(rnd, "9-2", "9-9")
    assert draw(rnd) == "9-3"
    assert legal(rnd) == ["play 9-3 on 9-9"]


def test_first_foot_with_four_start_toes() -> None:
    options = ChickenFootOptions.for_table(2, start_toes=4)
    rnd = stacked_round(options, 9, 0, [["9-1", "9-2", "9-5", "1-0"], ["9-3", "9-4", "3-0"]], ["8-7"])
    assert rnd.pending_needs == 4
    run(rnd, "9-1 on 9-9", "9-3 on 9-9", "9-2 on 9-9")
    assert rnd.is_first_foot() and rnd.pending_needs == 1
    assert_illegal(rnd, "3-0 on 9-3", "first-foot")
    play(rnd, "9-4", "9-9")
    assert not rnd.is_first_foot() and rnd.pending == NO_TILE
    # A fifth toe on the centre is not a play any more: the centre is no line's open end.
    assert_illegal(rnd, "9-5 on 9-9", "no-such-end")
    assert legal(rnd) == ["play 1-0 on 9-1"]
    play(rnd, "1-0", "9-1")
    play(rnd, "3-0", "9-3")
    assert open_ends(rnd) == {("1-0", 0), ("9-2", 2), ("3-0", 0), ("9-4", 4)}


# -- doubles ---------------------------------------------------------------------------------------------


def test_pending_double_blocks_all_other_lines_until_three_toes() -> None:
    rnd = after_first_foot(["1-1", "2-0", "8-6"], ["3-0", "5-1", "7-1", "7-6"], ["6-1", "8-5"])
    play(rnd, "1-1", "9-1")
    assert rnd.pending == t("1-1") and rnd.pending_needs == 3
    # Seat 1 holds 3-0, which fits the line ending in 3, but only toes on 1-1 may be played.
    assert_illegal(rnd, "3-0 on 9-3", "pending-double")
    assert legal(rnd) == ["play 5-1 on 1-1", "play 7-1 on 1-1"]
    play(rnd, "5-1", "1-1")
    assert rnd.pending_needs == 2
    # Seat 0 has no 1: its 2-0 would fit the line ending in 2, yet it must draw.
    assert legal(rnd) == ["draw"]
    assert_illegal(rnd, "2-0 on 9-2", "pending-double")
    assert_illegal(rnd, "pass", "must-draw")
    assert draw(rnd) == "6-1"
    assert legal(rnd) == ["play 6-1 on 1-1"]
    play(rnd, "6-1", "1-1")
    assert_illegal(rnd, "3-0 on 9-3", "pending-double")
    play(rnd, "7-1", "1-1")
    # Three toes: the double is covered and every line is open again.
    assert rnd.pending == NO_TILE
    assert legal(rnd) == ["play 2-0 on 9-2", "play 8-6 on 6-1"]
    play(rnd, "2-0", "9-2")
    assert "play 3-0 on 9-3" in legal(rnd)


def test_pending_double_toe_must_show_the_double_number() -> None:
    rnd = after_first_foot(["4-4", "8-6"], ["4-0", "3-0", "7-6"], ["8-5"])
    play(rnd, "4-4", "9-4")
    assert_illegal(rnd, "3-0 on 4-4", "no-match")
    assert_illegal(rnd, "3-0 on 9-3", "pending-double")
    play(rnd, "4-0", "4-4")


def test_toe_on_pending_double_starts_a_new_line() -> None:
    rnd = after_first_foot(["1-1", "5-1", "5-0"], ["6-1", "7-1", "8-8"], ["8-6"])
    play(rnd, "1-1", "9-1")
    run(rnd, "6-1 on 1-1", "5-1 on 1-1")
    assert {("6-1", 6), ("5-1", 5)} <= open_ends(rnd)
    play(rnd, "7-1", "1-1")
    assert open_ends(rnd) == {("5-1", 5), ("6-1", 6), ("7-1", 7), ("9-2", 2), ("9-3", 3), ("9-4", 4)}
    assert legal(rnd) == ["play 5-0 on 5-1"]
    play(rnd, "5-0", "5-1")
    assert ("5-0", 0) in open_ends(rnd) and ("5-1", 5) not in open_ends(rnd)


def test_double_played_closes_its_line() -> None:
    rnd = after_first_foot(["1-1", "5-1", "1-0"], ["6-1", "7-1", "8-8"], ["8-6"])
    play(rnd, "1-1", "9-1")
    # The line that ended in 9-1 is closed by the double, which is no line's end itself.
    assert open_ends(rnd) == {("9-2", 2), ("9-3", 3), ("9-4", 4)}
    run(rnd, "6-1 on 1-1", "5-1 on 1-1", "7-1 on 1-1")
    assert rnd.pending == NO_TILE
    assert_illegal(rnd, "1-0 on 9-1", "no-such-end")
    assert_illegal(rnd, "1-0 on 1-1", "no-such-end")
    assert legal(rnd) == ["draw"]


def test_double_closes_only_its_own_line_when_two_lines_show_its_number() -> None:
    rnd = after_first_foot(["3-2", "3-3", "8-6"], ["6-4", "3-0", "5-3", "7-3", "8-5"], ["8-7"])
    run(rnd, "3-2 on 9-2", "6-4 on 9-4")
    assert open_ends(rnd) == {("9-1", 1), ("9-3", 3), ("3-2", 3), ("6-4", 6)}
    play(rnd, "3-3", "9-3")
    assert open_ends(rnd) == {("9-1", 1), ("3-2", 3), ("6-4", 6)}
    run(rnd, "3-0 on 3-3", "draw", "pass", "5-3 on 3-3", "pass", "7-3 on 3-3")
    assert rnd.pending == NO_TILE and ("3-2", 3) in open_ends(rnd)
    assert legal(rnd) == ["play 8-6 on 6-4", "play 8-7 on 7-3"]


# -- a turn ----------------------------------------------------------------------------------------------


def test_a_seat_holding_legal_tiles_may_play_any_of_them_on_any_legal_end() -> None:
    rnd = after_first_foot(["3-2", "4-1", "5-0"], ["8-7"], ["8-6"])
    assert legal(rnd) == ["play 3-2 on 9-2", "play 3-2 on 9-3", "play 4-1 on 9-1", "play 4-1 on 9-4"]
    for move in rnd.legal_moves():
        twin = rnd.copy()
        twin.apply(move, 0)
        assert twin.turn == 1 and move.tile not in twin.hand_tiles(0)


def test_play_on_any_open_line() -> None:
    rnd = after_first_foot(["3-2", "5-0"], ["8-7"], ["8-6"])
    on_three, on_two = rnd.copy(), rnd.copy()
    play(on_three, "3-2", "9-3")
    assert open_ends(on_three) == {("9-1", 1), ("9-2", 2), ("3-2", 2), ("9-4", 4)}
    play(on_two, "3-2", "9-2")
    assert open_ends(on_two) == {("9-1", 1), ("3-2", 3), ("9-3", 3), ("9-4", 4)}


def test_tile_must_match_line_end() -> None:
    rnd = after_first_foot(["3-2", "5-0"], ["8-7"], ["8-6"])
    assert_illegal(rnd, "5-0 on 9-3", "no-match")
    assert_illegal(rnd, "3-2 on 9-1", "no-match")
    assert_illegal(rnd, "3-2 on 9-9", "no-such-end")
    assert_illegal(rnd, "3-2 on 8-7", "no-such-end")


def test_one_tile_played_per_turn() -> None:
    rnd = after_first_foot(["3-2", "4-1"], ["8-7"], ["8-6"])
    play(rnd, "3-2", "9-3")
    assert rnd.turn == 1
    assert_illegal(rnd, "4-1 on 9-4", "not-your-turn", seat=0)


def test_one_draw_per_turn() -> None:
    rnd = after_first_foot(["8-7"], ["8-6"], ["8-5", "8-0"])
    assert draw(rnd) == "8-5"
    assert_illegal(rnd, "draw", "one-draw")
    assert legal(rnd) == ["pass"]


def test_drawn_playable_tile_must_be_played_at_once() -> None:
    rnd = after_first_foot(["8-7"], ["8-6"], ["3-2", "8-0"])
    assert draw(rnd) == "3-2"
    # Only the drawn tile may be played, on any end it fits.
    assert legal(rnd) == ["play 3-2 on 9-2", "play 3-2 on 9-3"]
    assert_illegal(rnd, "pass", "must-play-drawn")
    assert_illegal(rnd, "draw", "one-draw")
    assert_illegal(rnd, "8-7 on 9-3", "must-play-drawn")
    for on in ("9-2", "9-3"):
        twin = rnd.copy()
        play(twin, "3-2", on)
        assert twin.turn == 1 and hand(twin, 0) == ["8-7"] and twin.drawn == NO_TILE


def test_only_the_drawn_tile_may_be_played_after_a_draw() -> None:
    rnd = after_first_foot(["8-7", "6-5"], ["8-6"], ["4-0"])
    assert draw(rnd) == "4-0"
    assert legal(rnd) == ["play 4-0 on 9-4"]
    assert_illegal(rnd, "6-5 on 9-4", "must-play-drawn")


def test_drawn_unplayable_tile_then_pass() -> None:
    rnd = after_first_foot(["8-7"], ["8-6"], ["8-5", "8-0"])
    assert legal(rnd) == ["draw"]
    assert draw(rnd) == "8-5"
    assert rnd.turn == 0 and legal(rnd) == ["pass"]
    pass_(rnd)
    assert rnd.turn == 1 and not rnd.is_over()
    assert history(rnd)[-2:] == [(0, "draw 8-5"), (0, "pass")]
    assert hand(rnd, 0) == ["8-5", "8-7"] and rnd.boneyard_size() == 1


def test_pass_with_empty_boneyard() -> None:
    rnd = after_first_foot(["8-7"], ["3-0"], [])
    assert legal(rnd) == ["pass"]
    assert_illegal(rnd, "draw", "boneyard-empty")
    pass_(rnd)
    # Seat 1 can still play, so the round goes on.
    assert rnd.turn == 1 and not rnd.is_over()
    assert history(rnd)[-1] == (0, "pass")


def test_cannot_draw_holding_a_playable_tile() -> None:
    rnd = after_first_foot(["3-0", "8-7"], ["8-6"], ["8-5"])
    assert_illegal(rnd, "draw", "must-play")
    first_foot = stacked_round(TWO, 9, 0, [["9-1", "8-7"], ["9-3"]], ["8-5"])
    assert_illegal(first_foot, "draw", "must-play")


def test_cannot_pass_holding_a_playable_tile() -> None:
    rnd = after_first_foot(["3-0", "8-7"], ["8-6"], ["8-5"])
    assert_illegal(rnd, "pass", "must-play")
    empty_boneyard = after_first_foot(["3-0", "8-7"], ["8-6"], [])
    assert_illegal(empty_boneyard, "pass", "must-play")


def test_cannot_pass_before_drawing() -> None:
    rnd = after_first_foot(["8-7"], ["8-6"], ["8-5"])
    assert_illegal(rnd, "pass", "must-draw")


def test_draw_takes_the_next_boneyard_tile_only() -> None:
    rnd = after_first_foot(["8-7"], ["8-6"], ["8-5", "8-0"])
    assert_illegal(rnd, "draw 8-0", "wrong-draw")
    rnd.apply(Move(DRAW, t("8-5")), 0)
    assert history(rnd)[-1] == (0, "draw 8-5")


def test_unknown_move_kind() -> None:
    rnd = after_first_foot(["8-7"], ["8-6"], ["8-5"])
    before = snapshot(rnd)
    with pytest.raises(IllegalMoveError) as raised:
        rnd.apply(Move("resign"), 0)
    assert raised.value.rule == "unknown-move"
    assert snapshot(rnd) == before


def test_not_your_turn() -> None:
    rnd = stacked_round(FOUR, 9, 1, [["9-1"], ["9-2", "5-0"], ["9-3"], ["9-4"]], ["8-8"])
    assert_illegal(rnd, "9-1 on 9-9", "not-your-turn", seat=0)
    assert_illegal(rnd, "9-3 on 9-9", "not-your-turn", seat=2)
    assert_illegal(rnd, "draw", "not-your-turn", seat=3)
    assert_illegal(rnd, "pass", "not-your-turn", seat=0)
    play(rnd, "9-2", "9-9")
    assert_illegal(rnd, "5-0 on 9-2", "not-your-turn", seat=1)


def test_tile_not_in_hand() -> None:
    rnd = stacked_round(TWO, 9, 0, [["9-1", "9-2"], ["9-3", "5-0"]], ["8-8"])
    assert_illegal(rnd, "9-3 on 9-9", "not-in-hand")  # seat 1's tile
    assert_illegal(rnd, "9-5 on 9-9", "not-in-hand")  # in nobody's hand
    assert_illegal(rnd, "8-8 on 9-9", "not-in-hand")  # still in the boneyard
    play(rnd, "9-1", "9-9")
    play(rnd, "9-3", "9-9")
    assert_illegal(rnd, "9-1 on 9-9", "not-in-hand")  # already on the table
    before = snapshot(rnd)
    with pytest.raises(IllegalMoveError) as raised:
        rnd.apply(Move.play(999, rnd.centre), 0)  # not a tile at all
    assert raised.value.rule == "not-in-hand"
    assert snapshot(rnd) == before


def test_turn_passes_clockwise_and_wraps() -> None:
    rnd = stacked_round(FOUR, 9, 2, [["9-1", "1-0"], ["9-2", "2-0"], ["9-3", "3-0"], ["9-4", "4-0"]], ["8-8", "8-7"])
    turns = []
    for step in ["9-3 on 9-9", "9-4 on 9-9", "9-1 on 9-9", "9-2 on 9-9", "draw", "pass"]:
        turns.append(rnd.turn)
        run(rnd, step)
    assert turns == [2, 3, 0, 1, 2, 2]
    assert rnd.turn == 3


def test_every_rule_code_has_a_statement() -> None:
    codes = {
        "round-over", "not-your-turn", "not-in-hand", "first-foot", "pending-double", "no-such-end", "no-match",
        "must-play", "must-play-drawn", "one-draw", "boneyard-empty", "must-draw", "wrong-draw", "unknown-move",
    }  # fmt: skip
    assert codes <= set(RULES)


# -- the end of a round ----------------------------------------------------------------------------------


def test_domino_ends_round() -> None:
    rnd = after_first_foot(["3-0"], ["8-6", "5-4"], ["8-5"])
    play(rnd, "3-0", "9-3")
    assert rnd.is_over() and rnd.end == DOMINO
    assert hand(rnd, 0) == [] and rnd.penalties() == [0, 14 + 9]
    assert legal(rnd) == []
    assert history(rnd)[-1] == (0, "play 3-0 on 9-3")


def test_domino_with_a_double_as_last_tile_ends_round() -> None:
    rnd = after_first_foot(["3-3"], ["3-0", "5-4"], ["8-5"])
    play(rnd, "3-3", "9-3")
    assert rnd.end == DOMINO and rnd.penalties() == [0, 3 + 9]


def test_blocked_when_boneyard_empty_and_nobody_can_play() -> None:
    rnd = after_first_foot(["5-3", "8-7"], ["8-6"], [])
    assert not rnd.is_over()
    play(rnd, "5-3", "9-3")
    # The ends now show 1, 2, 4 and 5: nobody holds any of them and nothing is left to draw.
    assert rnd.end == BLOCKED
    assert rnd.penalties() == [15, 14]
    assert history(rnd)[-1] == (0, "play 5-3 on 9-3")
    assert legal(rnd) == []


def test_not_blocked_while_the_boneyard_has_tiles() -> None:
    rnd = after_first_foot(["5-3", "8-7"], ["8-6"], ["8-5"])
    play(rnd, "5-3", "9-3")
    assert not rnd.is_over() and legal(rnd) == ["draw"]


def test_last_tile_drawn_unplayable_then_pass_then_blocked() -> None:
    rnd = after_first_foot(["8-7"], ["8-6"], ["8-5"])
    assert draw(rnd) == "8-5"
    # The draw does not end the turn: the round is not yet blocked.
    assert not rnd.is_over() and rnd.boneyard_size() == 0
    assert legal(rnd) == ["pass"]
    pass_(rnd)
    assert rnd.end == BLOCKED
    assert history(rnd)[-2:] == [(0, "draw 8-5"), (0, "pass")]
    assert rnd.penalties() == [15 + 13, 14]


def test_last_tile_drawn_playable_is_played_then_blocked() -> None:
    rnd = after_first_foot(["8-7"], ["8-6"], ["5-3"])
    assert draw(rnd) == "5-3"
    play(rnd, "5-3", "9-3")
    assert rnd.end == BLOCKED
    assert history(rnd)[-1] == (0, "play 5-3 on 9-3")


def test_pending_double_nobody_can_cover_blocks_round() -> None:
    # Seat 1's 2-0 would fit the line ending in 2, but the pending 3-3 shuts every other line.
    rnd = after_first_foot(["3-3", "8-7"], ["2-0"], [])
    play(rnd, "3-3", "9-3")
    assert rnd.end == BLOCKED
    assert rnd.penalties() == [15, 2]


def test_first_foot_nobody_can_play_blocks_round() -> None:
    rnd = stacked_round(TWO, 9, 1, [["8-7"], ["5-0"]], [])
    pass_(rnd)
    assert rnd.end == BLOCKED and history(rnd) == [(1, "pass")]


def test_no_moves_after_round_end() -> None:
    rnd = after_first_foot(["3-0"], ["8-6", "3-1"], ["8-5"])
    play(rnd, "3-0", "9-3")
    assert rnd.is_over()
    for step in ("3-1 on 9-1", "draw", "pass"):
        assert_illegal(rnd, step, "round-over")
        assert_illegal(rnd, step, "round-over", seat=1)
    assert rnd.legal_moves() == []
    blocked = after_first_foot(["5-3", "8-7"], ["8-6"], [])
    play(blocked, "5-3", "9-3")
    assert blocked.end == BLOCKED
    assert_illegal(blocked, "pass", "round-over")
    assert len(blocked.history) == 5


# -- scoring ---------------------------------------------------------------------------------------------


def goes_out_at_once(options: ChickenFootOptions, hands: list[list[str]]) -> ChickenFootRound:
    """Seat 0 opens holding only 9-1 and goes out with it; the other seats keep ``hands``."""
    rnd = stacked_round(options, 9, 0, [["9-1"], *hands], [])
    play(rnd, "9-1", "9-9")
    assert rnd.end == DOMINO
    return rnd


def test_penalties_count_pips() -> None:
    rnd = goes_out_at_once(ChickenFootOptions.for_table(3), [["8-7", "5-3", "2-0"], ["6-6", "1-0"]])
    assert rnd.penalties() == [0, 15 + 8 + 2, 12 + 1]
    assert rnd.scores() == rnd.penalties()


def test_blank_double_counts_50() -> None:
    rnd = goes_out_at_once(TWO, [["0-0", "1-0"]])
    assert rnd.penalties() == [0, 50 + 1]


def test_blank_double_counts_25_by_setting() -> None:
    rnd = goes_out_at_once(ChickenFootOptions.for_table(2, blank_double=25), [["0-0", "1-0"]])
    assert rnd.penalties() == [0, 25 + 1]


def test_blank_double_counts_in_a_blocked_round() -> None:
    rnd = stacked_round(TWO, 9, 0, [["8-7"], ["0-0"]], [])
    pass_(rnd)
    assert rnd.end == BLOCKED and rnd.penalties() == [15, 50]


def test_going_out_seat_scores_zero() -> None:
    rnd = stacked_round(FOUR, 9, 3, [["5-0", "6-6"], ["9-2"], ["9-3", "4-4"], ["9-4", "2-1"]], [])
    run(rnd, "9-4 on 9-9", "pass", "9-2 on 9-9")
    assert rnd.end == DOMINO
    assert rnd.penalties() == [5 + 12, 0, 12 + 8, 3]


# -- table settings --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "top", "hand_size"),
    [
        (2, 9, 20), (3, 9, 14), (4, 9, 11), (5, 9, 9), (6, 9, 7), (7, 12, 10), (8, 12, 9),
        (9, 15, 11), (10, 15, 10), (11, 15, 9), (12, 15, 8),
    ],
)  # fmt: skip
def test_default_set_and_hand_by_players(players: int, top: int, hand_size: int) -> None:
    options = ChickenFootOptions.for_table(players)
    assert (options.top, options.hand) == (top, hand_size)
    assert options.house_settings() == []


def test_defaults_are_the_site_rules() -> None:
    options = ChickenFootOptions.for_table()
    assert options == ChickenFootOptions()
    assert options.to_dict() == {
        "players": 4, "set": 9, "hand": 11, "length": "full", "start_toes": 6,
        "double_toes": 3, "blank_double": 50, "limit": None,
    }  # fmt: skip
    assert options.house_settings() == []


@pytest.mark.parametrize("players", [0, 1, 13, 20])
def test_players_outside_two_to_twelve_are_refused(players: int) -> None:
    with pytest.raises(OptionsError):
        ChickenFootOptions.for_table(players)


def test_settings_outside_their_values_are_refused() -> None:
    for start_toes in (3, 5, 7):
        with pytest.raises(OptionsError):
            ChickenFootOptions.for_table(4, start_toes=start_toes)
    for blank_double in (0, 30, 100):
        with pytest.raises(OptionsError):
            ChickenFootOptions.for_table(4, blank_double=blank_double)
    with pytest.raises(OptionsError):
        ChickenFootOptions.for_table(4, length="quarter")
    for limit in (0, -5):
        with pytest.raises(OptionsError):
            ChickenFootOptions.for_table(4, limit=limit)


def test_toes_on_later_doubles_are_three() -> None:
    assert ChickenFootOptions.for_table(5).double_toes == 3
    with pytest.raises(OptionsError):
        ChickenFootOptions(double_toes=4).check()


@pytest.mark.parametrize(
    ("players", "top", "length", "rounds"),
    [
        (4, 9, "full", 10), (4, 9, "half", 5), (4, 9, "one", 1),
        (7, 12, "full", 13), (7, 12, "half", 7), (7, 12, "one", 1),
        (4, 15, "full", 16), (4, 15, "half", 8), (4, 15, "one", 1),
        (12, 15, "full", 16), (12, 15, "half", 8), (9, 15, "one", 1),
    ],
)  # fmt: skip
def test_length_round_counts(players: int, top: int, length: str, rounds: int) -> None:
    options = ChickenFootOptions.for_table(players, top=top, length=length)
    assert options.round_count() == rounds
    assert options.round_count() == {"full": top + 1, "half": math.ceil((top + 1) / 2), "one": 1}[length]
    # Each round's double descends from the top: half length ends at 5-5 (D9) or 6-6 (D12).
    assert [options.round_number(i) for i in range(rounds)] == list(range(top, top - rounds, -1))


def test_full_match_plays_every_double_from_the_top_down() -> None:
    match = chicken_foot_match(FOUR)
    rounds = play_match(match, random.Random(11))
    assert [r.number for r in rounds] == [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]
    assert [r.centre for r in rounds] == [double(n) for n in range(9, -1, -1)]
    assert match.is_over()
    with pytest.raises(MatchOverError):
        match.deal_next(random.Random(0))


def test_full_double_fifteen_match_has_sixteen_rounds_at_twelve_seats() -> None:
    match = chicken_foot_match(ChickenFootOptions.for_table(12))
    rounds = play_match(match, random.Random(12))
    assert [r.number for r in rounds] == list(range(15, -1, -1)) and match.is_over()
    assert len(match.totals()) == 12 and match.winners()


@pytest.mark.parametrize(
    ("players", "length", "numbers"),
    [
        (7, "half", [12, 11, 10, 9, 8, 7, 6]), (8, "one", [12]),
        (10, "half", [15, 14, 13, 12, 11, 10, 9, 8]), (11, "one", [15]),
    ],
)  # fmt: skip
def test_double_twelve_and_fifteen_match_doubles(players: int, length: str, numbers: list[int]) -> None:
    match = chicken_foot_match(ChickenFootOptions.for_table(players, length=length))
    rounds = play_match(match, random.Random(3))
    assert [r.number for r in rounds] == numbers and match.is_over()


def test_opener_of_round_one_is_random_via_the_injected_rng() -> None:
    def opener(seed: int) -> int:
        return chicken_foot_match(FOUR).deal_next(random.Random(seed)).first

    openers = [opener(seed) for seed in range(40)]
    assert set(openers) == {0, 1, 2, 3}
    assert openers == [opener(seed) for seed in range(40)]


def test_opener_rotates_by_one_seat_after_round_one() -> None:
    for seed in range(3):
        match = chicken_foot_match(ChickenFootOptions.for_table(3))
        rounds = play_match(match, random.Random(seed))
        first = rounds[0].first
        assert [r.first for r in rounds] == [(first + i) % 3 for i in range(10)]
        assert all(r.history[0][0] == r.first for r in rounds)


def test_next_round_is_not_dealt_before_the_current_one_ends() -> None:
    match = chicken_foot_match(FOUR)
    match.deal_next(random.Random(1))
    with pytest.raises(MatchOverError):
        match.deal_next(random.Random(1))
    with pytest.raises(MatchOverError):
        match.winners()
    assert not match.is_over()


def test_set_hand_override() -> None:
    d15 = ChickenFootOptions.for_table(4, top=15)
    assert d15.top == 15 and d15.round_count() == 16
    assert d15.players * d15.hand + 1 <= set_size(15)
    assert d15.hand == 11  # the usual 4-player hand, which fits
    assert d15.house_settings() == ["set"]
    assert ChickenFootOptions.for_table(4, top=12, hand=15).hand == 15
    assert ChickenFootOptions.for_table(7, top=9).top == 9
    assert ChickenFootOptions.for_table(4, hand=8).house_settings() == ["hand"]
    assert ChickenFootOptions.for_table(8, top=9).hand == 6  # 8 x 11 does not fit in 55 tiles
    assert ChickenFootOptions.for_table(12, top=9).hand == 4  # 12 x 8 does not fit in 55 tiles
    assert ChickenFootOptions.for_table(12, top=12).hand == 7  # the usual 8 does not fit in 91 tiles either
    assert ChickenFootOptions.for_table(10, hand=13).hand == 13  # 10 x 13 + 1 = 131 of 136
    # Players x hand + 1 may equal the set's size, but not pass it.
    assert ChickenFootOptions.for_table(2, hand=27).hand == 27
    assert ChickenFootOptions.for_table(8, top=15, hand=16).hand == 16
    assert ChickenFootOptions.for_table(6, top=12, hand=15).hand == 15
    assert ChickenFootOptions.for_table(12, hand=11).hand == 11  # 12 x 11 + 1 = 133 of 136
    for players, top, hand_size in [(2, 9, 28), (8, 15, 17), (6, 12, 16), (4, 9, 0), (12, 15, 12), (12, 12, 8)]:
        with pytest.raises(OptionsError):
            ChickenFootOptions.for_table(players, top=top, hand=hand_size)
    for top in (6, 10, 18):
        with pytest.raises(OptionsError):
            ChickenFootOptions.for_table(4, top=top)


def test_overridden_set_is_dealt_in_full() -> None:
    options = ChickenFootOptions.for_table(5, top=15, hand=20)
    match = chicken_foot_match(options)
    rnd = match.deal_next(random.Random(2))
    assert rnd.number == 15
    assert [len(rnd.hand_tiles(s)) for s in range(5)] == [20] * 5 and rnd.boneyard_size() == 136 - 1 - 100


# -- play to a limit, totals and winners -----------------------------------------------------------------


def test_play_to_a_limit_doubles_wrap_from_blank_to_the_top() -> None:
    options = ChickenFootOptions.for_table(4, limit=1_000_000)
    assert options.round_count() is None and options.house_settings() == ["limit"]
    assert [options.round_number(i) for i in range(12)] == [9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 9, 8]
    match = chicken_foot_match(options)
    rounds = play_match(match, random.Random(4), max_rounds=12)
    assert [r.number for r in rounds] == [9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 9, 8]
    assert not match.is_over()
    first = rounds[0].first
    assert [r.first for r in rounds] == [(first + i) % 4 for i in range(12)]


def test_play_to_a_limit_ends_strictly_above_the_limit_not_at_equality() -> None:
    options = ChickenFootOptions.for_table(2, limit=10)
    rules = ScriptedRules(options, [[10, 0], [0, 3], [1, 0], [5, 0]])
    match = Match(rules)
    rng = random.Random(0)
    totals = []
    while not match.is_over():
        finish(match.deal_next(rng))
        totals.append(match.totals())
    # 10 equals the limit: play on; 11 passes it: the match ends after that round.
    assert totals == [[10, 0], [10, 3], [11, 3]]
    assert [r.number for r in match.rounds] == [9, 8, 7]
    assert match.winners() == [1]
    with pytest.raises(MatchOverError):
        match.deal_next(rng)


def test_play_to_a_limit_beyond_the_fixed_length() -> None:
    options = ChickenFootOptions.for_table(2, length="one", limit=5)
    match = Match(ScriptedRules(options, [[1, 0], [0, 2], [3, 0], [0, 4]]))
    rng = random.Random(0)
    while not match.is_over():
        finish(match.deal_next(rng))
    assert match.totals() == [4, 6] and len(match.rounds) == 4
    assert match.winners() == [0]


def test_totals_summed_across_rounds() -> None:
    options = ChickenFootOptions.for_table(3, length="half")
    penalties = [[0, 7, 12], [4, 0, 9], [20, 5, 0], [3, 0, 1], [0, 2, 2]]
    match = Match(ScriptedRules(options, penalties))
    rng = random.Random(0)
    seen = []
    while not match.is_over():
        finish(match.deal_next(rng))
        assert match.current.penalties() == penalties[len(match.rounds) - 1]
        seen.append(match.totals())
    assert seen == [[0, 7, 12], [4, 7, 21], [24, 12, 21], [27, 12, 22], [27, 14, 24]]
    assert match.winners() == [1]


def test_totals_summed_across_dealt_rounds() -> None:
    match = chicken_foot_match(ChickenFootOptions.for_table(5, length="half"))
    rounds = play_match(match, random.Random(8))
    assert len(rounds) == 5
    assert match.totals() == [sum(r.penalties()[s] for r in rounds) for s in range(5)]
    lowest = min(match.totals())
    assert match.winners() == [s for s, total in enumerate(match.totals()) if total == lowest]


def test_winners_lowest_total() -> None:
    match = Match(ScriptedRules(ChickenFootOptions.for_table(4, length="one"), [[9, 3, 0, 14]]))
    finish(match.deal_next(random.Random(0)))
    assert match.is_over() and match.totals() == [9, 3, 0, 14]
    assert match.winners() == [2]


def test_shared_lowest_totals_are_a_draw() -> None:
    options = ChickenFootOptions.for_table(3, length="half")
    penalties = [[0, 5, 9], [6, 0, 1], [1, 2, 0], [0, 3, 4], [3, 0, 1]]
    match = Match(ScriptedRules(options, penalties))
    rng = random.Random(0)
    while not match.is_over():
        finish(match.deal_next(rng))
    assert match.totals() == [10, 10, 15]
    assert match.winners() == [0, 1]


def test_every_seat_sharing_the_lowest_total_wins() -> None:
    options = ChickenFootOptions.for_table(3, length="one")
    match = Match(ScriptedRules(options, [[7, 7, 9]]))
    finish(match.deal_next(random.Random(0)))
    assert match.current.end == BLOCKED and match.totals() == [7, 7, 9]
    assert match.winners() == [0, 1]
    all_equal = Match(ScriptedRules(ChickenFootOptions.for_table(2, length="one"), [[4, 4]]))
    finish(all_equal.deal_next(random.Random(0)))
    assert all_equal.winners() == [0, 1]


def test_scripted_rounds_follow_the_engine_openers() -> None:
    # The scripted deals (used above) take their opener and double from the engine's own rules.
    match = Match(ScriptedRules(ChickenFootOptions.for_table(3, length="half"), [[0, 1, 2]] * 5))
    rng = random.Random(6)
    while not match.is_over():
        rnd = match.deal_next(rng)
        assert rnd.number == 9 - (len(match.rounds) - 1)
        finish(rnd)
    first = match.rounds[0].first
    assert [r.first for r in match.rounds] == [(first + i) % 3 for i in range(5)]


def test_a_play_that_names_a_train_is_refused_outside_the_train_games() -> None:
    deals = (deal_round(ChickenFootOptions.for_table(players=4), 9, 0, random.Random(seed)) for seed in range(20))
    rnd = next(rnd for rnd in deals if rnd.legal_moves()[0].is_play())
    play = rnd.legal_moves()[0]
    before = rnd.copy()
    for train in (SHARED_TRAIN, 1):
        with pytest.raises(IllegalMoveError) as refused:
            rnd.apply(Move.play(play.tile, play.on, train), 0)
        assert refused.value.rule == "no-trains"
    assert (rnd.hands, rnd.history, rnd.turn) == (before.hands, before.history, before.turn)
    rnd.apply(play, 0)
    assert rnd.history[-1] == (0, play) and play.train == NO_TRAIN
