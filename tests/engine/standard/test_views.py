"""What a seat sees of a standard hand: its own hand, the table, sizes and scores; never another hand."""

from __future__ import annotations

import dataclasses
import random

import pytest

from dominohall.engine.moves import DRAW, DRAW_MOVE, Move
from dominohall.games import View, round_view
from dominohall.games.standard.rules.round import deal_hand
from dominohall.games.standard.rules.view import StandardView

from .stacked import finish, options, run, stacked, t


def test_view_holds_own_hand_sizes_table_and_scores() -> None:
    rnd = stacked(options(4, mode="allfives", partners=True), [["5-5", "1-0"], ["5-0", "2-2"], ["3-3"], ["4-4"]])
    run(rnd, "lead 5-5", "5-0 on 5-5")
    view = round_view(rnd, 3, round_index=1, totals=(20, 35))
    assert isinstance(view, StandardView)
    assert view.hand == (t("4-4"),) and view.hand_sizes == (1, 1, 1, 1)
    assert view.placed == ((t("5-5"), -1), (t("5-0"), t("5-5")))
    assert view.spinner == t("5-5") and not view.spinner_open
    assert sorted(n for _, n in view.open_ends) == [0, 5]
    assert view.scores == (10, 10) and view.totals == (20, 35) and view.round_index == 1
    assert view.legal_moves == () and not view.is_my_turn()


def test_view_holds_no_other_hand_nor_the_boneyard() -> None:
    rnd = deal_hand(options(3), None, random.Random(4))
    for seat in range(3):
        view = round_view(rnd, seat)
        seen = {t for field in dataclasses.fields(view) for t in _tiles_in(getattr(view, field.name))}
        others = {x for other in range(3) if other != seat for x in rnd.hand_tiles(other)} | set(rnd.boneyard)
        assert not (others & set(view.hand))
        assert view.final_hands is None
        assert set(view.hand) <= seen


def _tiles_in(value: object) -> list[int]:
    if isinstance(value, int) and not isinstance(value, bool):
        return [value]
    if isinstance(value, tuple):
        return [x for item in value for x in _tiles_in(item)]
    return []


def test_others_draws_are_face_down_and_ones_own_face_up() -> None:
    rnd = stacked(options(2), [["6-4", "1-0"], ["0-0", "5-2"]], ["3-3", "4-1"], first=0)
    run(rnd, "lead 6-4", "draw", "draw")
    own, other = round_view(rnd, 1), round_view(rnd, 0)
    assert own.history[1:] == ((1, Move(DRAW, t("3-3"))), (1, Move(DRAW, t("4-1"))))
    assert other.history[1:] == ((1, DRAW_MOVE), (1, DRAW_MOVE))
    assert own.drawn == t("4-1") and other.drawn == -1
    assert own.legal_moves == (Move.play(t("4-1"), t("6-4")),) and own.is_my_turn()
    assert other.hand_sizes == (1, 4) and other.boneyard_size == 0


def test_spectator_sees_no_hand_and_all_hands_show_once_the_hand_ended() -> None:
    rnd = deal_hand(options(2, mode="bergen"), None, random.Random(9))
    spectator = round_view(rnd, None)
    assert spectator.hand == () and spectator.legal_moves == ()
    finish(rnd, random.Random(1))
    view: View = round_view(rnd, 0)
    assert view.final_hands == tuple(tuple(rnd.hand_tiles(seat)) for seat in range(2))
    assert isinstance(view, StandardView) and view.scores == tuple(rnd.scores())


def test_view_is_frozen() -> None:
    view = round_view(deal_hand(options(2), None, random.Random(2)), 0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.turn = 1  # type: ignore[misc]
