"""Every rule of the standard game (docs/rules-standard.md), each shown on a stacked deal named after its case."""

from __future__ import annotations

import random

import pytest

from dominohall.engine.errors import RULES, OptionsError
from dominohall.engine.match import Match
from dominohall.engine.moves import NO_TILE
from dominohall.engine.tiles import set_tiles
from dominohall.games.standard.rules.options import StandardOptions
from dominohall.games.standard.rules.round import BLOCKED, DOMINO, StandardRound, deal_hand, first_lead

from .stacked import Deal, ScriptedRules, assert_illegal, hand, legal, open_numbers, options, run, stacked, t, tiles

DRAW2 = options(2)
BLOCK3 = options(3, mode="block")
FIVES2 = options(2, mode="allfives")
BERGEN2 = options(2, mode="bergen")


# -- the deal and the lead ------------------------------------------------------------------------------


HAND_SIZES = [(2, "draw", 7), (3, "block", 5), (4, "allfives", 5), (2, "bergen", 6), (3, "bergen", 6), (4, "bergen", 5)]


@pytest.mark.parametrize(("players", "mode", "size"), HAND_SIZES)
def test_deal_gives_hands_by_players_and_mode_and_the_rest_to_the_boneyard(players: int, mode: str, size: int) -> None:
    opts = options(players, mode=mode)
    rnd = deal_hand(opts, None, random.Random(players))
    assert [len(hand(rnd, seat)) for seat in range(players)] == [size] * players
    dealt = [x for seat in range(players) for x in rnd.hand_tiles(seat)] + list(rnd.boneyard)
    assert sorted(dealt) == list(set_tiles(6))


def test_first_hand_led_by_the_highest_double_with_any_tile() -> None:
    rnd = stacked(DRAW2, [["5-5", "6-1", "2-0"], ["4-4", "6-6", "3-1"]])
    assert rnd.first == rnd.turn == 1 and rnd.lead == NO_TILE
    assert legal(rnd) == ["play 3-1", "play 4-4", "play 6-6"]


def test_bergen_first_hand_is_led_with_the_highest_double_itself() -> None:
    rnd = stacked(BERGEN2, [["5-5", "6-1"], ["4-4", "3-1"]])
    assert rnd.first == 0 and legal(rnd) == ["play 5-5"]
    assert_illegal(rnd, "lead 6-1", "lead-tile")


def test_no_double_the_heaviest_tile_leads_and_ties_go_to_the_higher_end() -> None:
    hands = [["5-4", "2-1"], ["6-3", "3-0"]]  # 5-4 and 6-3 both weigh 9: 6-3 has the higher end
    assert first_lead([tiles(*h) for h in hands], "draw") == (1, NO_TILE)
    assert first_lead([tiles(*h) for h in hands], "bergen") == (1, t("6-3"))
    assert first_lead([tiles("6-5", "1-0"), tiles("6-4")], "draw") == (0, NO_TILE)


def test_lead_goes_on_the_empty_table_before_any_draw_or_pass() -> None:
    rnd = stacked(DRAW2, [["6-4", "1-0"], ["4-1"]], ["3-3"], first=0)
    assert_illegal(rnd, "6-4 on 4-1", "lead")
    assert_illegal(rnd, "draw", "lead")
    assert_illegal(rnd, "pass", "lead")


# -- play on the line -----------------------------------------------------------------------------------


def test_tile_is_matched_to_either_end_of_the_line() -> None:
    rnd = stacked(DRAW2, [["6-4", "1-0"], ["4-1", "6-2", "5-5"]], first=0)
    run(rnd, "lead 6-4")
    assert legal(rnd) == ["play 4-1 on 6-4", "play 6-2 on 6-4"]
    assert_illegal(rnd, "5-5 on 6-4", "no-match")
    assert_illegal(rnd, "4-1 on 3-3", "no-such-end")
    run(rnd, "4-1 on 6-4")
    assert open_numbers(rnd) == [1, 6]


def test_inner_tile_of_the_line_is_no_open_end() -> None:
    rnd = stacked(DRAW2, [["6-4", "2-1", "5-0"], ["4-1", "6-2", "6-5"]], first=0)
    run(rnd, "lead 6-4", "4-1 on 6-4", "2-1 on 4-1")
    assert_illegal(rnd, "6-2 on 4-1", "no-such-end")
    assert_illegal(rnd, "6-2 on 6-6", "no-such-end")


