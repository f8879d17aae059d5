"""What a seat (or a spectator) may see of a Chicken Foot round: its own hand, never another's nor the boneyard."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from dominohall.engine.moves import DRAW, NO_TILE, Move
from dominohall.engine.tiles import Tile
from dominohall.engine.turns import DOMINO
from dominohall.games.chickenfoot.rules.options import ChickenFootOptions
from dominohall.games.chickenfoot.rules.round import ChickenFootRound
from dominohall.games.chickenfoot.rules.view import ChickenFootView, chicken_foot_view

from .stacked import run, stacked_round, t

OPTIONS = ChickenFootOptions.for_table(3, start_toes=4)
HANDS = [["9-8", "9-7", "8-6", "7-0"], ["6-5", "6-1", "7-3"], ["9-6", "8-8", "7-2", "6-0"]]
BONEYARD = ["8-1", "9-4", "7-7", "6-2", "8-3", "7-1", "8-2", "6-4"]
STEPS = [
    "9-8 on 9-9", "draw", "pass", "9-6 on 9-9", "9-7 on 9-9", "draw", "9-4 on 9-9",
    "8-8 on 9-8", "8-6 on 8-8", "8-1 on 8-8", "draw", "pass", "draw", "pass", "draw", "8-3 on 8-8",
    "7-2 on 9-7", "6-2 on 9-6", "6-5 on 8-6", "draw", "7-1 on 8-1", "7-0 on 7-1",
]  # fmt: skip
"""Seat 0 goes out with 7-0; 8-2 and 6-4 are never drawn. Seats 1 and 2 draw tiles they play and keep."""

VIEWERS: list[int | None] = [None, 0, 1, 2]

# The leak check below looks for hidden tiles among *every* int of a view. That is sound because each
# tile dealt here has an id of at least 21 (6-0) and none is 9-5 (id 50, the blank-double value), while
# every other number a view holds in this round (seats, counts, sizes, settings, totals) is below 21 or 50.
DEALT_IDS = {t(name) for hand in HANDS for name in hand} | {t(name) for name in BONEYARD}


def ints_in(value: object) -> Iterator[int]:
    """Every int anywhere inside ``value``, walking dataclass fields and containers; fail on anything else."""
    if value is None or isinstance(value, (bool, str)):
        return
    if isinstance(value, int):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from ints_in(getattr(value, field.name))
    elif isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            yield from ints_in(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from ints_in(key)
            yield from ints_in(item)
    else:
        raise AssertionError(f"a view holds a {type(value).__name__}: {value!r}")


def mutable_parts(value: object) -> Iterator[object]:
    """Every list, dict or set inside ``value`` (a view should hold only immutable values)."""
    if isinstance(value, (list, dict, set)):
        yield value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from mutable_parts(getattr(value, field.name))
    elif isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            yield from mutable_parts(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from mutable_parts(item)


def new_round() -> ChickenFootRound:
    return stacked_round(OPTIONS, 9, 0, HANDS, BONEYARD)


def rounds_after_each_step() -> Iterator[ChickenFootRound]:
    """The round before any move, then after each move of ``STEPS``."""
    rnd = new_round()
    yield rnd.copy()
    for step in STEPS:
        run(rnd, step)
        yield rnd.copy()


def hidden_from(rnd: ChickenFootRound, viewer: int | None) -> set[Tile]:
    """The tiles ``viewer`` must not see: the boneyard's undrawn tiles and, while the round runs, other hands."""
    hidden = set(rnd.boneyard[rnd.drawn_count :])
    if not rnd.is_over():
        for seat in range(rnd.options.players):
            if seat != viewer:
                hidden.update(rnd.hand_tiles(seat))
    return hidden


def test_leak_check_premise() -> None:
    assert min(DEALT_IDS) >= 21
    assert DEALT_IDS.isdisjoint(ints_in(OPTIONS))
    rnd = new_round()
    run(rnd, *STEPS)
    assert rnd.end == DOMINO and rnd.boneyard_size() == 2


def test_view_holds_no_other_hand_nor_the_boneyard() -> None:
    checked = 0
    for rnd in rounds_after_each_step():
        for viewer in VIEWERS:
            view = chicken_foot_view(rnd, viewer, round_index=0, totals=(3, 1, 4))
            seen = set(ints_in(view))
            leaked = sorted(hidden_from(rnd, viewer) & seen)
            assert not leaked, f"seat {viewer} sees {leaked} after {len(rnd.history)} moves"
            assert list(mutable_parts(view)) == []
            checked += 1
    assert checked == 4 * (len(STEPS) + 1)


