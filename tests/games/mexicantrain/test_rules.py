"""Every rule of Mexican Train (docs/rules-mexicantrain.md, RULES.md section 3), each shown on a stacked deal."""

from __future__ import annotations

import itertools
import random

import pytest

from dominohall.engine.errors import RULES
from dominohall.engine.moves import NO_TILE, NO_TRAIN, Move
from dominohall.engine.tiles import double, set_size, set_tiles
from dominohall.engine.turns import BLOCKED, DOMINO
from dominohall.games.mexicantrain.rules.match import MexicanTrainRules, mexican_train_match
from dominohall.games.mexicantrain.rules.options import MexicanTrainOptions
from dominohall.games.mexicantrain.rules.round import MEXICAN_TRAIN_RULES, MexicanTrainRound, deal_round

from .stacked import MEXICAN, assert_illegal, draw, finish, hand, legal, run, stacked_round, t

TWO = MexicanTrainOptions.for_table(2)
THREE = MexicanTrainOptions.for_table(3)


def after_opening(extra0: list[str], extra1: list[str], boneyard: list[str]) -> MexicanTrainRound:
    """Two seats, engine 12-12: seat 0 starts its train with 12-6, seat 1 its own with 12-0; seat 0 moves next."""
    rnd = stacked_round(TWO, 12, 0, [["12-6", *extra0], ["12-0", *extra1]], boneyard)
    run(rnd, "12-6 on 12-12 of 0", "12-0 on 12-12 of 1")
    assert rnd.turn == 0 and rnd.open_at == [6, 0, 12]
    return rnd


# -- the deal and the match -------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "number", "top"), [(4, 12, 12), (2, 0, 12), (8, 5, 12), (6, 9, 9), (3, 15, 15)])
def test_the_engine_is_taken_out_before_the_deal(players: int, number: int, top: int) -> None:
    options = MexicanTrainOptions.for_table(players, top=top)
    rnd = deal_round(options, number, first=0, rng=random.Random(5))
    assert rnd.centre == double(number)
    dealt = [x for seat in range(players) for x in rnd.hand_tiles(seat)] + list(rnd.boneyard)
    assert sorted(dealt) == sorted(set(set_tiles(top)) - {double(number)})
    assert [len(rnd.hand_tiles(seat)) for seat in range(players)] == [options.hand] * players
    assert rnd.boneyard_size() == set_size(top) - 1 - players * options.hand


def test_rounds_go_down_from_the_top_and_the_opener_moves_on() -> None:
    options = MexicanTrainOptions.for_table(4, length="full")
    match = mexican_train_match(options)
    rng = random.Random(3)
    while not match.is_over():
        finish(match.deal_next(rng), rng)
    assert [r.number for r in match.rounds] == list(range(12, -1, -1))
    firsts = [r.first for r in match.rounds]
    assert all(b == (a + 1) % 4 for a, b in itertools.pairwise(firsts))
    totals = match.totals()
    assert match.winners() == [seat for seat, total in enumerate(totals) if total == min(totals)]


def test_the_first_opener_is_random_and_ties_share_the_win() -> None:
    rules = MexicanTrainRules(THREE)
    assert {rules.opener(0, None, random.Random(seed)) for seed in range(40)} == {0, 1, 2}
    assert rules.winners([10, 4, 4]) == [1, 2]


def test_a_limit_ends_the_match_once_a_total_passes_it() -> None:
    rules = MexicanTrainRules(MexicanTrainOptions.for_table(2, limit=100))
    assert not rules.is_match_over([100, 3], 20) and rules.is_match_over([101, 3], 1)


# -- where a seat may play ------------------------------------------------------------------------------


def test_a_train_starts_with_the_engines_number_on_the_engine() -> None:
    rnd = stacked_round(THREE, 12, 0, [["12-5", "5-3"], ["11-2"], ["11-1"]], ["10-0"])
    assert legal(rnd) == ["12-5 on 12-12 of 0", "12-5 on 12-12 of mexican"]
    assert "5" in str(assert_illegal(rnd, "5-3 on 12-12 of 0", "no-match"))
    run(rnd, "12-5 on 12-12 of 0")
    assert rnd.trains()[0].last == t("12-5") and rnd.trains()[0].number == 5 and rnd.turn == 1


