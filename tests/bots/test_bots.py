"""Bots play only legal moves, see only their seat's view, infer soundly, and repeat themselves on demand."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import pytest

from dominohall.bots import make_bot
from dominohall.bots.arena import play_match
from dominohall.bots.hard import HardBot
from dominohall.bots.medium import MediumBot
from dominohall.engine.moves import Move
from dominohall.engine.tiles import HIGH, PIPS, set_size, tiles_of
from dominohall.engine.tiles import parse_tile as t
from dominohall.games import View, game_named, game_of, round_view
from dominohall.games.chickenfoot.rules.match import ChickenFootRules
from dominohall.games.chickenfoot.rules.options import ChickenFootOptions
from dominohall.games.chickenfoot.rules.round import ChickenFootRound, deal_round
from dominohall.games.chickenfoot.rules.view import ChickenFootView, chicken_foot_view
from dominohall.games.standard.rules.options import MODES, StandardOptions
from dominohall.games.standard.rules.round import StandardRound, deal_hand
from dominohall.games.standard.rules.view import StandardView
from dominohall.search.knowledge import Knowledge


def positions(
    count: int, seed: int, players: Sequence[int] = range(2, 9)
) -> Iterator[tuple[ChickenFootRound, ChickenFootView]]:
    """Rounds of every player count (of ``players``: by default those of double-nine and double-twelve) played
    at random up to some point, with the view of the seat to move."""
    rng = random.Random(seed)
    for index in range(count):
        options = ChickenFootOptions.for_table(players[index % len(players)], start_toes=rng.choice([4, 6]))
        rnd = deal_round(options, rng.randrange(options.top + 1), rng.randrange(options.players), rng)
        for _ in range(rng.randrange(90)):
            if rnd.end is not None:
                break
            rnd.apply(rng.choice(rnd.legal_moves()))
        if rnd.end is None:
            yield rnd, chicken_foot_view(rnd, rnd.turn)


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_bot_returns_only_legal_moves(level: str) -> None:
    bot, rng = make_bot(level), random.Random(1)
    for rnd, view in positions(3000, seed=2):
        assert bot.choose(view, rng) in rnd.legal_moves()


def test_hard_bot_returns_only_legal_moves() -> None:
    bot, rng = HardBot(simulations=3), random.Random(1)
    for rnd, view in positions(400, seed=3):
        assert bot.choose(view, rng) in rnd.legal_moves()


TWELVE_SEATS = range(9, 13)
"""The player counts of double-fifteen."""


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_bot_returns_only_legal_moves_at_nine_to_twelve_seats(level: str) -> None:
    bot, rng = make_bot(level), random.Random(1)
    for rnd, view in positions(800, seed=4, players=TWELVE_SEATS):
        assert rnd.options.top == 15
        assert bot.choose(view, rng) in rnd.legal_moves()


def test_hard_bot_choices_are_legal_at_twelve_seats_on_double_fifteen() -> None:
    """Tile ids up to 135 and up to twelve hands: every choice of the search is a legal move of the position,
    and each candidate's value is minus a penalty some hand of the set could carry."""
    bot, rng, searched = HardBot(simulations=4), random.Random(2), 0
    worst = sum(PIPS[: set_size(15)]) + 50
    for rnd, view in positions(300, seed=5, players=TWELVE_SEATS):
        assert bot.choose(view, rng) in rnd.legal_moves()
        keys = list(game_named("chickenfoot").bots.search.candidates(view))
        if len(keys) > 1:
            searched += 1
            assert all(-worst <= value <= 0 for value in bot.race(view, keys, rng).final_means())
    assert searched > 100, searched


def test_hard_bot_on_its_clock_decides_at_twelve_seats() -> None:
    """On its clock (as the site runs it, with a shorter budget) at twelve seats: its choices are legal."""
    bot, rng = HardBot(budget_ms=30), random.Random(3)
    for rnd, view in positions(24, seed=6, players=[12]):
        assert bot.choose(view, rng) in rnd.legal_moves()


def others_tiles(rnd: ChickenFootRound, seat: int) -> set[int]:
    """Every tile hidden from ``seat``: other hands and the undrawn boneyard."""
    hidden = {t for other in range(rnd.options.players) if other != seat for t in tiles_of(rnd.hands[other])}
    return hidden | set(rnd.boneyard[rnd.drawn_count :])