def test_view_holds_own_hand_and_the_public_table() -> None:
    for rnd in rounds_after_each_step():
        for viewer in VIEWERS:
            view = chicken_foot_view(rnd, viewer)
            expected_hand = () if viewer is None else tuple(rnd.hand_tiles(viewer))
            assert view.hand == expected_hand
            assert view.seat == viewer and view.turn == rnd.turn and view.first == rnd.first
            assert view.centre == rnd.centre and view.options == rnd.options
            assert view.hand_sizes == tuple(len(rnd.hand_tiles(s)) for s in range(3))
            assert view.boneyard_size == rnd.boneyard_size()
            assert view.placed == tuple((m.tile, m.on) for _, m in rnd.history if m.is_play())
            assert set(view.open_ends) == set(rnd.open_ends())
            assert view.pending == rnd.pending and view.end == rnd.end
            assert view.totals == (0, 0, 0)


def test_view_is_frozen() -> None:
    view = chicken_foot_view(new_round(), 0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.hand = ()  # type: ignore[misc]


def test_others_draws_appear_face_down_in_history() -> None:
    rnd = new_round()
    run(rnd, *STEPS)
    draws = [(seat, m.tile) for seat, m in rnd.history if m.kind == DRAW]
    assert {seat for seat, _ in draws} == {0, 1, 2}
    for viewer in VIEWERS:
        view = chicken_foot_view(rnd, viewer)
        assert len(view.history) == len(rnd.history)
        for (seat, move), (shown_seat, shown) in zip(rnd.history, view.history, strict=True):
            assert shown_seat == seat
            if move.kind == DRAW and seat != viewer:
                assert shown == Move(DRAW, NO_TILE)
            else:
                assert shown == move


def test_drawn_tile_shown_only_to_the_drawer() -> None:
    rnd = new_round()
    run(rnd, *STEPS[:6])  # seat 1 has just drawn 9-4 and must play it
    assert rnd.turn == 1 and rnd.drawn == t("9-4")
    assert chicken_foot_view(rnd, 1).drawn == t("9-4")
    assert chicken_foot_view(rnd, 1).history[-1] == (1, Move(DRAW, t("9-4")))
    for viewer in (None, 0, 2):
        view = chicken_foot_view(rnd, viewer)
        assert view.drawn == NO_TILE and view.history[-1] == (1, Move(DRAW))
        assert t("9-4") not in set(ints_in(view))


def test_spectator_view_has_no_hand() -> None:
    for rnd in rounds_after_each_step():
        view = chicken_foot_view(rnd, None)
        assert view.hand == () and view.drawn == NO_TILE and view.legal_moves == ()
        assert not view.is_my_turn()
        if not rnd.is_over():
            assert view.final_hands is None


def test_legal_moves_only_on_ones_turn() -> None:
    for rnd in rounds_after_each_step():
        for viewer in VIEWERS:
            view = chicken_foot_view(rnd, viewer)
            if viewer == rnd.turn and not rnd.is_over():
                assert view.is_my_turn()
                assert view.legal_moves == tuple(rnd.legal_moves()) and view.legal_moves
            else:
                assert not view.is_my_turn() and view.legal_moves == ()


def test_first_foot_is_visible_in_the_view() -> None:
    rnd = new_round()
    assert chicken_foot_view(rnd, 0).is_first_foot() and chicken_foot_view(rnd, 0).pending_needs == 4
    run(rnd, *STEPS[:7])
    view = chicken_foot_view(rnd, 2)
    assert not view.is_first_foot() and view.pending == NO_TILE and view.pending_needs == 0


def test_after_the_round_ends_all_hands_are_shown() -> None:
    rnd = new_round()
    run(rnd, *STEPS)
    assert rnd.is_over()
    for viewer in VIEWERS:
        view: ChickenFootView = chicken_foot_view(rnd, viewer)
        assert view.final_hands == tuple(tuple(rnd.hand_tiles(s)) for s in range(3))
        assert view.final_hands is not None and view.final_hands[0] == ()
        assert view.legal_moves == () and view.end == DOMINO
        # The boneyard's undrawn tiles stay hidden even then.
        assert {t("8-2"), t("6-4")}.isdisjoint(ints_in(view))


def test_running_round_shows_no_final_hands() -> None:
    for rnd in rounds_after_each_step():
        if not rnd.is_over():
            assert all(chicken_foot_view(rnd, v).final_hands is None for v in VIEWERS)
