"""A game's settings schema: each setting once, with its kind, range or choices, and its words.

A game's options class lists its settings (``SETTINGS``) and makes its options from checked values
(``from_settings``). The command line's arguments, the tables' checks of a host's settings, the site's form
and the table's rules line are all made from the schema, so no range is written twice.

>>> players = Setting("players", WHOLE, "Players", "how many seats", low=2, high=4)
>>> players.read(3)
3
>>> players.read(9)
Traceback (most recent call last):
...
dominohall.engine.errors.OptionsError: players must be a whole number from 2 to 4, not 9
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import OptionsError

WHOLE = "whole"
"""A whole number from ``low`` to ``high``."""
CHOICE = "choice"
"""One of ``choices`` (numbers or words)."""
FLAG = "flag"
"""On or off (true or false)."""

SCORE_LIMIT = 10_000
"""The highest score limit or target any game's table may set (so no number the store cannot hold)."""


@dataclass(frozen=True)
class Setting:
    """One setting of a game, by the record's option name."""

    name: str
    """The record's option name (``players``, ``set``, ``start_toes``)."""
    kind: str
    """``WHOLE``, ``CHOICE`` or ``FLAG``."""
    label: str
    """Its name for people, in English, as the site's form says it (the site's catalogs translate it)."""
    help: str
    """What it does, in a few English words (the command line's help)."""
    low: int = 0
    high: int = 0
    choices: tuple[int | str, ...] = ()
    nullable: bool = False
    """True when ``null`` is a value of its own (``none`` on the command line): no target, one hand decides."""
    house: bool = False
    """True for a house setting (off by default, and shown to everyone at the table when on)."""
    unit: str = "{}"
    """How one of the ``choices`` reads in a message (``double-{}``)."""
    auto: str = ""
    """A word that asks for the default, as not giving the setting does (``by-mode``: the mode's own target)."""
    note: str = ""
    """A line the site's form shows under the field, in English: more of what its choices mean."""
    other_label: str = ""
    """The label of the box where the form's "another number" is typed, in English (``label`` when empty)."""
    short: str = ""
    """Its name in a table's rules line when it is on, in English (``label`` when empty)."""

    def read(self, value: object) -> Any:
        """``value`` checked against the setting; ``OptionsError`` naming it when it does not fit."""
        if value is None and self.nullable:
            return None
        if self.kind == FLAG:
            if not isinstance(value, bool):
                raise OptionsError(f"{self.name} is true or false", self.name)
            return value
        if self.kind == WHOLE:
            if not _is_whole(value) or not self.low <= value <= self.high:  # type: ignore[operator]
                raise OptionsError(
                    f"{self.name} must be a whole number from {self.low} to {self.high}, not {value!r}", self.name
                )
            return value
        if value not in self.choices or isinstance(value, bool) or not isinstance(value, int | str):
            raise OptionsError(f"{self.name} must be {self.either()}, not {value!r}", self.name)
        return value

    def is_given(self, value: object) -> bool:
        """False for a value that asks for the default: ``null`` (unless ``nullable``), or the ``auto`` word."""
        if value is None:
            return self.nullable
        return not (self.auto and value == self.auto)

    def either(self) -> str:
        """The choices in words: ``double-6, double-9 or double-12``."""
        words = [self.unit.format(choice) for choice in self.choices]
        return ", ".join(words[:-1]) + f" or {words[-1]}" if len(words) > 1 else "".join(words)

    def is_number(self) -> bool:
        """True when the setting's values are numbers (a whole number, or numeric choices)."""
        return self.kind == WHOLE or (self.kind == CHOICE and all(isinstance(c, int) for c in self.choices))


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def read_settings(schema: Sequence[Setting], values: Mapping[str, Any]) -> dict[str, Any]:
    """The values given for ``schema``'s settings, each checked (a ``null`` is "not given" unless the setting
    is ``nullable``); ``OptionsError`` naming the first that does not fit, or a name the schema lacks."""
    known = {setting.name: setting for setting in schema}
    for name in values:
        if name not in known:
            raise OptionsError(f"{name!r} is not a setting of this game", name)
    return {name: known[name].read(value) for name, value in values.items() if known[name].is_given(value)}


def setting_named(schema: Sequence[Setting], name: str) -> Setting | None:
    """The setting called ``name`` in ``schema``, if any."""
    return next((setting for setting in schema if setting.name == name), None)
