"""Bots: players that choose a move from a seat's view alone (never from the round itself)."""

from .base import BOT_LEVELS, Bot, make_bot
from .random_bot import RandomBot

__all__ = ["BOT_LEVELS", "Bot", "RandomBot", "make_bot"]
