"""Errors the engine raises, each naming the rule that was broken."""

from __future__ import annotations

from typing import Any


class IllegalMoveError(ValueError):
    """A move that the rules do not allow here.

    ``rule`` is a stable code (see ``RULES``) that a client can translate; ``detail`` says what was wrong
    with this very move, in plain English.
    """

    def __init__(self, rule: str, detail: str) -> None:
        super().__init__(f"{detail} ({rule}: {RULES.get(rule, rule)})")
        self.rule = rule
        self.detail = detail


class OptionsError(ValueError):
    """Table settings that do not describe a playable game; ``field`` names the setting at fault (the record's
    option name), when one is."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


def whole_option(data: dict[str, Any], key: str) -> int:
    """The whole number under ``key`` of a record's options; raise ``OptionsError`` for anything else."""
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise OptionsError(f"option {key!r} must be a whole number", key)
    return value


RULES: dict[str, str] = {
    "round-over": "no move is made after the round has ended",
    "not-your-turn": "only the seat whose turn it is may move",
    "not-in-hand": "a seat plays only tiles from its own hand",
    "first-foot": "until the centre double has all its start toes, only toes on it may be played",
    "pending-double": "a double waiting for toes must get them before anyone plays elsewhere",
    "no-such-end": "a tile is played on the open end of a line (or on a double waiting for toes)",
    "no-match": "the tile must show the number it is played against",
    "must-play": "a seat holding a playable tile must play one",
    "must-play-drawn": "a playable tile drawn this turn must be played at once",
    "one-draw": "a seat draws at most one tile per turn",
    "boneyard-empty": "nothing can be drawn from an empty boneyard",
    "must-draw": "a seat with no playable tile draws before it may pass",
    "wrong-draw": "a draw takes the next tile of the boneyard",
    "unknown-move": "a move is a play, a draw or a pass",
    "no-trains": "only a train game's plays name a train",
    "lead": "a standard hand opens with its lead: a tile laid on the empty table, before any draw or pass",
    "lead-tile": "Bergen's first hand (or one after a hand nobody won) is led with the highest double, "
    "or the heaviest tile when nobody holds a double",
    "no-drawing": "in the block game nobody draws: a seat that cannot play passes",
    "spinner-closed": "a spinner takes tiles on its two sides first, then on its other two arms, and no more",
}
"""Every rule code the engine and the games raise, with a one-line statement of the rule (a game adds its own
with ``register_rules``)."""


def register_rules(rules: dict[str, str]) -> None:
    """Add a game's own rule codes to ``RULES``; a code already there must keep its statement."""
    for code, statement in rules.items():
        if RULES.setdefault(code, statement) != statement:
            raise ValueError(f"rule code {code!r} is already taken by another statement")
