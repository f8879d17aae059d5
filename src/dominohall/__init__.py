"""Domino Hall: Chicken Foot and the standard domino game, with bots, records and a command line."""

__version__ = "0.2.0"
