"""Mexican Train's fair deal (docs/fairness.md): a pure function of the seed, dealt as the usual deal is."""

from __future__ import annotations

import pytest

from dominohall.engine.centre_deals import fair_deal, split_deal
from dominohall.engine.fair import DealSeed
from dominohall.engine.tiles import double, set_tiles
from dominohall.games.mexicantrain.rules.match import MexicanTrainRules
from dominohall.games.mexicantrain.rules.options import MexicanTrainOptions


def seed_of(round_number: int, secret: bytes = bytes(range(32)), contribution: str = "ab" * 16) -> DealSeed:
    """A seed for round ``round_number`` (1-based) of one table's first match."""
    return DealSeed("MexTrain001", 1, round_number, secret, (contribution, None))


@pytest.mark.parametrize(
    "options",
    [MexicanTrainOptions.for_table(4), MexicanTrainOptions.for_table(8), MexicanTrainOptions.for_table(3, top=9)],
)
def test_a_fair_deal_is_the_set_less_the_engine(options: MexicanTrainOptions) -> None:
    for index in range(3):
        deal = fair_deal(options, index, seed_of(index + 1))
        assert [len(hand) for hand in deal.hands] == [options.hand] * options.players
        dealt = [*deal.boneyard, *(x for hand in deal.hands for x in hand), double(options.round_number(index))]
        assert sorted(dealt) == list(set_tiles(options.top))
        assert (deal.first is not None) == (index == 0)


def test_the_deal_is_a_pure_function_of_the_seed() -> None:
    options = MexicanTrainOptions.for_table(4)
    assert fair_deal(options, 0, seed_of(1)) == fair_deal(options, 0, seed_of(1))
    assert fair_deal(options, 0, seed_of(1)) != fair_deal(options, 0, seed_of(1, contribution="cd" * 16))
    assert fair_deal(options, 0, seed_of(1)) != fair_deal(options, 0, seed_of(1, secret=bytes(32)))


def test_seeded_rounds_follow_the_match_rules() -> None:
    options = MexicanTrainOptions.for_table(5)
    rules = MexicanTrainRules(options)
    first = rules.deal_seeded(0, None, seed_of(1))
    second = rules.deal_seeded(1, first, seed_of(2))
    assert first.number == 12 and second.number == 11 and second.first == (first.first + 1) % 5
    assert [list(hand) for hand in first.dealt] == fair_deal(options, 0, seed_of(1)).hands


def test_a_prepared_order_must_be_the_set() -> None:
    with pytest.raises(ValueError, match="every tile"):
        split_deal(MexicanTrainOptions.for_table(2), 12, [0, 1, 2])