def test_another_seats_train_is_closed_until_it_is_marked() -> None:
    rnd = stacked_round(THREE, 12, 0, [["12-5", "5-3"], ["11-2"], ["12-7", "7-6"]], ["10-1", "9-0"])
    error = assert_illegal(rnd, "12-5 on 12-12 of 1", "train-closed")
    assert "seat 1's train is not marked" in error.detail
    run(rnd, "12-5 on 12-12 of 0")
    assert legal(rnd) == ["draw"]  # seat 1 holds no 12: it draws
    assert draw(rnd) == "10-1" and legal(rnd) == ["pass"]
    run(rnd, "pass")
    assert rnd.is_marked(1) and not rnd.is_marked(0)
    assert "12-7 on 12-12 of 1" in legal(rnd)  # seat 2 may start seat 1's marked train
    assert_illegal(rnd, "7-6 on 12-5 of 0", "train-closed")
    run(rnd, "12-7 on 12-12 of 1")
    assert rnd.train_tiles(1) == [t("12-7")] and rnd.is_marked(1)  # a play by another seat keeps the mark


@pytest.mark.parametrize(("where", "marked"), [("1", False), ("mexican", True)])
def test_only_the_owners_play_on_its_own_train_lifts_the_mark(where: str, marked: bool) -> None:
    rnd = stacked_round(THREE, 12, 0, [["12-5", "5-3", "9-0"], ["11-2", "7-4"], ["12-7", "6-0"]], ["10-1"])
    run(rnd, "12-5 on 12-12 of 0", "draw", "pass", f"12-7 on 12-12 of {where}", "5-3 on 12-5 of 0")
    assert rnd.is_marked(1) and legal(rnd) == [f"7-4 on 12-7 of {where}"]
    run(rnd, f"7-4 on 12-7 of {where}")
    assert rnd.is_marked(1) is marked


def test_the_mexican_train_is_started_by_anyone_and_always_open() -> None:
    rnd = stacked_round(TWO, 12, 1, [["12-3", "3-1"], ["12-9", "9-4"]], ["10-0"])
    run(rnd, "12-9 on 12-12 of mexican")
    assert legal(rnd) == ["12-3 on 12-12 of 0"]
    run(rnd, "12-3 on 12-12 of 0")
    assert "9-4 on 12-9 of mexican" in legal(rnd)
    assert not rnd.is_marked(MEXICAN)


# -- a turn -------------------------------------------------------------------------------------------------


def test_a_seat_that_can_play_must_play() -> None:
    rnd = stacked_round(TWO, 12, 0, [["12-5", "4-4"], ["11-2"]], ["10-1"])
    assert "12-5 on your own train" in str(assert_illegal(rnd, "draw", "must-play"))
    assert_illegal(rnd, "pass", "must-play")


def test_a_tile_for_an_unmarked_train_of_another_seat_does_not_oblige_a_play() -> None:
    rnd = after_opening(["5-4"], ["6-2", "9-9"], ["10-1", "8-0"])
    run(rnd, "draw", "pass")  # seat 0 has nothing to play; its train is now marked
    assert legal(rnd) == ["6-2 on 12-6 of 0"]
    rnd = after_opening(["0-3"], ["11-1"], ["10-1"])  # 0-3 fits only seat 1's unmarked train
    assert not rnd.can_play(0) and legal(rnd) == ["draw"]
    assert draw(rnd) == "10-1"


def test_one_draw_then_the_drawn_tile_is_played_anywhere_it_fits() -> None:
    rnd = stacked_round(THREE, 12, 0, [["11-3", "9-9"], ["11-2"], ["11-1"]], ["12-4", "10-1"])
    assert draw(rnd) == "12-4"
    assert legal(rnd) == ["12-4 on 12-12 of 0", "12-4 on 12-12 of mexican"]
    assert_illegal(rnd, "pass", "must-play-drawn")
    assert_illegal(rnd, "draw", "one-draw")
    assert_illegal(rnd, "9-9 on 12-12 of 0", "must-play-drawn")
    run(rnd, "12-4 on 12-12 of mexican")
    assert rnd.turn == 1 and rnd.drawn == NO_TILE


def test_a_drawn_tile_that_does_not_fit_is_followed_by_a_pass_that_marks() -> None:
    rnd = stacked_round(THREE, 12, 0, [["11-3"], ["11-2"], ["11-1"]], ["10-4", "10-1"])
    assert draw(rnd) == "10-4" and legal(rnd) == ["pass"]
    assert_illegal(rnd, "draw", "one-draw")
    assert_illegal(rnd, "10-4 on 12-12 of 0", "no-match")
    run(rnd, "pass")
    assert rnd.is_marked(0) and rnd.turn == 1 and hand(rnd, 0) == ["10-4", "11-3"]


