"""A seat's hand read as groups by how its tiles came to it: sound against the hidden truth, sharper than one
void per seat, and kept by every sampled deal."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable
from typing import Any

import pytest

from dominohall.engine.tiles import NUMBER_MASK, tiles_of
from dominohall.engine.tiles import parse_tile as t
from dominohall.games import game_of, round_view
from dominohall.games.standard.rules.options import StandardOptions
from dominohall.games.standard.rules.round import deal_hand
from dominohall.search.knowledge import MAX_GROUPS, Group, Holding, Knowledge

from .test_bots import assert_sample_fits, others_tiles, positions, standard_positions


def fits(hand: Iterable[int], groups: tuple[Group, ...]) -> bool:
    """True when the tiles ``hand`` can be shared out among ``groups`` (nested: each group's forbidden tiles
    include the next one's), each group taking exactly its count of tiles it may hold.

    A tile may go to the groups from the first one that does not forbid it on; for nested groups the sharing
    exists when, for every k, the tiles that can only go to groups k and later are no more than those groups'
    counts (Hall's condition), and the counts add up to the hand."""
    tiles = list(hand)
    if sum(count for count, _ in groups) != len(tiles):
        return False
    first = [next((i for i, (_, forbidden) in enumerate(groups) if not forbidden >> t & 1), len(groups)) for t in tiles]
    return all(
        sum(1 for level in first if level >= k) <= sum(count for count, _ in groups[k:]) for k in range(len(groups) + 1)
    )


def test_groups_are_nested_and_add_up_to_the_hand() -> None:
    for _, view in positions(600, seed=21):
        knowledge = Knowledge.from_view(view, game_of(view).bots.reading)
        for seat, groups in enumerate(knowledge.groups):
            assert sum(count for count, _ in groups) == view.hand_sizes[seat]
            assert len(groups) <= MAX_GROUPS and all(count > 0 for count, _ in groups)
            assert all(a & b == b for (_, a), (_, b) in itertools.pairwise(groups))
            assert knowledge.voids[seat] == (groups[-1][1] if groups else 0)


def test_the_true_hands_fit_their_groups_at_nine_to_twelve_seats() -> None:
    """Sound with double-fifteen's tile ids (above 64: the bitmasks are Python ints) and up to twelve hands."""
    voids = 0
    for rnd, view in positions(600, seed=23, players=range(9, 13)):
        knowledge = Knowledge.from_view(view, game_of(view).bots.reading)
        assert set(knowledge.unseen) == others_tiles(rnd, rnd.turn)
        for seat in range(rnd.options.players):
            if seat != rnd.turn:
                assert fits(tiles_of(rnd.hands[seat]), knowledge.groups[seat]), seat
                voids += any(t >= 64 for t in tiles_of(knowledge.voids[seat]))
    assert voids > 100, voids


def test_the_true_hands_always_fit_their_groups() -> None:
    """Sound: the hands the seats really hold can always be shared out among the groups read from the table
    (so no seat holds a tile of its ``voids``, the last group's); the inference finds voids in many of these
    positions, and in many it says more than one void per seat would (several groups)."""
    voids, sharper = 0, 0
    for rnd, view in positions(2500, seed=22):
        knowledge = Knowledge.from_view(view, game_of(view).bots.reading)
        assert set(knowledge.unseen) == others_tiles(rnd, rnd.turn)
        for seat in range(rnd.options.players):
            if seat != rnd.turn:
                groups = knowledge.groups[seat]
                assert fits(tiles_of(rnd.hands[seat]), groups), (seat, groups)
                assert rnd.hands[seat] & knowledge.voids[seat] == 0
                voids += knowledge.voids[seat] != 0
                sharper += len(groups) > 1
    assert voids > 2000 and sharper > 500, (voids, sharper)  # 4,336 and 1,127


def test_the_true_hands_fit_their_groups_in_the_draw_game() -> None:
    rng, sharper = random.Random(23), 0
    for index in range(1500):
        options = StandardOptions.for_table(2 + index % 3, mode=("draw", "allfives", "bergen")[index % 3])
        rnd = deal_hand(options, None, rng)
        for _ in range(rng.randrange(40)):
            if rnd.end is not None:
                break
            rnd.apply(rng.choice(rnd.legal_moves()))
        if rnd.end is not None:
            continue
        knowledge = Knowledge.from_view(round_view(rnd, rnd.turn), game_of(rnd).bots.reading)
        for seat in range(options.players):
            if seat != rnd.turn:
                assert fits(rnd.hand_tiles(seat), knowledge.groups[seat])
                sharper += len(knowledge.groups[seat]) > 1
    assert sharper > 30  # 47 of these positions


def test_every_sample_keeps_the_groups() -> None:
    """(These positions never need the careful deal's loose reading: next test.)"""
    rng = random.Random(24)
    for _, view in positions(400, seed=25):
        knowledge = Knowledge.from_view(view, game_of(view).bots.reading)
        for _ in range(4):
            hands, boneyard = knowledge.sample(rng)
            assert sorted([*boneyard, *(t for hand in hands for t in hand)]) == sorted(knowledge.unseen)
            for seat, hand in enumerate(hands):
                if seat != view.seat:
                    assert fits(hand, knowledge.groups[seat]), (seat, hand, knowledge.groups[seat])


def test_the_compiled_first_deal_is_the_python_one() -> None:
    """The compiled fill (``_first_deal``) gives the same hands, each in the same order, and the same boneyard
    as ``_deal`` without ``careful``, or fails where it does, on the same shuffled tiles."""
    rng, compared, failed = random.Random(26), 0, 0
    views = [view for _, view in positions(300, seed=27)] + [view for _, view in standard_positions(150, seed=28)]
    for view in views:
        knowledge = Knowledge.from_view(view, game_of(view).bots.reading)
        for _ in range(4):
            pool = list(knowledge.unseen)
            rng.shuffle(pool)
            expected = knowledge._deal(pool, knowledge._parts, careful=False)
            assert knowledge._first_deal(pool) == expected
            compared += 1
            failed += expected is None
    assert compared > 1000 and failed < compared / 10, (compared, failed)  # the deals tried, most filled


def test_a_kept_draw_is_all_an_old_void_lets_in() -> None:
    """Seen without any 5 (it drew and passed), later seen without any 2: of the tiles it holds now, only the
    one drawn at the second draw can show a 5; once it lays a 5, the rest cannot."""
    fives, twos = NUMBER_MASK[5], NUMBER_MASK[2]
    holding = Holding(6)
    holding.draw(fives)
    holding.without(fives)  # the drawn tile did not fit: pass
    holding.draw(twos)
    holding.without(twos)
    assert holding.groups(8) == ((7, fives | twos), (1, twos))
    holding.play(t("5-3"))  # a 5: the tile drawn last, nothing else could show one
    assert holding.groups(7) == ((7, fives | twos),)


def test_a_play_that_fits_no_void_comes_from_the_oldest_tiles() -> None:
    fives, twos = NUMBER_MASK[5], NUMBER_MASK[2]
    holding = Holding(6)
    for void in (fives, twos):
        holding.draw(void)
        holding.without(void)
    holding.play(t("6-4"))
    assert holding.groups(7) == ((6, fives | twos), (1, twos))
    holding.draw(NUMBER_MASK[1])
    holding.play(t("1-1"))  # right after a draw: the tile drawn
    assert holding.groups(7) == ((6, fives | twos | NUMBER_MASK[1]), (1, twos | NUMBER_MASK[1]))


def test_a_careful_deal_over_many_groups_reads_each_hand_as_one_and_still_keeps_every_void(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """When the first pass leaves a group short and there are more than ``CAREFUL_PARTS`` groups to check room
    for, the careful deal reads each hand as one group (its ``voids``): cheaper (the check grows as 2 to the
    power of the groups), and a sample still never gives a seat a tile it cannot hold at all."""
    loose = 0
    deal = Knowledge._deal

    def counted(self: Knowledge, pool: list[int], parts: list[tuple[int, int, int]], *, careful: bool) -> Any:
        nonlocal loose
        loose += careful and parts is self._loose_parts
        return deal(self, pool, parts, careful=careful)

    monkeypatch.setattr(Knowledge, "_deal", counted)
    rng = random.Random(26)
    for _, view in positions(3000, seed=31):
        knowledge = Knowledge.from_view(view, game_of(view).bots.reading)
        for _ in range(5):
            assert_sample_fits(view, knowledge, *knowledge.sample(rng))
    assert loose > 5, loose  # 13 of these 11,120 samples
