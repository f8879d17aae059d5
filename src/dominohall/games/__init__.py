"""The games: one folder each, and the registry every other layer looks a game up in.

Each game's package (``chickenfoot``, ``standard``, ``mexicantrain``) holds everything that makes the game,
in its own layers: its rules (``rules``: options and settings schema, round, match rules, view, record
round, fast playout, fair deal), its bots' parts (``bots``) and its site's parts (``site``). Each registers
one descriptor; the rest of the house asks the descriptor and never branches on a game's name
(docs/architecture.md, "Adding a game").
"""