def test_without_a_play_and_a_boneyard_a_seat_passes_and_is_marked() -> None:
    rnd = stacked_round(TWO, 12, 0, [["11-3"], ["12-2"]], [])
    assert_illegal(rnd, "draw", "boneyard-empty")
    assert legal(rnd) == ["pass"]
    run(rnd, "pass")
    assert rnd.is_marked(0) and rnd.end is None
    assert legal(rnd) == ["12-2 on 12-12 of 0", "12-2 on 12-12 of 1", "12-2 on 12-12 of mexican"]


def test_a_seat_must_draw_before_passing() -> None:
    rnd = stacked_round(TWO, 12, 0, [["11-3"], ["11-2"]], ["10-4"])
    assert_illegal(rnd, "pass", "must-draw")


# -- doubles ------------------------------------------------------------------------------------------------


def test_a_double_is_covered_by_the_same_seat_at_once() -> None:
    rnd = after_opening(["6-6", "6-1", "3-2"], ["6-4", "11-1"], ["10-10"])
    run(rnd, "6-6 on 12-6 of 0")
    assert rnd.turn == 0 and (rnd.uncovered, rnd.uncovered_train, rnd.uncovered_by) == (t("6-6"), 0, 0)
    assert legal(rnd) == ["6-1 on 6-6 of 0"]
    error = assert_illegal(rnd, "3-2 on 12-12 of mexican", "uncovered-double")
    assert "6-6 on your own train is not covered yet" in error.detail
    assert_illegal(rnd, "6-1 on 12-6 of 0", "uncovered-double")
    run(rnd, "6-1 on 6-6 of 0")
    assert rnd.turn == 1 and rnd.uncovered == NO_TILE and rnd.open_at[0] == 1
    assert rnd.train_tiles(0) == [t("12-6"), t("6-6"), t("6-1")]


def test_a_seat_draws_to_cover_its_double_even_after_drawing_this_turn() -> None:
    rnd = after_opening(["3-2"], ["11-1"], ["6-6", "6-4", "10-1"])
    assert draw(rnd) == "6-6"
    run(rnd, "6-6 on 12-6 of 0")
    assert rnd.turn == 0 and legal(rnd) == ["draw"]
    assert draw(rnd) == "6-4"
    assert legal(rnd) == ["6-4 on 6-6 of 0"]
    assert_illegal(rnd, "draw", "one-draw")
    run(rnd, "6-4 on 6-6 of 0")
    assert rnd.turn == 1 and rnd.uncovered == NO_TILE


def test_an_uncovered_double_must_be_covered_by_every_seat_in_turn() -> None:
    rnd = after_opening(["6-6", "3-2"], ["6-4", "0-1", "11-1"], ["10-1", "9-8"])
    run(rnd, "6-6 on 12-6 of 0", "draw")
    assert legal(rnd) == ["pass"]
    run(rnd, "pass")
    assert rnd.turn == 1 and rnd.is_marked(0) and rnd.uncovered == t("6-6")
    assert legal(rnd) == ["6-4 on 6-6 of 0"]  # 0-1 on its own train waits
    assert_illegal(rnd, "0-1 on 12-0 of 1", "uncovered-double")
    run(rnd, "6-4 on 6-6 of 0")
    assert rnd.uncovered == NO_TILE and rnd.is_marked(0) and rnd.turn == 0


def test_a_seat_without_a_cover_draws_one_then_passes() -> None:
    rnd = after_opening(["6-6", "3-2"], ["0-1", "11-1"], ["10-1", "9-8", "6-5"])
    run(rnd, "6-6 on 12-6 of 0", "draw", "pass")
    assert legal(rnd) == ["draw"] and draw(rnd) == "9-8" and legal(rnd) == ["pass"]
    run(rnd, "pass")
    assert rnd.is_marked(1) and rnd.turn == 0 and draw(rnd) == "6-5"
    run(rnd, "6-5 on 6-6 of 0")
    assert not rnd.is_marked(0)  # a cover on its own train lifts its mark


def test_a_double_as_the_last_tile_ends_the_round_uncovered() -> None:
    rnd = after_opening(["6-6"], ["11-1"], ["10-1"])
    run(rnd, "6-6 on 12-6 of 0")
    assert rnd.end == DOMINO and rnd.uncovered == t("6-6") and rnd.penalties() == [0, 12]
    assert rnd.legal_moves() == []
    assert_illegal(rnd, "pass", "round-over")


# -- the end --------------------------------------------------------------------------------------------------