class SpyBot:
    """A random bot that checks, at every turn, that nothing hidden from its seat reached it."""

    name = "spy"

    def __init__(self, rounds: list[ChickenFootRound]) -> None:
        self.rounds = rounds
        self.turns = 0

    def choose(self, view: View, rng: random.Random) -> Move:
        assert isinstance(view, ChickenFootView) and view.seat is not None
        rnd = self.rounds[-1]
        hidden = others_tiles(rnd, view.seat)
        assert not set(view.hand) & hidden
        assert {t for t, _ in view.placed} == {m.tile for _, m in rnd.history if m.is_play()}
        assert all(m.tile == -1 for seat, m in view.history if m.kind == "draw" and seat != view.seat)
        assert view.final_hands is None and view.hand_sizes == tuple(h.bit_count() for h in rnd.hands)
        self.turns += 1
        return rng.choice(view.legal_moves)


def test_bots_receive_only_their_seats_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """Through a whole match, what a bot is given holds no tile of another hand or of the boneyard."""
    rounds: list[ChickenFootRound] = []

    made = ChickenFootRules.new_round

    def tracked_deal(
        self: ChickenFootRules, number: int, first: int, hands: list[list[int]], boneyard: list[int]
    ) -> ChickenFootRound:
        rounds.append(made(self, number, first, hands, boneyard))
        return rounds[-1]

    monkeypatch.setattr(ChickenFootRules, "new_round", tracked_deal)
    spy = SpyBot(rounds)
    options = ChickenFootOptions.for_table(4, length="half")
    play_match(options, [spy, MediumBot(), spy, MediumBot()], random.Random(4), random.Random(5))
    assert len(rounds) == 5 and spy.turns > 100


def assert_sample_fits(view: View, knowledge: Knowledge, hands: list[list[int]], boneyard: list[int]) -> None:
    """A sampled deal has the view's sizes, uses exactly the unseen tiles and breaks no void."""
    assert len(boneyard) == view.boneyard_size
    assert sorted([*boneyard, *(t for hand in hands for t in hand)]) == sorted(knowledge.unseen)
    for seat, hand in enumerate(hands):
        if seat != view.seat:
            assert len(hand) == view.hand_sizes[seat]
            assert not any(knowledge.voids[seat] >> t & 1 for t in hand), (seat, hand)


def test_samples_respect_voids_and_sizes() -> None:
    rng = random.Random(8)
    for _, view in positions(300, seed=9):
        knowledge = Knowledge.from_view(view, game_of(view).bots.reading)
        for _ in range(5):
            assert_sample_fits(view, knowledge, *knowledge.sample(rng))


def test_samples_respect_voids_and_sizes_at_nine_to_twelve_seats() -> None:
    rng = random.Random(10)
    for _, view in positions(300, seed=11, players=TWELVE_SEATS):
        knowledge = Knowledge.from_view(view, game_of(view).bots.reading)
        for _ in range(5):
            assert_sample_fits(view, knowledge, *knowledge.sample(rng))


def test_samples_respect_voids_when_every_tile_is_dealt() -> None:
    """Four hands of seven from double-six (partners, block): no boneyard to absorb a clash, so the seats
    with voids must leave room for each other; tight cases come up in about 1% of samples."""
    rng = random.Random(16)
    options = StandardOptions(players=4, top=6, hand=7, mode="block", partners=True)
    tight = 0
    for index in range(1500):
        rnd = deal_hand(options, None, rng)
        for _ in range(4 + index % 20):
            if rnd.end is not None:
                break
            rnd.apply(rng.choice(rnd.legal_moves()))
        if rnd.end is not None:
            continue
        view = round_view(rnd, rnd.turn)
        knowledge = Knowledge.from_view(view, game_of(view).bots.reading)
        tight += sum(1 for s in range(4) if knowledge.voids[s] and s != view.seat) >= 2
        for _ in range(8):
            assert_sample_fits(view, knowledge, *knowledge.sample(rng))
    assert tight > 100


def test_hard_bot_in_deterministic_mode_repeats_itself() -> None:
    bot = HardBot(simulations=8)
    for _, view in list(positions(60, seed=10))[:25]:
        first = bot.choose(view, random.Random(3))
        assert all(bot.choose(view, random.Random(3)) == first for _ in range(2))


def test_unknown_bot_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("grandmaster")


def standard_positions(count: int, seed: int) -> Iterator[tuple[StandardRound, StandardView]]:
    """Standard hands of every mode and player count played at random up to some point."""
    rng = random.Random(seed)
    for index in range(count):
        mode = MODES[index % len(MODES)]
        players = 2 + index % 3
        options = StandardOptions.for_table(players, mode=mode, partners=players == 4 and index % 2 == 0)
        rnd = deal_hand(options, None, rng)
        for _ in range(rng.randrange(25)):
            if rnd.end is not None:
                break
            rnd.apply(rng.choice(rnd.legal_moves()))
        if rnd.end is None:
            view = round_view(rnd, rnd.turn)
            assert isinstance(view, StandardView)
            yield rnd, view


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_bot_returns_only_legal_standard_moves(level: str) -> None:
    bot, rng = make_bot(level), random.Random(1)
    for rnd, view in standard_positions(3000, seed=12):
        assert bot.choose(view, rng) in rnd.legal_moves()


