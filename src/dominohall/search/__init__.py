"""The bots' kit: what every game's bot parts build on, below the games.

``knowledge.py`` (what a seat can infer, and deals of the unseen tiles), ``race.py`` (candidates dropped once
clearly beaten), ``compiled.py`` (numba loops shared by every game), ``parts.py`` (``BotParts``: what a
game's folder gives the bots). The bots themselves (``dominohall.bots``) sit above the games.
"""
