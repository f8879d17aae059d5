"""The analysis of a finished round: rated from the seat's knowledge only, and costly plays flagged."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from dominohall.bots import Bot
from dominohall.bots.analysis import Verdict, analyse_round, rate
from dominohall.bots.arena import play_match
from dominohall.bots.medium import MediumBot
from dominohall.bots.random_bot import RandomBot
from dominohall.engine.errors import IllegalMoveError
from dominohall.engine.match import Match
from dominohall.games import game_named, game_of, round_view
from dominohall.games.chickenfoot.rules.options import ChickenFootOptions
from dominohall.games.chickenfoot.rules.view import chicken_foot_view
from dominohall.games.standard.bots.line import points_of
from dominohall.games.standard.rules.options import StandardOptions
from dominohall.games.standard.rules.view import standard_view
from dominohall.search.knowledge import Knowledge

from .test_exact import open_positions


def _finished(options: Any, seed: int) -> Match[Any]:
    bots: list[Bot] = [RandomBot(), *(MediumBot() for _ in range(options.players - 1))]
    return play_match(options, bots, random.Random(f"deal{seed}"), random.Random(f"bots{seed}"))


def _replayed(match: Match[Any], deal: dict[str, Any]) -> Match[Any] | None:
    """The first round of ``match`` dealt as ``deal`` with the same moves, or None when a move breaks."""
    rnd = match.rounds[0]
    game = game_of(rnd)
    twin = game.round_from_deal(rnd.options, deal)
    try:
        for seat, move in rnd.history:
            twin.apply(move, seat)
    except IllegalMoveError:
        return None
    other = game.new_match(rnd.options)
    other.rounds.append(twin)
    return other


def _same_to_seat_zero(match: Match[Any]) -> Iterator[Match[Any]]:
    """Rounds that differ from ``match``'s first in the hidden hands only: two tiles that seats 1 and 2 kept
    to the end swapped, where every recorded move stays legal."""
    rnd = match.rounds[0]
    kept = [set(rnd.hand_tiles(seat)) & set(rnd.dealt[seat]) for seat in (1, 2)]
    for one in sorted(kept[0]):
        for two in sorted(kept[1]):
            deal = rnd.deal_fields()
            deal["hands"][1] = [two if t == one else t for t in deal["hands"][1]]
            deal["hands"][2] = [one if t == two else t for t in deal["hands"][2]]
            twin = _replayed(match, deal)
            if twin is not None:
                yield twin


@pytest.mark.parametrize(
    "options", [ChickenFootOptions.for_table(4, length="one"), StandardOptions.for_table(3, target=None)]
)
def test_two_deals_alike_to_the_seat_give_the_same_analysis(options: Any) -> None:
    for seed in range(30):
        match = _finished(options, seed)
        twin = next(_same_to_seat_zero(match), None)
        if twin is None:
            continue
        assert twin.rounds[0].dealt != match.rounds[0].dealt
        for before, after in zip(match.rounds[0].history, twin.rounds[0].history, strict=True):
            assert before == after
        first = analyse_round(match, 0, 0, samples=40, rng=random.Random(9))
        if not first.decisions:
            continue
        assert analyse_round(twin, 0, 0, samples=40, rng=random.Random(9)) == first
        return
    pytest.fail("no pair of deals alike to seat 0 was found")


def test_the_analysis_of_a_seat_reads_its_views_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rollouts get hands that the seat's knowledge sampled, never the round's real hidden hands."""
    match = _finished(ChickenFootOptions.for_table(3, length="one"), 2)
    rnd = match.rounds[0]
    real = {seat: sorted(rnd.dealt[seat]) for seat in (1, 2)}
    seen: list[list[list[int]]] = []
    original = Knowledge.sample

    def spy(self: Any, rng: random.Random) -> Any:
        hands, boneyard = original(self, rng)
        seen.append([sorted(hand) for hand in hands])
        return hands, boneyard

    monkeypatch.setattr(Knowledge, "sample", spy)
    analyse_round(match, 0, 0, samples=30, rng=random.Random(1))
    assert seen and sum(hands[1] == real[1] and hands[2] == real[2] for hands in seen) < len(seen)


