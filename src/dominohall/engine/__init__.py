"""The rules core: tiles, Chicken Foot, the standard game, matches, views and records.

Pure Python, standard library only: no I/O, no clock, no global randomness. Everything else in the
project stands on this package and it imports nothing of the project.
"""