def test_blocked_when_no_tile_fits_any_train_counting_every_train_as_marked() -> None:
    rnd = stacked_round(TWO, 12, 0, [["12-6", "3-2"], ["5-4", "11-10"]], [])
    run(rnd, "12-6 on 12-12 of 0")
    assert rnd.end == BLOCKED and rnd.penalties() == [5, 30]


def test_a_tile_for_a_closed_train_keeps_the_round_going_until_it_is_marked() -> None:
    rnd = stacked_round(TWO, 12, 0, [["12-6", "3-2"], ["6-4", "11-10"]], [])
    run(rnd, "12-6 on 12-12 of 0")
    assert rnd.end is None and legal(rnd) == ["pass"]
    run(rnd, "pass", "pass")
    assert legal(rnd) == ["6-4 on 12-6 of 0"]
    run(rnd, "6-4 on 12-6 of 0")
    assert rnd.end == BLOCKED and rnd.penalties() == [5, 21]


def test_an_uncovered_double_nobody_can_cover_blocks_the_round_after_the_pass() -> None:
    rnd = stacked_round(TWO, 12, 0, [["12-6", "6-6", "3-2"], ["12-0", "0-1"]], [])
    run(rnd, "12-6 on 12-12 of 0", "12-0 on 12-12 of 1", "6-6 on 12-6 of 0")
    assert rnd.end is None and legal(rnd) == ["pass"]
    run(rnd, "pass")
    assert rnd.end == BLOCKED and rnd.penalties() == [5, 1]


def test_the_last_draw_unplayable_ends_with_the_pass_then_blocked() -> None:
    rnd = stacked_round(TWO, 12, 0, [["12-6", "3-2"], ["5-4"]], ["9-1"])
    run(rnd, "12-6 on 12-12 of 0", "draw", "pass")
    assert rnd.end == BLOCKED and rnd.is_marked(1)


@pytest.mark.parametrize("blank", [50, 25, 0])
def test_penalties_count_pips_and_the_blank_double_by_setting(blank: int) -> None:
    options = MexicanTrainOptions.for_table(2, blank_double=blank)
    rnd = stacked_round(options, 12, 0, [["12-6"], ["0-0", "5-4"]], [])
    run(rnd, "12-6 on 12-12 of 0")
    assert rnd.end == DOMINO and rnd.penalties() == [0, 9 + blank] == rnd.scores()
    assert rnd.seat_score(1) == 9 + blank


# -- illegal moves -------------------------------------------------------------------------------------------


def test_illegal_moves_name_their_rule_and_change_nothing() -> None:
    rnd = after_opening(["6-1", "3-2"], ["11-1"], ["10-1"])
    cases = {
        "9-9 on 12-12 of 0": "not-in-hand",
        "6-1 on 12-12 of 5": "no-such-train",
        "6-1 on 12-12 of 0": "no-such-end",
        "3-2 on 12-6 of 0": "no-match",
        "6-1 on 12-0 of 1": "train-closed",
        "draw 10-1": "must-play",
        "pass": "must-play",
    }
    for step, rule in cases.items():
        error = assert_illegal(rnd, step, rule)
        assert error.rule in RULES and error.detail and len(error.detail) > 10
    assert_illegal(rnd, "6-1 on 12-6 of 0", "not-your-turn", seat=1)
    with pytest.raises(ValueError, match="no-such-train"):
        rnd.apply(Move.play(t("6-1"), t("12-6"), NO_TRAIN))


def test_a_draw_must_name_the_next_tile() -> None:
    rnd = stacked_round(TWO, 12, 0, [["11-3"], ["11-2"]], ["10-4", "9-1"])
    assert "10-4" in str(assert_illegal(rnd, "draw 9-1", "wrong-draw"))


def test_the_games_rule_codes_are_registered() -> None:
    assert all(RULES[code] == statement for code, statement in MEXICAN_TRAIN_RULES.items())


def test_a_copy_is_independent() -> None:
    rnd = after_opening(["6-6", "6-1"], ["11-1"], ["10-1"])
    twin = rnd.copy()
    run(twin, "6-6 on 12-6 of 0", "6-1 on 6-6 of 0")
    assert rnd.open_at == [6, 0, 12] and rnd.lasts[0] == t("12-6") and len(rnd.history) == 2
    assert rnd.uncovered == NO_TILE and twin.open_at[0] == 1
    assert MexicanTrainRound.from_deal(TWO, rnd.deal_fields()).dealt == rnd.dealt
