"""A table's settings by game: the examples the settings module's docstrings gave before it named no game
(src/dominohall/tables/settings.py names none: a game is one folder)."""

from __future__ import annotations

from dominohall.tables.settings import default_settings, hands_that_fit, options_from_settings


def test_a_chicken_foot_hand_follows_the_players() -> None:
    assert options_from_settings("chickenfoot", {"players": 3}).hand == 14


def test_a_change_keeps_the_settings_it_does_not_name() -> None:
    four_toes = options_from_settings("chickenfoot", {"start_toes": 4})
    assert options_from_settings("chickenfoot", {"limit": 300}, four_toes).start_toes == 4  # type: ignore[union-attr]


def test_a_mexican_train_table_made_with_no_settings() -> None:
    assert default_settings("mexicantrain") == {"players": 4, "length": "full", "blank_double": 50, "limit": None}


def test_the_hands_that_fit_a_mexican_train_table() -> None:
    assert hands_that_fit("mexicantrain", {"players": 8, "set": 9}) == [1, 2, 3, 4, 5, 6]
    assert hands_that_fit("mexicantrain", {"players": 8}) == [10]
