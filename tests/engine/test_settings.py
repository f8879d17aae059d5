"""The settings schema reads a host's values, refusing what does not fit with the setting's name."""

from __future__ import annotations

import pytest

from dominohall.engine.errors import OptionsError
from dominohall.engine.settings import CHOICE, FLAG, WHOLE, Setting, read_settings

SCHEMA = (
    Setting("players", WHOLE, "Players", "seats", low=2, high=4),
    Setting("set", CHOICE, "Set", "the set", choices=(6, 9), unit="double-{}"),
    Setting("partners", FLAG, "Partners", "teams"),
    Setting("target", WHOLE, "Target", "points", low=1, high=100, nullable=True, auto="by-mode"),
)


def test_values_are_read_and_defaults_left_out() -> None:
    assert read_settings(SCHEMA, {"players": 3, "set": 9, "partners": True}) == {
        "players": 3,
        "set": 9,
        "partners": True,
    }
    assert read_settings(SCHEMA, {"players": None, "target": "by-mode"}) == {}
    assert read_settings(SCHEMA, {"target": None}) == {"target": None}


@pytest.mark.parametrize(
    ("values", "field", "words"),
    [
        ({"players": 5}, "players", "from 2 to 4"),
        ({"players": True}, "players", "whole number"),
        ({"players": "3"}, "players", "whole number"),
        ({"set": 12}, "set", "double-6 or double-9, not 12"),
        ({"set": True}, "set", "double-6 or double-9"),
        ({"partners": "on"}, "partners", "true or false"),
        ({"target": "lots"}, "target", "from 1 to 100"),
        ({"mode": "draw"}, "mode", "not a setting"),
    ],
)
def test_what_does_not_fit_is_refused_naming_the_setting(values: dict[str, object], field: str, words: str) -> None:
    with pytest.raises(OptionsError) as refused:
        read_settings(SCHEMA, values)
    assert refused.value.field == field and words in str(refused.value)
