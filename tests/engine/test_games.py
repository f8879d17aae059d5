"""The game registry: each game found by name and by its objects, and what it bundles works end to end."""

from __future__ import annotations

import random

import pytest

from dominohall.games import GAMES, ResultKind, game_named, game_of, new_match
from dominohall.games.chickenfoot import GAME as CHICKEN_FOOT
from dominohall.games.chickenfoot.rules.options import ChickenFootOptions
from dominohall.games.standard import GAME as STANDARD
from dominohall.games.standard.rules.options import StandardOptions


def test_each_game_is_found_by_name_and_by_each_of_its_objects() -> None:
    for options in (ChickenFootOptions.for_table(3), StandardOptions.for_table(2)):
        game = game_of(options)
        match = game.new_match(options)
        rnd = match.deal_next(random.Random(1))
        view = game.view(rnd, 0, 0, ())
        assert {game_of(thing) for thing in (options, match.rules, rnd, view)} == {game}
        assert game_named(game.name) is game and GAMES[game.name] is game
    assert game_of(ChickenFootOptions()) is CHICKEN_FOOT and game_of(StandardOptions()) is STANDARD


def test_an_unknown_game_or_object_is_refused_clearly() -> None:
    with pytest.raises(KeyError, match="the games are chickenfoot, mexicantrain, standard"):
        game_named("mexican-train")
    with pytest.raises(TypeError, match="belongs to no game"):
        game_of(object())


def test_a_round_comes_back_from_its_stored_deal_and_its_record() -> None:
    for options in (ChickenFootOptions.for_table(4), StandardOptions.for_table(4, mode="bergen", target=None)):
        game = game_of(options)
        match = new_match(options)
        rnd = match.deal_next(random.Random(7))
        again = game.round_from_deal(options, rnd.deal_fields())
        assert again.deal_fields() == rnd.deal_fields() and again.legal_moves() == rnd.legal_moves()
        read = game.read_round(options, None, 0, game.round_to_dict(rnd))
        assert read.deal_fields() == rnd.deal_fields()


def test_results_count_the_way_each_game_counts_them() -> None:
    assert CHICKEN_FOOT.result is ResultKind.PENALTIES and STANDARD.result is ResultKind.POINTS
    assert ResultKind.PENALTIES.value_for([10, 3, 7], 1) == -3
    assert ResultKind.POINTS.value_for([10, 4, 6], 0) == 5.0
    assert (CHICKEN_FOOT.noun, STANDARD.noun) == ("round", "hand")


def test_the_fast_playout_plays_a_whole_round_of_each_game() -> None:
    for options in (ChickenFootOptions.for_table(4), StandardOptions.for_table(2)):
        assert game_of(options).play_out(options, 0, random.Random(3)) > 0
