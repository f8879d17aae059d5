"""The standard game's rules (docs/rules-standard.md): options, hand, scoring, match rules, view, record
hand, playout.

The rules import only the engine's core (``dominohall.engine``); the game's bots and site parts sit above
them in this folder.
"""