def test_only_the_lead_goes_on_no_tile() -> None:
    rnd = stacked(DRAW2, [["6-4", "1-0"], ["4-1"]], first=0)
    run(rnd, "lead 6-4")
    assert_illegal(rnd, "lead 4-1", "no-such-end")


def test_double_lies_in_the_line_and_exposes_its_number() -> None:
    rnd = stacked(DRAW2, [["6-6", "1-1", "3-0"], ["6-1", "6-2", "5-0"]], first=0)
    run(rnd, "lead 6-6")
    assert legal(rnd) == ["play 6-1 on 6-6", "play 6-2 on 6-6"]  # both sides of 6-6 are one target
    run(rnd, "6-1 on 6-6", "1-1 on 6-1")
    assert open_numbers(rnd) == [1, 6] and rnd.spinner == NO_TILE
    assert legal(rnd) == ["play 6-2 on 6-6"]


# -- a turn: drawing and passing ------------------------------------------------------------------------


def drawing_hand() -> StandardRound:
    """Seat 0 led 6-4; seat 1 holds nothing that fits and must draw 3-3 and 2-0 before 4-1 fits."""
    rnd = stacked(DRAW2, [["6-4", "1-0"], ["0-0", "5-2"]], ["3-3", "2-0", "4-1", "5-5"], first=0)
    run(rnd, "lead 6-4")
    return rnd


def test_draw_until_a_tile_fits_then_only_that_tile_is_played() -> None:
    rnd = drawing_hand()
    assert legal(rnd) == ["draw"]
    run(rnd, "draw")
    assert rnd.turn == 1 and legal(rnd) == ["draw"]
    run(rnd, "draw", "draw")
    assert rnd.drawn == t("4-1") and legal(rnd) == ["play 4-1 on 6-4"]
    assert_illegal(rnd, "pass", "must-play-drawn")
    assert_illegal(rnd, "draw", "must-play-drawn")
    assert_illegal(rnd, "5-2 on 6-4", "must-play-drawn")
    run(rnd, "4-1 on 6-4")
    assert rnd.turn == 0 and rnd.boneyard_size() == 1
    assert [str(m) for _, m in rnd.history] == ["play 6-4", "draw 3-3", "draw 2-0", "draw 4-1", "play 4-1 on 6-4"]


def test_seat_holding_a_playable_tile_may_not_draw_or_pass() -> None:
    rnd = stacked(DRAW2, [["6-4", "1-0"], ["4-1", "0-0"]], ["3-3"], first=0)
    run(rnd, "lead 6-4")
    assert_illegal(rnd, "draw", "must-play")
    assert_illegal(rnd, "pass", "must-play")


def test_pass_only_once_the_boneyard_is_empty() -> None:
    rnd = drawing_hand()
    assert_illegal(rnd, "pass", "must-draw")
    empty = stacked(DRAW2, [["6-4", "4-0"], ["0-0", "5-2"]], [], first=0)
    run(empty, "lead 6-4")
    assert legal(empty) == ["pass"]
    assert_illegal(empty, "draw", "boneyard-empty")
    run(empty, "pass")
    assert empty.turn == 0 and empty.end is None


def test_block_game_has_no_drawing_a_seat_that_cannot_play_passes() -> None:
    rnd = stacked(options(2, mode="block"), [["6-4", "4-0", "1-0"], ["0-0", "5-2"]], ["4-1", "3-3"], first=0)
    run(rnd, "lead 6-4")
    assert legal(rnd) == ["pass"]
    assert_illegal(rnd, "draw", "no-drawing")
    run(rnd, "pass")
    assert rnd.turn == 0 and rnd.boneyard_size() == 2


# -- the end of a hand and its scores ---------------------------------------------------------------------


def test_domino_ends_the_hand_and_the_winner_scores_the_other_hands_pips() -> None:
    rnd = stacked(DRAW2, [["6-4", "4-1"], ["6-2", "5-5"]], first=0)
    run(rnd, "lead 6-4", "6-2 on 6-4", "4-1 on 6-4")
    assert rnd.end == DOMINO and rnd.turn == 0 and rnd.legal_moves() == []
    assert rnd.scores() == [10, 0] and rnd.winner() == (0, 0)
    assert_illegal(rnd, "pass", "round-over")


def test_blocked_hand_the_lowest_pips_win_and_score_the_other_hands() -> None:
    rnd = stacked(BLOCK3, [["6-6", "1-0"], ["2-1"], ["3-0", "5-4"]], first=0)
    run(rnd, "lead 6-6")  # nobody holds a 6: blocked at the end of the lead's turn
    assert rnd.end == BLOCKED
    assert rnd.scores() == [15, 0, 0] and rnd.winner() == (0, 0)


