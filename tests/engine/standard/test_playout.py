"""The standard fast playout agrees with the engine: same deal, legal moves only, same end and scores."""

from __future__ import annotations

import random

import pytest

from dominohall.engine.moves import Move
from dominohall.engine.tiles import ends
from dominohall.games.standard.rules.options import MODES, StandardOptions
from dominohall.games.standard.rules.playout import HandState, TraceStep, _choices, deal_and_play_out, play_on
from dominohall.games.standard.rules.round import deal_hand

from .stacked import finish


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(("players", "partners"), [(2, False), (3, False), (4, False), (4, True)], ids=str)
def test_playout_replays_through_the_engine_to_the_same_result(mode: str, players: int, partners: bool) -> None:
    for seed in range(40):
        options = StandardOptions.for_table(players, top=(6, 9, 12)[seed % 3], mode=mode, partners=partners)
        leader = None if seed % 2 else seed % players
        trace: list[TraceStep] = []
        result = deal_and_play_out(options, leader, random.Random(seed), trace)
        rnd = deal_hand(options, leader, random.Random(seed))
        for seat, kind, tile, on in trace:
            rnd.apply(Move(kind, tile, on), seat)
        assert (rnd.end, rnd.scores(), len(rnd.history)) == (result.end, result.scores, result.moves)
        assert rnd.winner()[1] == result.leader


@pytest.mark.parametrize("mode", MODES)
def test_playout_chooses_among_exactly_the_engines_legal_plays(mode: str) -> None:
    """At every point of random hands, the playout's choices are the engine's legal plays, each once."""
    for seed in range(30):
        rnd = deal_hand(StandardOptions.for_table(3, mode=mode), None, random.Random(seed))
        rng = random.Random(-seed)
        rnd.apply(rng.choice(rnd.legal_moves()))
        while rnd.end is None:
            end_tiles, end_numbers = [t for t, _ in rnd.ends], [n for _, n in rnd.ends]
            choices = _choices(rnd.hand_tiles(rnd.turn), end_tiles, end_numbers)
            plays = [(t, end_tiles[index]) for t, index in choices]
            legal = rnd.legal_moves()
            if rnd.drawn < 0:
                assert sorted(plays) == sorted((m.tile, m.on) for m in legal if m.is_play())
            rnd.apply(rng.choice(legal))
        finish(rnd)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("greedy", [False, True])
def test_play_on_from_the_middle_of_a_hand_agrees_with_the_engine(mode: str, greedy: bool) -> None:
    """From any point of a hand, with a chosen first play, every move of ``play_on`` is legal in the engine."""
    for seed in range(40):
        options = StandardOptions.for_table(2 + seed % 3, mode=mode)
        rnd = deal_hand(options, None, random.Random(seed))
        rng = random.Random(seed)
        for _ in range(rng.randrange(1, 12)):
            if rnd.end is not None:
                break
            rnd.apply(rng.choice(rnd.legal_moves()))
        plays = [m for m in rnd.legal_moves() if m.is_play()]
        if rnd.end is not None or not plays:
            continue
        first = rng.choice(plays)
        index = next(i for i, (last, n) in enumerate(rnd.ends) if last == first.on and n in ends(first.tile))
        state = HandState(
            [rnd.hand_tiles(seat) for seat in range(options.players)], rnd.boneyard, rnd.drawn_count,
            list(rnd.ends), rnd.spinner, rnd.spinner_open, list(rnd.points),
        )  # fmt: skip
        trace: list[TraceStep] = []
        result = play_on(options, state, rnd.turn, rng, trace=trace, first=(first.tile, index), greedy=greedy)
        assert trace[0] == (rnd.turn, "play", first.tile, first.on)
        for seat, kind, tile, on in trace:
            rnd.apply(Move(kind, tile, on), seat)
        assert (str(rnd.end), rnd.scores()) == (result.end, result.scores)  # str(): mypy keeps end narrowed to None
