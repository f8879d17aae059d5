"""The bot protocol and the registry of bot levels."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from dominohall.games import View

from ..engine.moves import Move
from .hard import ExpertBot, HardBot
from .medium import MediumBot
from .random_bot import RandomBot


class Bot(Protocol):
    """A player that picks one of the legal moves of a view."""

    name: str

    def choose(self, view: View, rng: random.Random) -> Move:
        """One of ``view.legal_moves``."""
        ...


def make_bot(level: str) -> Bot:
    """A bot of the named level; raise ``ValueError`` for an unknown one."""
    factories: dict[str, Callable[[], Bot]] = {
        "random": RandomBot,
        "easy": RandomBot,
        "medium": MediumBot,
        "hard": HardBot,
        "expert": ExpertBot,
    }
    if level not in factories:
        raise ValueError(f"unknown bot {level!r}: choose one of {', '.join(BOT_LEVELS)}")
    bot: Bot = factories[level]()
    return bot


BOT_LEVELS = ("random", "easy", "medium", "hard", "expert")
"""The bot names ``make_bot`` knows: ``easy`` (alias ``random``), ``medium``, ``hard`` and ``expert``."""