def test_blocked_hand_with_equal_lowest_pips_scores_nothing() -> None:
    rnd = stacked(BLOCK3, [["6-6", "2-1"], ["3-0"], ["5-4"]], first=0)
    run(rnd, "lead 6-6")
    assert rnd.end == BLOCKED and rnd.scores() == [0, 0, 0] and rnd.winner() == (None, None)


def test_draw_game_blocks_only_once_the_boneyard_is_empty() -> None:
    rnd = stacked(DRAW2, [["6-6", "1-0"], ["2-1"]], ["3-0"], first=0)
    run(rnd, "lead 6-6")
    assert rnd.end is None
    run(rnd, "draw", "pass")  # seat 1 draws the last tile, it does not fit: the pass ends the turn
    assert rnd.end == BLOCKED and rnd.scores() == [6, 0]  # seat 0 keeps 1 pip, seat 1 keeps 2-1 and 3-0


def test_partners_score_the_opponents_pips_not_the_partners() -> None:
    rnd = stacked(options(4, partners=True), [["6-4", "4-1"], ["6-2", "5-5"], ["3-3"], ["2-2", "0-0"]], first=0)
    run(rnd, "lead 6-4", "6-2 on 6-4", "pass", "2-2 on 6-2", "4-1 on 6-4")
    assert rnd.end == DOMINO and rnd.scores() == [10, 0]


def test_partners_compare_team_pips_in_a_blocked_hand() -> None:
    opts = options(4, mode="block", partners=True)
    rnd = stacked(opts, [["6-6", "1-0"], ["2-1"], ["5-4"], ["3-0"]], first=0)
    run(rnd, "lead 6-6")
    # Seat 0 holds the fewest pips (1), but team 0 holds 1 + 9 = 10 against team 1's 3 + 3 = 6.
    assert rnd.end == BLOCKED and rnd.scores() == [0, 10]
    assert rnd.winner() == (1, 1)  # team 1 wins; its seats tie on 3 pips, so the lower seat leads next


# -- All Fives ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("lead", "points"), [("5-5", 10), ("6-4", 10), ("3-2", 5), ("6-3", 0), ("0-0", 0)])
def test_all_fives_lead_scores_its_ends_when_a_multiple_of_five(lead: str, points: int) -> None:
    rnd = stacked(FIVES2, [[lead, "1-1"], ["2-2"]], first=0)
    run(rnd, f"lead {lead}")
    assert rnd.points == [points, 0]


def test_all_fives_lead_of_5_5_scores_10_and_is_the_spinner() -> None:
    rnd = stacked(FIVES2, [["5-5", "1-1"], ["2-2"]])
    run(rnd, "lead 5-5")
    assert rnd.spinner == t("5-5") and rnd.points == [10, 0]


def test_all_fives_spinner_counts_both_halves_while_a_side_is_free() -> None:
    rnd = stacked(FIVES2, [["5-5", "1-1"], ["5-0", "2-2"]], first=0)
    run(rnd, "lead 5-5", "5-0 on 5-5")  # 0 + 5 + 5
    assert rnd.points == [10, 10]


def test_all_fives_spinner_arms_3_and_4_closed_until_both_sides_covered() -> None:
    rnd = stacked(FIVES2, [["5-5", "5-0", "5-1", "6-0"], ["5-3", "5-2", "5-4", "6-6"]], first=0)
    run(rnd, "lead 5-5", "5-3 on 5-5")
    assert rnd.spinner_arms() == 1 and not rnd.spinner_open and open_numbers(rnd) == [3, 5]
    assert rnd.points == [10, 0]  # 3 + 5 + 5 = 13 scores nothing
    run(rnd, "5-0 on 5-5")
    assert rnd.spinner_open and rnd.spinner_arms() == 2 and open_numbers(rnd) == [0, 3, 5, 5]
    assert rnd.points == [10, 0]  # both sides covered: 3 + 0, the empty arms count nothing
    run(rnd, "5-2 on 5-5")
    assert rnd.points == [10, 5]  # the third arm counts once a tile is on it: 3 + 0 + 2
    run(rnd, "5-1 on 5-5")
    assert rnd.points == [10, 5] and rnd.spinner_arms() == 0  # 3 + 0 + 2 + 1 = 6
    assert_illegal(rnd, "5-4 on 5-5", "spinner-closed")


