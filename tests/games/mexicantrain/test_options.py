"""Mexican Train's settings: the table's defaults, refusals that name the setting, and the settings schema."""

from __future__ import annotations

from typing import Any

import pytest

from dominohall.engine.errors import OptionsError
from dominohall.engine.settings import read_settings
from dominohall.games.mexicantrain.rules.options import SETTINGS, MexicanTrainOptions


@pytest.mark.parametrize(("players", "hand"), [(2, 15), (3, 15), (4, 15), (5, 12), (6, 12), (7, 10), (8, 10)])
def test_the_table_deals_by_players_on_double_twelve(players: int, hand: int) -> None:
    options = MexicanTrainOptions.for_table(players)
    assert (options.top, options.hand, options.length) == (12, hand, "full")
    assert (options.blank_double, options.limit) == (50, None)
    assert options.house_settings() == [] and options.round_count() == 13


def test_defaults() -> None:
    options = MexicanTrainOptions.for_table()
    assert options == MexicanTrainOptions() and options.players == 4 and options.sides() == 4
    assert options.side_of(3) == 3


def test_lengths_and_engines() -> None:
    assert MexicanTrainOptions.for_table(length="half").round_count() == 7
    assert MexicanTrainOptions.for_table(length="one").round_count() == 1
    assert MexicanTrainOptions.for_table(top=15, hand=12).round_count() == 16
    options = MexicanTrainOptions.for_table(limit=200)
    assert options.round_count() is None and options.house_settings() == ["limit"]
    assert [options.round_number(i) for i in (0, 1, 12, 13)] == [12, 11, 0, 12]
    assert not options.is_match_over([200, 0, 0, 0], 30) and options.is_match_over([201, 0, 0, 0], 1)
    assert MexicanTrainOptions.for_table(length="one").is_match_over([0] * 4, 1)


def test_a_house_set_takes_a_hand_that_fits() -> None:
    assert MexicanTrainOptions.for_table(4, top=9).hand == 13
    assert MexicanTrainOptions.for_table(8, top=9).hand == 6
    assert MexicanTrainOptions.for_table(4, top=15).hand == 15
    options = MexicanTrainOptions.for_table(4, top=9, hand=10)
    assert options.house_settings() == ["set", "hand"]


@pytest.mark.parametrize(
    ("given", "field"),
    [
        ({"players": 1}, "players"),
        ({"players": 9}, "players"),
        ({"top": 6}, "set"),
        ({"hand": 0, "top": 9}, "hand"),
        ({"hand": 14}, "hand"),
        ({"players": 8, "top": 9, "hand": 7}, "hand"),
        ({"length": "long"}, "length"),
        ({"blank_double": 10}, "blank_double"),
        ({"limit": 0}, "limit"),
    ],
)
def test_refusals_name_the_setting(given: dict[str, Any], field: str) -> None:
    with pytest.raises(OptionsError) as raised:
        MexicanTrainOptions.for_table(**given)
    assert raised.value.field == field
    assert str(raised.value)


def test_the_record_options_round_trip() -> None:
    options = MexicanTrainOptions.for_table(5, top=15, hand=20, length="half", blank_double=0, limit=300)
    data = options.to_dict()
    assert list(data) == ["players", "set", "hand", "length", "blank_double", "limit"]
    assert MexicanTrainOptions.from_dict(data) == options
    for key, bad in (("players", "4"), ("set", None), ("length", 3), ("limit", True)):
        with pytest.raises(OptionsError) as raised:
            MexicanTrainOptions.from_dict({**data, key: bad})
        assert raised.value.field == key


@pytest.mark.parametrize(
    "options",
    [
        MexicanTrainOptions.for_table(),
        MexicanTrainOptions.for_table(7, length="one", blank_double=25),
        MexicanTrainOptions.for_table(3, top=9),
        MexicanTrainOptions.for_table(2, top=15, hand=30, limit=150),
    ],
)
def test_settings_round_trip_through_the_schema(options: MexicanTrainOptions) -> None:
    chosen = options.chosen_settings()
    assert MexicanTrainOptions.from_settings(read_settings(SETTINGS, chosen)) == options
    assert MexicanTrainOptions.from_settings(read_settings(SETTINGS, options.to_dict())) == options


def test_the_schema_lists_the_record_options() -> None:
    assert [s.name for s in SETTINGS] == ["players", "set", "hand", "length", "blank_double", "limit"]
    assert [s.name for s in SETTINGS if s.house] == ["set", "hand", "limit"]
    assert next(s for s in SETTINGS if s.name == "blank_double").choices == (50, 25, 0)
    with pytest.raises(OptionsError) as raised:
        read_settings(SETTINGS, {"players": 12})
    assert raised.value.field == "players"
