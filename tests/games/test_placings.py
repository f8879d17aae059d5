"""Each game's descriptor places the seats of a finished match: winners first, ties and partners sharing."""

from __future__ import annotations

import random
from typing import Any

import pytest

from dominohall.bots import make_bot
from dominohall.games import GAMES, game_named, round_view
from dominohall.games.game import ResultKind


def finished(game_name: str, settings: dict[str, Any], seed: int) -> Any:
    """A match of ``game_name`` played to its end by easy bots."""
    game = game_named(game_name)
    match = game.new_match(game.from_settings(settings))
    rng, bot = random.Random(seed), make_bot("easy")
    while not match.is_over():
        rnd = match.deal_next(rng)
        while rnd.end is None:
            seat = rnd.turn
            rnd.apply(bot.choose(round_view(rnd, seat, len(match.rounds) - 1, tuple(match.totals())), rng), seat)
    return match


@pytest.mark.parametrize("name", list(GAMES))
def test_winners_are_first_and_the_others_follow_their_totals(name: str) -> None:
    game = game_named(name)
    settings = {"players": 3} if name != "standard" else {"players": 3, "mode": "allfives", "target": 50}
    for seed in range(6):
        match = finished(name, settings, seed)
        places, totals, options = game.placings(match), match.totals(), match.rules.options
        assert {places[seat] for seat in match.winners()} == {1}
        assert all(place > 1 for seat, place in enumerate(places) if seat not in match.winners())
        for a in range(options.players):
            for b in range(options.players):
                if a in match.winners() or b in match.winners():
                    continue
                better = game.result.value_for(totals, options.side_of(a)) > game.result.value_for(
                    totals, options.side_of(b)
                )
                assert (places[a] < places[b]) == better


def test_partners_share_their_place() -> None:
    game = game_named("standard")
    match = finished("standard", {"players": 4, "partners": True, "mode": "allfives", "target": 50}, 3)
    places = game.placings(match)
    assert places[0] == places[2] and places[1] == places[3] and sorted({places[0], places[1]}) == [1, 2]
    assert game.result is ResultKind.POINTS