def test_all_fives_spinner_laid_on_the_line_takes_three_more_tiles() -> None:
    rnd = stacked(FIVES2, [["5-3", "5-1", "5-2", "6-6"], ["5-5", "5-0", "5-4", "4-3"]], first=0)
    run(rnd, "lead 5-3", "5-5 on 5-3")
    assert rnd.spinner == t("5-5") and rnd.spinner_arms() == 1  # the side it was laid against is covered
    assert rnd.points == [0, 0]  # 3 + 5 + 5 = 13
    run(rnd, "5-1 on 5-5")
    assert rnd.spinner_open and rnd.spinner_arms() == 2
    run(rnd, "5-0 on 5-5", "5-2 on 5-5")
    assert_illegal(rnd, "5-4 on 5-5", "spinner-closed")


def test_all_fives_only_the_first_double_is_a_spinner_and_a_double_end_counts_both_halves() -> None:
    rnd = stacked(FIVES2, [["5-5", "5-1", "4-0"], ["5-2", "2-2", "6-6"]], first=0)
    run(rnd, "lead 5-5", "5-2 on 5-5", "5-1 on 5-5", "2-2 on 5-2")
    assert rnd.spinner == t("5-5")
    assert rnd.points == [10, 5]  # 2-2 at an end counts 4, with 1: 5
    assert rnd.spinner_arms() == 2


@pytest.mark.parametrize(("left", "award"), [(["6-6"], 10), (["6-6", "1-0"], 15), (["5-0"], 5), (["1-0"], 0)])
def test_all_fives_end_of_hand_pips_rounded_to_nearest_5(left: list[str], award: int) -> None:
    rnd = stacked(FIVES2, [["6-2"], left], first=0)
    run(rnd, "lead 6-2")  # 8: nothing in play; seat 0 goes out
    assert rnd.end == DOMINO and rnd.scores() == [award, 0]


# -- Bergen -------------------------------------------------------------------------------------------------


def test_bergen_lone_double_on_the_table_scores_2() -> None:
    rnd = stacked(BERGEN2, [["6-6", "1-0"], ["2-2", "3-1"]])
    run(rnd, "lead 6-6")
    assert rnd.points == [2, 0]


def test_bergen_lone_tile_that_is_no_double_scores_nothing() -> None:
    rnd = stacked(BERGEN2, [["6-5", "1-0"], ["2-1", "3-1"]])
    run(rnd, "lead 6-5")
    assert rnd.points == [0, 0]


def test_bergen_double_header_scores_2() -> None:
    rnd = stacked(BERGEN2, [["6-3", "6-1", "0-0"], ["3-1", "4-2"]], first=0)
    run(rnd, "lead 6-3", "3-1 on 6-3", "6-1 on 3-1")  # both ends show 6, neither end tile a double
    assert rnd.points == [2, 0]


def test_bergen_triple_header_scores_3() -> None:
    rnd = stacked(BERGEN2, [["6-6", "2-1", "0-0"], ["6-2", "6-1", "4-3"]], first=0)
    run(rnd, "lead 6-6", "6-2 on 6-6", "2-1 on 6-2", "6-1 on 2-1")  # 6 on 6-6 and 6 on 6-1
    assert rnd.points == [2, 3]


def test_bergen_hand_winner_scores_1_more() -> None:
    rnd = stacked(BERGEN2, [["6-6"], ["2-2", "3-1"]], first=0)
    run(rnd, "lead 6-6")
    assert rnd.end == DOMINO and rnd.scores() == [3, 0]
    blocked = stacked(options(2, mode="bergen"), [["6-6", "1-0"], ["3-2"]], first=0)
    run(blocked, "lead 6-6")
    assert blocked.end == BLOCKED and blocked.scores() == [3, 0]  # 2 for the lone double, 1 for 1 pip v 5


# -- the match ------------------------------------------------------------------------------------------------


def next_hand(match: Match[StandardRound], *steps: str) -> StandardRound:
    """Deal the match's next hand and make ``steps`` in it."""
    rnd = match.deal_next(random.Random(0))
    run(rnd, *steps)
    return rnd


def test_without_target_one_hand_decides_and_its_winner_wins() -> None:
    match = Match(ScriptedRules(DRAW2, [([["6-6"], ["2-1"]], [])]))
    next_hand(match, "lead 6-6")
    assert match.is_over() and match.winners() == [0] and match.totals() == [3, 0]


def test_without_target_the_winning_team_wins_with_both_seats() -> None:
    opts = options(4, mode="block", partners=True)
    match = Match(ScriptedRules(opts, [([["6-6", "1-0"], ["2-1"], ["5-4"], ["3-0"]], [])]))
    next_hand(match, "lead 6-6")
    assert match.is_over() and match.winners() == [1, 3] and match.totals() == [0, 10]


