"""Mexican Train's rules (docs/rules-mexicantrain.md): options, round, match rules, view, record round, playout.

The rules import only the engine's core (``dominohall.engine``); the game's bots and site parts sit above
them in this folder.
"""