def test_a_play_that_throws_away_points_at_once_is_a_blunder() -> None:
    """All Fives: a seat that could score 20 or more at once and scores nothing is told so."""
    options = StandardOptions.for_table(2, mode="allfives", target=None)
    for seed in range(300):
        rng = random.Random(seed)
        match = game_of(options).new_match(options)
        rnd = match.deal_next(rng)
        while rnd.end is None:
            view = standard_view(rnd, rnd.turn)
            plays = [m for m in view.legal_moves if m.is_play()]
            scored = {m: points_of(view.open_ends, view.spinner, view.spinner_open, m, mode="allfives") for m in plays}
            if rnd.turn == 0 and scored and max(scored.values()) >= 20 and min(scored.values()) == 0:
                worst = min(plays, key=scored.__getitem__)
                number = len(rnd.history)
                rnd.apply(worst, 0)
                while rnd.end is None:
                    rnd.apply(MediumBot().choose(round_view(rnd, rnd.turn), rng), rnd.turn)
                analysis = analyse_round(match, 0, 0, samples=150, rng=random.Random(2))
                decision = next(d for d in analysis.decisions if d.move == number)
                assert decision.played == worst and decision.loss >= 15
                assert decision.verdict in (Verdict.MISTAKE, Verdict.BLUNDER)
                return
            rnd.apply(MediumBot().choose(view, rng), rnd.turn)
    pytest.fail("no position with 20 points on offer was found")


def test_only_a_finished_round_is_analysed_and_forced_moves_are_not_rated() -> None:
    options = ChickenFootOptions.for_table(4, length="one")
    match = game_of(options).new_match(options)
    match.deal_next(random.Random(1))
    with pytest.raises(ValueError, match="finished"):
        analyse_round(match, 0, 0)
    finished = _finished(options, 5)
    analysis = analyse_round(finished, 0, 0, samples=20, rng=random.Random(3))
    assert all(decision.choices > 1 for decision in analysis.decisions)
    assert analysis.to_dict()["format"] == "dominohall/analysis@1"


@pytest.mark.parametrize("mode", ["draw", "allfives", "bergen"])
def test_every_legal_play_is_one_of_the_candidates_rated(mode: str) -> None:
    """A play that ``candidates`` folded into another (the same outcome) is rated as that one."""
    options = StandardOptions.for_table(4, mode=mode, target=None)
    search = game_named("standard").bots.search
    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        rnd = game_of(options).new_match(options).deal_next(rng)
        while rnd.end is None:
            view = standard_view(rnd, rnd.turn)
            candidates = search.candidates(view)
            for move in view.legal_moves:
                if move.is_play():
                    assert search.key_of(view, move) in candidates
                    checked += 1
            rnd.apply(rng.choice(view.legal_moves), rnd.turn)
    assert checked > 500


def test_every_chicken_foot_play_is_one_of_the_candidates_rated() -> None:
    options = ChickenFootOptions.for_table(4, length="one")
    search = game_named("chickenfoot").bots.search
    for seed in range(10):
        rng = random.Random(seed)
        rnd = game_of(options).new_match(options).deal_next(rng)
        while rnd.end is None:
            view = chicken_foot_view(rnd, rnd.turn)
            candidates = search.candidates(view)
            assert all(search.key_of(view, m) in candidates for m in view.legal_moves if m.is_play())
            rnd.apply(rng.choice(view.legal_moves), rnd.turn)


def test_the_analysis_values_a_hand_with_nothing_hidden_exactly() -> None:
    """Two hands of fourteen share the whole double-six set, so each seat knows the other's hand: in such
    block hands the analysis gives every play its minimax value (the exact solve, not a greedy rollout), and
    no sampling error."""
    checked = 0
    for rnd, values in open_positions(4, 80, 10):
        view = standard_view(rnd, rnd.turn)
        worst = min(values, key=values.__getitem__)
        decision = rate(view, worst, 0, 3, random.Random(5))
        if decision is None:
            continue
        assert (decision.played_value, decision.best_value) == (values[worst], max(values.values()))
        assert decision.error == 0 and values[decision.best] == max(values.values())
        checked += 1
    assert checked > 20