def test_without_target_a_hand_nobody_wins_is_a_draw_shared_by_all() -> None:
    match = Match(ScriptedRules(BLOCK3, [([["6-6", "2-1"], ["3-0"], ["5-4"]], [])]))
    next_hand(match, "lead 6-6")
    assert match.is_over() and match.winners() == [0, 1, 2] and match.totals() == [0, 0, 0]


def test_target_reached_ends_the_match_and_the_highest_total_wins() -> None:
    deal: Deal = ([["6-6"], ["5-5"]], [])  # seat 0 leads 6-6 and goes out: 10 a hand
    match = Match(ScriptedRules(options(2, target=20), [deal, deal, deal]))
    next_hand(match, "lead 6-6")
    assert not match.is_over() and match.totals() == [10, 0]
    next_hand(match, "lead 6-6")
    assert match.is_over() and match.totals() == [20, 0] and match.winners() == [0]


def test_shared_highest_totals_share_the_win() -> None:
    # Seat 0 leads 5-0 (5); seat 1 lays 0-0, the spinner (5 + 0 + 0); both then hold 12 pips: blocked, tied.
    match = Match(ScriptedRules(options(2, mode="allfives", target=5), [([["6-6", "5-0"], ["0-0", "6-4", "1-1"]], [])]))
    rnd = next_hand(match, "lead 5-0", "0-0 on 5-0")
    assert rnd.end == BLOCKED and rnd.winner() == (None, None)
    assert match.is_over() and match.totals() == [5, 5] and match.winners() == [0, 1]


def test_later_hands_are_led_by_the_previous_winner_with_any_tile() -> None:
    first: Deal = ([["6-6", "1-0"], ["2-2"]], [])  # seat 0 leads 6-6 (2), nobody fits, blocked: seat 0 wins 2 + 1
    second: Deal = ([["5-5", "3-1", "4-0"], ["2-1", "4-4"]], [])
    match = Match(ScriptedRules(options(2, mode="bergen", target=6), [first, second]))
    next_hand(match, "lead 6-6")
    assert match.totals() == [3, 0] and not match.is_over()
    later = next_hand(match)
    assert later.first == 0 and later.lead == NO_TILE  # Bergen's winner leads any tile, not its double
    assert legal(later) == ["play 3-1", "play 4-0", "play 5-5"]


def test_after_a_hand_nobody_won_the_first_hand_rule_leads_again() -> None:
    tie: Deal = ([["6-6", "2-1"], ["3-0"], ["5-4"]], [])
    second: Deal = ([["1-0"], ["4-4", "2-0"], ["6-5"]], [])  # seat 1 holds the only double
    match = Match(ScriptedRules(options(3, mode="block", target=5), [tie, second]))
    assert next_hand(match, "lead 6-6").winner() == (None, None)
    assert next_hand(match).first == 1


# -- options ----------------------------------------------------------------------------------------------------


def test_options_defaults_follow_the_mode() -> None:
    assert StandardOptions.for_table() == StandardOptions(2, 6, 7, "draw", False, None)
    assert options(3, mode="allfives").target == 150 and options(4, mode="bergen").target == 15
    assert options(2, mode="allfives", target=None).target is None


@pytest.mark.parametrize(
    "settings",
    [{"players": 5}, {"players": 1}, {"players": 3, "partners": True}, {"top": 15}, {"top": 9, "mode": "cutthroat"},
     {"target": 0}],
)  # fmt: skip
def test_impossible_options_are_refused(settings: dict[str, object]) -> None:
    with pytest.raises(OptionsError):
        StandardOptions.for_table(**settings)  # type: ignore[arg-type]


def test_options_round_trip_through_the_record_names() -> None:
    opts = options(4, top=12, mode="bergen", partners=True, target=None)
    assert opts.to_dict() == {"players": 4, "set": 12, "hand": 5, "mode": "bergen", "partners": True, "target": None}
    assert StandardOptions.from_dict(opts.to_dict()) == opts
    with pytest.raises(OptionsError):
        StandardOptions.from_dict(opts.to_dict() | {"hand": 6})
    with pytest.raises(OptionsError):
        StandardOptions.from_dict(opts.to_dict() | {"partners": 1})


def test_every_new_rule_code_has_a_statement() -> None:
    for code in ("lead", "lead-tile", "no-drawing", "spinner-closed"):
        assert RULES[code]
