"""What a seat (or a spectator) may see of a Mexican Train round: its own hand, never another's nor the boneyard."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest

from dominohall.engine.moves import NO_TILE, SHARED_TRAIN
from dominohall.engine.tiles import Tile
from dominohall.games.mexicantrain.rules.options import MexicanTrainOptions
from dominohall.games.mexicantrain.rules.round import MexicanTrainRound, deal_round
from dominohall.games.mexicantrain.rules.view import mexican_train_view

from .stacked import run, stacked_round, t

OPTIONS = MexicanTrainOptions.for_table(3)
VIEWERS: list[int | None] = [None, 0, 1, 2]


def tiles_in(value: object) -> Iterator[int]:
    """Every int anywhere inside ``value`` (dataclass fields and containers); fail on anything else."""
    if value is None or isinstance(value, (bool, str)):
        return
    if isinstance(value, int):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            if field.name != "options":  # settings, not tiles
                yield from tiles_in(getattr(value, field.name))
    elif isinstance(value, tuple):
        for item in value:
            yield from tiles_in(item)
    else:
        raise AssertionError(f"a view holds a {type(value).__name__}: {value!r}")


def played_rounds() -> Iterator[MexicanTrainRound]:
    """Copies of random rounds after each move, for views of every stage."""
    for seed in range(6):
        rng = random.Random(seed)
        rnd = deal_round(OPTIONS, 12 - seed, seed % 3, rng)
        yield rnd.copy()
        while rnd.end is None:
            rnd.apply(rng.choice(rnd.legal_moves()))
            yield rnd.copy()


def hidden_from(rnd: MexicanTrainRound, viewer: int | None) -> set[Tile]:
    """The tiles ``viewer`` must not see: undrawn boneyard tiles and, while the round runs, other hands."""
    hidden = set(rnd.boneyard[rnd.drawn_count :])
    if not rnd.is_over():
        for seat in range(OPTIONS.players):
            if seat != viewer:
                hidden.update(rnd.hand_tiles(seat))
    return hidden


def test_view_holds_no_other_hand_nor_the_boneyard() -> None:
    """Tile ids up to 45 (9-0) could be mistaken for other ints of a view (the boneyard's size reaches 45), so
    only the higher ones are looked for among all its ints; every tile is also looked for in the fields that
    hold tiles."""
    checked = 0
    for rnd in played_rounds():
        for viewer in VIEWERS:
            view = mexican_train_view(rnd, viewer, round_index=2, totals=(3, 1, 4))
            hidden = hidden_from(rnd, viewer)
            leaked = sorted({x for x in tiles_in(view) if x > 45} & hidden)
            assert not leaked, f"seat {viewer} sees {leaked}"
            tiled = {*view.hand, *(x for line in view.trains for x in line.tiles), *(m.tile for _, m in view.history)}
            assert not tiled & hidden
            checked += 1
    assert checked > 400


def test_view_shows_the_trains_and_the_uncovered_double() -> None:
    rnd = stacked_round(OPTIONS, 12, 0, [["12-6", "6-6", "3-2"], ["11-2"], ["12-9", "9-1"]], ["10-1", "8-8"])
    run(rnd, "12-6 on 12-12 of 0", "draw", "pass", "12-9 on 12-12 of mexican", "6-6 on 12-6 of 0")
    view = mexican_train_view(rnd, 1)
    assert view.centre == t("12-12") and view.options == OPTIONS and view.hand == tuple(sorted([t("11-2"), t("10-1")]))
    assert [line.train for line in view.trains] == [0, 1, 2, SHARED_TRAIN]
    assert view.train(0).tiles == (t("12-6"), t("6-6")) and view.train(0).end == t("6-6")
    assert view.train(1).tiles == () and view.train(1).end == t("12-12") and view.train(1).marked
    assert view.train(SHARED_TRAIN).number == 9 and not view.train(SHARED_TRAIN).marked
    assert (view.uncovered, view.uncovered_train, view.uncovered_by) == (t("6-6"), 0, 0)
    assert set(view.open_ends) == {(t("6-6"), 6), (t("12-12"), 12), (t("12-9"), 9)}
    assert view.legal_moves == () and view.drawn == NO_TILE and view.hand_sizes == (1, 2, 1)
    mover = mexican_train_view(rnd, 0)
    assert mover.is_my_turn() and [str(m) for m in mover.legal_moves] == ["draw"]  # no cover in hand
    assert view.totals == (0, 0, 0)


def test_view_is_frozen() -> None:
    view = mexican_train_view(stacked_round(OPTIONS, 12, 0, [["12-6"], ["11-2"], ["12-9"]], []), 0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.hand = ()  # type: ignore[misc]
