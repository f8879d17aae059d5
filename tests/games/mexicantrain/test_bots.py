"""Mexican Train's bot parts: the reading of the history is sound, the rollouts play what they say, and every
level plays legal moves through the same doors as the other games."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from dominohall.bots import make_bot
from dominohall.bots.arena import play_match
from dominohall.bots.hard import HardBot
from dominohall.engine.moves import SHARED_TRAIN, Move
from dominohall.engine.tiles import HIGH, LOW
from dominohall.games.mexicantrain.bots import PARTS, holdings, position, score
from dominohall.games.mexicantrain.bots.rollouts import rollout, weights
from dominohall.games.mexicantrain.rules.options import MexicanTrainOptions
from dominohall.games.mexicantrain.rules.round import MexicanTrainRound, deal_round
from dominohall.games.mexicantrain.rules.view import mexican_train_view as round_view
from dominohall.games.records import SeatInfo, export_record, verify
from dominohall.search.knowledge import Knowledge


def heaviest_move(rnd: MexicanTrainRound) -> Move:
    """The engine's way to the rollouts' policy: the heaviest playable tile (the higher id of equal weights),
    on the first train in the order own, Mexican, marked ones that shows its high number, else its low one."""
    legal = rnd.legal_moves()
    plays = [move for move in legal if move.is_play()]
    if not plays:
        return legal[0]
    weight = weights(rnd.options)
    tile = max((move.tile for move in plays), key=lambda t: (weight[t], t))
    order = [
        rnd.turn,
        SHARED_TRAIN,
        *sorted(move.train for move in plays if move.train not in (rnd.turn, SHARED_TRAIN)),
    ]
    fits = {move.train: move for move in plays if move.tile == tile}
    ends = {train: rnd.open_at[rnd.train_index(train)] for train in fits}
    for number in (HIGH[tile], LOW[tile]):
        for train in order:
            if train in fits and ends[train] == number:
                return fits[train]
    raise AssertionError("a legal play fits some train")


@pytest.mark.parametrize("players", [2, 4, 8])
def test_a_rollout_plays_out_what_the_engine_plays_with_the_same_policy(players: int) -> None:
    options = MexicanTrainOptions.for_table(players)
    for seed in range(30):
        rnd = deal_round(options, 12, seed % players, random.Random(seed))
        rng = random.Random(seed)
        for _ in range(rng.randrange(40)):  # a random position some way into the round
            if rnd.end is not None:
                break
            moves = rnd.legal_moves()
            rnd.apply(moves[rng.randrange(len(moves))])
        if rnd.end is not None or not rnd.legal_moves()[0].is_play():
            continue
        first = heaviest_move(rnd)
        view = round_view(rnd, rnd.turn)
        hands = [[t for t in range(len(HIGH)) if hand >> t & 1] for hand in rnd.hands]
        boneyard = list(rnd.boneyard[rnd.drawn_count :])
        index = options.players if first.train == SHARED_TRAIN else first.train
        predicted = rollout(options, position(view), hands, boneyard, (first.tile, index))
        while rnd.end is None:
            rnd.apply(heaviest_move(rnd))
        assert predicted == [sum(weights(options)[t] for t in range(len(HIGH)) if hand >> t & 1) for hand in rnd.hands]


def test_the_reading_of_draws_and_passes_never_rules_out_a_tile_a_seat_holds() -> None:
    options = MexicanTrainOptions.for_table(4)
    checked = 0
    for seed in range(60):
        rnd = deal_round(options, 12, seed % 4, random.Random(seed))
        rng = random.Random(seed)
        while rnd.end is None:
            seat = rnd.turn
            knowledge = Knowledge.from_view(round_view(rnd, seat), PARTS.reading)
            for other, hand in enumerate(rnd.hands):
                assert other == seat or not knowledge.voids[other] & hand, f"seed {seed}: seat {other}"
            checked += 1
            moves = rnd.legal_moves()
            rnd.apply(moves[rng.randrange(len(moves))])
    assert checked > 3000


def test_the_reading_learns_from_a_pass_what_the_passer_could_not_lay() -> None:
    options = MexicanTrainOptions.for_table(4)
    for seed in range(200):
        rnd = deal_round(options, 12, 0, random.Random(seed))
        while rnd.end is None and not any(move.kind == "pass" for _, move in rnd.history):
            rnd.apply(rnd.legal_moves()[0])
        if rnd.end is None:
            break
    passer = next(seat for seat, move in rnd.history if move.kind == "pass")
    read = holdings(round_view(rnd, (passer + 1) % 4))[passer]
    assert read.held or read.kept, "a pass forbids the passer the tiles it could have laid"


def test_the_medium_scorer_marks_down_a_double_nothing_of_ours_can_cover() -> None:
    options = MexicanTrainOptions.for_table(4)
    lonely = covered = 0
    for seed in range(20):
        rnd, rng = deal_round(options, 12, 0, random.Random(seed)), random.Random(seed)
        while rnd.end is None:
            view = round_view(rnd, rnd.turn)
            numbers: Counter[int] = Counter(n for t in view.hand for n in {HIGH[t], LOW[t]})
            for move in view.legal_moves:
                if move.is_play() and HIGH[move.tile] == LOW[move.tile] and view.uncovered < 0:
                    helpers = numbers[HIGH[move.tile]] - 1
                    value = score(view, move, numbers)
                    shed = weights(options)[move.tile]  # the weight the play sheds
                    assert value < shed if helpers == 0 else value > shed
                    lonely += helpers == 0
                    covered += helpers > 0
            rnd.apply(view.legal_moves[rng.randrange(len(view.legal_moves))])
    assert lonely and covered


@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard"])
def test_each_bot_level_plays_whole_legal_matches(level: str) -> None:
    options = MexicanTrainOptions.for_table(4, length="one")
    bots = [HardBot(simulations=8) if level == "hard" else make_bot(level), *[make_bot("easy")] * 3]
    for seed in range(2):
        match = play_match(options, bots, random.Random(seed), random.Random(seed))
        record = export_record(match, [SeatInfo(f"Bot {seat}") for seat in range(4)])
        assert match.is_over() and verify(record) == []