def test_hard_bot_returns_only_legal_standard_moves() -> None:
    bot, rng = HardBot(simulations=3), random.Random(1)
    for rnd, view in standard_positions(400, seed=13):
        assert bot.choose(view, rng) in rnd.legal_moves()


def test_standard_knowledge_never_contradicts_the_hidden_truth() -> None:
    checked = 0
    for rnd, view in standard_positions(2000, seed=14):
        knowledge = Knowledge.from_view(view, game_of(view).bots.reading)
        hidden = {t for seat in range(rnd.options.players) if seat != rnd.turn for t in rnd.hand_tiles(seat)}
        assert set(knowledge.unseen) == hidden | set(rnd.boneyard[rnd.drawn_count :])
        for seat in range(rnd.options.players):
            if seat != rnd.turn:
                assert rnd.hands[seat] & knowledge.voids[seat] == 0
                checked += knowledge.voids[seat] != 0
    assert checked > 300


def test_medium_takes_the_points_on_offer_in_all_fives() -> None:
    """On a 5-5 spinner, 5-0 leaves 10 + 0 open (10 points) while the heavier 6-5 leaves 16 (none)."""
    options = StandardOptions.for_table(2, mode="allfives", target=None)
    rnd = StandardRound(options, 0, [[t("5-5"), t("1-1")], [t("6-5"), t("5-0"), t("6-6")]], [t("3-2")])
    rnd.apply(Move.play(t("5-5"), -1), 0)
    view = round_view(rnd, 1)
    assert isinstance(view, StandardView)
    assert MediumBot().choose(view, random.Random(0)).tile == t("5-0")


def test_hard_bot_in_deterministic_mode_repeats_itself_in_the_standard_game() -> None:
    bot = HardBot(simulations=6)
    for _, view in list(standard_positions(80, seed=15))[:25]:
        first = bot.choose(view, random.Random(3))
        assert bot.choose(view, random.Random(3)) == first


def two_threes(mode: str) -> StandardView:
    """Seat 0 to play 3-1 or 3-0 on a line whose ends both show 3: on the 3-2, and on the double 3-3."""
    options = StandardOptions.for_table(2, mode=mode, target=None)
    hands = [[t("3-3"), t("5-2"), t("3-1"), t("3-0")], [t("5-3"), t("3-2"), t("6-6"), t("6-5")]]
    rnd = StandardRound(options, 0, hands, [t("6-4"), t("6-1")])
    for seat, tile, on in ((0, "3-3", -1), (1, "5-3", t("3-3")), (0, "5-2", t("5-3")), (1, "3-2", t("5-2"))):
        rnd.apply(Move.play(t(tile), on), seat)
    view = round_view(rnd, 0)
    assert isinstance(view, StandardView) and sorted(n for _, n in view.open_ends) == [3, 3]
    return view


def test_each_distinct_standard_play_is_a_candidate_once() -> None:
    """In the draw game two ends showing 3 are alike, so each tile is rolled out once; in All Fives the
    3-3 at one end is the spinner and the 3-2 is not, so the two plays of a tile stay apart."""
    draw = two_threes("draw")
    assert len(draw.legal_moves) == 4
    candidates = game_named("standard").bots.search.candidates(draw)
    assert sorted(move.tile for move in candidates.values()) == [t("3-0"), t("3-1")]
    fives = two_threes("allfives")
    assert len(fives.legal_moves) == 4 and len(game_named("standard").bots.search.candidates(fives)) == 4


def test_each_distinct_chicken_foot_play_is_a_candidate_once() -> None:
    """Lines showing the same number are alike: over many positions, no two candidates share a tile and
    the number it is laid against, and every legal play has one."""
    for _, view in positions(300, seed=17):
        candidates = game_named("chickenfoot").bots.search.candidates(view)
        assert len(set(candidates)) == len(candidates) and set(candidates.values()) <= set(view.legal_moves)
        ends = dict(view.open_ends)
        for move in view.legal_moves:
            if move.is_play():
                matched = HIGH[view.pending] if move.on == view.pending else ends[move.on]
                assert (move.tile, matched) in candidates
