"""Domino Hall: Chicken Foot and the standard domino game, with bots, records and a command line."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("dominohall")
    """The installed package's version (pyproject.toml's, the one place it is written)."""
except PackageNotFoundError:  # run from a source tree that was never installed
    __version__ = "0+unknown"
